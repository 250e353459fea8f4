import Foundation
import TestSupport

extension DocPage {
    /// The value a claim shows in `print`'s notation for plain values (`["a": [1, 2.5, <null>]]`),
    /// read as a ``Plain`` so that it compares with a dictionary whatever the order of its keys.
    /// `nil` when the claim is not such a value.
    func value(after code: String) -> Plain? {
        var reader = LiteralReader(text: Array(shown(after: code).replacingOccurrences(of: "\n", with: " ")))
        guard let value = reader.value() else { return nil }
        reader.skipSpaces()
        // A remark in parentheses may follow: `["name": "Ann"]   (not "_name")`.
        return reader.index == reader.text.count || reader.text[reader.index] == "(" ? value : nil
    }
}

extension DocPage {
    /// A claim that maps a representation to a value, `{"object": "card"} ↔ .card(…)` (both ways)
    /// or `{…} → .other("x"), remark` (read only): the JSON side read by `JSONSerialization`, the arrow, and
    /// the value side as shown.
    static func mapping(_ claim: String) -> (json: Any?, arrow: String, value: String) {
        for arrow in [" ↔ ", " → "] {
            guard let split = claim.range(of: arrow) else { continue }
            let json = try? JSONSerialization.jsonObject(with: Data(claim[..<split.lowerBound].utf8))
            return (json, arrow.trimmingCharacters(in: .whitespaces), String(claim[split.upperBound...]))
        }
        return (nil, "", claim)
    }
}

/// Reads `print`'s notation of strings, numbers, booleans, `<null>`, arrays and dictionaries.
private struct LiteralReader {
    let text: [Character]
    var index = 0

    mutating func skipSpaces() {
        while index < text.count, text[index] == " " { index += 1 }
    }

    mutating func value() -> Plain? {
        skipSpaces()
        guard index < text.count else { return nil }
        switch text[index] {
        case "\"":
            return string().map(Plain.string)
        case "[":
            return container()
        case "<":
            return read("<null>") ? .null : nil
        case "t":
            return read("true") ? .bool(true) : nil
        case "f":
            return read("false") ? .bool(false) : nil
        default:
            let start = index
            while index < text.count, "-+.0123456789eE".contains(text[index]) { index += 1 }
            let number = String(text[start..<index])
            if let integer = Int(number) { return .int(integer) }
            return Double(number).map(Plain.double)
        }
    }

    private mutating func read(_ word: String) -> Bool {
        guard Array(text[index...].prefix(word.count)) == Array(word) else { return false }
        index += word.count
        return true
    }

    private mutating func string() -> String? {
        index += 1
        var result = ""
        while index < text.count {
            let character = text[index]
            index += 1
            if character == "\"" { return result }
            if character == "\\", index < text.count {
                result.append(text[index] == "n" ? "\n" : text[index])
                index += 1
            } else {
                result.append(character)
            }
        }
        return nil
    }

    private mutating func container() -> Plain? {
        index += 1
        skipSpaces()
        if read("]") { return .array([]) }
        if read(":]") { return .object([:]) }
        var elements: [Plain] = []
        var members: [String: Plain] = [:]
        while true {
            guard let first = value() else { return nil }
            skipSpaces()
            if read(":") {
                guard case .string(let key) = first, elements.isEmpty, let member = value() else { return nil }
                members[key] = member
            } else {
                guard members.isEmpty else { return nil }
                elements.append(first)
            }
            skipSpaces()
            if read("]") { return members.isEmpty ? .array(elements) : .object(members) }
            guard read(",") else { return nil }
        }
    }
}
