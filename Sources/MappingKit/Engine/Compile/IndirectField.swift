/// How a property that is not its own storage is read and written: through a property
/// wrapper's `wrappedValue`, or through the key path's accessors (which is how an `@Observable`
/// class tells its observers). The closures capture only immutable values (an offset, a
/// wrapper's type, a key path), hence the unchecked sendability.
struct IndirectAccess<Value>: @unchecked Sendable {
    /// The property's value in the model at the pointer.
    let get: (UnsafeMutableRawPointer) -> Value
    /// Sets the property of the model at the pointer, running the wrapper's or the class's setter.
    let set: (UnsafeMutableRawPointer, Value) -> Void
}

/// A property reached through ``IndirectAccess`` rather than through its bytes.
///
/// Its value is staged like any other, in a slot of its own past the end of the model's layout
/// (`side`: the storage at ``offset`` may be of another type, a `Clamped<Int>` for an `Int`), and
/// goes in through the setter when the plan commits. Its conversions are those of a plain
/// ``TypedField`` of the value's type (`inner`, at offset 0), given pointers to the slot.
final class IndirectField<Value>: FieldCalls, FieldSlot, @unchecked Sendable {
    let inner: TypedField<Value>
    /// The storage's offset in the model (messages and identities only: nothing reads its bytes).
    let offset: Int
    /// The staging slot of the value, from the start of the staging buffer.
    let side: Int
    let access: IndirectAccess<Value>

    init(inner: TypedField<Value>, offset: Int, side: Int, access: IndirectAccess<Value>) {
        self.inner = inner
        self.offset = offset
        self.side = side
        self.access = access
    }

    var name: String { inner.name }
    var keys: FieldKeys { inner.keys }
    var endOffset: Int { side + MemoryLayout<Value>.size }
    var alignment: Int { MemoryLayout<Value>.alignment }
    var leaf: LeafKind { .none }
    var calls: FieldCalls { self }
    var mergesUpdates: Bool { inner.mergesUpdates }
    var mergesDefault: Bool {
        get { inner.mergesDefault }
        set { inner.mergesDefault = newValue }
    }
    var holdsModel: Bool {
        get { inner.holdsModel }
        set { inner.holdsModel = newValue }
    }
    var requiresKey: Bool {
        get { inner.requiresKey }
        set { inner.requiresKey = newValue }
    }
    var requirementsNeedKey: Bool { inner.requirementsNeedKey }
    var nilsWhenMissing: Bool {
        get { inner.nilsWhenMissing }
        set { inner.nilsWhenMissing = newValue }
    }
    var isSupported: Bool { inner.isSupported }
    var valueType: Any.Type { Value.self }

    func accept<Visitor: FieldVisitor>(_ visitor: Visitor) -> Visitor.Made {
        visitor.visit(self)
    }
    var valueShape: ValueShape { inner.valueShape }
    var defaults: FieldDefaults { inner.defaults }

    func rebound(to rule: PropertyRule, rules: ConfigurationRules) -> any FieldSlot {
        guard let inner = inner.rebound(to: rule, rules: rules) as? TypedField<Value> else { return self }
        return IndirectField(inner: inner, offset: offset, side: side, access: access)
    }

    /// Runs `body` on a copy of the property's value, which is set back when `body` says so.
    private func updating(_ model: UnsafeMutableRawPointer, _ body: (UnsafeMutableRawPointer) throws -> Bool) throws {
        var value = access.get(model)
        let changed = try withUnsafeMutablePointer(to: &value) { try body(UnsafeMutableRawPointer($0)) }
        if changed { access.set(model, value) }
    }

    /// Runs `body` on a copy of the property's value.
    func reading<Result>(_ model: UnsafeRawPointer, _ body: (UnsafeRawPointer) throws -> Result) rethrows -> Result {
        let value = access.get(UnsafeMutableRawPointer(mutating: model))
        return try withUnsafePointer(to: value) { try body(UnsafeRawPointer($0)) }
    }

    override func decode(_ input: Any, into staging: UnsafeMutableRawPointer, in context: MappingContext) throws {
        try inner.decode(input, into: staging + side, in: context)
    }

    override func merge(_ input: Any, current: UnsafeRawPointer, into staging: UnsafeMutableRawPointer, in context: MappingContext) throws {
        try reading(current) { value in try inner.mergeValue(input, current: value, into: staging + side, in: context) }
    }

    override func decodeMissing(into staging: UnsafeMutableRawPointer, createsModel: Bool) throws -> Bool {
        try inner.decodeMissing(into: staging + side, createsModel: createsModel)
    }

    override func decode(_ input: Any, over model: UnsafeMutableRawPointer, in context: MappingContext) throws {
        try updating(model) { slot in
            try inner.decode(input, over: slot, in: context)
            return true
        }
    }

    override var actsWhenMissing: Bool { inner.actsWhenMissing }

