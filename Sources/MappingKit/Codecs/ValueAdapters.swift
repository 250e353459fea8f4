/// Adapters chosen by the type of the values they convert: each converts every value of its type
/// that a property holds, through any nesting of optionals, arrays, sets and `[String: …]`
/// dictionaries (``CodecFactory/adaptedCodec(for:mode:adapters:)``). A property's own adapter
/// (`map.map(\.dates, using: .iso8601)`) is one of these with one entry.
///
/// A value: equal when they hold the same adapters for the same types, so that it is part of a
/// plan's identity as it is.
struct ValueAdapters: Hashable, Sendable {
    private struct Entry: Sendable {
        let type: ObjectIdentifier
        /// The adapter's identity: built-in adapters by name and type, any other by instance.
        let identity: RuleIdentity
        let name: String
        /// The adapter's codec, a `Codec<Value>` of the entry's type, for a coercion mode.
        let codec: @Sendable (CoercionMode) -> AnyObject
    }

    private var entries: [Entry] = []

    init() {}

    /// One adapter, for its value type.
    init<Value>(_ adapter: Adapter<Value>) {
        adding(adapter)
    }

    var isEmpty: Bool { entries.isEmpty }

    /// The adapters' names, as messages name them: `iso8601`.
    var names: [String] { entries.map(\.name) }

    /// `adapter` for every value of its type, replacing the one there was for that type.
    mutating func adding<Value>(_ adapter: Adapter<Value>) {
        let type = ObjectIdentifier(Value.self)
        entries.removeAll { $0.type == type }
        entries.append(Entry(type: type, identity: adapter.identity, name: adapter.name) { mode in adapter.codec(mode) })
    }

    /// These adapters, with `other`'s for every type `other` has one for.
    func overridden(by other: ValueAdapters) -> ValueAdapters {
        // Most configurations have none: nothing made (a plan asks once per property).
        if other.entries.isEmpty { return self }
        if entries.isEmpty { return other }
        var merged = self
        let replaced = Set(other.entries.map(\.type))
        merged.entries = entries.filter { !replaced.contains($0.type) } + other.entries
        return merged
    }

    /// The codec of the adapter for `type`, when there is one: a `Codec<Value>` for `type`.
    func codec(for type: Any.Type, mode: CoercionMode) -> AnyObject? {
        let type = ObjectIdentifier(type)
        return entries.first { $0.type == type }?.codec(mode)
    }

    /// Compared entry by entry, making nothing: a tree under a value strategy compares the
    /// adapters handed down for every nested model it maps.
    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.entries.count == rhs.entries.count
            && zip(lhs.entries, rhs.entries).allSatisfy { $0.type == $1.type && $0.identity == $1.identity }
    }

    func hash(into hasher: inout Hasher) {
        for entry in entries {
            hasher.combine(entry.type)
            hasher.combine(entry.identity)
        }
    }
}
