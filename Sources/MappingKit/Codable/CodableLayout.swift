import Foundation

/// A nested model read and written straight from a `Decoder`'s or an `Encoder`'s containers
/// through its plan.
protocol NestedCoding: Sendable {
    /// Writes the model at `slot` (`isArray`: each model of the array at `slot`) under `key`
    /// straight from its plan, and says whether it did: not for a class (the value may be a
    /// subclass), a model written as an array, or a plan that cannot
    /// (``ObjectPlan/coderKeys``), which the caller writes from a representation.
    func writeCoder(
        at slot: UnsafeRawPointer,
        isArray: Bool,
        forKey key: AnyCodingKey,
        into container: inout KeyedEncodingContainer<AnyCodingKey>,
        output: CodableOutput,
        depth: Int
    ) throws -> Bool

    /// Reads the model (`isArray`: an array of models) under `key` straight into `slot`
    /// (uninitialized) through its plan, and says whether it did: not when the container holds
    /// no object (or array of objects) there, or the plan cannot be read field by field
    /// (``ObjectPlan/decoderKeys(in:)``); the caller then reads the value the general way.
    func readCoder(
        forKey key: AnyCodingKey,
        from container: KeyedDecodingContainer<AnyCodingKey>,
        into slot: UnsafeMutableRawPointer,
        isArray: Bool,
        input: CodableInput,
        depth: Int
    ) throws -> Bool
}

/// A field's nested model (``DirectValues/model(_:)``, ``DirectValues/models(_:)``), read and
/// written through its plan: made once per field, when the plan's ``CodableLayout`` is.
final class ModelCoding<Model: Mappable>: NestedCoding {
    /// The plan met first, found again without the plan cache's hashing.
    private let plans = PlanMemo()

    /// The plan the model is read and written with in `context`, as its codec finds it; `nil`
    /// for a model written as an array, or a configuration that does not compile (mapping then
    /// reports why).
    func plan(in context: MappingContext) -> ObjectPlan? {
        ObjectPlan.nested(Model.self, in: context, memo: plans)
    }
}

/// The shapes of a plan's top-level keys, made the first time the plan meets a `Decoder` or an
/// `Encoder` (a ``PlanLayout``).
final class CodableLayout: PlanLayout, PlanLayoutKind, @unchecked Sendable {
    static var slot: Int { 1 }

    /// Each key the plan reads at the top level, with the shape of its value.
    let keys: [(key: AnyCodingKey, shape: ValueShape)]
    /// The same, by key.
    let shapes: [String: ValueShape]
    /// The plan rewrites the input before reading it (``ObjectPlan/rewritesInput``: a `willMap`
    /// hook, a flattened property): every key must be read.
    let rewritesInput: Bool
    /// Each field's shape, in field order (``untyped`` for a field without one plain key): what
    /// writing straight from the plan into an encoder looks up, without hashing a key.
    let fieldShapes: [ValueShape]
    /// Each field's ``DirectCoding``, in field order.
    let directCodings: [DirectCoding?]
    /// Each field's key as a coding key, when every field reads one plain key of its own and no
    /// hook reads keys: what reading straight from a decoder into the plan asks for.
    let fieldKeys: [AnyCodingKey]?
    /// The property's own name by the key it is read under, for each field whose one key is not
    /// its name (a key strategy's, or one the configuration names): a decoder that holds the name
    /// where the key is absent converted the input's keys itself (``CodableInput/refuseConvertedKey(_:of:in:)``).
    let renamed: [String: String]

    init(plan: ObjectPlan) {
        let fields = plan.fields
        let hooks = plan.hooks
        var shapes: [String: ValueShape] = [:]
        var order: [String] = []
        func add(_ key: String, _ shape: ValueShape) {
            if shapes[key] == nil { order.append(key) }
            // Two fields reading one key (or a key path through it) read it by probing.
            shapes[key] = shapes[key] == nil ? shape : .untyped
        }
        for field in fields {
            for key in field.keys.all {
                guard case .key(let first)? = key.steps.first else { continue }
                add(first, key.steps.count == 1 ? field.valueShape : .untyped)
            }
        }
        for handler in hooks.keyHandlers {
            for key in handler.keys.all {
                if case .key(let first)? = key.steps.first { add(first, .untyped) }
            }
        }
        keys = order.map { (AnyCodingKey($0), shapes[$0] ?? .untyped) }
        self.shapes = shapes
        rewritesInput = plan.rewritesInput
        fieldShapes = fields.map { field in field.keys.single.flatMap { shapes[$0] } ?? .untyped }
        directCodings = fields.map { $0.accept(DirectCodingMaker()) }
        var renamed: [String: String] = [:]
        for field in fields {
            if let single = field.keys.single, single != field.name { renamed[single] = field.name }
        }
        self.renamed = renamed
        let singles = fields.compactMap(\.keys.single)
        fieldKeys = singles.count == fields.count && Set(singles).count == singles.count && hooks.keyHandlers.isEmpty
            ? singles.map { AnyCodingKey($0) } : nil
    }
}

extension ObjectPlan {
    /// How a `Decoder`'s keys are read for this plan, and an `Encoder`'s written.
    var codable: CodableLayout { layout(CodableLayout.self) }
}

/// How writing into an `Encoder` takes a property's own stored value straight from the model
/// (``CodableOutput/writeModel(at:plan:keys:into:depth:)``): a model or an array of models through
/// their plans, an array of `Int`, `String` or `Bool` element by element; `nil` for any other
/// value, and for one behind an adapter or an accessor (whose value is not at the field's offset).
struct DirectCodingMaker: FieldVisitor {
    func visit<Value>(_ field: TypedField<Value>) -> DirectCoding? {
        DirectCoding(field.codec.direct)
    }

    func visit<Value>(_ field: IndirectField<Value>) -> DirectCoding? {
        nil
    }
}
