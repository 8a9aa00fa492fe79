import BoxOfficeTestSupport
import Foundation
import Testing
@testable import BoxOffice

/// Concurrent writes through the storage seam: on SQLite they share transactions (group
/// commit), on PostgreSQL each is its own transaction on a pooled connection; on both, each
/// one's failure undoes only its own effect and each caller gets its own result.
@Suite("Group commit")
struct GroupCommitTests {
    struct Refused: Error, Equatable { var index: Int }

    @Test(arguments: StorageEngineKind.allCases) func concurrentWritesKeepTheirOwnResultsAndFailures(engine: StorageEngineKind) async throws {
        let directory = NSTemporaryDirectory() + "group-commit-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // 200 writes queued on the pool of a loaded machine
        let store = try await BoxOfficeStore(url: DatabaseURL(parsing: engine.newDatabaseURL(directory: directory)),
                                             leaseTimeout: BoxOfficeStore.testLeaseTimeout)
        defer { Task { await store.close() } }
        _ = try await store.write { db in try db.execute("CREATE TABLE probe(i INTEGER PRIMARY KEY)", []) }

        let n = 200
        let outcomes = await withTaskGroup(of: (Int, Result<Int, Refused>).self) { group in
            for i in 0..<n {
                group.addTask {
                    do {
                        let value = try await store.write { db -> Int in
                            try db.execute("INSERT INTO probe(i) VALUES (?)", [i])
                            // Every 7th write fails after its insert: the insert must be undone.
                            if i % 7 == 3 { throw Refused(index: i) }
                            return i * 10
                        }
                        return (i, .success(value))
                    } catch let r as Refused {
                        return (i, .failure(r))
                    } catch {
                        Issue.record("write \(i): \(error)")
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
        let stored: [Int] = try await store.read { db in try db.values("SELECT i FROM probe ORDER BY i") }
        #expect(stored == (0..<n).filter { $0 % 7 != 3 })
    }
}
