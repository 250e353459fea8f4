// The codecs adapters by value type make (``ValueAdapters``, `Codecs/ValueAdapters.swift`):
// chosen when a plan is compiled, through every container around a value of their types.

extension CodecFactory {
    /// The codec for a property of `type` with no rule of its own, under `rules`: the built-in
    /// one, or with the configuration's adapters by value type, under the type's yes-or-no
    /// policies (``codec(_:flags:)``).
    static func codec<Value>(for type: Value.Type, rules: ConfigurationRules) -> Codec<Value> {
        let chosen = codec(for: type, mode: rules.coercion, adapters: rules.valueAdapters)
        return codec(chosen, flags: rules.flags)
    }

    /// The codec for `type`: with `adapters` at every value of their types it holds, when one
    /// reaches; else the built-in one.
    static func codec<Value>(for type: Value.Type, mode: CoercionMode, adapters: ValueAdapters) -> Codec<Value> {
        guard !adapters.isEmpty, let adapted = adaptedCodec(for: type, mode: mode, adapters: adapters) else {
            return codec(for: type, mode: mode)
        }
        return adapted
    }

    /// The codec for `type` with `adapters` converting every value of their types it holds,
    /// through optionals, arrays, sets and `[String: …]` dictionaries around them; `nil` when no
    /// adapter reaches a value of `type` (a plan reports an adapter that fits nothing).
    static func adaptedCodec<Value>(for type: Value.Type, mode: CoercionMode, adapters: ValueAdapters) -> Codec<Value>? {
        // The entry for `Value` holds a `Codec<Value>` (``ValueAdapters/adding(_:)``).
        if let codec = adapters.codec(for: type, mode: mode) { return unsafeDowncast(codec, to: Codec<Value>.self) }
        guard let container = type as? any ContainerCodecProviding.Type else { return nil }
        return container.makeCodec(mode: mode, elements: AdaptedElements(adapters: adapters)) as? Codec<Value>
    }
}

/// Element codecs with adapters on the way: `nil` where none reaches.
private struct AdaptedElements: ElementCodecs {
    let adapters: ValueAdapters

    func codec<Element>(for type: Element.Type, mode: CoercionMode) -> Codec<Element>? {
        CodecFactory.adaptedCodec(for: type, mode: mode, adapters: adapters)
    }
}
