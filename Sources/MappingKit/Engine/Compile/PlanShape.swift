/// What a plan's model type and the structure of its rules decide, by role: compiled once, and
/// shared by every plan bound from the same compile (``ObjectPlan/bound(to:)``), whose fields
/// and hooks may differ but whose keys, offsets and policies do not.
final class PlanShape: Sendable {
    /// The model type, and what its declaration decides.
    let model: Model
    /// Which keys feed which fields.
    let keys: Keys
    /// Where values are staged before they are committed.
    let staging: Staging
    /// How representations are written.
    let output: Output
    /// Whether the model type reads and writes through MappingKit's own implementations (the
    /// type's, not the rules', so shared by every plan bound from this one).
    let defaults = DefaultPaths()

    init(model: Model, keys: Keys, staging: Staging, output: Output) {
        self.model = model
        self.keys = keys
        self.staging = staging
        self.output = output
    }

    struct Model: Sendable {
        /// The model's type, named in messages (``ObjectPlan/modelName``).
        let type: Any.Type
        /// Classes are updated in place through the object; structs through their own bytes.
        let isObject: Bool
        /// The indexes of the fields that make up the primary key, when the type declares one.
        let identity: [Int]?
        /// The declared names of an `@Observable` class's tracked properties that are not set
        /// through their accessors (``MappingConfiguration/Builder/observed(_:fileID:line:)``): updating such
        /// a model in place would not tell its observers, so it is refused.
        let unobserved: [String]
        /// The policies this model hands down to nested types that set none.
        let handedDown: InheritedPolicies?
        /// The rules took a policy from a parent or a mapper (where ``RecentPlans`` keeps the
        /// plan).
        let inheritsPolicies: Bool
        /// The yes-or-no policies on for the type (``TreeFlag``), for those a run acts on
        /// (``TreeFlag/defaultsWhenInvalid``).
        let flags: TreeFlag

        init(type: Any.Type, identity: [Int]?, unobserved: [String], handedDown: TreePolicies?, inheritsPolicies: Bool, flags: TreeFlag) {
            self.type = type
            isObject = type is AnyClass
            self.identity = identity
            self.unobserved = unobserved
            self.handedDown = handedDown.flatMap(InheritedPolicies.of)
            self.inheritsPolicies = inheritsPolicies
            self.flags = flags
        }
    }

    struct Keys: Sendable {
        /// Each field's key when it is a single plain key (the common case), looked up directly.
        let singleKeys: [String?]
        /// The single plain keys, in field order (as many as fields when every field has one).
        let plainKeys: [String]
        /// Two properties read or write the same first key: the first one written must be kept.
        let sharesKeys: Bool
        /// Every field reads one top-level key of its own (the plan also needs no key handlers to
        /// walk a dictionary's keys: ``ObjectPlan/walksKeys``).
        let walkable: Bool
        /// For each field, the index of the configuration rule it was compiled from.
        let fieldRules: [Int?]
        /// Every key the plan reads, for finding the undefined ones (made when a policy needs it).
        let consumed: LazyValue<ConsumedKeys>
        /// Which fields read a top-level key of their own, by the key's bytes (made when first needed).
        let direct: LazyValue<DirectKeys>
        /// The flattened properties (``FlattenedField``), which the input is rewritten for.
        let flattened: [FlattenedField]

        init(fields: [any FieldSlot], hooks: ConfigurationHooks, fieldRules: [Int?]) {
            var singleKeys: [String?] = []
            var plainKeys: [String] = []
            // The first steps of the keys that are not one plain key (a path, several keys):
            // with the plain keys, every first step (usually none, and no array made).
            var otherSteps: [String] = []
            var flattened: [FlattenedField] = []
            singleKeys.reserveCapacity(fields.count)
            plainKeys.reserveCapacity(fields.count)
            for field in fields {
                let keys = field.keys
                singleKeys.append(keys.single)
                if let single = keys.single {
                    plainKeys.append(single)
                } else if let step = keys.firstStepText {
                    otherSteps.append(step)
                }
                if keys.isFlattened, let field = FlattenedField(field) { flattened.append(field) }
            }
            let sharesKeys = Self.repeats(otherSteps.isEmpty ? plainKeys : plainKeys + otherSteps)
            self.singleKeys = singleKeys
            self.plainKeys = plainKeys
            self.sharesKeys = sharesKeys
            walkable = !fields.isEmpty && plainKeys.count == fields.count && !sharesKeys
            self.fieldRules = fieldRules
            consumed = LazyValue {
                var consumed = ConsumedKeys()
                for key in fields.flatMap(\.keys.all) + hooks.keyHandlers.flatMap(\.keys.all) {
                    consumed.insert(key.steps[...])
                }
                return consumed
            }
            direct = LazyValue { DirectKeys(fields: fields, hooks: hooks) }
            self.flattened = flattened
        }

