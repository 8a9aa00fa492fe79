import Foundation
import HTTPTypes
import Testing
@testable import BoxOffice

@Suite("Token file: kiosk and operator tokens")
struct TokenFileTests {
    @Test func kioskOnlyFilesReadAsBefore() throws {
        let file = try TokenFile.parse("# kiosks\nk1 secret-1\n\nk2\tsecret-2\n", path: "tokens")
        #expect(file == TokenFile(kiosks: ["secret-1": "k1", "secret-2": "k2"], operators: []))
    }

    @Test func operatorLinesCarryTheirScopes() throws {
        let text = """
            k1 secret-1
            operator alice secret-a orders:read,orders:cancel
            operator bob secret-b audit:read,reports:read
            """
        let file = try TokenFile.parse(text, path: "tokens")
        #expect(file.kiosks == ["secret-1": "k1"])
        #expect(file.operators == [
            OperatorToken(operatorID: "alice", token: "secret-a", scopes: [.ordersRead, .ordersCancel]),
            OperatorToken(operatorID: "bob", token: "secret-b", scopes: [.auditRead, .reportsRead]),
        ])
    }

    @Test func mistakesNameTheLine() {
        #expect(throws: SetupError("t:2: operator alice has an unknown scope 'orders:delete'; scopes are orders:read, orders:cancel, reports:read, audit:read")) {
            try TokenFile.parse("k1 s1\noperator alice s2 orders:read,orders:delete\n", path: "t")
        }
        #expect(throws: SetupError("t:1: expected 'operator OPERATOR_ID TOKEN SCOPE[,SCOPE…]', got 'operator alice s2'")) {
            try TokenFile.parse("operator alice s2\n", path: "t")
        }
        #expect(throws: SetupError("t:2: operator alice has the same token as kiosk k1; give each kiosk and operator its own")) {
            try TokenFile.parse("k1 s1\noperator alice s1 orders:read\n", path: "t")
        }
        #expect(throws: SetupError("t:1: expected 'KIOSK_ID TOKEN' or 'operator OPERATOR_ID TOKEN SCOPES', got 'k1 s1 extra'")) {
            try TokenFile.parse("k1 s1 extra\n", path: "t")
        }
    }

    @Test func tableTellsKioskFromOperator() {
        let table = TokenTable(["kiosk-secret": "k1"], operators: [OperatorToken(operatorID: "alice", token: "op-secret", scopes: [.ordersCancel])])
        #expect(table.holder(presenting: "kiosk-secret") == .kiosk("k1"))
        #expect(table.holder(presenting: "op-secret") == .operator(id: "alice", scopes: [.ordersCancel]))
        #expect(table.kiosk(presenting: "op-secret") == nil)
        #expect(table.holder(presenting: "op-secre") == nil)
    }

    @Test func routesAdmitOnlyTheirHolders() throws {
        let cancel = APIRoute(method: .post, path: "/v1/orders/{order_id}/cancel", requiresToken: true, scope: .ordersCancel) { _, _ in .noContent }
        let sell = APIRoute(method: .post, path: "/v1/orders", requiresToken: true) { _, _ in .noContent }
        let kiosk = TokenHolder.kiosk("k1")
        let canCancel = TokenHolder.operator(id: "alice", scopes: [.ordersCancel])
        let readOnly = TokenHolder.operator(id: "bob", scopes: [.ordersRead])
        #expect(try BoxOfficeServer.authorize(kiosk, for: sell) == ("k1", nil))
        #expect(try BoxOfficeServer.authorize(canCancel, for: cancel) == ("", "alice"))
        for (holder, route, code) in [(kiosk, cancel, "operator_token_required"), (readOnly, cancel, "scope_missing"),
                                      (canCancel, sell, "kiosk_token_required")] {
            do {
                _ = try BoxOfficeServer.authorize(holder, for: route)
                Issue.record("\(holder) was let through \(route.path)")
            } catch {
                #expect(error.status == 403)
                #expect(error.code == code)
            }
        }
    }
}