    override func decodeMissing(over model: UnsafeMutableRawPointer) throws {
        guard inner.actsWhenMissing else { return }
        try updating(model) { slot in
            try inner.decodeMissing(over: slot)
            return true
        }
    }

    override func encode(from model: UnsafeRawPointer, in context: MappingContext) throws -> Any? {
        try reading(model) { try inner.encode(from: $0, in: context) }
    }

    override func moveIn(_ staging: UnsafeMutableRawPointer, _ model: UnsafeMutableRawPointer) {
        access.set(model, (staging + side).assumingMemoryBound(to: Value.self).move())
    }

    override func discard(_ staging: UnsafeMutableRawPointer) {
        inner.discard(staging + side)
    }

    func swap(_ staging: UnsafeMutableRawPointer, _ model: UnsafeMutableRawPointer) {
        let slot = (staging + side).assumingMemoryBound(to: Value.self)
        let old = access.get(model)
        access.set(model, slot.move())
        slot.initialize(to: old)
    }

    func back(up model: UnsafeMutableRawPointer, into backup: UnsafeMutableRawPointer) {
        (backup + side).initializeMemory(as: Value.self, to: access.get(model))
    }

    func restore(_ model: UnsafeMutableRawPointer, from backup: UnsafeMutableRawPointer) {
        access.set(model, (backup + side).assumingMemoryBound(to: Value.self).move())
    }

    func keyValue(from input: Any, in context: MappingContext) throws -> PrimaryKey.Storage {
        try inner.keyValue(from: input, in: context)
    }

    func keyValue(in model: UnsafeRawPointer) throws -> PrimaryKey.Storage {
        try reading(model) { try inner.keyValue(in: $0) }
    }
}

extension MappableWrapper {
    /// Reads and writes `wrappedValue` of the wrapper stored at `offset`.
    static func access(at offset: Int) -> IndirectAccess<WrappedValue> {
        IndirectAccess(
            get: { ($0 + offset).assumingMemoryBound(to: Self.self).pointee.wrappedValue },
            set: { ($0 + offset).assumingMemoryBound(to: Self.self).pointee.wrappedValue = $1 }
        )
    }

    /// The value wrapped by the wrapper at `pointer`.
    static func wrappedValue(at pointer: UnsafeRawPointer) -> Any {
        pointer.assumingMemoryBound(to: Self.self).pointee.wrappedValue
    }

    static var wrappedType: Any.Type { WrappedValue.self }
}

/// A property set through its key path's accessors (``MappingConfiguration/Builder/observed(_:fileID:line:)``):
/// makes its field once the plan knows where its storage is.
protocol PropertyAccessor: Sendable {
    /// The property's type (its storage may be of another: `Published<Int>` for `Int`).
    var valueType: Any.Type { get }
    /// The field for the property whose storage is at `offset`, staged at `side`.
    func makeField(name: String, keys: FieldKeys, offset: Int, side: Int, rule: PropertyRule, rules: ConfigurationRules) -> any FieldSlot
}

/// Sets and reads a class's property through `keyPath`, so its setter runs: `@Observable`'s
/// tells the registrar, `@Published`'s sends `objectWillChange`. Key paths are immutable,
/// hence the unchecked sendability.
struct KeyPathAccessor<Model: AnyObject, Value>: PropertyAccessor, @unchecked Sendable {
    let keyPath: ReferenceWritableKeyPath<Model, Value>

    var valueType: Any.Type { Value.self }

    func makeField(name: String, keys: FieldKeys, offset: Int, side: Int, rule: PropertyRule, rules: ConfigurationRules) -> any FieldSlot {
        let inner = TypedField<Value>(name: name, keys: keys, offset: 0, rule: rule, rules: rules)
        return IndirectField(inner: inner, offset: offset, side: side, access: access)
    }

    private var access: IndirectAccess<Value> {
        let keyPath = keyPath
        return IndirectAccess(
            get: { Unmanaged<Model>.fromOpaque($0).takeUnretainedValue()[keyPath: keyPath] },
            set: { Unmanaged<Model>.fromOpaque($0).takeUnretainedValue()[keyPath: keyPath] = $1 }
        )
    }
}

extension MappableWrapper {
    /// The field for a wrapped property whose wrapper is stored at `offset`, staged at `side`.
    static func makeField(name: String, keys: FieldKeys, offset: Int, side: Int, rule: PropertyRule?, rules: ConfigurationRules) -> any FieldSlot {
        let inner = rule.map {
            TypedField<WrappedValue>(name: name, keys: keys, offset: 0, rule: $0, rules: rules)
        } ?? TypedField(
            name: name, keys: keys, offset: 0, codec: CodecFactory.codec(for: WrappedValue.self, rules: rules)
        )
        return IndirectField(inner: inner, offset: offset, side: side, access: access(at: offset))
    }
}
