/// `String`. Takes strings, and numbers written in their shortest decimal form (`42` → `"42"`,
/// `2.5` → `"2.5"`). Booleans are not strings.
struct StringCodec: ValueCodec {
    var direct: DirectValues { .leaf(.string) }

    var mode = CoercionMode.lossless

    func decode(_ input: Any, in context: MappingContext) throws -> String {
        CallTrace.note("Codecs/StringCodec.swift StringCodec.decode")
        if let value = ExistentialPayload.value(String.self, in: input) ?? input as? String {
            return value
        }
        if mode != .strict, let number = NumericInput.read(input) {
            if case .bool = number, mode != .lenient {
                throw MappingError(.mismatch(expected: "String", found: ValueDescription.describe(number)))
            }
            context.reportCoercion(of: input, to: "String")
            switch number {
            case .signed(let value): return "\(value)"
            case .unsigned(let value): return "\(value)"
            case .wide(let value): return "\(value)"
            case .exact(let value): return value.text
            case .floating(let value): return "\(value)"
            case .decimal(let value): return "\(value)"
            case .bool(let value) where mode == .lenient: return "\(value)"
            case .bool: throw MappingError(.mismatch(expected: "String", found: ValueDescription.describe(number)))
            }
        }
        return try mismatch(input, expected: "String", in: context)
    }

    var traits: CodecTraits { [.encodesUnchanged, .decodesUnchanged] }

    func encode(_ value: String, in context: MappingContext) throws -> Any? {
        value
    }
}

extension StringCodec {
    /// What it reads, asked of a `Decoder` first (``ValueShape``).
    var valueShape: ValueShape { .string }
}

// MARK: JSON bytes
// The common case read straight from the bytes; anything else is read again as a native value
// and decoded, so both ways give the same values and the same errors.

extension StringCodec {
    func decodeJSON(_ reader: inout JSONReader, in context: MappingContext) throws -> String {
        CallTrace.note("Codecs/StringCodec.swift StringCodec.decodeJSON")
        let mark = reader.mark
        if try reader.peek() == UInt8(ascii: "\"") { return try reader.readString() }
        return try decodeJSON(again: &reader, from: mark, in: context)
    }

    func encodeJSON(at value: UnsafePointer<String>, into writer: inout JSONWriter, in context: MappingContext) throws -> Bool {
        writer.writeString(at: value)
        return true
    }
}

// MARK: JSON Schema

extension StringCodec {
    func schema(in builder: any SchemaBuilding, context: MappingContext) throws -> [String: Any] {
        ["type": "string"]
    }
}
