import Foundation

/// A value from a dictionary, compared strictly: numbers by kind and value (an `NSNumber` is the
/// kind it stores), so `1`, `1.0` and `true` differ.
indirect enum PlainValue: Equatable, CustomStringConvertible {
    case bool(Bool)
    case integer(Int128)
    case unsigned(UInt128)
    case floating(Double)
    case decimal(Decimal)
    case string(String)
    case null
    case array([PlainValue])
    case dictionary([String: PlainValue])
    case other(String)

    init(_ value: Any) {
        let value = InputValue.flattened(value)
        if InputValue.isNSNull(value) {
            self = .null
        } else if let number = NumericInput.read(value) {
            switch number {
            case .bool(let value): self = .bool(value)
            case .signed(let value): self = .integer(value)
            case .unsigned(let value): self = Int128(exactly: value).map(PlainValue.integer) ?? .unsigned(value)
            case .floating(let value): self = .floating(value)
            case .decimal(let value): self = .decimal(value)
            }
        } else if let string = value as? String {
            self = .string(string)
        } else if let array = value as? [Any] {
            self = .array(array.map(PlainValue.init))
        } else if let dictionary = value as? [String: Any] {
            self = .dictionary(dictionary.mapValues(PlainValue.init))
        } else {
            self = .other("\(type(of: value)): \(value)")
        }
    }

    var description: String {
        switch self {
        case .bool(let value): "\(value)"
        case .integer(let value): "\(value)"
        case .unsigned(let value): "\(value)"
        case .floating(let value): "\(value)"
        case .decimal(let value): "\(value)"
        case .string(let value): value.debugDescription
        case .null: "null"
        case .array(let values): "[\(values.map(\.description).joined(separator: ", "))]"
        case .dictionary(let values) where values.isEmpty: "[:]"
        case .dictionary(let values):
            "[\(values.sorted { $0.key < $1.key }.map { "\($0.key.debugDescription): \($0.value)" }.joined(separator: ", "))]"
        case .other(let text): text
        }
    }
}