        /// Whether a text occurs twice in `texts`, as `String` compares them (canonical
        /// equivalence: `"K"` and `"\u{212A}"` are the same key). A model's few keys are
        /// compared pairwise, two ASCII keys of different lengths without looking at their text,
        /// which hashes nothing (a set hashes every key, a few hundred instructions each, when a
        /// plan compiles); many go through a set.
        static func repeats(_ texts: [String]) -> Bool {
            guard texts.count > 32 else {
                // Each text's length in bytes when it is ASCII (where equal means the same
                // bytes), else -1.
                let lengths = texts.map { text in text.utf8.allSatisfy { $0 < 0x80 } ? text.utf8.count : -1 }
                for index in texts.indices.dropFirst() {
                    let length = lengths[index]
                    for other in 0..<index {
                        if length >= 0, lengths[other] >= 0, lengths[other] != length { continue }
                        if texts[other] == texts[index] { return true }
                    }
                }
                return false
            }
            var seen = Set<String>(minimumCapacity: texts.count)
            return texts.contains { !seen.insert($0).inserted }
        }
    }

    struct Staging: Sendable {
        /// The model's `UnmappedValues` property, where `.stash` keeps undefined keys.
        let stash: TypedField<UnmappedValues>?
        let byteCount: Int
        let alignment: Int

        init(fields: [any FieldSlot], stash: TypedField<UnmappedValues>?) {
            var endOffset = 0
            var alignment = 1
            for field in fields {
                endOffset = max(endOffset, field.endOffset)
                alignment = max(alignment, field.alignment)
            }
            self.stash = stash
            byteCount = max(endOffset, stash?.endOffset ?? 0, 1)
            self.alignment = max(alignment, stash?.alignment ?? 1, MemoryLayout<Int>.alignment)
        }
    }

    struct Output: Sendable {
        let policies: OutputPolicies
        /// The policies' undefined-key policy, on its own: read for every model, and reading it
        /// through `policies` copies (and retains) the rest.
        let undefinedKeys: UndefinedKeyPolicy
        /// Which fields the dictionary representation writes (all, unless a subset is registered).
        let represented: [Bool]
        /// Each field's key, when every field is represented and writes one key of its own.
        let plainKeys: [String]?
        /// Per field, `true` for an optional whose value in a fresh model is not `nil`
        /// (`var count: Int? = 5`): its `nil` is written as `null`, since an absent key would
        /// read back as the default. Empty when no field is such.
        let writesNullWhenNil: [Bool]
        /// An empty dictionary with room for every field, copied for each representation (never
        /// mutated, so safe to share; made once, the copies need no runtime metadata lookup).
        nonisolated(unsafe) let emptyDictionary: [String: Any]

        init(policies: OutputPolicies, represented: [Bool], plainKeys: [String]?, writesNullWhenNil: [Bool], fieldCount: Int) {
            self.policies = policies
            undefinedKeys = policies.undefinedKeys
            self.represented = represented
            self.plainKeys = plainKeys
            self.writesNullWhenNil = writesNullWhenNil
            emptyDictionary = Dictionary(minimumCapacity: fieldCount)
        }
    }
}

/// The shape's parts as the plan's loops name them. A value that holds references is yielded
/// rather than returned: a getter hands back its own copy, a retain and a release on every
/// read, and the loops read these for every model.
extension ObjectPlan {
    var modelType: Any.Type { shape.model.type }
    var isObject: Bool { shape.model.isObject }
    var identity: [Int]? {
        _read { yield shape.model.identity }
    }
    var unobserved: [String] {
        _read { yield shape.model.unobserved }
    }
    var handedDown: InheritedPolicies? {
        _read { yield shape.model.handedDown }
    }
    var inheritsPolicies: Bool { shape.model.inheritsPolicies }
    /// The yes-or-no policies on for the type.
    var flags: TreeFlag { shape.model.flags }
    var defaults: DefaultPaths {
        _read { yield shape.defaults }
    }

    var singleKeys: [String?] {
        _read { yield shape.keys.singleKeys }
    }
    var sharesKeys: Bool { shape.keys.sharesKeys }
    var consumed: ConsumedKeys {
        _read { yield shape.keys.consumed.value }
    }
    var directKeys: DirectKeys {
        _read { yield shape.keys.direct.value }
    }
    var flattened: [FlattenedField] {
        _read { yield shape.keys.flattened }
    }

    var stash: TypedField<UnmappedValues>? {
        _read { yield shape.staging.stash }
    }
    var stagingByteCount: Int { shape.staging.byteCount }
    var stagingAlignment: Int { shape.staging.alignment }

    var undefinedKeys: UndefinedKeyPolicy { shape.output.undefinedKeys }
    var represented: [Bool] {
        _read { yield shape.output.represented }
    }
    var plainKeys: [String]? {
        _read { yield shape.output.plainKeys }
    }
    var writesNullWhenNil: [Bool] {
        _read { yield shape.output.writesNullWhenNil }
    }
    var emptyOutput: [String: Any] {
        _read { yield shape.output.emptyDictionary }
    }
}
