import Foundation

/// Numbers a decoder reads as `Double` that the text may not have said exactly (a whole number
/// past 2^53): the decoder's exact `Int`, `UInt64` or `Decimal` instead, so that a `Decoder`
/// gives the number a dictionary or JSON's own reader would.
extension CodableInput {
    /// Whether `array` holds, at any depth of arrays, a `Double` that ``mayBeInexact(_:)``.
    static func holdsInexactDouble(_ array: [Any]) -> Bool {
        array.contains { element in
            if let double = ExistentialPayload.value(Double.self, in: element) { return mayBeInexact(double) }
            if let nested = ExistentialPayload.value([Any].self, in: element) { return holdsInexactDouble(nested) }
            return false
        }
    }

    /// `array` with each element that ``mayBeInexact(_:)`` taken from `exactArray`, the same array
    /// read untyped (at any depth of arrays).
    static func exactElements(_ array: [Any], from exactArray: [Any]) -> [Any] {
        guard array.count == exactArray.count else { return array }
        return zip(array, exactArray).map { element, exactElement in
            if let double = ExistentialPayload.value(Double.self, in: element) {
                // As for a keyed value (``exact(_:int:unsigned:decimal:)``): the exact number only
                // where it is not the `Double` read.
                guard mayBeInexact(double) else { return element }
                return exact(
                    double,
                    int: { ExistentialPayload.value(Int.self, in: exactElement).map { $0 } },
                    unsigned: { ExistentialPayload.value(UInt64.self, in: exactElement).map { $0 } },
                    decimal: { ExistentialPayload.value(Decimal.self, in: exactElement).map { $0 } }
                )
            }
            if let nested = ExistentialPayload.value([Any].self, in: element), let exactNested = ExistentialPayload.value([Any].self, in: exactElement) {
                return exactElements(nested, from: exactNested)
            }
            return element
        }
    }

    /// Whether `value` is a whole number past 2^53, which the text it was read from may not
    /// have said exactly (`9223372036854775807` reads as `9223372036854775808.0`).
    static func mayBeInexact(_ value: Double) -> Bool {
        value.rounded() == value && value.magnitude >= 0x1p53
    }

    /// The number the decoder holds, exactly, when it is not `value` (the codec then judges
    /// it as it judges the same number from a dictionary): an `Int` or `UInt64` when the
    /// decoder reads one (a property list's integers), else its `Decimal` (JSON's digits).
    static func exact(_ value: Double, int: () -> Int??, unsigned: () -> UInt64??, decimal: () -> Decimal??) -> Any {
        if let whole = int() ?? nil { return Double(exactly: whole) == value ? value : whole }
        if let whole = unsigned() ?? nil { return Double(exactly: whole) == value ? value : whole }
        guard let decimal = decimal() ?? nil, decimal.isFinite, Decimal(string: "\(value)") != decimal else { return value }
        return decimal
    }
}
