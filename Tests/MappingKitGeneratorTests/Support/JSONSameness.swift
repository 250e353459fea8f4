import Foundation

/// Compares JSON values as JSON: objects by their keys, arrays in order, strings exactly,
/// booleans apart from numbers, and numbers by value (`5` and `5.0` are the same number, as in
/// JSON; `1` and `true` are not). Fractions compare as the doubles they denote: JSONSerialization
/// reads many as decimals, `-65.613616999999977` among them, which is the double MappingKit
/// writes as `-65.61361699999998`. Works on JSONSerialization's values and MappingKit's alike.
enum JSONSameness {
    /// The first place where `found` differs from `expected`, described; `nil` when they are the same.
    static func difference(_ expected: Any, _ found: Any, at path: String = "$") -> String? {
        if let left = expected as? [String: Any], let right = found as? [String: Any] {
            if Set(left.keys) != Set(right.keys) {
                let missing = Set(left.keys).subtracting(right.keys).sorted()
                let extra = Set(right.keys).subtracting(left.keys).sorted()
                return "\(path): keys missing \(missing), extra \(extra)"
            }
            for key in left.keys.sorted() {
                if let difference = difference(left[key] ?? NSNull(), right[key] ?? NSNull(), at: "\(path).\(key)") { return difference }
            }
            return nil
        }
        if let left = expected as? [Any], let right = found as? [Any] {
            guard left.count == right.count else { return "\(path): \(left.count) elements, found \(right.count)" }
            for index in left.indices {
                if let difference = difference(left[index], right[index], at: "\(path)[\(index)]") { return difference }
            }
            return nil
        }
        let (left, right) = (Scalar(expected), Scalar(found))
        return left == right ? nil : "\(path): expected \(left), found \(right)"
    }

    private enum Scalar: Equatable, CustomStringConvertible {
        case null, bool(Bool), string(String), integer(String), double(Double), decimal(Decimal), other(String)

        init(_ value: Any) {
            if value is NSNull {
                self = .null
            } else if let text = value as? String {
                self = .string(text)
            } else if type(of: value) == Bool.self || type(of: value) == type(of: NSNumber(value: true)), let flag = value as? Bool {
                self = .bool(flag)
            } else if let decimal = value as? Decimal, type(of: value) == Decimal.self || value is NSDecimalNumber {
                self = .decimal(decimal)
            } else if let number = value as? NSNumber, type(of: value) is NSNumber.Type {
                let kind = UInt8(bitPattern: number.objCType.pointee)
                if kind == UInt8(ascii: "d") || kind == UInt8(ascii: "f") {
                    self = .double(number.doubleValue)
                } else {
                    self = .integer(kind == UInt8(ascii: "Q") ? "\(number.uint64Value)" : "\(number.int64Value)")
                }
            } else if let integer = value as? any BinaryInteger {
                self = .integer("\(integer)")
            } else if let double = value as? Double {
                self = .double(double)
            } else {
                self = .other("\(type(of: value)) \(value)")
            }
        }

        static func == (left: Scalar, right: Scalar) -> Bool {
            switch (left, right) {
            case (.null, .null): true
            case (.bool(let a), .bool(let b)): a == b
            case (.string(let a), .string(let b)): a == b
            case (.integer(let a), .integer(let b)): a == b
            case (.double(let a), .double(let b)): a == b
            case (.integer(let a), .double(let b)), (.double(let b), .integer(let a)):
                // A whole double is its exact integer (JSON samples' integers fit in 64 bits).
                Int64(exactly: b).map { "\($0)" } == a || UInt64(exactly: b).map { "\($0)" } == a
            case (.decimal(let a), .decimal(let b)): a == b || (double(a) == double(b) && !a.isWhole)
            case (.decimal(let a), .integer(let b)), (.integer(let b), .decimal(let a)): a == Decimal(string: b)
            case (.decimal(let a), .double(let b)), (.double(let b), .decimal(let a)): double(a) == b
            default: false
            }
        }

        /// The double nearest to the decimal's digits, as a JSON parser that reads doubles gives.
        private static func double(_ decimal: Decimal) -> Double? {
            Double("\(decimal)")
        }

        var description: String {
            switch self {
            case .null: "null"
            case .bool(let value): "\(value)"
            case .string(let value): value.debugDescription
            case .integer(let value): "\(value)"
            case .double(let value): "\(value)"
            case .decimal(let value): "Decimal \(value)"
            case .other(let value): "<\(value)>"
            }
        }
    }
}

extension Decimal {
    fileprivate var isWhole: Bool {
        var value = self
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, 0, .plain)
        return rounded == self
    }
}
