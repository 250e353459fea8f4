/// A codec known only by the type of its values: what fields, containers and configuration
/// rules hold.
///
/// A class rather than `any ValueCodec<Value>`: an existential with a primary associated type
/// needs the runtime of macOS 13 / iOS 16 / tvOS 16 / watchOS 9, newer than MappingKit's floor
/// (`.ci/availability` checks it). Concrete codecs stay structs that conform to ``ValueCodec``,
/// each erased once, when a plan is compiled, with `Codec.erasing(_:)`; a `Codec` is found again
/// by casting to it, which is cheap (a class check).
///
/// `Codec` itself is never made: the one subclass that is, `ErasedCodec`, belongs to the format
/// with typed calls of its own (`JSON/JSONCoding.swift`), which adds them to these and overrides
/// every member, so the bodies here are never reached. ``SlotCoding/erased()`` is how this
/// folder asks for one without naming it.
class Codec<Value>: ValueCodec, @unchecked Sendable {
    // @unchecked: a `Codec` has no state; `ErasedCodec` holds a `Sendable` codec.

    /// For the erased codec's initializer only: `JSON/ErasedCodec.swift`'s `JSONCodec`, whose
    /// own initializer is private to that file, is the one subclass, and nothing else makes a
    /// `Codec` (``abstract()`` is unreachable; `CodecErasureTests` pins both).
    init() {}

    /// The codec as the concrete type `Base`, erased.
    static func erasing<Base: SlotCoding>(_ base: Base) -> Codec<Value> where Base.Value == Value {
        base.erased()
    }

    /// A codec that already is one, unchanged: never erased twice.
    static func erasing(_ codec: Codec<Value>) -> Codec<Value> {
        codec
    }

    /// The concrete codec inside, for the fast paths that look for a known one (`IntCodec`…).
    var base: any Sendable { abstract() }

    /// The concrete codec's type.
    var baseType: any Sendable.Type { abstract() }

    /// The concrete codec, for the calls a field makes for every value (see ``SlotCoding``):
    /// through this existential they go straight to the concrete codec's code.
    var slots: any SlotCoding { abstract() }

    private func abstract() -> Never {
        preconditionFailure("Codec is made only as an ErasedCodec")
    }

    func decode(_ input: Any, in context: MappingContext) throws -> Value { abstract() }
    func encode(_ value: Value, in context: MappingContext) throws -> Any? { abstract() }
    func merge(_ input: Any, into current: Value, in context: MappingContext) throws -> Value { abstract() }
    var traits: CodecTraits { abstract() }
    var valueShape: ValueShape { abstract() }

    /// ``SlotCoding/decodeElements(of:in:)`` of the concrete codec.
    func decodeElements(of array: [Any], in context: MappingContext) throws -> [Value] { abstract() }
    /// ``SlotCoding/encodeElements(of:in:)`` of the concrete codec.
    func encodeElements(of elements: [Value], in context: MappingContext) throws -> [Any] { abstract() }
}
