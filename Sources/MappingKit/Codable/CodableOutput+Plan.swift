import Foundation

// Writing a model into an `Encoder` straight from its plan: each field's value goes from the
// model's bytes to the encoder's container, nested models and arrays of them recurse the same
// way, and only the values no plain call writes (dates, decimals, untyped values, …) are made
// into their representation first, then written as `CodableOutput` writes any value. The
// output is what writing the dictionary representation gives, key for key; the keys come in
// field order.
//
// Errors are not reported from here: the first problem of any kind stops the writing, and
// `MappableCodable.encode(to:)` finds the error again through the representation, so that a
// problem of the representation is reported before one of the encoder's, whole and with its
// path, as when the representation was always made first.

extension ObjectPlan {
    /// Each field's key, when a model may be written into an encoder field by field: every field
    /// writes one plain key of its own, nothing is stashed, and the type is known to use
    /// MappingKit's own representation (no `dictionaryRepresentation(configuration:)` override);
    /// `nil` otherwise.
    var coderKeys: [String]? {
        stash == nil && defaults.representsByDefault && !hooks.isPositional ? plainKeys : nil
    }
}

extension CodableOutput {
    /// Writes the model at `model` with `plan`, whose fields write `keys` (its
    /// ``ObjectPlan/coderKeys``), into `container` at nesting `depth`.
    func writeModel(at model: UnsafeRawPointer, plan: ObjectPlan, keys: [String], into container: inout Keyed, depth: Int) throws {
        try check(depth, at: container.codingPath)
        try context.countModel()
        // Pointers to this output and the container: copying an output retains its encoder and
        // its context, once per nested model.
        try withUnsafePointer(to: self) { output in
            try withUnsafeMutablePointer(to: &container) { container in
                var object = EncoderObjectWriter(output: output, keys: keys, container: container, depth: depth)
                try plan.write(model, into: &object, in: context)
            }
        }
    }

    /// The model's fields into `container`: what ``EncoderObjectWriter`` does for the plan's
    /// driver (`context`: the key strategy the model hands down).
    fileprivate func writeFields(
        of plan: ObjectPlan,
        at model: UnsafeRawPointer,
        keys: [String],
        into container: inout Keyed,
        depth: Int,
        in context: MappingContext
    ) throws {
        let output = within(context)
        let shapes = plan.codable.fieldShapes
        let directCodings = plan.codable.directCodings
        let writesNull = plan.shape.output.policies.nilRepresentation == .null
        let nullsWhenNil = plan.writesNullWhenNil
        for index in plan.fieldRefs.indices {
            let ref = plan.fieldRefs[index]
            let key = AnyCodingKey(keys[index])
            let nullWhenNil = writesNull || (!nullsWhenNil.isEmpty && nullsWhenNil[index])
            if try Self.writeLeaf(ref.leaf, at: model + ref.offset, forKey: key, into: &container, writesNull: nullWhenNil) { continue }
            switch directCodings[index] {
            case .models(let planning, let isArray)?:
                if try planning.writeCoder(at: model + ref.offset, isArray: isArray, forKey: key, into: &container, output: output, depth: depth) {
                    continue
                }
            case .leafArray(let leaf)?:
                try writeLeafArray(leaf, at: model + ref.offset, forKey: key, into: &container, depth: depth)
                continue
            case nil:
                break
            }
            let shape = shapes[index]
            guard let value = try ref.calls._withUnsafeGuaranteedRef({ try $0.encode(from: model, in: output.context) })
                ?? (nullWhenNil ? NSNull() : nil) else { continue }
            try output.write(value, shape: shape, forKey: key, into: &container, depth: depth)
        }
    }

    /// An `[Int]`, `[String]` or `[Bool]`, element by element, as the representation (the array
    /// itself) is written: an `Int` as an `Int64`.
    private func writeLeafArray(
        _ leaf: LeafKind,
        at slot: UnsafeRawPointer,
        forKey key: AnyCodingKey,
        into container: inout Keyed,
        depth: Int
    ) throws {
        var unkeyed = container.nestedUnkeyedContainer(forKey: key)
        try check(depth + 1, at: unkeyed.codingPath)
        switch leaf {
        case .int:
            for value in slot.assumingMemoryBound(to: [Int].self).pointee { try unkeyed.encode(Int64(value)) }
        case .string:
            for value in slot.assumingMemoryBound(to: [String].self).pointee { try unkeyed.encode(value) }
        case .bool:
            for value in slot.assumingMemoryBound(to: [Bool].self).pointee { try unkeyed.encode(value) }
        default:
            // ``DirectCoding/leafArray(_:)`` holds only the three above (`ArrayCodec.direct`).
            break
        }
    }

