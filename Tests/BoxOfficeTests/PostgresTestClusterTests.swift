import BoxOfficeTestSupport
import Foundation
import Testing

/// The test PostgreSQL server: a real server the tests can reach by URL, running as someone
/// other than root, durable as deployed, one empty database per test.
@Suite struct PostgresTestClusterTests {
    @Test func serverAnswersWithFreshDatabasesAndDefaultDurability() throws {
        let cluster = try PostgresTestCluster.shared()
        let first = try cluster.newDatabase(), second = try cluster.newDatabase()
        #expect(first != second)
        #expect(first.hasPrefix("postgres://tribune@127.0.0.1:\(cluster.port)/"))
        let name = String(first.split(separator: "/").last!)
        try cluster.psql("CREATE TABLE probe(i BIGINT PRIMARY KEY); INSERT INTO probe VALUES (7), (11)", database: name)
        #expect(try cluster.psql("SELECT sum(i) FROM probe", database: name) == "18\n")
        // The other database is empty: the table exists only where it was made.
        let otherName = String(second.split(separator: "/").last!)
        #expect(try cluster.psql("SELECT count(*) FROM pg_tables WHERE tablename = 'probe'", database: otherName) == "0\n")
        #expect(try cluster.psql("SHOW fsync") == "on\n")
        #expect(try cluster.psql("SHOW synchronous_commit") == "on\n")
        #expect(try cluster.psql("SELECT split_part(version(), ' ', 2)").hasPrefix("15."))
    }

    @Test func serverRunsAsAnUnprivilegedUser() throws {
        let cluster = try PostgresTestCluster.shared()
        // postmaster.pid's first line is the server's process id; /proc tells its owner.
        let pidFile = try String(contentsOfFile: cluster.directory + "/data/postmaster.pid", encoding: .utf8)
        let pid = try #require(pidFile.split(separator: "\n").first)
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let uidLine = try #require(status.split(separator: "\n").first { $0.hasPrefix("Uid:") })
        let realUID = try #require(uidLine.split(whereSeparator: { $0 == "\t" || $0 == " " }).dropFirst().first.flatMap { UInt32($0) })
        #expect(realUID != 0)
        if getuid() != 0 { #expect(realUID == getuid()) }
    }
}
