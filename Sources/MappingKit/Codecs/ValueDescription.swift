import Foundation

/// How error messages show a value that was found: its kind, then the value itself.
enum ValueDescription {
    /// Strings longer than this are shortened with `…` in messages (never in data).
    static let maximumStringLength = ShortText.maximumLength

    /// `String "yes"`, `Int 300`, `Double 3.5`, `Bool true`, `null`, `Array of 3 elements`.
    static func describe(_ value: Any) -> String {
        let value = InputValue.flattened(value)
        if InputValue.isNSNull(value) { return "null" }
        if type(of: value) is NSDecimalNumber.Type, let decimal = value as? NSDecimalNumber { return describe(jsonNumber: decimal) }
        if let number = NumericInput.read(value) { return describe(number) }
        if let string = value as? String { return "String \(quoted(string))" }
        if FoundationContainers.isContainer(value) { return FoundationContainers.describe(value) }
        if let array = value as? [Any] { return "Array of \(count(array.count, "element"))" }
        if let dictionary = value as? [String: Any] { return "Dictionary of \(count(dictionary.count, "key"))" }
        return String(describing: type(of: value))
    }

    static func describe(_ number: NumericInput) -> String {
        switch number {
        case .bool(let value): "Bool \(value)"
        case .signed(let value): "Int \(value)"
        // Past `Int64.max` only an unsigned type holds it: naming it `Int` would be wrong.
        case .unsigned(let value): value > UInt64(Int64.max) ? "UInt64 \(value)" : "Int \(value)"
        case .wide(let value): "Int \(value)"
        case .exact(let value): "Int \(shortened(value.text))"
        case .floating(let value): "Double \(value)"
        case .decimal(let value): "Decimal \(value)"
        }
    }

    /// An `NSDecimalNumber`, which JSONSerialization makes of any number written with 17 or more
    /// digits, named as the number it is and as a JSON reader's own values name it: an `Int`
    /// (or `UInt64`) when whole, a `Double` when it is a `Double`'s own text, else a `Decimal`.
    /// So one JSON document gives the same message however it was parsed.
    private static func describe(jsonNumber decimal: NSDecimalNumber) -> String {
        let text = "\(decimal.decimalValue)"
        if Int64(text) != nil { return "Int \(text)" }
        if UInt64(text) != nil { return "UInt64 \(text)" }
        if let double = Double(text), double.isFinite, !text.contains("e"), "\(double)" == text { return "Double \(text)" }
        return "Decimal \(text)"
    }

    /// A number's text as a message shows it (``ShortText/shortened(_:)``).
    static func shortened(_ text: String) -> String {
        ShortText.shortened(text)
    }

    static func quoted(_ string: String) -> String {
        guard string.count > maximumStringLength else { return string.debugDescription }
        return String(string.prefix(maximumStringLength)).debugDescription.dropLast() + "…\""
    }

    /// A type's name as users write it: `Int`, `[String]`, `User?`.
    static func typeName(_ type: Any.Type) -> String {
        String(describing: type)
    }

    private static func count(_ count: Int, _ noun: String) -> String {
        count == 1 ? "1 \(noun)" : "\(count) \(noun)s"
    }
}
