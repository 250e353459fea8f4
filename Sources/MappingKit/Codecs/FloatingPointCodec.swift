import Foundation

/// `Double` and `Float`. Takes any finite number in range and numeric strings; an integer, as a
/// number or as digits, must be exactly representable (2^53 + 1 is not a `Double`); a whole
/// `Decimal` may also be the value's own shortest form (`18446744073709552000`, which is how
/// JSONSerialization hands back `1.8446744073709552e+19`). A decimal
/// fraction takes the correctly rounded nearest value, as a literal would. Text must be a number
/// and nothing else (``NumberText``); non-finite results (`"1e400"`, `"nan"`) are errors.
struct FloatingPointCodec<Floating: BinaryFloatingPoint & LosslessStringConvertible & Sendable>: ValueCodec {
    var mode = CoercionMode.lossless
    private var typeName: String { ValueDescription.typeName(Floating.self) }

    @_specialize(where Floating == Double)
    @_specialize(where Floating == Float)
    func decode(_ input: Any, in context: MappingContext) throws -> Floating {
        if ObjectIdentifier(type(of: input)) == ObjectIdentifier(Floating.self), let value = input as? Floating,
           value.isFinite {
            return value
        }
        if let number = NumericInput.read(input) {
            let value = try convert(number)
            if context.isReporting, !number.isSameNumber(as: value) { context.reportCoercion(of: input, to: typeName) }
            return value
        }
        if mode != .strict, let string = input as? String, let shape = NumberText.shape(of: string) {
            let value = try convert(text: string, shape: shape, found: ValueDescription.describe(input))
            context.reportCoercion(of: input, to: typeName)
            return value
        }
        return try mismatch(input, expected: typeName, in: context)
    }

    /// Digits convert exactly (outside `.lenient`); fractions to the nearest value; either must
    /// be finite.
    private func convert(text: String, shape: NumberText.Shape, found: @autoclosure () -> String) throws -> Floating {
        if shape == .integer { return try convert(integerText: text, found: found()) }
        guard let value = Floating(text), value.isFinite else {
            throw MappingError(.outOfRange(expected: typeName, range: range, found: found()))
        }
        return value
    }

    /// Digits, any number of them: the value they are exactly (the nearest under `.lenient`);
    /// past the type's range, or between two of its values, an error naming the type.
    func convert(integerText text: String, found: @autoclosure () -> String) throws -> Floating {
        switch NumberText.integer(text, as: Floating.self) {
        case .exact(let value)?: return value
        case .rounded(let value)? where mode == .lenient: return value
        case .rounded?: throw MappingError(.inexact(expected: typeName, found: found()))
        case .outOfRange?: throw MappingError(.outOfRange(expected: typeName, range: range, found: found()))
        case nil: throw MappingError(.mismatch(expected: typeName, found: found()))
        }
    }

    private func convert(_ number: NumericInput) throws -> Floating {
        let found = { ValueDescription.describe(number) }
        switch number {
        case .floating(let value):
            guard value.isFinite else {
                throw MappingError(.mismatch(expected: "a finite \(typeName)", found: found()))
            }
            let converted = Floating(value)
            guard converted.isFinite else {
                throw MappingError(.outOfRange(expected: typeName, range: range, found: found()))
            }
            return converted
        case .signed(let value):
            if mode == .lenient { return Floating(value) }
            guard let exact = Floating(exactly: value) else { throw MappingError(.inexact(expected: typeName, found: found())) }
            return exact
        case .unsigned(let value):
            if mode == .lenient { return Floating(value) }
            guard let exact = Floating(exactly: value) else { throw MappingError(.inexact(expected: typeName, found: found())) }
            return exact
        case .wide(let value):
            if mode == .lenient { return value.rounded(Floating.self) }
            guard let exact = value.exactly(Floating.self) else { throw MappingError(.inexact(expected: typeName, found: found())) }
            return exact
        case .exact(let value):
            return try convert(integerText: value.text, found: found())
        case .decimal(let value):
            // A fraction converts from its digits, correctly rounded, as from its text.
            if Floating.self == Double.self, let double = DecimalDigits.fraction(value) { return Floating(double) }
            let text = "\(value)"
            guard let shape = NumberText.shape(of: text) else {
                throw MappingError(.mismatch(expected: typeName, found: found()))
            }
            // A whole Decimal that is a value's shortest form is that value: parsers that read
            // numbers into Decimal (JSONSerialization past 2^64) hand back 1.8446744073709552e+19,
            // as MappingKit and every Swift writer write 2^64, as 18446744073709552000.
            if shape == .integer, let nearest = Floating(text), nearest.isFinite, Decimal(string: "\(nearest)") == value {
                return nearest
            }
            return try convert(text: text, shape: shape, found: found())
        case .bool(let value) where mode == .lenient:
            return value ? 1 : 0
        case .bool:
            throw MappingError(.mismatch(expected: typeName, found: found()))
        }
    }

    var range: String { "±\(Floating.greatestFiniteMagnitude)" }

    /// Non-finite values have no JSON form and are an error. A `Float` is written as the `Double`
    /// with the same shortest decimal form (`Float(0.1)` → `0.1`, not `0.10000000149011612`).
    @_specialize(where Floating == Double)
    func encode(_ value: Floating, in context: MappingContext) throws -> Any? {
        guard value.isFinite else {
            throw MappingError(.mismatch(expected: "a finite \(typeName)", found: "\(typeName) \(value)"))
        }
        if let double = value as? Double { return double }
        return Double("\(value)") ?? Double(value)
    }
}

