/// `Bool`. Takes `true`/`false` (Swift or JSONSerialization's boolean), the integers `0` and `1`,
/// and the strings `"true"` and `"false"`. Anything else is an error, never a guess.
struct BoolCodec: ValueCodec {
    var direct: DirectValues { .leaf(.bool) }

    var mode = CoercionMode.lossless

    func decode(_ input: Any, in context: MappingContext) throws -> Bool {
        if let value = ExistentialPayload.value(Bool.self, in: input) {
            return value
        }
        if let number = NumericInput.read(input) {
            if case .bool(let value) = number { return value }
            let value = try convert(number, from: input)
            context.reportCoercion(of: input, to: "Bool")
            return value
        }
        guard let text = input as? String, let value = convert(text) else { return try mismatch(input, expected: "Bool", in: context) }
        context.reportCoercion(of: input, to: "Bool")
        return value
    }

    /// A number other than a boolean, as the mode allows.
    private func convert(_ number: NumericInput, from input: Any) throws -> Bool {
        switch (number, mode) {
        case (.signed(0), .lossless), (.unsigned(0), .lossless): return false
        case (.signed(1), .lossless), (.unsigned(1), .lossless): return true
        case (.signed(let value), .lenient): return value != 0
        case (.unsigned(let value), .lenient): return value != 0
        case (.wide, .lenient): return true
        case (.floating(let value), .lenient) where !value.isNaN: return value != 0
        default:
            throw MappingError(.mismatch(expected: "Bool", found: ValueDescription.describe(input)))
        }
    }

    /// Text, as the mode allows; `nil` when it is no boolean.
    private func convert(_ text: String) -> Bool? {
        switch (text, mode) {
        case ("true", .lossless): return true
        case ("false", .lossless): return false
        case (_, .lenient):
            switch text.lowercased() {
            case "true", "yes", "y", "1": return true
            case "false", "no", "n", "0": return false
            default: return nil
            }
        default: return nil
        }
    }

    var traits: CodecTraits { [.encodesUnchanged, .decodesUnchanged] }

    func encode(_ value: Bool, in context: MappingContext) throws -> Any? {
        value
    }
}

extension BoolCodec {
    /// What it reads, asked of a `Decoder` first (``ValueShape``).
    var valueShape: ValueShape { .bool }
}

// MARK: JSON bytes
// The common case read straight from the bytes; anything else is read again as a native value
// and decoded, so both ways give the same values and the same errors.

extension BoolCodec {
    func decodeJSON(_ reader: inout JSONReader, in context: MappingContext) throws -> Bool {
        let mark = reader.mark
        let byte = try reader.peek()
        if byte == UInt8(ascii: "t") || byte == UInt8(ascii: "f"), let value = try reader.readLiteral() { return value }
        return try decodeJSON(again: &reader, from: mark, in: context)
    }

    func encodeJSON(at value: UnsafePointer<Bool>, into writer: inout JSONWriter, in context: MappingContext) throws -> Bool {
        writer.writeBool(value.pointee)
        return true
    }
}

// MARK: JSON Schema

extension BoolCodec {
    func schema(in builder: any SchemaBuilding, context: MappingContext) throws -> [String: Any] {
        ["type": "boolean"]
    }
}
