/// A property of type `Value` at `offset`.
final class TypedField<Value>: FieldCalls, FieldSlot, @unchecked Sendable {
    // Declared in this order so that the one-byte members fill the bytes `keys` leaves before
    // the next word: every plan's first mapping writes its fields to fresh memory.
    let name: String
    let keys: FieldKeys
    /// Whether defaults or requirements apply, decided once: in unspecialized generic code even
    /// `requirements.isEmpty` asks the runtime for metadata, so the common path checks these.
    let hasNullDefault: Bool
    let hasRules: Bool
    let leaf: LeafKind
    let mergesUpdates: Bool
    /// Both only ever set where ``mergesUpdates`` is.
    var mergesDefault = false
    var holdsModel = false
    var requiresKey = false
    /// `hasNullDefault || hasRules || mergesUpdates`, decided once: ``decode(_:over:in:)``
    /// checks one flag for the common field.
    private let decodesOverWithRules: Bool
    var nilsWhenMissing = false
    let offset: Int
    let codec: Codec<Value>
    /// The same codec, for the calls made for every value (the raw-memory calls of ``ValueCodec``).
    let slots: any ValueCodec
    /// The requirements and defaults, when there are any, in a box: a field of the common kind
    /// holds `nil`, which needs no runtime metadata for `[Requirement<Value>]` when the field is
    /// made, and no room for the defaults.
    private let ruleBox: FieldRuleBox<Value>?

    /// A field with no defaults or requirements (the common case), made without looking at any.
    init(name: String, keys: FieldKeys, offset: Int, codec: Codec<Value>) {
        self.name = name
        self.keys = keys
        self.offset = offset
        self.codec = codec
        slots = codec.slots
        ruleBox = nil
        hasNullDefault = false
        hasRules = false
        leaf = self.codec.leafKind
        mergesUpdates = self.codec.mergesUpdates
        decodesOverWithRules = mergesUpdates
    }

    init(
        name: String,
        keys: FieldKeys,
        offset: Int,
        codec: Codec<Value>,
        rules ruleBox: FieldRuleBox<Value>?,
        replacesOnUpdate: Bool = false
    ) {
        self.name = name
        self.keys = keys
        self.offset = offset
        self.codec = codec
        slots = codec.slots
        self.ruleBox = ruleBox
        hasNullDefault = ruleBox?.defaults.whenNull != nil
        hasRules = ruleBox.map { !$0.requirements.isEmpty || $0.defaults.whenMissing != nil } ?? false
        leaf = hasNullDefault || hasRules ? .none : codec.leafKind
        mergesUpdates = codec.mergesUpdates && !replacesOnUpdate
        decodesOverWithRules = hasNullDefault || hasRules || mergesUpdates
    }

    /// The field for `rule` under the configuration's `rules`: the rule's adapter's codec, or the
    /// built-in one (with the configuration's adapters by value type), under the rule's coercion
    /// mode or else the configuration's; lossy when the rule or the configuration says so; empty
    /// text as `nil` when either does.
    convenience init(name: String, keys: FieldKeys, offset: Int, rule: PropertyRule, rules: ConfigurationRules) {
        let coercion = rule.coercion ?? rules.coercion
        let requirements = rule.requirements as? [Requirement<Value>] ?? []
        let chosen = (rule.makeCodec?(Value.self, coercion) as? Codec<Value>)
            ?? CodecFactory.codec(for: Value.self, mode: coercion, adapters: rules.valueAdapters)
        let codec = CodecFactory.codec(chosen, flags: rules.flags.union(rule.settings.flags))
        self.init(
            name: name,
            keys: keys,
            offset: offset,
            codec: CodecFactory.codec(codec, invalidDefault: rule.defaults.whenInvalid),
            rules: FieldRuleBox.boxing(requirements, rule.defaults),
            replacesOnUpdate: rule.replacesOnUpdate
        )
    }

    /// The requirements every value must meet (none, in the common case).
    var requirements: [Requirement<Value>] {
        ruleBox?.requirements ?? []
    }

    var requirementsNeedKey: Bool {
        requirements.contains { !$0.isMet(by: nil) }
    }

    /// The values the property takes when its key is absent or its value null (none, in the
    /// common case).
    var defaults: FieldDefaults {
        ruleBox?.defaults ?? FieldDefaults()
    }

