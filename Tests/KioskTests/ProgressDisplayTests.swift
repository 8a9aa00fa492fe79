import Foundation
import Kiosk
import Testing

@Suite("Progress display")
struct ProgressDisplayTests {
    @Test func progressBarProportions() {
        #expect(ProgressDisplay.bar(done: 0, total: 10) == "[------------------------------]   0%")
        #expect(ProgressDisplay.bar(done: 5, total: 10) == "[###############---------------]  50%")
        #expect(ProgressDisplay.bar(done: 10, total: 10) == "[##############################] 100%")
    }

    @Test func plainProgressWritesATenthAtATime() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let p = ProgressDisplay(title: "work", total: 20, descriptor: fds[1], isTerminal: false)
        for i in 0...20 { p.update(i) }
        p.finish()
        close(fds[1])
        let text = String(decoding: FileHandle(fileDescriptor: fds[0], closeOnDealloc: true).readDataToEndOfFile(), as: UTF8.self)
        let lines = text.split(separator: "\n")
        #expect(lines.first == "work: 0% (0/20)")
        #expect(lines.count == 11)   // 0 %, 10 %, …, 100 %
        #expect(lines.last == "work: 100% (20/20)")
    }
}
