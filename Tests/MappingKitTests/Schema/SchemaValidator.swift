import Foundation
import MappingKit

/// A small JSON Schema (draft 2020-12) validator for the tests (the package keeps no
/// dependencies): the keywords `jsonSchema()` writes. Returns the first violation as a path and
/// a reason, or `nil` when the value is valid.
struct SchemaValidator {
    let root: [String: Any]

    func violation(of value: Any) -> String? {
        violation(of: value, against: root, at: "$")
    }

    private func violation(of value: Any, against schema: [String: Any], at path: String) -> String? {
        if let reference = schema["$ref"] as? String {
            guard let target = resolve(reference) else { return "\(path): unresolved \(reference)" }
            return violation(of: value, against: target, at: path)
        }
        if let types = schema["type"] {
            let names = (types as? [String]) ?? [(types as? String) ?? ""]
            guard names.contains(where: { Self.isType($0, value) }) else {
                return "\(path): \(Self.describe(value)) is not \(names.joined(separator: " or "))"
            }
        }
        if let allowed = schema["enum"] as? [Any], !allowed.contains(where: { Self.equal($0, value) }) {
            return "\(path): \(Self.describe(value)) is not one of the enum's values"
        }
        if let constant = schema["const"], !Self.equal(constant, value) {
            return "\(path): \(Self.describe(value)) is not the constant"
        }
        if let minimum = schema["minimum"], let number = Self.decimal(value), let bound = Self.decimal(minimum), number < bound {
            return "\(path): \(Self.describe(value)) is below \(bound)"
        }
        if let maximum = schema["maximum"], let number = Self.decimal(value), let bound = Self.decimal(maximum), number > bound {
            return "\(path): \(Self.describe(value)) is above \(bound)"
        }
        if let text = value as? String {
            if let pattern = schema["pattern"] as? String, !Self.matches(text, pattern) {
                return "\(path): \(text.debugDescription) does not match \(pattern)"
            }
            if let format = schema["format"] as? String, let expression = Self.formats[format], !Self.matches(text, expression) {
                return "\(path): \(text.debugDescription) is not a \(format)"
            }
        }
        for constraint in schema["allOf"] as? [[String: Any]] ?? [] {
            if let problem = violation(of: value, against: constraint, at: path) { return problem }
        }
        if let choices = schema["anyOf"] as? [[String: Any]], !choices.contains(where: { violation(of: value, against: $0, at: path) == nil }) {
            return "\(path): \(Self.describe(value)) matches none of anyOf"
        }
        if let choices = schema["oneOf"] as? [[String: Any]], choices.filter({ violation(of: value, against: $0, at: path) == nil }).count != 1 {
            return "\(path): \(Self.describe(value)) does not match exactly one of oneOf"
        }
        if let negated = schema["not"] as? [String: Any], violation(of: value, against: negated, at: path) == nil {
            return "\(path): \(Self.describe(value)) matches what is excluded"
        }
        if let object = value as? [String: Any] {
            let properties = schema["properties"] as? [String: [String: Any]] ?? [:]
            for key in schema["required"] as? [String] ?? [] where object[key] == nil {
                return "\(path): the required key \(key.debugDescription) is missing"
            }
            if let minimum = schema["minProperties"] as? Int, object.count < minimum { return "\(path): fewer than \(minimum) keys" }
            if let maximum = schema["maxProperties"] as? Int, object.count > maximum { return "\(path): more than \(maximum) keys" }
            if let names = schema["propertyNames"] as? [String: Any] {
                for key in object.keys.sorted() {
                    if let problem = violation(of: key, against: names, at: "\(path) (key \(key.debugDescription))") { return problem }
                }
            }
            for (key, member) in object.sorted(by: { $0.key < $1.key }) {
                if let property = properties[key] {
                    if let problem = violation(of: member, against: property, at: "\(path).\(key)") { return problem }
                } else if let additional = schema["additionalProperties"] {
                    if additional as? Bool == false { return "\(path): the key \(key.debugDescription) is not allowed" }
                    if let additional = additional as? [String: Any], let problem = violation(of: member, against: additional, at: "\(path).\(key)") {
                        return problem
                    }
                }
            }
        }
        if let array = value as? [Any] {
            if let items = schema["items"] as? [String: Any] {
                for (index, element) in array.enumerated() {
                    if let problem = violation(of: element, against: items, at: "\(path)[\(index)]") { return problem }
                }
            }
            if let minimum = schema["minItems"] as? Int, array.count < minimum { return "\(path): fewer than \(minimum) items" }
            if let maximum = schema["maxItems"] as? Int, array.count > maximum { return "\(path): more than \(maximum) items" }
            if schema["uniqueItems"] as? Bool == true {
                for (index, element) in array.enumerated() where array[..<index].contains(where: { Self.equal($0, element) }) {
                    return "\(path)[\(index)]: a repeated item"
                }
            }
        }
        return nil
    }