    /// The commonest property types, written with the encoder's own calls as the representation
    /// would give them to it (an `Int` as the `Int64` the general path writes); says whether
    /// it wrote the value. `Double`s go the general way, which settles large and signed-zero
    /// values for the encoder at hand.
    private static func writeLeaf(
        _ leaf: LeafKind,
        at slot: UnsafeRawPointer,
        forKey key: AnyCodingKey,
        into container: inout Keyed,
        writesNull: Bool
    ) throws -> Bool {
        switch leaf {
        case .int:
            try container.encode(Int64(slot.load(as: Int.self)), forKey: key)
        case .string:
            try container.encode(slot.assumingMemoryBound(to: String.self).pointee, forKey: key)
        case .bool:
            try container.encode(slot.load(as: Bool.self), forKey: key)
        case .optionalInt:
            if let value = slot.load(as: Int?.self) {
                try container.encode(Int64(value), forKey: key)
            } else if writesNull {
                try container.encodeNil(forKey: key)
            }
        case .optionalString:
            if let value = slot.assumingMemoryBound(to: String?.self).pointee {
                try container.encode(value, forKey: key)
            } else if writesNull {
                try container.encodeNil(forKey: key)
            }
        case .optionalBool:
            if let value = slot.load(as: Bool?.self) {
                try container.encode(value, forKey: key)
            } else if writesNull {
                try container.encodeNil(forKey: key)
            }
        case .none, .double, .optionalDouble:
            return false
        }
        return true
    }
}

/// How a field's stored value is written into an encoder straight from the model (see
/// ``DirectCodingMaker``), from what its codec says (``ValueCodec/direct``).
enum DirectCoding {
    /// A model (`isArray`: an `[Model]`), through its plan.
    case models(any NestedCoding, isArray: Bool)
    /// An `[Int]`, `[String]` or `[Bool]` under the built-in codecs.
    case leafArray(LeafKind)

    /// For a field whose codec says `direct`; `nil` for any other.
    init?(_ direct: DirectValues) {
        func coding<Model: Mappable>(_: Model.Type) -> any NestedCoding {
            ModelCoding<Model>()
        }
        switch direct {
        case .model(let model): self = .models(coding(model), isArray: false)
        case .models(let model): self = .models(coding(model), isArray: true)
        case .leafArray(let kind): self = .leafArray(kind)
        case .none, .leaf: return nil
        }
    }
}

extension ModelCoding {
    func writeCoder(
        at slot: UnsafeRawPointer,
        isArray: Bool,
        forKey key: AnyCodingKey,
        into container: inout KeyedEncodingContainer<AnyCodingKey>,
        output: CodableOutput,
        depth: Int
    ) throws -> Bool {
        // A class-typed value may be a subclass, whose plan is another: written the general way.
        guard !(Model.self is AnyClass), output.context.style == .codable else { return false }
        let nested = try output.context.nested()
        guard let plan = plan(in: nested), let keys = plan.coderKeys else { return false }
        let inner = output.within(nested)
        // Each model a value of its own, never in a nested container (see
        // `CodableOutput.write(_:shape:forKey:into:depth:)`): its encoder has the whole coding path.
        guard isArray else {
            try container.encode(PlannedModel(output: inner, slot: slot, plan: plan, keys: keys, depth: depth + 1), forKey: key)
            return true
        }
        try output.check(depth + 1, at: container.codingPath + [key])
        let models = slot.assumingMemoryBound(to: [Model].self).pointee
        try output.context.countValues(models.count)
        try models.withUnsafeBufferPointer { elements in
            guard let base = elements.baseAddress else {
                try container.encode([PlannedModel](), forKey: key)
                return
            }
            let planned = (0..<elements.count).map { index in
                PlannedModel(output: inner, slot: UnsafeRawPointer(base + index), plan: plan, keys: keys, depth: depth + 2)
            }
            try container.encode(planned, forKey: key)
        }
        return true
    }
}

/// A model written straight from its plan as a value of its own (the model's bytes at `slot`,
/// alive for the `encode` call that writes it).
private struct PlannedModel: Encodable {
    let output: CodableOutput
    let slot: UnsafeRawPointer
    let plan: ObjectPlan
    let keys: [String]
    let depth: Int

    func encode(to encoder: any Encoder) throws {
        var keyed = encoder.container(keyedBy: AnyCodingKey.self)
        try output.writeModel(at: slot, plan: plan, keys: keys, into: &keyed, depth: depth)
    }
}

/// An encoder's keyed container as a ``PlanWriter``: each field written with the container's
/// typed call (the commonest types, nested models through their plans, arrays of leaves), any
/// other value as its representation. The first problem ends the write (it throws), and the
/// caller makes the representation to report every problem with its path.
struct EncoderObjectWriter: PlanWriter {
    /// The caller's output (its encoder and context).
    let output: UnsafePointer<CodableOutput>
    /// Each field's key (the plan's ``ObjectPlan/coderKeys``).
    let keys: [String]
    /// The caller's container.
    let container: UnsafeMutablePointer<CodableOutput.Keyed>
    /// The model's nesting depth.
    let depth: Int

    mutating func writeFields(
        of plan: ObjectPlan,
        from model: UnsafeRawPointer,
        failure: inout MappingError?,
        in context: MappingContext
    ) throws {
        try output.pointee.writeFields(of: plan, at: model, keys: keys, into: &container.pointee, depth: depth, in: context)
    }
}
