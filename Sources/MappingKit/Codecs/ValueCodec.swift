import Foundation

/// Converts one property type between its Swift form and the plain values of a dictionary
/// (`Int`, `Double`, `Bool`, `String`, `[Any]`, `[String: Any]`, `NSNull`): a value type's
/// conversion, in one file per type (`IntegerCodec.swift`, `DurationValue.swift`…).
///
/// This is all a codec's author writes. The rest is other folders' work, each in its own
/// protocol with defaults, so that a codec gets them by conforming:
/// - ``SlotCoding`` (this folder, `SlotCoding.swift`): the calls a plan's fields make on raw
///   memory for every value, specialized for each codec. The only pointer code of a codec.
/// - `JSONCoding` (`JSON/JSONCoding.swift`): reading and writing JSON bytes, with each codec's
///   fast paths in its JSON file (`JSON/IntegerCodec+JSON.swift`). A codec conforms there, which
///   also makes it a ``SlotCoding``.
///
/// Codecs are built once per property when a plan is compiled, and are immutable afterwards.
protocol ValueCodec<Value>: Sendable {
    associatedtype Value

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
