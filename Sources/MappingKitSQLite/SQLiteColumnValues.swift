import MappingKit
import Foundation

/// Values of a row's columns to SQLite and back, by the column's ``StoreColumn/Kind``: what a
/// column's kind says is how its values come back (a `Bool` from an integer, JSON text parsed).
enum SQLiteColumnValues {
    /// How `value`, a value of a model's row, is stored in a column of `kind`.
    ///
    /// Values are told apart by their dynamic type before any cast: a cast of an `Any` to a
    /// class (`is NSNull`) bridges a Swift collection to Foundation first, and a chain of failed
    /// casts cost more than the insert itself.
    static func stored(_ value: Any, kind: StoreColumn.Kind, column: String) throws -> SQLiteValue {
        let type = type(of: value)
        if type is NSNull.Type { return .null }
        switch kind {
        case .json:
            return .text(try json(value))
        case .boolean:
            if type == Bool.self, let flag = value as? Bool { return .integer(flag ? 1 : 0) }
            guard let flag = value as? Bool else { return .text(try json(value)) }
            return .integer(flag ? 1 : 0)
        case .date:
            // Seconds since 2001-01-01, the Double a Date holds: exact to the last bit.
            if let date = value as? Date { return .real(date.timeIntervalSinceReferenceDate) }
        case .decimal:
            // Every number as its exact digits: a TEXT column would turn a REAL into 15 digits.
            if let decimal = value as? Decimal { return .text("\(decimal)") }
            if type == Double.self, let real = value as? Double, real.isFinite { return .text("\(real)") }
        case .integer:
            if type == Int.self, let integer = value as? Int { return .integer(Int64(integer)) }
            // Integers past 64 bits are written as their digits: stored as a blob, as
            // `scalar` stores such integers, since an INTEGER column's affinity would make the
            // text a REAL.
            if let digits = value as? String, Self.isWideIntegerText(digits) {
                if let exact = Int64(digits) { return .integer(exact) }
                return .blob(Data(digits.utf8))
            }
        case .real:
            if type == Double.self, let real = value as? Double, real != 0 { return .real(real) }
            // SQLite keeps a whole REAL as an integer, and reads -0.0 back as 0.0; a REAL
            // column's affinity makes numeric text a REAL too, but leaves a blob alone.
            if let real = value as? Double, real == 0, real.sign == .minus { return .blob(negativeZero) }
        case .text:
            if type == String.self, let text = value as? String { return .text(text) }
        case .blob, .reference:
            break
        }
        return try scalar(value, column: column)
    }

    /// `true` for the digits (with an optional sign) of an integer that `Int128` or `UInt128`
    /// holds: what MappingKit writes for an integer past 64 bits. Checked by its digits, since
    /// those types need macOS 15 / iOS 18.
    static func isWideIntegerText(_ text: String) -> Bool {
        var digits = Substring(text)
        var limit = "340282366920938463463374607431768211455"
        if let sign = digits.first, sign == "-" || sign == "+" {
            if sign == "-" { limit = "170141183460469231731687303715884105728" }
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return false }
        let significant = digits.drop { $0 == "0" }
        // Digit strings of one length compare as their numbers do.
        return significant.count < limit.count || (significant.count == limit.count && significant <= Substring(limit))
    }

    private static func scalar(_ value: Any, column: String) throws -> SQLiteValue {
        let dynamicType = type(of: value)
        if dynamicType == String.self, let text = value as? String { return .text(text) }
        if dynamicType == Int.self, let integer = value as? Int { return .integer(Int64(integer)) }
        switch value {
        case let text as String: return .text(text)
        case let integer as Int: return .integer(Int64(integer))
        case let real as Double: return .real(real)
        case let flag as Bool: return .integer(flag ? 1 : 0)
        case let data as Data: return .blob(data)
        case let integer as any BinaryInteger:
            // Beyond 64 bits (or a UInt64 past Int64.max): its digits, as a blob, which no
            // column affinity converts (an INTEGER column would make text digits a REAL).
            if let exact = Int64(exactly: integer) { return .integer(exact) }
            return .blob(Data("\(integer)".utf8))
        case let real as any BinaryFloatingPoint:
            return .real(Double(real))
        case let decimal as Decimal:
            return .text("\(decimal)")
        default:
            throw SQLiteError(code: 20, message: "column \(column) cannot hold \(type(of: value)) \(value)")
        }
    }

    /// How a REAL column holds -0.0.
    private static let negativeZero = Data("-0.0".utf8)

    private static func json(_ value: Any) throws -> String {
        String(decoding: try JSONValue.data(value, options: .sortedKeys), as: UTF8.self)
    }

    /// The row value of a stored `value` in a column of `kind`; `nil` for NULL.
    static func rowValue(_ value: SQLiteValue, kind: StoreColumn.Kind) throws -> Any? {
        switch (value, kind) {
        case (.null, _): return nil
        case (.text(let text), .json): return try JSONValue.parse(text)
        case (.text(let text), .decimal): return Decimal(string: text).flatMap { "\($0)" == text ? $0 : nil } ?? text
        case (.integer(let integer), .boolean): return integer != 0
        case (.real(let seconds), .date): return Date(timeIntervalSinceReferenceDate: seconds)
        case (.integer(let seconds), .date): return Date(timeIntervalSinceReferenceDate: Double(seconds))
        case (.blob(let digits), .integer): return try JSONValue.parse(digits)
        case (.blob(negativeZero), .real): return -0.0
        case (.integer(let integer), _): return Int(integer)
        case (.real(let real), _): return real
        case (.text(let text), _): return text
        case (.blob(let data), _): return data
        }
    }
}
