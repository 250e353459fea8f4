import Foundation

// Reading a model from a `Decoder` straight into its plan: each field's value is asked of the
// keyed container in its codec's shape and staged as the dictionary path stages the value it
// finds under the key (the commonest types with the decoder's own typed calls, straight into
// their slots); nested models and arrays of them recurse the same way. No dictionary is made.
// Values no typed call reads are read as `CodableInput` reads any value and staged through the
// field's own calls, so adapters, coercions and requirements are the dictionary path's.
//
// Errors are not reported from here: the first problem of any kind stops the reading, nothing
// is committed, and `MappableCodable` reads the input again the dictionary way, which reports
// every problem with its path, as when the dictionary was always made first.

extension ObjectPlan {
    /// Each field's coding key, when a model may be read from a decoder field by field in
    /// `context`: the type is known to use MappingKit's own update, with no factory, hooks or
    /// `willMap` (``ObjectPlan/builds(in:)``); every field reads one plain key of its own; undefined keys are
    /// dropped and nothing is reported. `nil` otherwise.
    func decoderKeys(in context: MappingContext) -> [AnyCodingKey]? {
        guard builds(in: context), !hasHooks, !rewritesInput, !hooks.isPositional, (context.undefinedKeys ?? undefinedKeys) == .drop,
              !context.isReporting else { return nil }
        return codable.fieldKeys
    }
}

extension CodableInput {
    /// Reads the object in `container` into the model at `model` (committed only when every
    /// field read) with `plan`, whose fields read `keys` (its ``ObjectPlan/decoderKeys(in:)``),
    /// at nesting `depth`.
    func readModel(
        into model: UnsafeMutableRawPointer,
        plan: ObjectPlan,
        keys: [AnyCodingKey],
        from container: Keyed,
        depth: Int
    ) throws {
        try check(depth, at: container.codingPath)
        // Nested plans are found with the key strategy this model hands down.
        let input = with(context.handingDown(plan.handedDown))
        let context = input.context
        try context.countModel()
        var object = DecoderObjectReader(input: input, keys: keys, container: container, depth: depth)
        try plan.read(&object, into: model, in: context, finish: { _ in })
    }

    /// The commonest property types read with the decoder's own typed call straight into `slot`
    /// (uninitialized), as the dictionary path stages the same value; says whether it read one.
    /// An optional's `null` is `nil`, as from a dictionary's `NSNull`; a key that is missing,
    /// or holds something else, is left to the general way, which tells them apart. (`decode`
    /// for a value that is not optional, as synthesized `Codable` asks for it.)
    fileprivate static func readLeaf(_ leaf: LeafKind, forKey key: AnyCodingKey, from container: Keyed, into slot: UnsafeMutableRawPointer) -> Bool {
        switch leaf {
        case .none:
            return false
        case .int:
            guard let value = try? container.decode(Int.self, forKey: key) else { return false }
            slot.storeBytes(of: value, as: Int.self)
        case .string:
            guard let value = try? container.decode(String.self, forKey: key) else { return false }
            slot.initializeMemory(as: String.self, to: value)
        case .bool:
            guard let value = try? container.decode(Bool.self, forKey: key) else { return false }
            slot.storeBytes(of: value, as: Bool.self)
        case .double:
            // A value that is not finite, or a whole one past 2^53 (which the text may not have
            // said exactly), goes the general way, as from a dictionary.
            guard let value = try? container.decode(Double.self, forKey: key), value.isFinite, !CodableInput.mayBeInexact(value) else {
                return false
            }
            slot.storeBytes(of: value, as: Double.self)
        case .optionalInt:
            guard let value = readOptional(Int.self, forKey: key, from: container) else { return false }
            slot.storeBytes(of: value, as: Int?.self)
        case .optionalString:
            guard let value = readOptional(String.self, forKey: key, from: container) else { return false }
            slot.initializeMemory(as: String?.self, to: value)
        case .optionalBool:
            guard let value = readOptional(Bool.self, forKey: key, from: container) else { return false }
            slot.storeBytes(of: value, as: Bool?.self)
        case .optionalDouble:
            guard let value = readOptional(Double.self, forKey: key, from: container), value?.isFinite != false,
                  !(value.flatMap { $0 }.map(CodableInput.mayBeInexact) ?? false) else { return false }
            slot.storeBytes(of: value, as: Double?.self)
        }
        return true
    }

    /// An optional's value: `.some(value)`, `.some(nil)` for `null`, or `nil` when the key is
    /// missing or holds something else. (`decodeIfPresent` gives `nil` for a missing key and
    /// for `null`; `contains` tells them apart.)
    private static func readOptional<Value: Decodable>(_: Value.Type, forKey key: AnyCodingKey, from container: Keyed) -> Value?? {
        let value: Value?
        do {
            value = try container.decodeIfPresent(Value.self, forKey: key)
        } catch {
            return nil
        }
        if let value { return .some(value) }
        return container.contains(key) ? .some(nil) : nil
    }