    func rebound(to rule: PropertyRule, rules: ConfigurationRules) -> any FieldSlot {
        let field = TypedField(name: name, keys: keys, offset: offset, rule: rule, rules: rules)
        field.mergesDefault = mergesDefault && field.mergesUpdates
        field.holdsModel = holdsModel && field.mergesUpdates
        field.requiresKey = requiresKey && rule.defaults.whenMissing == nil && !rule.allowsMissing
        field.nilsWhenMissing = nilsWhenMissing && rule.defaults.whenMissing == nil && !rule.allowsMissing
        return field
    }

    var valueShape: ValueShape { codec.valueShape }

    var isSupported: Bool { codec.isSupported }

    var valueType: Any.Type { Value.self }


    func keyValue(from input: Any, in context: MappingContext) throws -> PrimaryKey.Storage {
        try Self.keyValue(try codec.decode(input, in: context))
    }

    func keyValue(in model: UnsafeRawPointer) throws -> PrimaryKey.Storage {
        try Self.keyValue((model + offset).assumingMemoryBound(to: Value.self).pointee)
    }

    /// `value` as a key: an `Int` or a `String` as itself (checked by metatype, not by a dynamic
    /// cast: the keys an import hashes most), anything else through `AnyHashable`.
    private static func keyValue(_ value: Value) throws -> PrimaryKey.Storage {
        if Value.self == Int.self { return .int(unsafeBitCast(value, to: Int.self)) }
        if Value.self == String.self { return .string(unsafeBitCast(value, to: String.self)) }
        guard let key = value as? AnyHashable else {
            throw MappingError(.mismatch(expected: "a Hashable primary key", found: ValueDescription.typeName(Value.self)))
        }
        return PrimaryKey.single(key)
    }

    var endOffset: Int { offset + MemoryLayout<Value>.size }
    var alignment: Int { MemoryLayout<Value>.alignment }

    override func decodeMissing(into staging: UnsafeMutableRawPointer, createsModel: Bool) throws -> Bool {
        guard hasRules || requiresKey || nilsWhenMissing, createsModel else { return false }
        return try decodeMissingValue(into: staging + offset)
    }

    override func decodeMissing(over model: UnsafeMutableRawPointer) throws {
        guard hasRules || requiresKey || nilsWhenMissing else { return }
        try replace(in: model) { try decodeMissingValue(into: $0) }
    }

    override var actsWhenMissing: Bool { hasRules || requiresKey || nilsWhenMissing }

    /// Stages the default at `slot`, if there is one, and says whether it did; an absent key the
    /// field requires is an error.
    private func decodeMissingValue(into slot: UnsafeMutableRawPointer) throws -> Bool {
        if requiresKey { throw MappingError(.unmetRequirement(Problem.existence, found: "nothing")) }
        if nilsWhenMissing, defaults.whenMissing == nil, let none = (Value.self as? any OptionalValue.Type)?.none as? Value {
            try check(none, found: "nothing")
            stage(none, at: slot)
            return true
        }
        // Unwrap first: `nil as? Value` succeeds when `Value` is itself an `Optional`.
        guard let missing = defaults.whenMissing, let fallback = missing as? Value else {
            try check(nil, found: "nothing")
            return false
        }
        try check(fallback, found: "nothing")
        stage(fallback, at: slot)
        return true
    }

    override func decode(_ input: Any, into staging: UnsafeMutableRawPointer, in context: MappingContext) throws {
        try decodeValue(input, into: staging + offset, in: context)
    }

    /// An update in place straight over the model (a copy an import updates), or a nested model
    /// made onto its declared default (``mergesDefault``): merged on a slot of its own, then moved
    /// over the property's value.
    @inline(never)
    private func merge(_ input: Any, over model: UnsafeMutableRawPointer, in context: MappingContext) throws {
        try replace(in: model) { slot in
            try mergeValue(input, current: model + offset, into: slot, in: context)
            return true
        }
    }

    override func merge(_ input: Any, current: UnsafeRawPointer, into staging: UnsafeMutableRawPointer, in context: MappingContext) throws {
        try mergeValue(input, current: current + offset, into: staging + offset, in: context)
    }

    /// Stages at `slot` `input` merged into the value at `current` (a null default, then the
    /// codec's merge, then the requirements).
    @inline(never)
    func mergeValue(_ input: Any, current: UnsafeRawPointer, into slot: UnsafeMutableRawPointer, in context: MappingContext) throws {
        if hasNullDefault, try stageNullDefault(for: input, at: slot) {
            context.report?.record(.defaultedWhenNull(defaults.nullDescription), found: "null")
            return
        }
        let value = try codec.merge(input, into: current.assumingMemoryBound(to: Value.self).pointee, in: context)
        if hasRules { try checkDecoded(value, input: input) }
        stage(value, at: slot)
    }

