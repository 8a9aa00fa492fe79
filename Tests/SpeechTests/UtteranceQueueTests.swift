import Testing
@testable import Speech

@Suite struct UtteranceQueueTests {
    @Test func aFullQueueDropsTheOldestWaiting() {
        var queue = UtteranceQueue(capacity: 3)
        let said = (1...5).map { Utterance("item \($0)", language: "en") }
        var dropped: [Utterance] = []
        for u in said { dropped += queue.add(u) }
        #expect(queue.waiting == Array(said[2...]))
        #expect(dropped == Array(said[..<2]))
    }

    @Test func anInterruptionClearsWhatWaits() {
        var queue = UtteranceQueue(capacity: 4)
        queue.add(Utterance("a", language: "en"))
        queue.add(Utterance("b", language: "en"))
        let focus = Utterance("Row 4", language: "en", interrupts: true)
        #expect(queue.add(focus).map(\.text) == ["a", "b"])
        #expect(queue.next() == focus)
        #expect(queue.next() == nil)
    }

    @Test func capacityIsAtLeastOne() {
        var queue = UtteranceQueue(capacity: 0)
        queue.add(Utterance("a", language: "en"))
        queue.add(Utterance("b", language: "en"))
        #expect(queue.waiting.map(\.text) == ["b"])
    }
}