/// `CGFloat`: the `Double` it holds, read and written as a `Double` property is, in every
/// coercion mode (it was only its `Codable` form).
struct CGFloatCodec: ValueCodec {
    let double: DoubleCodec

    var valueShape: ValueShape { .double }

    func decode(_ input: Any, in context: MappingContext) throws -> CGFloat {
        do {
            return CGFloat(try double.decode(input, in: context))
        } catch let error as MappingError {
            throw error.renamingExpected("Double", to: "CGFloat")
        }
    }

    func encode(_ value: CGFloat, in context: MappingContext) throws -> Any? {
        try double.encode(Double(value), in: context)
    }

    /// A `CGFloat` is taken as it is.
    var traits: CodecTraits { .decodesUnchanged }
}

/// `Double` through non-generic code, like ``IntCodec``.
struct DoubleCodec: ValueCodec {
    var direct: DirectValues { .leaf(.double) }

    let general: FloatingPointCodec<Double>

    func decode(_ input: Any, in context: MappingContext) throws -> Double {
        if let value = ExistentialPayload.value(Double.self, in: input), value.isFinite {
            return value
        }
        return try general.decode(input, in: context)
    }

    func encode(_ value: Double, in context: MappingContext) throws -> Any? {
        try general.encode(value, in: context)
    }
}

extension DoubleCodec {
    /// What it reads, asked of a `Decoder` first (``ValueShape``).
    var valueShape: ValueShape { .double }
}

extension FloatingPointCodec {
    /// What it reads, asked of a `Decoder` first (``ValueShape``).
    var valueShape: ValueShape { .double }
}

// MARK: JSON bytes
// The common case read straight from the bytes; anything else is read again as a native value
// and decoded, so both ways give the same values and the same errors.

extension DoubleCodec {
    func decodeJSON(_ reader: inout JSONReader, in context: MappingContext) throws -> Double {
        let mark = reader.mark
        if try reader.nextIsNumber() {
            let number = try reader.scanNumber()
            if number.isInteger {
                if let int = reader.int(number), let value = Double(exactly: int) {
                    // `-0` keeps its sign, as `-0.0` does.
                    return value == 0 && number.isNegative ? -0.0 : value
                }
            } else {
                let value = reader.double(number)
                if value.isFinite { return value }
            }
        }
        return try decodeJSON(again: &reader, from: mark, in: context)
    }

    func encodeJSON(at pointer: UnsafePointer<Double>, into writer: inout JSONWriter, in context: MappingContext) throws -> Bool {
        let value = pointer.pointee
        // Non-finite values: the representation's own error.
        guard value.isFinite else { return try general.encode(value, in: context) != nil }
        try writer.writeDouble(value)
        return true
    }
}

extension FloatingPointCodec {
    /// A fraction or exponent converts from its text, correctly rounded for `Floating` itself
    /// (a `Float` never rounds twice through `Double`); an integer must be exact, as from a
    /// dictionary.
    func decodeJSON(_ reader: inout JSONReader, in context: MappingContext) throws -> Floating {
        let mark = reader.mark
        if try reader.nextIsNumber() {
            let number = try reader.scanNumber()
            if number.isInteger {
                if let int = reader.int(number), let value = Floating(exactly: int) {
                    return value == 0 && number.isNegative ? -value : value
                }
            } else {
                let value = Floating.self == Float.self ? Floating(reader.float(number)) : Floating(reader.double(number))
                if value.isFinite { return value }
            }
        }
        return try decodeJSON(again: &reader, from: mark, in: context)
    }
}

// MARK: JSON Schema

// A number past the type's range reads as infinity, which is refused: the bounds are where
// rounding to the type stops giving a finite value. (A validator compares numbers as `Double`s:
// for `Float`, the first number that rounds to infinity is exactly one, half an ulp past
// `Float.greatestFiniteMagnitude`; for `Double`, the validator's own parse rounds to infinity
// past the largest `Double`, as the reader's does.)

extension DoubleCodec {
    func schema(in builder: any SchemaBuilding, context: MappingContext) throws -> [String: Any] {
        FloatingPointSchema.finite(Double.self)
    }
}

extension FloatingPointCodec {
    func schema(in builder: any SchemaBuilding, context: MappingContext) throws -> [String: Any] {
        FloatingPointSchema.finite(Floating.self)
    }
}

extension CGFloatCodec {
    func schema(in builder: any SchemaBuilding, context: MappingContext) throws -> [String: Any] {
        FloatingPointSchema.finite(Double.self)
    }
}

/// The schema of a finite binary floating-point number (dates in seconds and decimals use it
/// too).
enum FloatingPointSchema {
    /// A number of `type`'s finite range.
    static func finite<Floating: BinaryFloatingPoint>(_ type: Floating.Type) -> [String: Any] {
        let largest = Double(Floating.greatestFiniteMagnitude)
        guard largest < Double.greatestFiniteMagnitude else {
            return ["type": "number", "minimum": -largest, "maximum": largest]
        }
        // Half an ulp past the largest value rounds to infinity (ties to even: its last digit is odd).
        let limit = largest + Double(Floating.greatestFiniteMagnitude.ulp) / 2
        return ["type": "number", "exclusiveMinimum": -limit, "exclusiveMaximum": limit]
    }
}
