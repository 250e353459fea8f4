/// A field's JSON calls, made once per plan by its ``JSONLayout`` and made by the member loop
/// through an unretained reference, as the engine's ``FieldCalls`` are. Every instance is a
/// ``JSONTypedField`` or a ``JSONIndirectField``, which override both calls; these bodies are
/// never run.
class JSONFieldCalls: @unchecked Sendable {
    /// Stages the value of the next JSON value in `reader`.
    func decode(_ reader: inout JSONReader, into staging: UnsafeMutableRawPointer, in context: MappingContext) throws {}
    /// Writes the property's value as JSON; `false` when there is nothing to write.
    func encode(from model: UnsafeRawPointer, into writer: inout JSONWriter, in context: MappingContext) throws -> Bool { false }
}

/// Makes each field's JSON calls from the field's typed self.
struct JSONFieldMaker: FieldVisitor {
    func visit<Value>(_ field: TypedField<Value>) -> JSONFieldCalls {
        JSONTypedField(field)
    }

    func visit<Value>(_ field: IndirectField<Value>) -> JSONFieldCalls {
        JSONIndirectField(field)
    }
}

/// The JSON calls of a property stored at its offset. The common case (no null default, no
/// requirement) calls the codec straight from here, with the field's codec and offset copied in:
/// nothing between the member loop and the codec.
final class JSONTypedField<Value>: JSONFieldCalls, @unchecked Sendable {
    let field: TypedField<Value>
    /// The field's codec, for its JSON calls (the raw-memory calls of ``ValueCodec``).
    let slots: any ValueCodec
    let offset: Int
    /// The field has neither a null default nor requirements.
    let isPlain: Bool

    init(_ field: TypedField<Value>) {
        self.field = field
        slots = field.codec.slots
        offset = field.offset
        isPlain = !field.hasNullDefault && !field.hasRules
    }

    override func decode(_ reader: inout JSONReader, into staging: UnsafeMutableRawPointer, in context: MappingContext) throws {
        CallTrace.note("JSON/JSONFieldCalls.swift JSONTypedField.decode")
        guard isPlain else { return try field.decodeJSONValue(&reader, into: staging, slots: slots, in: context) }
        try slots.decodeJSON(&reader, into: staging + offset, in: context)
    }

    override func encode(from model: UnsafeRawPointer, into writer: inout JSONWriter, in context: MappingContext) throws -> Bool {
        try slots.encodeJSON(atSlot: model + offset, into: &writer, in: context)
    }
}

/// The JSON calls of a property behind a wrapper or an accessor: staged in its side slot, read
/// through the accessor.
final class JSONIndirectField<Value>: JSONFieldCalls, @unchecked Sendable {
    let field: IndirectField<Value>
    /// The inner field's codec, for its JSON calls.
    let slots: any ValueCodec

    init(_ field: IndirectField<Value>) {
        self.field = field
        slots = field.inner.codec.slots
    }

    override func decode(_ reader: inout JSONReader, into staging: UnsafeMutableRawPointer, in context: MappingContext) throws {
        try field.inner.decodeJSONValue(&reader, into: staging + field.side, slots: slots, in: context)
    }

    override func encode(from model: UnsafeRawPointer, into writer: inout JSONWriter, in context: MappingContext) throws -> Bool {
        try field.reading(model) { try slots.encodeJSON(atSlot: $0 + field.inner.offset, into: &writer, in: context) }
    }
}