    override func decode(_ input: Any, over model: UnsafeMutableRawPointer, in context: MappingContext) throws {
        // The common field: one flag read, then the codec.
        guard decodesOverWithRules else { return try slots.decode(input, over: model + offset, in: context) }
        if !MergeMask(self).isDisjoint(with: MergeMask(context)) { return try merge(input, over: model, in: context) }
        guard hasNullDefault || hasRules else { return try slots.decode(input, over: model + offset, in: context) }
        try replace(in: model) { slot in
            try decodeValue(input, into: slot, in: context)
            return true
        }
    }

    /// The hot path. It holds no `Value?`: in unspecialized generic code an optional of the
    /// generic type costs a runtime metadata lookup on every call, so the rare cases (null
    /// defaults, requirements) run in functions of their own.
    @inline(__always)
    private func decodeValue(_ input: Any, into slot: UnsafeMutableRawPointer, in context: MappingContext) throws {
        if hasNullDefault, try stageNullDefault(for: input, at: slot) {
            context.report?.record(.defaultedWhenNull(defaults.nullDescription), found: "null")
            return
        }
        guard hasRules else { return try slots.decode(input, into: slot, in: context) }
        let value = try codec.decode(input, in: context)
        try checkDecoded(value, input: input)
        stage(value, at: slot)
    }

    /// Runs `stage` on a slot of its own and moves what it staged, if anything, over the
    /// property's value in `model`: defaults and requirements, in place.
    @inline(never)
    private func replace(in model: UnsafeMutableRawPointer, _ stage: (UnsafeMutableRawPointer) throws -> Bool) throws {
        let size = max(MemoryLayout<Value>.size, 1)
        try withUnsafeTemporaryAllocation(byteCount: size, alignment: MemoryLayout<Value>.alignment) { buffer in
            guard let slot = buffer.baseAddress, try stage(slot) else { return }
            slots.move(from: slot, over: model + offset)
        }
    }

    @inline(never)
    func stageNullDefault(for input: Any, at slot: UnsafeMutableRawPointer) throws -> Bool {
        guard let null = defaults.whenNull, InputValue.isNull(input), let fallback = null as? Value else { return false }
        try check(fallback, found: "null")
        stage(fallback, at: slot)
        return true
    }

    @inline(never)
    func checkDecoded(_ value: Value, input: Any) throws {
        guard !requirements.isEmpty else { return }
        try check(InputValue.isNull(input) ? nil : value, found: ValueDescription.describe(input))
    }

    func stage(_ value: Value, at slot: UnsafeMutableRawPointer) {
        slot.initializeMemory(as: Value.self, to: value)
    }

    /// Every requirement must hold for `value` (`nil`: absent or null).
    private func check(_ value: Value?, found: @autoclosure () -> String) throws {
        for requirement in requirements where !requirement.isMet(by: value) {
            throw MappingError(.unmetRequirement(requirement.description, found: found()))
        }
    }

    func swap(_ staging: UnsafeMutableRawPointer, _ model: UnsafeMutableRawPointer) {
        CallTrace.note("Engine/Compile/TypedField.swift TypedField.swap")
        Swift.swap(
            &(staging + offset).assumingMemoryBound(to: Value.self).pointee,
            &(model + offset).assumingMemoryBound(to: Value.self).pointee
        )
    }

    var calls: FieldCalls { self }

    func accept<Visitor: FieldVisitor>(_ visitor: Visitor) -> Visitor.Made {
        visitor.visit(self)
    }

    override func moveIn(_ staging: UnsafeMutableRawPointer, _ model: UnsafeMutableRawPointer) {
        CallTrace.note("Engine/Compile/TypedField.swift TypedField.moveIn")
        slots.move(from: staging + offset, over: model + offset)
    }

    override func discard(_ staging: UnsafeMutableRawPointer) {
        slots.destroy(at: staging + offset)
    }

    func back(up model: UnsafeMutableRawPointer, into backup: UnsafeMutableRawPointer) {
        (backup + offset).initializeMemory(as: Value.self, to: (model + offset).assumingMemoryBound(to: Value.self).pointee)
    }

    func restore(_ model: UnsafeMutableRawPointer, from backup: UnsafeMutableRawPointer) {
        (model + offset).assumingMemoryBound(to: Value.self).pointee = (backup + offset).assumingMemoryBound(to: Value.self).move()
    }

    override func encode(from model: UnsafeRawPointer, in context: MappingContext) throws -> Any? {
        try slots.encode(at: model + offset, in: context)
    }
}
