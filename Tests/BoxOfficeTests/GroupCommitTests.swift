import Foundation
import GRDB
import Testing
@testable import BoxOffice

/// Group commit: concurrent writes share transactions, yet each one's failure undoes only its
/// own effect and each caller gets its own result.
@Suite("Group commit")
struct GroupCommitTests {
    struct Refused: Error, Equatable { var index: Int }

    @Test func concurrentWritesKeepTheirOwnResultsAndFailures() async throws {
        let directory = NSTemporaryDirectory() + "group-commit-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = try SQLiteEngine(path: directory + "/db.sqlite", synchronousFull: true)
        _ = try await store.writer.write { db in try db.execute(sql: "CREATE TABLE probe(i INTEGER PRIMARY KEY)") }

        let n = 200
        let outcomes = await withTaskGroup(of: (Int, Result<Int, Refused>).self) { group in
            for i in 0..<n {
                group.addTask {
                    do {
                        let value = try await store.writer.write { db -> Int in
                            try db.execute(sql: "INSERT INTO probe(i) VALUES (?)", arguments: [i])
                            // Every 7th write fails after its insert: the insert must be undone.
                            if i % 7 == 3 { throw Refused(index: i) }
                            return i * 10
                        }
                        return (i, .success(value))
                    } catch let r as Refused {
                        return (i, .failure(r))
                    } catch {
                        return (i, .failure(Refused(index: -1)))
                    }
                }
            }
            var all: [(Int, Result<Int, Refused>)] = []
            for await o in group { all.append(o) }
            return all
        }
        #expect(outcomes.count == n)
        for (i, outcome) in outcomes {
            if i % 7 == 3 { #expect(outcome == .failure(Refused(index: i))) } else { #expect(outcome == .success(i * 10)) }
        }
        let stored = try await store.pool.read { db in try Int.fetchAll(db, sql: "SELECT i FROM probe ORDER BY i") }
        #expect(stored == (0..<n).filter { $0 % 7 != 3 })
    }
}
