/// The yes-or-no policies a model hands down to the types nested in it, each a `Bool` of the
/// configuration's builder (`map.lossyCollections = true`). They travel as one value through
/// every step a tree policy takes (a type's own choice, the rules' identity, what a plan hands
/// down, what a nested type takes, what a tagged payload's values get), so a new one is a case
/// here, its two accessors in `API/` and the place that acts on it: no step has a line per flag.
struct TreeFlag: OptionSet, Hashable, Sendable {
    let rawValue: UInt8

    /// Every array, set and dictionary leaves out the elements that do not convert
    /// (``MappingConfiguration/Builder/lossyCollections``).
    static let lossyCollections = TreeFlag(rawValue: 1 << 0)
    /// Every array and set reads one value that is no array as its only element
    /// (``MappingConfiguration/Builder/singleValuesAsArrays``).
    static let singleValuesAsArrays = TreeFlag(rawValue: 1 << 1)
    /// A value that does not convert leaves its property as it was, reported
    /// (``MappingConfiguration/Builder/defaultsWhenInvalid``).
    static let defaultsWhenInvalid = TreeFlag(rawValue: 1 << 2)
    /// Empty text reads as `nil` into every optional
    /// (``MappingConfiguration/Builder/emptyStringsAsNil``).
    static let emptyStringsAsNil = TreeFlag(rawValue: 1 << 3)
    /// `null` for a property that is not optional leaves it as it was, reported
    /// (``MappingConfiguration/Builder/defaultsWhenNull``).
    static let defaultsWhenNull = TreeFlag(rawValue: 1 << 4)

    /// The flags under which a field whose value fails may be left as it was
    /// (`ObjectPlan.keepsField(after:found:at:in:)`).
    static let keepingFields: TreeFlag = [.defaultsWhenInvalid, .defaultsWhenNull]
}

/// The flags a model hands down: those it decided (chose or inherited) and, of them, those on.
/// A nested type takes each decided flag it did not choose itself.
struct HandedFlags: Hashable, Sendable {
    /// The flags decided above; the others are left to each type.
    var decided: TreeFlag = []
    /// The decided flags that are on.
    var on: TreeFlag = []

    var isEmpty: Bool { decided.isEmpty }

    /// Whether `flag` was decided, and how (`nil`: left to each type).
    subscript(flag: TreeFlag) -> Bool? {
        decided.contains(flag) ? on.contains(flag) : nil
    }
}

/// A type's tree flags: which are on, which the configuration chose itself and which came from
/// a parent or a mapper. Part of the type's policies, so of its plan's identity.
struct TreeFlagSettings: Hashable, Sendable {
    /// The flags that are on.
    private(set) var on: TreeFlag = []
    /// The flags the configuration chose itself (on or off).
    private(set) var owned: TreeFlag = []
    /// The flags taken from a parent or a mapper.
    var inherited: TreeFlag = []

    /// Whether `flag` is on; setting it makes the flag the configuration's own.
    subscript(flag: TreeFlag) -> Bool {
        get { on.contains(flag) }
        set {
            if newValue { on.insert(flag) } else { on.remove(flag) }
            owned.insert(flag)
            inherited.remove(flag)
        }
    }

    /// What the type hands down: each flag it chose or inherited.
    var handedDown: HandedFlags {
        let decided = owned.union(inherited)
        return HandedFlags(decided: decided, on: on.intersection(decided))
    }

    /// These settings with `other`'s on top (a configuration extended by another): `other`'s
    /// values, each flag either chose as chosen, none inherited.
    func extended(by other: TreeFlagSettings) -> TreeFlagSettings {
        TreeFlagSettings(on: other.on, owned: owned.union(other.owned), inherited: [])
    }

    /// The flags of `handed` these settings would take: decided above, not chosen here, and not
    /// already inherited with the same value.
    func taking(_ handed: HandedFlags) -> TreeFlag {
        let same = TreeFlag(rawValue: ~(on.rawValue ^ handed.on.rawValue))
        return handed.decided.subtracting(owned).subtracting(inherited.intersection(same))
    }

    /// These settings with the flags `taken` from `handed`.
    func inheriting(_ taken: TreeFlag, from handed: HandedFlags) -> TreeFlagSettings {
        TreeFlagSettings(
            on: on.subtracting(taken).union(handed.on.intersection(taken)),
            owned: owned,
            inherited: inherited.union(taken)
        )
    }
}