    /// An `[Int]`, `[String]` or `[Bool]` read with the decoder's own call for the whole array
    /// straight into `slot` (uninitialized): each element is what the general way reads first
    /// for the element type, so the array is the one it would stage. Says whether it read one;
    /// anything else (a missing key, `null`, an element of another type) is left to the general
    /// way.
    func readLeafArray(_ leaf: LeafKind, forKey key: AnyCodingKey, from container: Keyed, into slot: UnsafeMutableRawPointer) throws -> Bool {
        switch leaf {
        case .int:
            guard let array = try? container.decodeIfPresent([Int].self, forKey: key) else { return false }
            try context.countValues(array.count)
            slot.initializeMemory(as: [Int].self, to: array)
        case .string:
            guard let array = try? container.decodeIfPresent([String].self, forKey: key) else { return false }
            try context.countValues(array.count)
            slot.initializeMemory(as: [String].self, to: array)
        case .bool:
            guard let array = try? container.decodeIfPresent([Bool].self, forKey: key) else { return false }
            try context.countValues(array.count)
            slot.initializeMemory(as: [Bool].self, to: array)
        default:
            // ``DirectCoding/leafArray(_:)`` holds only the three above (`ArrayCodec.direct`).
            return false
        }
        return true
    }
}

extension ModelCoding {
    func readCoder(
        forKey key: AnyCodingKey,
        from container: KeyedDecodingContainer<AnyCodingKey>,
        into slot: UnsafeMutableRawPointer,
        isArray: Bool,
        input: CodableInput,
        depth: Int
    ) throws -> Bool {
        let nested = try input.context.nested()
        guard let plan = plan(in: nested), let keys = plan.decoderKeys(in: nested) else { return false }
        let inner = input.with(nested)
        guard isArray else {
            guard let keyed = try? container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: key) else { return false }
            let member = input.with(nested, member: key, of: container)
            slot.initializeMemory(as: Model.self, to: try Self.read(keyed, plan: plan, keys: keys, input: member, depth: depth + 1))
            return true
        }
        guard var unkeyed = try? container.nestedUnkeyedContainer(forKey: key) else { return false }
        try input.check(depth + 1, at: unkeyed.codingPath)
        var models: [Model] = []
        if let count = unkeyed.count {
            try input.context.countValues(count)
            models.reserveCapacity(count)
        }
        while !unkeyed.isAtEnd {
            if unkeyed.count == nil { try input.context.countValues(1) }
            // An element that is not an object (`null`, a number): the whole array the general
            // way, which reports it (the keyed container gives the array again from the start).
            guard let keyed = try? unkeyed.nestedContainer(keyedBy: AnyCodingKey.self) else { return false }
            models.append(try Self.read(keyed, plan: plan, keys: keys, input: inner, depth: depth + 2))
        }
        slot.initializeMemory(as: [Model].self, to: models)
        return true
    }

    /// A fresh model read from `container` with `plan`.
    private static func read(_ container: KeyedDecodingContainer<AnyCodingKey>, plan: ObjectPlan, keys: [AnyCodingKey], input: CodableInput, depth: Int) throws -> Model {
        var model = Model()
        try model.withMutableModelBytes(isObject: plan.isObject) { bytes in
            try input.readModel(into: bytes, plan: plan, keys: keys, from: container, depth: depth)
        }
        return model
    }
}

/// A decoder's keyed container as a ``PlanReader``: each field asked for with the decoder's typed
/// call straight into the staging buffer (the commonest types, nested models through their
/// plans, arrays of leaves), anything else as `CodableInput` reads any value and staged through
/// the field's own calls. The first problem of any kind ends the read (it throws), and the
/// caller reads the input again the dictionary way, which reports every problem with its path.
struct DecoderObjectReader: PlanReader {
    let input: CodableInput
    /// Each field's coding key (the plan's ``ObjectPlan/decoderKeys(in:)``).
    let keys: [AnyCodingKey]
    let container: CodableInput.Keyed
    /// The object's nesting depth.
    let depth: Int

    mutating func stageFields(
        of plan: ObjectPlan,
        into staging: ObjectPlan.Staging,
        failure: inout MappingError?,
        in context: MappingContext
    ) throws -> [String: Any] {
        let shapes = plan.codable.fieldShapes
        let directCodings = plan.codable.directCodings
        for index in plan.fieldRefs.indices {
            let ref = plan.fieldRefs[index]
            let key = keys[index]
            let slot = staging.buffer + ref.offset
            if CodableInput.readLeaf(ref.leaf, forKey: key, from: container, into: slot) {
                staging.staged[index] = true
                continue
            }
            // A value that merges into the model's is read as a native value, then merged.
            let merges = staging.current != nil && !ref.merging.isDisjoint(with: plan.mergeMask(in: context))
            switch merges ? nil : directCodings[index] {
            case .models(let planning, let isArray)?:
                if try planning.readCoder(forKey: key, from: container, into: slot, isArray: isArray, input: input, depth: depth) {
                    staging.staged[index] = true
                    continue
                }
            case .leafArray(let leaf)?:
                if try input.readLeafArray(leaf, forKey: key, from: container, into: slot) {
                    staging.staged[index] = true
                    continue
                }
            case nil:
                break
            }
            let value: Any?
            if let hinted = try input.hinted(forKey: key, in: container, shape: shapes[index], depth: depth) {
                value = hinted
            } else if container.contains(key) {
                value = try input.probed(forKey: key, in: container, depth: depth)
            } else {
                try input.refuseConvertedKey(key, of: plan, in: container)
                value = nil
            }
            try ref.calls._withUnsafeGuaranteedRef { field in
                if let value {
                    if merges, let current = staging.current {
                        try field.merge(value, current: current, into: staging.buffer, in: context)
                    } else if !ref.leaf.decode(value, at: slot, initializing: true) {
                        try field.decode(value, into: staging.buffer, in: context)
                    }
                    staging.staged[index] = true
                } else {
                    staging.staged[index] = try field.decodeMissing(into: staging.buffer, createsModel: !context.updatesInPlace)
                }
            }
        }
        return [:]
    }
}
