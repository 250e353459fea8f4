import Foundation

/// Converts one property type between its Swift form and each format: the plain values of a
/// dictionary, JSON bytes, and what decoders and stores are asked for.
///
/// Codecs are built once per property when a plan is compiled, and are immutable afterwards.
/// A codec's conversions sit in its own file here; its JSON calls (the requirements that name
/// `JSONReader` and `JSONWriter`) are implemented in the JSON folder, one file per codec
/// (`JSON/IntegerCodec+JSON.swift`), with their defaults in `JSON/ValueCodec+JSON.swift`. They
/// are requirements here, not a protocol of the JSON folder's: that protocol would be found by
/// a conformance check, which the first time for each codec type scans every conformance in the
/// process. (These declarations, and ``Codec``'s forwarding of them, are the only mention of
/// JSON in this folder: `.ci/layering-debt`.)
protocol ValueCodec<Value>: Sendable {
    associatedtype Value

    /// Reads `input` as a `Value`, or throws a `MappingError` whose path is relative to `input`.
    func decode(_ input: Any, in context: MappingContext) throws -> Value

    /// Writes `value` as a plain value (Int, Double, Bool, String, `[Any]`, `[String: Any]`,
    /// `NSNull`), or `nil` when there is nothing to write (a `nil` optional).
    func encode(_ value: Value, in context: MappingContext) throws -> Any?

    /// `true` when every `Value` already is its own plain value (`Int`, `String`, `Bool`, and
    /// collections of them), so collections of it are written without converting each element.
    var encodesUnchanged: Bool { get }

    /// `true` when a value that already is a `Value` decodes to itself, unchanged and unchecked,
    /// in every coercion mode: only then is a collection already typed `[Value]` or
    /// `[String: Value]` taken whole. `false` (the default) for adapters, which convert every
    /// element whatever its type, and for codecs that check their own values (a `Double` must
    /// be finite): a native typed array then goes element by element, as an `[Any]` does, so
    /// every representation of the same data gives the same model.
    var decodesUnchanged: Bool { get }

    /// `false` only for ``UnsupportedCodec``: a property of a type with no conversion, which a
    /// plan reports as a configuration error when it is compiled.
    var isSupported: Bool { get }

    /// `true` when an update in place merges an object into the value a property has (JSON
    /// Merge Patch, RFC 7396) instead of replacing it: nested models, their optionals,
    /// dictionaries. `false` (the default): every value replaces the one before.
    var mergesUpdates: Bool { get }

    /// `input` as an update of `current`: an object merges into it (absent keys keep their
    /// values, `null` removes a dictionary's entry); anything else is read as ``decode(_:in:)``
    /// reads it. The default replaces.
    func merge(_ input: Any, into current: Value, in context: MappingContext) throws -> Value

    /// What this codec reads (``ValueShape/untyped`` unless a codec says more): what the
    /// Codable bridge asks a `Decoder` for first, how a store keeps its values and what an import
    /// notes of them before mapping (`Store/StoreShapes.swift`).
    var valueShape: ValueShape { get }

    /// Reads the next JSON value as a `Value`, or throws as ``decode(_:in:)`` would for the same
    /// value as native values (`Int`, `Double`, `String`, `[Any]`…). The default reads exactly
    /// that and decodes it; codecs override it to read their common case straight from bytes.
    func decodeJSON(_ reader: inout JSONReader, in context: MappingContext) throws -> Value

    /// Writes the value at `value` as JSON, and says whether it wrote anything (`false` for a
    /// `nil` optional). The default writes what ``encode(_:in:)`` gives. (A pointer, so nested
    /// models and collections are written where they stand, never copied.)
    func encodeJSON(at value: UnsafePointer<Value>, into writer: inout JSONWriter, in context: MappingContext) throws -> Bool

    // The slot calls below are what a plan's fields make for every value. Their defaults are
    // specialized for each concrete codec (`IntCodec`, `StringCodec`…), so a field of a common
    // type stages, moves and writes its values without generic value handling; only generic
    // codecs (arrays, nested models) go through the runtime's value witnesses.
    //
    // A field holds its codec twice: as a ``Codec`` for the calls typed by the value, and as
    // `any ValueCodec` for these, which name no `Value`: through that existential they go
    // straight to the concrete codec's code (through the `Codec` they would cost one more
    // call; an `any ValueCodec<Value>` needs the runtime of macOS 13 / iOS 16).

