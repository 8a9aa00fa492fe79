import Foundation

/// The token file `tribune-boxoffice serve --token-file` reads (and re-reads on SIGHUP). One
/// token a line; blank lines and `#` comments are ignored:
///
///     # kiosks: KIOSK_ID TOKEN
///     k1 3f9c…
///     # operators: operator OPERATOR_ID TOKEN SCOPE[,SCOPE…]
///     operator alice 77ab… orders:read,orders:cancel,audit:read
///
/// A kiosk line has exactly two fields (the format before operators existed, still valid). An
/// operator line starts with the word `operator` and has four; scopes are `OperatorScope`'s.
/// Every token must differ from every other, kiosk's or operator's.
public struct TokenFile: Sendable, Equatable {
    /// Bearer token → kiosk id.
    public var kiosks: [String: String]
    public var operators: [OperatorToken]

    public init(kiosks: [String: String], operators: [OperatorToken] = []) {
        self.kiosks = kiosks
        self.operators = operators
    }

    /// Reads and checks the file at `path`; a mistake names the file and line.
    public static func read(path: String) throws -> TokenFile {
        let text: String
        do { text = try String(contentsOfFile: path, encoding: .utf8) } catch {
            throw SetupError("\(path): cannot read the token file (\(error.localizedDescription))")
        }
        return try parse(text, path: path)
    }

    /// Parses the file's text; `path` names it in errors.
    public static func parse(_ text: String, path: String) throws -> TokenFile {
        var file = TokenFile(kiosks: [:])
        var owners: [String: String] = [:]  // token → "kiosk k1" / "operator alice"
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let place = "\(path):\(number + 1)"
            let parts = trimmed.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            let owner: String, token: String
            if parts.count == 2 {
                (owner, token) = ("kiosk \(parts[0])", parts[1])
                file.kiosks[token] = parts[0]
            } else if parts.first == "operator" {
                guard parts.count == 4 else {
                    throw SetupError("\(place): expected 'operator OPERATOR_ID TOKEN SCOPE[,SCOPE…]', got '\(trimmed)'")
                }
                var scopes: Set<OperatorScope> = []
                for name in parts[3].split(separator: ",") {
                    guard let scope = OperatorScope(rawValue: String(name)) else {
                        throw SetupError("\(place): operator \(parts[1]) has an unknown scope '\(name)'; scopes are \(OperatorScope.allCases.map(\.rawValue).joined(separator: ", "))")
                    }
                    scopes.insert(scope)
                }
                (owner, token) = ("operator \(parts[1])", parts[2])
                file.operators.append(OperatorToken(operatorID: parts[1], token: token, scopes: scopes))
            } else {
                throw SetupError("\(place): expected 'KIOSK_ID TOKEN' or 'operator OPERATOR_ID TOKEN SCOPES', got '\(trimmed)'")
            }
            if let other = owners.updateValue(owner, forKey: token) {
                let whom = owner.hasPrefix("kiosk") && other.hasPrefix("kiosk") ? "kiosk" : "kiosk and operator"
                throw SetupError("\(place): \(owner) has the same token as \(other); give each \(whom) its own")
            }
        }
        guard !file.kiosks.isEmpty || !file.operators.isEmpty else {
            throw SetupError("\(path): no tokens; expected lines 'KIOSK_ID TOKEN'")
        }
        return file
    }
}
