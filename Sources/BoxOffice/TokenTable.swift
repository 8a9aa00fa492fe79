/// The kiosk tokens the server accepts, looked up in time independent of where a presented token
/// first differs from a valid one: every stored token's SHA-256 is compared with the presented
/// token's in full (XOR-accumulated, no early exit), so response times say nothing about how
/// much of a guess was right. Hashing first makes every comparison the same 32 bytes long.
struct TokenTable: Sendable {
    private let entries: [(digest: [UInt8], kiosk: String)]

    /// `tokens`: bearer token → kiosk id.
    init(_ tokens: [String: String]) {
        entries = tokens.sorted { $0.key < $1.key }.map { (SHA256.digest(Array($0.key.utf8)), $0.value) }
    }

    /// The kiosk whose token is `presented`, or nil. Looks at every entry whatever the answer.
    func kiosk(presenting presented: Substring) -> String? {
        let digest = SHA256.digest(Array(presented.utf8))
        var found: String?
        for entry in entries {
            var difference: UInt8 = 0
            for i in 0..<digest.count { difference |= entry.digest[i] ^ digest[i] }
            if difference == 0 { found = entry.kiosk }
        }
        return found
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
