import Foundation

/// Equality and descriptions of untyped values (`Any` from a dictionary), compared strictly:
/// numbers by kind and value (an `NSNumber` is the kind it stores), so `1`, `1.0` and `true`
/// differ.
///
/// Both walk with a stack of their own, never by recursion: untyped input may nest as deep as
/// it likes, and a secondary thread's stack is small.
enum UntypedValues {
    /// Most values a description shows; the rest is elided with `…`.
    static let maximumDescribedValues = 100_000

    /// A value seen one level at a time.
    private enum Node {
        case scalar(Scalar)
        case array([Any])
        case dictionary([String: Any])
    }

    /// Equal when they are the same kind and value; a NaN equals a NaN, so that every value
    /// equals itself (as `Equatable` requires of ``UnmappedValues``).
    private enum Scalar: Equatable {
        case bool(Bool)
        /// Every integer, whatever its width or signedness: `UInt64(5)` equals `5`.
        case integer(WideInteger)
        case floating(Double)
        case decimal(Decimal)
        /// An ``ExactNumber``'s digits: integers past every native type's range.
        case exactInteger(String)
        case string(String)
        case null
        case other(String)

        static func == (left: Scalar, right: Scalar) -> Bool {
            switch (left, right) {
            case (.bool(let left), .bool(let right)): left == right
            case (.integer(let left), .integer(let right)): left == right
            case (.floating(let left), .floating(let right)): left == right || (left.isNaN && right.isNaN)
            case (.decimal(let left), .decimal(let right)): left == right || (left.isNaN && right.isNaN)
            case (.string(let left), .string(let right)): left == right
            case (.exactInteger(let left), .exactInteger(let right)): left == right
            case (.null, .null): true
            case (.other(let left), .other(let right)): left == right
            default: false
            }
        }
    }

    private static func node(_ value: Any) -> Node {
        let value = InputValue.flattened(value)
        // The types an untyped tree holds most, by the type its container stores, before the
        // number ladder's casts.
        if let string = ExistentialPayload.value(String.self, in: value) { return .scalar(.string(string)) }
        if let dictionary = ExistentialPayload.value([String: Any].self, in: value) { return .dictionary(dictionary) }
        if let array = ExistentialPayload.value([Any].self, in: value) { return .array(array) }
        if InputValue.isNSNull(value) { return .scalar(.null) }
        if let number = NumericInput.read(value) {
            switch number {
            case .bool(let value): return .scalar(.bool(value))
            case .signed(let value): return .scalar(.integer(WideInteger(value)))
            case .unsigned(let value): return .scalar(.integer(WideInteger(value)))
            case .wide(let value): return .scalar(.integer(value))
            case .exact(let value): return .scalar(.exactInteger(value.text))
            case .floating(let value): return .scalar(.floating(value))
            case .decimal(let value): return .scalar(.decimal(value))
            }
        }
        if let string = value as? String { return .scalar(.string(string)) }
        if FoundationContainers.isContainer(value), InputValue.isUnsafeToBridge(value) {
            return .scalar(.other(FoundationContainers.describe(value)))
        }
        if let array = InputValue.array(value) { return .array(array) }
        if let dictionary = InputValue.dictionary(value) { return .dictionary(dictionary) }
        return .scalar(.other("\(type(of: value)): \(value)"))
    }

    /// `true` when `left` and `right` hold the same plain values.
    static func equal(_ left: Any, _ right: Any) -> Bool {
        var pending: [(Any, Any)] = [(left, right)]
        while let (left, right) = pending.popLast() {
            switch (node(left), node(right)) {
            case (.scalar(let left), .scalar(let right)):
                guard left == right else { return false }
            case (.array(let left), .array(let right)):
                guard left.count == right.count else { return false }
                pending.append(contentsOf: zip(left, right))
            case (.dictionary(let left), .dictionary(let right)):
                guard left.count == right.count else { return false }
                for (key, value) in left {
                    guard let other = right[key] else { return false }
                    pending.append((value, other))
                }
            default:
                return false
            }
        }
        return true
    }

    /// `values` in one fixed order, whatever order they came in: null, booleans, numbers by
    /// value, strings, then everything else by its description. Sets are written this way, so a
    /// set writes the same array every time.
    static func sortedCanonically(_ values: [Any]) -> [Any] {
        func key(_ value: Any) -> (rank: Int, number: Double, integer: WideInteger, text: String) {
            let zero = WideInteger(Int64(0))
            guard case .scalar(let scalar) = node(value) else { return (6, 0, zero, describe(value)) }
            switch scalar {
            case .null: return (0, 0, zero, "")
            case .bool(let value): return (1, value ? 1 : 0, zero, "")
            case .integer(let value): return (2, value.rounded(Double.self), value, "")
            case .floating(let value): return (2, value, zero, "")
            case .decimal(let value): return (2, NSDecimalNumber(decimal: value).doubleValue, zero, "\(value)")
            case .exactInteger(let text): return (2, Double(text) ?? 0, zero, text)
            case .string(let value): return (3, 0, zero, value)
            case .other(let text): return (5, 0, zero, text)
            }
        }
        let keyed = values.map { (key: key($0), value: $0) }
        return keyed.sorted { left, right in
            let (a, b) = (left.key, right.key)
            if a.rank != b.rank { return a.rank < b.rank }
            if a.number != b.number { return a.number < b.number }
            if a.integer != b.integer { return a.integer < b.integer }
            return a.text < b.text
        }.map(\.value)
    }

    /// `["a": 1, "b": [true, null]]`: keys sorted, strings quoted.
    static func describe(_ value: Any) -> String {
        enum Work {
            case value(Any)
            case text(String)
        }
        var text = ""
        var pending: [Work] = [.value(value)]
        var described = 0
        while let work = pending.popLast() {
            let value: Any
            switch work {
            case .text(let piece):
                text += piece
                continue
            case .value(let next):
                value = next
            }
            described += 1
            guard described <= maximumDescribedValues else { return text + "…" }
            switch node(value) {
            case .scalar(let scalar):
                text += describe(scalar)
            case .array(let elements):
                text += "["
                pending.append(.text("]"))
                for (index, element) in elements.enumerated().reversed() {
                    pending.append(.value(element))
                    if index > 0 { pending.append(.text(", ")) }
                }
            case .dictionary(let dictionary) where dictionary.isEmpty:
                text += "[:]"
            case .dictionary(let dictionary):
                text += "["
                pending.append(.text("]"))
                let sorted = dictionary.sorted { $0.key < $1.key }
                for (index, (key, element)) in sorted.enumerated().reversed() {
                    pending.append(.value(element))
                    pending.append(.text((index > 0 ? ", " : "") + key.debugDescription + ": "))
                }
            }
        }
        return text
    }

    private static func describe(_ scalar: Scalar) -> String {
        switch scalar {
        case .bool(let value): "\(value)"
        case .integer(let value): "\(value)"
        case .floating(let value): "\(value)"
        case .decimal(let value): "\(value)"
        case .exactInteger(let text): text
        case .string(let value): value.debugDescription
        case .null: "null"
        case .other(let text): text
        }
    }
}
