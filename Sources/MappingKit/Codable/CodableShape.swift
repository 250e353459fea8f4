import Foundation

/// What a codec expects to read, told to a `Decoder`: the Codable bridge asks the decoder for
/// exactly that first (`decode(Int.self, forKey:)`), and only when the decoder holds something
/// else does it read the value by probing. Either way the codec then decides, as it does for a
/// dictionary value: a shape is a hint for speed, never a conversion of its own.
///
/// A class, not an indirect enum: plans keep their shapes for the life of the process, and an
/// enum's boxes are referenced through tagged pointers that LeakSanitizer cannot follow.
final class CodableShape: @unchecked Sendable {
    enum Kind {
        /// Read by probing (``CodableInput``): `null`, Bool, integers, Double, String,
        /// containers, then `Date` and `Data`.
        case untyped
        case bool, int, double, string, decimal, date, data
        /// ``inner``, or `null`.
        case optional
        /// An array (or set) of ``inner``.
        case array
        /// A dictionary of ``inner``.
        case dictionary
        /// A nested model: its plan tells the shapes of its keys.
        case model
        /// A `Decodable` type read by the decoder itself (the coder's own strategies apply).
        case decodable
    }

    let kind: Kind
    let inner: CodableShape?
    let model: (any NestedPlanning)?
    let decodable: (any Decodable.Type)?

    private init(_ kind: Kind, inner: CodableShape? = nil, model: (any NestedPlanning)? = nil, decodable: (any Decodable.Type)? = nil) {
        self.kind = kind
        self.inner = inner
        self.model = model
        self.decodable = decodable
    }

    static let untyped = CodableShape(.untyped)
    static let bool = CodableShape(.bool)
    static let int = CodableShape(.int)
    static let double = CodableShape(.double)
    static let string = CodableShape(.string)
    static let decimal = CodableShape(.decimal)
    static let date = CodableShape(.date)
    static let data = CodableShape(.data)

    static func optional(_ wrapped: CodableShape) -> CodableShape { CodableShape(.optional, inner: wrapped) }
    static func array(_ element: CodableShape) -> CodableShape { CodableShape(.array, inner: element) }
    static func dictionary(_ value: CodableShape) -> CodableShape { CodableShape(.dictionary, inner: value) }
    static func model(_ model: any NestedPlanning) -> CodableShape { CodableShape(.model, model: model) }
    static func decodable(_ type: any Decodable.Type) -> CodableShape { CodableShape(.decodable, decodable: type) }
}

/// Finds a nested model's plan for the context of the call that reads it.
protocol NestedPlanning {
    /// The plan, or `nil` when the model is read some other way (as an array, or by a
    /// configuration that does not compile: mapping then reports why).
    func plan(in context: MappingContext) -> ObjectPlan?

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

/// The shapes of a plan's top-level keys, made the first time the plan meets a `Decoder` or an
/// `Encoder` (a ``PlanLayout``).
final class CodableLayout: PlanLayout, PlanLayoutKind, @unchecked Sendable {
    static var slot: Int { 1 }

    /// Each key the plan reads at the top level, with the shape of its value.
    let keys: [(key: AnyCodingKey, shape: CodableShape)]
    /// The same, by key.
    let shapes: [String: CodableShape]
    /// A hook rewrites the input before the plan reads it: every key must be read.
    let hasWillMap: Bool
    /// Each field's shape, in field order (``untyped`` for a field without one plain key): what
    /// writing straight from the plan into an encoder looks up, without hashing a key.
    let fieldShapes: [CodableShape]
    /// Each field's ``FieldSlot/directCoding``, in field order.
    let directCodings: [DirectCoding?]
    /// Each field's key as a coding key, when every field reads one plain key of its own and no
    /// hook reads keys: what reading straight from a decoder into the plan asks for.
    let fieldKeys: [AnyCodingKey]?

    init(plan: ObjectPlan) {
        let fields = plan.fields
        let hooks = plan.hooks
        var shapes: [String: CodableShape] = [:]
        var order: [String] = []
        func add(_ key: String, _ shape: CodableShape) {
            if shapes[key] == nil { order.append(key) }
            // Two fields reading one key (or a key path through it) read it by probing.
            shapes[key] = shapes[key] == nil ? shape : .untyped
        }
        for field in fields {
            for key in field.keys.all {
                guard case .key(let first)? = key.steps.first else { continue }
                add(first, key.steps.count == 1 ? field.codableShape : .untyped)
            }
        }
        for handler in hooks.keyHandlers {
            for key in handler.keys.all {
                if case .key(let first)? = key.steps.first { add(first, .untyped) }
            }
        }
        keys = order.map { (AnyCodingKey($0), shapes[$0] ?? .untyped) }
        self.shapes = shapes
        hasWillMap = !hooks.willMap.isEmpty
        fieldShapes = fields.map { field in field.keys.single.flatMap { shapes[$0] } ?? .untyped }
        directCodings = fields.map(\.directCoding)
        let singles = fields.compactMap(\.keys.single)
        fieldKeys = singles.count == fields.count && Set(singles).count == singles.count && hooks.keyHandlers.isEmpty
            ? singles.map { AnyCodingKey($0) } : nil
    }
}

extension ObjectPlan {
    /// How a `Decoder`'s keys are read for this plan, and an `Encoder`'s written.
    var codable: CodableLayout { layout(CodableLayout.self) }
}
