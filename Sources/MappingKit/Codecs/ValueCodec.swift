import Foundation

/// Converts one property type between its Swift form and every format MappingKit reads and
/// writes: a value type's conversions, in one file per type (`IntegerCodec.swift`,
/// `DurationValue.swift`…), as GRDB keeps a type's conversions in one file.
///
/// Every format's part is a requirement of this one protocol, so a codec that forgets one does
/// not compile; a part has a default only where the default is correct for every codec:
/// - Native values (below): the plain values of a dictionary (`Int`, `Double`, `Bool`,
///   `String`, `[Any]`, `[String: Any]`, `NSNull`). No defaults but for merging and traits.
/// - Raw memory (defaults in `SlotCoding.swift`): the calls a plan's fields make on raw memory
///   for every value, specialized for each codec. The only pointer code of a codec.
/// - JSON bytes (defaults in `JSONCoding.swift`): the value read as native values and decoded,
///   written as ``encode(_:in:)`` gives it, which is always right; a codec's fast paths from and
///   to the bytes sit in its own file, beside its native conversion, so both agree.
/// - JSON Schema: what the codec reads and writes, asked of the codec through the document's
///   builder (``SchemaBuilding``). No default.
///
/// Codecs are built once per property when a plan is compiled, and are immutable afterwards.
protocol ValueCodec<Value>: Sendable {
    associatedtype Value

    // MARK: Native values

    /// Reads `input` as a `Value`, or throws a `MappingError` whose path is relative to `input`.
    func decode(_ input: Any, in context: MappingContext) throws -> Value

    /// Writes `value` as a plain value (Int, Double, Bool, String, `[Any]`, `[String: Any]`,
    /// `NSNull`), or `nil` when there is nothing to write (a `nil` optional).
    func encode(_ value: Value, in context: MappingContext) throws -> Any?

    /// `input` as an update of `current`: an object merges into it (absent keys keep their
    /// values, `null` removes a dictionary's entry); anything else is read as ``decode(_:in:)``
    /// reads it. The default replaces.
    func merge(_ input: Any, into current: Value, in context: MappingContext) throws -> Value

    /// What the codec says of itself (``CodecTraits``); none by default.
    var traits: CodecTraits { get }

    /// What this codec reads (``ValueShape/untyped`` unless a codec says more): what the
    /// Codable bridge asks a `Decoder` for first, how a store keeps its values and what an import
    /// notes of them before mapping (`Store/StoreShapes.swift`).
    var valueShape: ValueShape { get }

    /// What a plan's loops and the formats may read and write themselves at a property's offset,
    /// without a call through the codec (``DirectValues``): the codec's own values only, never
    /// those of a codec it wraps (an adapter, a raw-value enum or a lossy collection around an
    /// `Int` converts, checks or drops what the plain codec would take as it is). `.none`, the
    /// default, for every codec but the four scalars', their optionals', nested models' and
    /// arrays of those.
    var direct: DirectValues { get }

    // MARK: Raw memory (`SlotCoding.swift`)

    /// Decodes `input` into the uninitialized memory at `slot`.
    func decode(_ input: Any, into slot: UnsafeMutableRawPointer, in context: MappingContext) throws
    /// Decodes `input` over the value at `slot`, which is destroyed (left as it was on error).
    func decode(_ input: Any, over slot: UnsafeMutableRawPointer, in context: MappingContext) throws
    /// Moves the value at `source` over the one at `target`, which is destroyed; `source` is
    /// left uninitialized.
    func move(from source: UnsafeMutableRawPointer, over target: UnsafeMutableRawPointer)
    /// Destroys the value at `slot`.
    func destroy(at slot: UnsafeMutableRawPointer)
    /// The value at `slot` as a plain value, as ``ValueCodec/encode(_:in:)`` gives it.
    func encode(at slot: UnsafeRawPointer, in context: MappingContext) throws -> Any?
    /// ``decodeElements(of:in:)`` over the `[Value]` at `slot`, or into it when `initializing`
    /// (the array codec's slot calls, run in this codec's own code: no `[Value]` metadata to
    /// look up per array).
    func decodeElements(of array: [Any], at slot: UnsafeMutableRawPointer, initializing: Bool, in context: MappingContext) throws
    /// The `[Value]` at `slot` as a plain value: itself when ``ValueCodec/encodesUnchanged``,
    /// else an array of its elements' plain values.
    func encodeArray(at slot: UnsafeRawPointer, in context: MappingContext) throws -> Any?
    /// Every element of an array, each bad one reported under its index (arrays and sets call
    /// this, so that the loop runs in the element codec's own specialized code).
    func decodeElements(of array: [Any], in context: MappingContext) throws -> [Value]
    /// Every element of `elements` as a plain value (`NSNull` for `nil`), each failure reported
    /// under its index.
    func encodeElements(of elements: [Value], in context: MappingContext) throws -> [Any]

    /// This codec in the box every field, container and rule holds (``Codec``, `Codec.swift`).
    /// Call it through ``Codec/erasing(_:)``.
    func erased() -> Codec<Value>

    // MARK: JSON bytes (`JSONCoding.swift`)

