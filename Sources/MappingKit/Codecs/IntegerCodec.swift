import Foundation

/// Every integer width. Takes whole numbers of any kind that fit, and integer strings ("42");
/// never a fraction, a boolean or a value out of range.
struct IntegerCodec<Integer: FixedWidthInteger & Sendable>: ValueCodec {
    var mode = CoercionMode.lossless
    var typeName: String { ValueDescription.typeName(Integer.self) }

    @_specialize(where Integer == Int)
    @_specialize(where Integer == Int64)
    @_specialize(where Integer == Int32)
    @_specialize(where Integer == UInt64)
    @_specialize(where Integer == UInt)
    func decode(_ input: Any, in context: MappingContext) throws -> Integer {
        if ObjectIdentifier(type(of: input)) == ObjectIdentifier(Integer.self), let value = input as? Integer {
            return value
        }
        if let number = NumericInput.read(input) {
            let value = try convert(number, from: input)
            if context.isReporting, !number.isSameNumber(as: value) { context.reportCoercion(of: input, to: typeName) }
            return value
        }
        if mode != .strict, let string = input as? String {
            if let value = Integer(string) {
                context.reportCoercion(of: input, to: typeName)
                return value
            }
            if let wide = WideInteger(string), wide.isWithin128Bits {
                throw MappingError(.outOfRange(expected: typeName, range: range, found: ValueDescription.describe(string)))
            }
            if mode == .lenient, NumberText.shape(of: string) != nil, let value = Double(string) {
                let converted = try convert(.floating(value), from: input)
                context.reportCoercion(of: input, to: typeName)
                return converted
            }
        }
        return try mismatch(input, expected: typeName, in: context)
    }

    private func convert(_ number: NumericInput, from input: Any) throws -> Integer {
        let found = { ValueDescription.describe(input) }
        switch number {
        case .signed(let value):
            if let exact = Integer(exactly: value) { return exact }
            throw MappingError(.outOfRange(expected: typeName, range: range, found: found()))
        case .unsigned(let value):
            if let exact = Integer(exactly: value) { return exact }
            throw MappingError(.outOfRange(expected: typeName, range: range, found: found()))
        case .wide(let value):
            if let exact = value.exactly(Integer.self) { return exact }
            throw MappingError(.outOfRange(expected: typeName, range: range, found: found()))
        case .exact:
            // Past `Int128`'s range, so past every integer type's.
            throw MappingError(.outOfRange(expected: typeName, range: range, found: found()))
        case .floating(let value):
            let value = mode == .lenient ? value.rounded(.towardZero) : value
            if mode != .strict, let exact = Integer(exactly: value) { return exact }
            guard mode != .strict, value.isFinite, value.rounded(.towardZero) == value else {
                throw MappingError(.mismatch(expected: typeName, found: found()))
            }
            throw MappingError(.outOfRange(expected: typeName, range: range, found: found()))
        case .decimal(let value) where mode == .lenient:
            return try convert(.floating(NSDecimalNumber(decimal: value).doubleValue), from: input)
        case .decimal(let value):
            let text = "\(value)"
            if let exact = Integer(text) { return exact }
            guard !text.contains(".") else { throw MappingError(.mismatch(expected: typeName, found: found())) }
            throw MappingError(.outOfRange(expected: typeName, range: range, found: found()))
        case .bool(let value) where mode == .lenient:
            return value ? 1 : 0
        case .bool:
            throw MappingError(.mismatch(expected: typeName, found: found()))
        }
    }

    var range: String { "\(Integer.min)...\(Integer.max)" }

    var traits: CodecTraits { Integer.self == Int.self ? [.encodesUnchanged, .decodesUnchanged] : .decodesUnchanged }

    @_specialize(where Integer == Int)
    @_specialize(where Integer == Int64)
    func encode(_ value: Integer, in context: MappingContext) throws -> Any? {
        if let int = Int(exactly: value) { return int }
        if let unsigned = UInt64(exactly: value) { return unsigned }
        // Through the Codable bridge, an `Int128` past 64 bits goes to the encoder as itself:
        // `JSONEncoder` writes its digits, `PropertyListEncoder` refuses it, as for the
        // synthesized conformance. A dictionary holds its digits as text.
        if context.style == .codable { return value }
        return "\(value)"
    }
}

