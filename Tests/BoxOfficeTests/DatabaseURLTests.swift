import Testing
@testable import BoxOffice

/// `--db` as written by an operator: each accepted form read back part by part, each mistake
/// named by its part, and the password never shown.
@Suite("Database URL")
struct DatabaseURLTests {
    @Test func sqliteForms() throws {
        #expect(try DatabaseURL(parsing: "sqlite:/var/lib/tribune/boxoffice.sqlite") == .sqlite(path: "/var/lib/tribune/boxoffice.sqlite"))
        #expect(try DatabaseURL(parsing: "sqlite:///var/lib/b.sqlite") == .sqlite(path: "/var/lib/b.sqlite"))
        #expect(try DatabaseURL(parsing: "boxoffice.sqlite") == .sqlite(path: "boxoffice.sqlite"))
        #expect(try DatabaseURL(parsing: "/tmp/a:b.sqlite") == .sqlite(path: "/tmp/a:b.sqlite"))
    }

    @Test func postgresPartsAndQuery() throws {
        guard case .postgres(let p) = try DatabaseURL(parsing: "postgresql://box%40office:p%3Ass@db.example:6543/tix?pool=40&sslmode=verify-full&sslrootcert=/etc/ca.pem") else {
            Issue.record("not postgres"); return
        }
        #expect(p.user == "box@office")
        #expect(p.password == "p:ss")
        #expect(p.host == "db.example")
        #expect(p.port == 6543)
        #expect(p.database == "tix")
        #expect(p.poolSize == 40)
        #expect(p.sslMode == .verifyFull)
        #expect(p.sslRootCertificate == "/etc/ca.pem")
        #expect(DatabaseURL.postgres(p).redacted == "postgres://box@office:***@db.example:6543/tix?pool=40&sslmode=verify-full&sslrootcert=/etc/ca.pem")

        guard case .postgres(let plain) = try DatabaseURL(parsing: "postgres://tribune@%2Frun%2Fpostgresql/boxoffice") else {
            Issue.record("not postgres"); return
        }
        #expect(plain.isUnixSocket)
        #expect(plain.socketPath == "/run/postgresql/.s.PGSQL.5432")
        #expect(plain.poolSize == 16)
        #expect(plain.sslMode == .disable)
        #expect(DatabaseURL.postgres(plain).redacted == "postgres://tribune@/run/postgresql:5432/boxoffice")

        guard case .postgres(let v6) = try DatabaseURL(parsing: "postgres://u@[::1]:5433/d?sslmode=require") else { Issue.record("not postgres"); return }
        #expect(v6.host == "::1")
        #expect(v6.port == 5433)
        #expect(v6.sslMode == .require)
    }

    @Test(arguments: [
        ("postgres://u:secret@h/d?pool=1001", "--db 'postgres://u:***@h/d?pool=1001': the query parameter pool '1001' is not a pool size (1–1000 connections)"),
        ("postgres://u@h/d?pool=", "--db 'postgres://u@h/d?pool=': the query parameter pool '' is not a pool size (1–1000 connections)"),
        ("postgres://u@h/d?sslmode=prefer", "--db 'postgres://u@h/d?sslmode=prefer': the query parameter sslmode 'prefer' is not one of disable, require, verify-full"),
        ("postgres://u@h/d?sslrootcert=/ca.pem", "--db 'postgres://u@h/d?sslrootcert=/ca.pem': the query parameter sslrootcert needs sslmode=verify-full (only that mode checks the certificate)"),
        ("postgres://u@h/d?sslmode=verify-full&sslrootcert=", "--db 'postgres://u@h/d?sslmode=verify-full&sslrootcert=': the query parameter sslrootcert is empty; expected a PEM file"),
        ("postgres://u@h/d?connect_timeout=3", "--db 'postgres://u@h/d?connect_timeout=3': the query parameter 'connect_timeout' is not supported; expected pool, sslmode or sslrootcert"),
        ("postgres://u:pw@h:0/d", "--db 'postgres://u:***@h:0/d': the port '0' is not a port number (1–65535)"),
        ("postgres://h/d", "--db 'postgres://h/d': the user is missing; expected postgres://user@host:port/database"),
        ("postgres://u@h", "--db 'postgres://u@h': the database is missing; expected postgres://user@host:port/database"),
        ("postgres://u@:5432/d", "--db 'postgres://u@:5432/d': the host is empty"),
        ("redis://u@h/d", "--db 'redis://u@h/d': the scheme 'redis' is not one of sqlite, postgres, postgresql"),
        ("sqlite:", "--db 'sqlite:': the path is empty; expected sqlite:/path/to/boxoffice.sqlite"),
    ])
    func mistakesNameThePart(text: String, expected: String) {
        #expect(throws: DatabaseURLError.self) { try DatabaseURL(parsing: text) }
        do {
            _ = try DatabaseURL(parsing: text)
        } catch {
            #expect(error.description == expected)
        }
    }
}
