import BoxOffice

/// Validates a JSON value against the subset of JSON Schema the OpenAPI document uses: `$ref`
/// (to `#/components/schemas/…`), `type`, `required`, `properties`, `additionalProperties`
/// (false or a schema), `items`, `enum`, `minimum`, `maximum`, `minItems`, `maxItems`,
/// `minLength`, `maxLength`. Returns the violations with their paths.
struct SchemaChecker {
    let document: JSONValue

    func violations(of value: JSONValue, against schema: JSONValue, at path: String = "$") -> [String] {
        if let ref = schema["$ref"]?.stringValue {
            let name = String(ref.split(separator: "/").last ?? "")
            guard let target = document["components"]?["schemas"]?[name] else { return ["\(path): unresolved \(ref)"] }
            return violations(of: value, against: target, at: path)
        }
        var out: [String] = []
        if let type = schema["type"]?.stringValue {
            let actual = value.typeName
            let matches = type == actual || (type == "number" && actual == "integer")
            if !matches { return ["\(path): expected \(type), found \(actual)"] }
        }
        if let options = schema["enum"]?.arrayValue, !options.contains(value) {
            out.append("\(path): \(value) not in enum")
        }
        if let number = value.numberValue {
            if let minimum = schema["minimum"]?.numberValue, number < minimum { out.append("\(path): \(number) < \(minimum)") }
            if let maximum = schema["maximum"]?.numberValue, number > maximum { out.append("\(path): \(number) > \(maximum)") }
        }
        if let text = value.stringValue {
            if let n = schema["minLength"]?.intValue, text.count < n { out.append("\(path): shorter than \(n)") }
            if let n = schema["maxLength"]?.intValue, text.count > n { out.append("\(path): longer than \(n)") }
        }
        if let items = value.arrayValue {
            if let n = schema["minItems"]?.intValue, items.count < n { out.append("\(path): fewer than \(n) items") }
            if let n = schema["maxItems"]?.intValue, items.count > n { out.append("\(path): more than \(n) items") }
            if let itemSchema = schema["items"] {
                for (i, item) in items.enumerated() { out += violations(of: item, against: itemSchema, at: "\(path)[\(i)]") }
            }
        }
        if let fields = value.objectValue {
            for name in schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] where fields[name] == nil {
                out.append("\(path): missing required '\(name)'")
            }
            let properties = schema["properties"]?.objectValue ?? [:]
            for (name, field) in fields.sorted(by: { $0.key < $1.key }) {
                if let propertySchema = properties[name] {
                    out += violations(of: field, against: propertySchema, at: "\(path).\(name)")
                } else if let additional = schema["additionalProperties"] {
                    if additional == .bool(false) {
                        out.append("\(path): unexpected field '\(name)'")
                    } else if additional.objectValue != nil {
                        out += violations(of: field, against: additional, at: "\(path).\(name)")
                    }
                }
            }
        }
        return out
    }

    /// The schema of the response `status` of `method path` for `contentType`.
    func responseSchema(method: String, path: String, status: Int, contentType: String = "application/json") -> JSONValue? {
        document["paths"]?[path]?[method.lowercased()]?["responses"]?[String(status)]?["content"]?[contentType]?["schema"]
    }
}
