/// The tokens the server accepts (kiosks' and operators'), looked up in time independent of where
/// a presented token first differs from a valid one: every stored token's SHA-256 is compared with
/// the presented token's in full (XOR-accumulated, no early exit), so response times say nothing
/// about how much of a guess was right. Hashing first makes every comparison the same 32 bytes long.
struct TokenTable: Sendable {
    private let entries: [(digest: [UInt8], holder: TokenHolder)]

    /// `tokens`: bearer token → kiosk id; `operators`: operator tokens with their scopes.
    init(_ tokens: [String: String], operators: [OperatorToken] = []) {
        let kiosks = tokens.map { (token: $0.key, holder: TokenHolder.kiosk($0.value)) }
        let staff = operators.map { (token: $0.token, holder: TokenHolder.operator(id: $0.operatorID, scopes: $0.scopes)) }
        entries = (kiosks + staff).sorted { $0.token < $1.token }.map { (SHA256.digest(Array($0.token.utf8)), $0.holder) }
    }

    init(_ file: TokenFile) { self.init(file.kiosks, operators: file.operators) }

    /// Whose token `presented` is, or nil. Looks at every entry whatever the answer.
    func holder(presenting presented: Substring) -> TokenHolder? {
        let digest = SHA256.digest(Array(presented.utf8))
        var found: TokenHolder?
        for entry in entries {
            var difference: UInt8 = 0
            for i in 0..<digest.count { difference |= entry.digest[i] ^ digest[i] }
            if difference == 0 { found = entry.holder }
        }
        return found
    }

    /// The kiosk whose token is `presented`, or nil (an operator's token is no kiosk's).
    func kiosk(presenting presented: Substring) -> String? {
        if case .kiosk(let id) = holder(presenting: presented) { return id }
        return nil
    }

    /// The token of an `Authorization` header value: the scheme `Bearer` in any letter case
    /// (RFC 9110 §11.1), one or more spaces, then the token.
    static func bearerToken(in header: String) -> Substring? {
        let trimmed = header.drop { $0 == " " }
        guard let space = trimmed.firstIndex(of: " "), trimmed[..<space].lowercased() == "bearer" else { return nil }
        let token = trimmed[space...].drop { $0 == " " }
        return token.isEmpty ? nil : token
    }
}