    /// Decodes `input` into the uninitialized memory at `slot`.
    func decode(_ input: Any, into slot: UnsafeMutableRawPointer, in context: MappingContext) throws
    /// Decodes `input` over the value at `slot`, which is destroyed (left as it was on error).
    func decode(_ input: Any, over slot: UnsafeMutableRawPointer, in context: MappingContext) throws
    /// Reads the next JSON value into the uninitialized memory at `slot`.
    func decodeJSON(_ reader: inout JSONReader, into slot: UnsafeMutableRawPointer, in context: MappingContext) throws
    /// Moves the value at `source` over the one at `target`, which is destroyed; `source` is
    /// left uninitialized.
    func move(from source: UnsafeMutableRawPointer, over target: UnsafeMutableRawPointer)
    /// Destroys the value at `slot`.
    func destroy(at slot: UnsafeMutableRawPointer)
    /// The value at `slot` as a plain value, as ``encode(_:in:)`` gives it.
    func encode(at slot: UnsafeRawPointer, in context: MappingContext) throws -> Any?
    /// ``decodeElements(of:in:)`` over the `[Value]` at `slot`, or into it when `initializing`
    /// (the array codec's slot calls, run in this codec's own code: no `[Value]` metadata to
    /// look up per array).
    func decodeElements(of array: [Any], at slot: UnsafeMutableRawPointer, initializing: Bool, in context: MappingContext) throws
    /// The `[Value]` at `slot` as a plain value: itself when ``encodesUnchanged``, else an
    /// array of its elements' plain values.
    func encodeArray(at slot: UnsafeRawPointer, in context: MappingContext) throws -> Any?
    /// Writes the value at `slot` as JSON, as ``encodeJSON(at:into:in:)`` does.
    func encodeJSON(atSlot slot: UnsafeRawPointer, into writer: inout JSONWriter, in context: MappingContext) throws -> Bool
    /// Reads the JSON array at the reader into the uninitialized `[Value]` at `slot`, as
    /// ``decodeJSONElements(_:in:)`` does.
    func decodeJSONArray(_ reader: inout JSONReader, into slot: UnsafeMutableRawPointer, in context: MappingContext) throws

    /// Every element of an array, each bad one reported under its index (arrays and sets
    /// call this, so that the loop runs in the element codec's own specialized code).
    func decodeElements(of array: [Any], in context: MappingContext) throws -> [Value]

    /// Every element of `elements` as a plain value (`NSNull` for `nil`), each failure reported
    /// under its index.
    func encodeElements(of elements: [Value], in context: MappingContext) throws -> [Any]

    /// Every element of the JSON array at the reader, each bad one reported under its index
    /// (arrays and sets call this, so that the loop runs in the element codec's own code).
    func decodeJSONElements(_ reader: inout JSONReader, in context: MappingContext) throws -> [Value]

    /// Writes `elements` as a JSON array, each failure reported under its index.
    func encodeJSONElements(_ elements: UnsafeBufferPointer<Value>, into writer: inout JSONWriter, in context: MappingContext) throws
}

extension ValueCodec {
    var encodesUnchanged: Bool { false }

    var decodesUnchanged: Bool { false }

    var isSupported: Bool { true }

    var mergesUpdates: Bool { false }

    func merge(_ input: Any, into current: Value, in context: MappingContext) throws -> Value {
        try decode(input, in: context)
    }

    var valueShape: ValueShape { .untyped }

    func decode(_ input: Any, into slot: UnsafeMutableRawPointer, in context: MappingContext) throws {
        slot.initializeMemory(as: Value.self, to: try decode(input, in: context))
    }

    func decode(_ input: Any, over slot: UnsafeMutableRawPointer, in context: MappingContext) throws {
        slot.assumingMemoryBound(to: Value.self).pointee = try decode(input, in: context)
    }

    func move(from source: UnsafeMutableRawPointer, over target: UnsafeMutableRawPointer) {
        target.assumingMemoryBound(to: Value.self).pointee = source.assumingMemoryBound(to: Value.self).move()
    }

    func destroy(at slot: UnsafeMutableRawPointer) {
        slot.assumingMemoryBound(to: Value.self).deinitialize(count: 1)
    }

    func encode(at slot: UnsafeRawPointer, in context: MappingContext) throws -> Any? {
        try encode(slot.assumingMemoryBound(to: Value.self).pointee, in: context)
    }

    func decodeElements(of array: [Any], in context: MappingContext) throws -> [Value] {
        try CollectionCoding.decodeElements(of: array, in: context) { try decode($0, in: context) }
    }

    func decodeElements(of array: [Any], at slot: UnsafeMutableRawPointer, initializing: Bool, in context: MappingContext) throws {
        let elements = try decodeElements(of: array, in: context)
        if initializing {
            slot.initializeMemory(as: [Value].self, to: elements)
        } else {
            slot.assumingMemoryBound(to: [Value].self).pointee = elements
        }
    }

    func encodeArray(at slot: UnsafeRawPointer, in context: MappingContext) throws -> Any? {
        let array = slot.assumingMemoryBound(to: [Value].self).pointee
        if encodesUnchanged { return array }
        return try encodeElements(of: array, in: context)
    }

    func encodeElements(of elements: [Value], in context: MappingContext) throws -> [Any] {
        try CollectionCoding.encodeElements(of: elements, in: context) { try encode(at: $0, in: context) }
    }

    /// The error for `input` when it is not a `Value`; a Swift `Optional` inside the `Any` is
    /// looked through first, so `["n": Optional(3)]` still decodes.
    func mismatch(_ input: Any, expected: String, in context: MappingContext) throws -> Value {
        let flattened = InputValue.flattened(input)
        if InputValue.isNSNull(flattened) {
            throw MappingError(.null(expected: expected))
        }
        if ObjectIdentifier(type(of: flattened)) != ObjectIdentifier(type(of: input)) {
            return try decode(flattened, in: context)
        }
        throw MappingError(.mismatch(expected: expected, found: ValueDescription.describe(input)))
    }
}