    private func resolve(_ reference: String) -> [String: Any]? {
        if reference == "#" { return root }
        let prefix = "#/$defs/"
        guard reference.hasPrefix(prefix) else { return nil }
        return (root["$defs"] as? [String: Any])?[String(reference.dropFirst(prefix.count))] as? [String: Any]
    }

    /// `format`'s syntax, for the formats the schemas use.
    private static let formats = [
        "date-time": #"^[0-9]{4}-[0-9]{2}-[0-9]{2}[Tt][0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]+)?([Zz]|[+-][0-9]{2}:[0-9]{2})$"#,
        "date": #"^[0-9]{4}-[0-9]{2}-[0-9]{2}$"#,
        "uuid": #"^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$"#,
        "uri-reference": #"^[^\s]*$"#,
    ]

    private static func matches(_ text: String, _ pattern: String) -> Bool {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return false }
        return expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    static func isType(_ name: String, _ value: Any) -> Bool {
        switch name {
        case "null": return value is NSNull
        case "boolean": return type(of: value) == Bool.self
        case "string": return value is String
        case "array": return value is [Any]
        case "object": return value is [String: Any]
        case "number": return type(of: value) != Bool.self && decimal(value) != nil
        case "integer":
            guard type(of: value) != Bool.self, let number = decimal(value) else { return false }
            var rounded = Decimal()
            var copy = number
            NSDecimalRound(&rounded, &copy, 0, .plain)
            return rounded == number
        default: return false
        }
    }

    /// A JSON number's exact value (integers past `Decimal`'s 38 digits approximately).
    static func decimal(_ value: Any) -> Decimal? {
        switch value {
        case let value as Bool where type(of: value) == Bool.self: return nil
        case let value as Int: return Decimal(value)
        case let value as UInt64: return Decimal(value)
        case let value as Double: return value.isFinite ? Decimal(string: "\(value)") : nil
        case let value as Decimal: return value
        case let value as ExactNumber: return Decimal(string: value.text)
        default:
            if value is String || value is NSNull || value is [Any] || value is [String: Any] { return nil }
            return Decimal(string: "\(value)")
        }
    }

    static func equal(_ left: Any, _ right: Any) -> Bool {
        if let left = decimal(left), let right = decimal(right) { return left == right }
        switch (left, right) {
        case (let left as String, let right as String): return left == right
        case (let left as Bool, let right as Bool): return left == right
        case (is NSNull, is NSNull): return true
        case (let left as [Any], let right as [Any]): return left.count == right.count && zip(left, right).allSatisfy(equal)
        case (let left as [String: Any], let right as [String: Any]):
            return left.count == right.count && left.allSatisfy { key, value in right[key].map { equal(value, $0) } ?? false }
        default: return false
        }
    }

    static func describe(_ value: Any) -> String {
        (try? String(decoding: JSONValue.data(value, options: .sortedKeys), as: UTF8.self)) ?? "\(value)"
    }
}
