import Foundation

extension TypedField {
    /// The hot path: the codec reads straight into the staging buffer. (`slots` is the field's
    /// codec as JSON's calls, held by the field's ``JSONFieldCalls``.)
    @inline(__always)
    func decodeJSONValue(
        _ reader: inout JSONReader, into staging: UnsafeMutableRawPointer, slots: any ValueCodec, in context: MappingContext
    ) throws {
        guard hasNullDefault || hasRules else {
            return try slots.decodeJSON(&reader, into: staging + offset, in: context)
        }
        try decodeJSONWithRules(&reader, into: staging, in: context)
    }

    /// A default for `null`, and requirements that report the value found, as from a dictionary.
    @inline(never)
    private func decodeJSONWithRules(_ reader: inout JSONReader, into staging: UnsafeMutableRawPointer, in context: MappingContext) throws {
        let start = reader.mark
        if hasNullDefault, try reader.peek() == UInt8(ascii: "n"), try reader.readLiteral() == nil,
           try stageNullDefault(for: NSNull(), at: staging + offset) {
            return
        }
        reader.reset(to: start)
        let value = try codec.decodeJSON(&reader, in: context)
        if hasRules {
            let end = reader.mark
            reader.reset(to: start)
            let input = try reader.readAny()
            reader.reset(to: end)
            try checkDecoded(value, input: input)
        }
        stage(value, at: staging + offset)
    }
}
