import Foundation

/// What a codec expects to read, told to a `Decoder`: the Codable bridge asks the decoder for
/// exactly that first (`decode(Int.self, forKey:)`), and only when the decoder holds something
/// else does it read the value by probing. Either way the codec then decides, as it does for a
/// dictionary value: a shape is a hint for speed, never a conversion of its own.
indirect enum CodableShape: @unchecked Sendable {
    /// Read by probing (``CodableInput``): `null`, Bool, integers, Double, String, containers,
    /// then `Date` and `Data`.
    case untyped
    case bool
    case int
    case double
    case string
    case decimal
    case date
    case data
    case optional(CodableShape)
    case array(CodableShape)
    case dictionary(CodableShape)
    /// A nested model: its plan tells the shapes of its keys (`nil`: read it by probing).
    case model(any NestedPlanning)
    /// A `Decodable` type read by the decoder itself (the coder's own strategies apply).
    case decodable(any Decodable.Type)
}

/// Finds a nested model's plan for the context of the call that reads it.
protocol NestedPlanning {
    /// The plan, or `nil` when the model is read some other way (as an array, or by a
    /// configuration that does not compile: mapping then reports why).
    func plan(in context: MappingContext) -> ObjectPlan?
}

/// The shapes of a plan's top-level keys, made once per plan.
struct CodableLayout: @unchecked Sendable {
    /// Each key the plan reads at the top level, with the shape of its value.
    let keys: [(key: AnyCodingKey, shape: CodableShape)]
    /// The same, by key.
    let shapes: [String: CodableShape]
    /// A hook rewrites the input before the plan reads it: every key must be read.
    let hasWillMap: Bool

    init(fields: [any FieldSlot], hooks: ConfigurationHooks) {
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
    }
}