/// `Int`, the most common property type, through non-generic code: its exact-type fast path
/// needs no runtime metadata lookups. Everything else goes to `IntegerCodec<Int>`.
struct IntCodec: ValueCodec {
    var direct: DirectValues { .leaf(.int) }

    let general: IntegerCodec<Int>

    var traits: CodecTraits { [.encodesUnchanged, .decodesUnchanged] }

    func decode(_ input: Any, in context: MappingContext) throws -> Int {
        if let value = ExistentialPayload.value(Int.self, in: input) {
            return value
        }
        return try general.decode(input, in: context)
    }

    func encode(_ value: Int, in context: MappingContext) throws -> Any? {
        value
    }
}

extension IntCodec {
    /// What it reads, asked of a `Decoder` first (``ValueShape``).
    var valueShape: ValueShape { .int }
}

extension IntegerCodec {
    /// What it reads, asked of a `Decoder` first (``ValueShape``).
    var valueShape: ValueShape { .int }
}

// MARK: JSON bytes
// The common case read straight from the bytes; anything else is read again as a native value
// and decoded, so both ways give the same values and the same errors.

extension IntCodec {
    func decodeJSON(_ reader: inout JSONReader, in context: MappingContext) throws -> Int {
        let mark = reader.mark
        if try reader.nextIsNumber(), let value = reader.int(try reader.scanNumber()) { return value }
        return try decodeJSON(again: &reader, from: mark, in: context)
    }

    func encodeJSON(at value: UnsafePointer<Int>, into writer: inout JSONWriter, in context: MappingContext) throws -> Bool {
        writer.writeInt(value.pointee)
        return true
    }
}

extension IntegerCodec {
    func decodeJSON(_ reader: inout JSONReader, in context: MappingContext) throws -> Integer {
        let mark = reader.mark
        if try reader.nextIsNumber() {
            let number = try reader.scanNumber()
            if let int = reader.int(number), let value = Integer(exactly: int) { return value }
            if !number.isNegative, let magnitude = reader.integerMagnitude(number), let value = Integer(exactly: magnitude) {
                return value
            }
            // Past 64 bits only 128-bit integers take it, from its digits (as `jsonData` writes them).
            if number.isInteger, Integer.bitWidth > 64 {
                let text = reader.text(of: number)
                guard let value = Integer(text) else {
                    throw MappingError(.outOfRange(expected: typeName, range: range, found: reader.describe(number)))
                }
                return value
            }
        }
        return try decodeJSON(again: &reader, from: mark, in: context)
    }

    func encodeJSON(at pointer: UnsafePointer<Integer>, into writer: inout JSONWriter, in context: MappingContext) throws -> Bool {
        let value = pointer.pointee
        if let int = Int(exactly: value) {
            writer.writeInt(int)
        } else if let unsigned = UInt(exactly: value) {
            writer.writeUnsigned(unsigned)
        } else {
            writer.writeText("\(value)")
        }
        return true
    }
}

// MARK: JSON Schema

extension IntCodec {
    func schema(in builder: any SchemaBuilding, context: MappingContext) throws -> [String: Any] {
        IntegerSchema.of(Int.self)
    }
}

extension IntegerCodec {
    func schema(in builder: any SchemaBuilding, context: MappingContext) throws -> [String: Any] {
        IntegerSchema.of(Integer.self)
    }
}

/// An integer type's schema: its range, exactly (a 128-bit bound as a `Decimal`, which JSON
/// writes digit for digit).
enum IntegerSchema {
    static func of<Integer: FixedWidthInteger>(_ type: Integer.Type) -> [String: Any] {
        ["type": "integer", "minimum": bound(Integer.min), "maximum": bound(Integer.max)]
    }

    private static func bound<Integer: FixedWidthInteger>(_ value: Integer) -> Any {
        // As `JSONValue` parses them: `Int` where it holds the bound.
        if let small = Int(exactly: value) { return small }
        if let large = UInt64(exactly: value) { return large }
        return Decimal(string: String(value)) ?? 0
    }
}
