/// One property of a plan: where it lives, which key feeds it, how its value converts, and the
/// defaults and requirements that apply to it.
///
/// Decoding never writes to the model directly: values go to a staging buffer laid out like the
/// model. Committing swaps them with the model's, so the old values can be put back if a hook
/// fails afterwards; a failed update changes nothing.
protocol FieldSlot: AnyObject, Sendable {
    /// The property's name in source.
    var name: String { get }
    var keys: FieldKeys { get }
    /// Where the property starts, from the start of the model.
    var offset: Int { get }
    /// One past the last byte the property occupies, from the start of the model.
    var endOffset: Int { get }
    var alignment: Int { get }
    /// The property's common type, when the plan's loops handle its values themselves.
    var leaf: LeafKind { get }
    /// Its defaults for a missing key or a null, when it has any.
    var defaults: FieldDefaults { get }
    /// Its type has a conversion (its codec ``ValueCodec/isSupported``).
    var isSupported: Bool { get }
    /// The property's type (a wrapper's wrapped value's).
    var valueType: Any.Type { get }
    /// An update in place merges an object into the property's value (JSON Merge Patch,
    /// RFC 7396: nested models, dictionaries), unless its rule says to replace it
    /// (``MappingConfiguration/Builder/replacesOnUpdate(_:fileID:line:)``).
    var mergesUpdates: Bool { get }
    /// A nested model whose declared default is not what its `init()` makes
    /// (`var car = Car(name: "Bently")`): a model being made maps the object onto that default,
    /// as the top model is mapped onto its `init()`. Set once, by the plan's compiler
    /// (``ObjectPlan/modelsWithDefaults(of:among:count:)``), before the plan is shared.
    var mergesDefault: Bool { get set }
    /// The property holds a nested model (or an optional one) that merges: when its model is
    /// itself made from a declared default, the value it holds there is its default. Set with
    /// ``mergesDefault``, by the plan's compiler.
    var holdsModel: Bool { get set }
    /// An absent key is an error when a model is made (``MissingKeyPolicy/raise``, and the
    /// property is not optional, has no default for a missing key and no exemption). Set once,
    /// by the plan's compiler, before the plan is shared.
    var requiresKey: Bool { get set }
    /// A requirement of the property's refuses an absent value (`require(\.id, .exists)`): its
    /// key must be there, whatever the policy for missing keys (what a schema says of it).
    var requirementsNeedKey: Bool { get }
    /// An absent key makes the optional property `nil` when a model is made
    /// (``MissingKeyPolicy/raise``, as `decodeIfPresent` does, when the property has no default
    /// for a missing key and no exemption). Set once, by the plan's compiler.
    var nilsWhenMissing: Bool { get set }

    /// Exchanges the staged value with the model's.
    func swap(_ staging: UnsafeMutableRawPointer, _ model: UnsafeMutableRawPointer)
    /// Copies the model's current value into `backup`.
    func back(up model: UnsafeMutableRawPointer, into backup: UnsafeMutableRawPointer)
    /// Moves the value in `backup` back into the model.
    func restore(_ model: UnsafeMutableRawPointer, from backup: UnsafeMutableRawPointer)
    /// The field's per-value calls (decoding, encoding, committing), made through an unretained
    /// reference by the plans' loops.
    var calls: FieldCalls { get }
    /// The same field with `rule`'s adapter, defaults and requirements, under the
    /// configuration's `rules` (its coercion mode, adapters by value type, lossy collections).
    func rebound(to rule: PropertyRule, rules: ConfigurationRules) -> any FieldSlot
    /// What the field's codec reads, asked of a `Decoder` first.
    var valueShape: ValueShape { get }
    /// `input` decoded as the property's value, as one value of a primary key.
    func keyValue(from input: Any, in context: MappingContext) throws -> PrimaryKey.Storage
    /// The property's value in `model`, as one value of a primary key.
    func keyValue(in model: UnsafeRawPointer) throws -> PrimaryKey.Storage
    /// What `visitor` makes of the field's typed self: how a format makes its own per-field
    /// calls (``FieldVisitor``).
    func accept<Visitor: FieldVisitor>(_ visitor: Visitor) -> Visitor.Made
}

/// Makes something for one field, given its typed self: how a format that reads or writes fields
/// its own way (JSON's ``JSONFieldCalls``, the Codable bridge's ``DirectCoding``) makes its
/// per-field calls once per plan, so the engine's fields carry no format's calls.
protocol FieldVisitor {
    associatedtype Made
    func visit<Value>(_ field: TypedField<Value>) -> Made
    func visit<Value>(_ field: IndirectField<Value>) -> Made
}

/// The calls a plan makes for every property in its hot loops, on a class of their own so that
/// they can be made through an unretained reference (``FieldRef``): a call through a protocol
/// existential costs a retain and a release. Every instance is a ``TypedField``, which overrides
/// them all; these bodies are never run.
class FieldCalls: @unchecked Sendable {
    /// Stages the value for `input`.
    func decode(_ input: Any, into staging: UnsafeMutableRawPointer, in context: MappingContext) throws {}
    /// The key is absent: stages the default, if there is one, and says whether it did.
    /// `createsModel`: the model is being made; an update in place keeps the value it has, so
    /// neither defaults nor requirements about absence apply (PATCH semantics).
    func decodeMissing(into staging: UnsafeMutableRawPointer, createsModel: Bool) throws -> Bool { false }
    /// Stages `input` as an update of the property's value in `current`, the model as it is
    /// (a field that ``FieldSlot/mergesUpdates``, in an update in place), or, when a model is
    /// made, as a nested model made onto its declared default (``FieldSlot/mergesDefault``).
    func merge(_ input: Any, current: UnsafeRawPointer, into staging: UnsafeMutableRawPointer, in context: MappingContext) throws {}
    /// Decodes the value for `input` over the property's value in `model` (a fresh model, or a
    /// copy an update changes in place: then a merging field merges).
    func decode(_ input: Any, over model: UnsafeMutableRawPointer, in context: MappingContext) throws {}
    /// The key is absent: puts the default, if there is one, over the property's value in
    /// `model` (a fresh model).
    func decodeMissing(over model: UnsafeMutableRawPointer) throws {}
    /// Whether an absent key does anything (a default or a requirement applies): when not,
    /// ``decodeMissing(over:)`` leaves the value as it is, as an update in place does.
    var actsWhenMissing: Bool { false }
    /// The property's value as a plain value, or `nil` when there is nothing to write.
    func encode(from model: UnsafeRawPointer, in context: MappingContext) throws -> Any? { nil }
    /// Moves the staged value into the model, destroying the model's; the staging slot is left
    /// empty.
    func moveIn(_ staging: UnsafeMutableRawPointer, _ model: UnsafeMutableRawPointer) {}
    /// Destroys the value in the staging buffer.
    func discard(_ staging: UnsafeMutableRawPointer) {}
}
