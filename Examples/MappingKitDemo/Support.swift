import Foundation
import MappingKit

/// Prints a section title.
func section(_ title: String) {
    print("\n=== \(title)")
}

/// Pretty, sorted JSON for a dictionary representation.
func json(_ value: Any) -> String {
    let options: JSONSerialization.WritingOptions = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    guard JSONSerialization.isValidJSONObject(value),
          let data = try? JSONSerialization.data(withJSONObject: value, options: options) else { return "\(value)" }
    return String(decoding: data, as: UTF8.self)
}

/// Parses JSON text into what JSONSerialization gives an app.
func parse(_ text: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(text.utf8))
}

/// A date as `yyyy-MM-dd`, for printing.
func day(_ date: Date?) -> String {
    guard let date else { return "nil" }
    return String(ISO8601DateFormatter().string(from: date).prefix(10))
}