    /// Reads the next JSON value as a `Value`, or throws as ``ValueCodec/decode(_:in:)`` would
    /// for the same value as native values (`Int`, `Double`, `String`, `[Any]`…). The default
    /// reads exactly that and decodes it; codecs override it to read their common case straight
    /// from bytes.
    func decodeJSON(_ reader: inout JSONReader, in context: MappingContext) throws -> Value

    /// Writes the value at `value` as JSON, and says whether it wrote anything (`false` for a
    /// `nil` optional). The default writes what ``ValueCodec/encode(_:in:)`` gives. (A pointer,
    /// so nested models and collections are written where they stand, never copied.)
    func encodeJSON(at value: UnsafePointer<Value>, into writer: inout JSONWriter, in context: MappingContext) throws -> Bool

    /// Reads the next JSON value into the uninitialized memory at `slot` (a field's call, as
    /// the raw-memory calls are).
    func decodeJSON(_ reader: inout JSONReader, into slot: UnsafeMutableRawPointer, in context: MappingContext) throws

    /// Writes the value at `slot` as JSON, as ``encodeJSON(at:into:in:)`` does.
    func encodeJSON(atSlot slot: UnsafeRawPointer, into writer: inout JSONWriter, in context: MappingContext) throws -> Bool

    /// Every element of the JSON array at the reader, each bad one reported under its index
    /// (arrays and sets call this, so that the loop runs in the element codec's own code).
    func decodeJSONElements(_ reader: inout JSONReader, in context: MappingContext) throws -> [Value]

    /// Writes `elements` as a JSON array, each failure reported under its index.
    func encodeJSONElements(_ elements: UnsafeBufferPointer<Value>, into writer: inout JSONWriter, in context: MappingContext) throws

    /// Reads the JSON array at the reader into the uninitialized `[Value]` at `slot`, as
    /// ``decodeJSONElements(_:in:)`` does.
    func decodeJSONArray(_ reader: inout JSONReader, into slot: UnsafeMutableRawPointer, in context: MappingContext) throws

    // MARK: JSON Schema (in the codec's own file)

    /// The JSON Schema (draft 2020-12) of one value: what ``encodeJSON(at:into:in:)`` writes and
    /// the codec reads back under ``CoercionMode/strict``, for a property mapped in `context`
    /// (the nested models' context). No default: a codec that reads any value says so with the
    /// empty schema, `[:]`.
    func schema(in builder: any SchemaBuilding, context: MappingContext) throws -> [String: Any]

    /// The object schema of a flattened value (its keys are the parent's own), or `nil` for a
    /// codec whose values cannot be flattened: the default, right for every codec but nested
    /// models, their optionals and tagged enums.
    func inlineSchema(in builder: any SchemaBuilding, context: MappingContext) throws -> [String: Any]?
}

/// What a codec says of itself, read when a plan is compiled and by collections of its values.
struct CodecTraits: OptionSet, Sendable {
    let rawValue: UInt8

    /// Every `Value` already is its own plain value (`Int`, `String`, `Bool`, and collections of
    /// them), so collections of it are written without converting each element.
    static let encodesUnchanged = CodecTraits(rawValue: 1 << 0)

    /// A value that already is a `Value` decodes to itself, unchanged and unchecked, in every
    /// coercion mode: only then is a collection already typed `[Value]` or `[String: Value]`
    /// taken whole. Not for adapters, which convert every element whatever its type, nor for
    /// codecs that check their own values (a `Double` must be finite): a native typed array then
    /// goes element by element, as an `[Any]` does, so every representation of the same data
    /// gives the same model.
    static let decodesUnchanged = CodecTraits(rawValue: 1 << 1)

    /// An update in place merges an object into the value a property has (JSON Merge Patch,
    /// RFC 7396) instead of replacing it: nested models, their optionals, dictionaries.
    static let mergesUpdates = CodecTraits(rawValue: 1 << 2)

    /// Only ``UnsupportedCodec``: a property of a type with no conversion, which a plan reports
    /// as a configuration error when it is compiled.
    static let unsupported = CodecTraits(rawValue: 1 << 3)
}

extension ValueCodec {
    var traits: CodecTraits { [] }

    func merge(_ input: Any, into current: Value, in context: MappingContext) throws -> Value {
        try decode(input, in: context)
    }

    var valueShape: ValueShape { .untyped }

    var direct: DirectValues { .none }

    /// Which of the commonest property types the codec reads and writes as they are
    /// (``DirectValues/leaf(_:)``), or `.none`.
    var leafKind: LeafKind { direct.leafKind }

    func inlineSchema(in builder: any SchemaBuilding, context: MappingContext) throws -> [String: Any]? {
        nil
    }

    /// ``CodecTraits/encodesUnchanged``.
    var encodesUnchanged: Bool { traits.contains(.encodesUnchanged) }

    /// ``CodecTraits/decodesUnchanged``.
    var decodesUnchanged: Bool { traits.contains(.decodesUnchanged) }

    /// ``CodecTraits/mergesUpdates``.
    var mergesUpdates: Bool { traits.contains(.mergesUpdates) }

    /// Not ``CodecTraits/unsupported``.
    var isSupported: Bool { !traits.contains(.unsupported) }

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
