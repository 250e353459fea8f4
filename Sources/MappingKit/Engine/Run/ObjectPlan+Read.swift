/// How a plan reads one object's fields from a dictionary (or a store's row): one driver, for
/// every input and every destination.
///
/// The plan chooses the order once per object: into a fresh struct, a dictionary whose keys the
/// plan can match by their bytes (``walksKeys``) and that has not many more keys than the plan
/// reads is walked entry by entry, each key matched against the plan's key table (no hashing
/// per field); anything else, a row included, is looked up field by field in declaration order.
/// (Staged reads keep that order: in an import, the order in which references are met decides
/// which object reports a problem, and a report lists fields as they are read.) Either way
/// the values go to a ``FieldDestination``: the staging buffer, committed once every field has
/// succeeded (``stage(into:in:finish:fill:)``), or, for a fresh struct of a plan that
/// ``decodesInPlace``, the model's own storage, with nothing to commit. The driver is generic
/// over both, so each pairing is its own specialized loop.
extension ObjectPlan {
    /// Reads every field of `dictionary` into `destination`; every problem, in the fields'
    /// declaration order.
    @inline(__always)
    func readFields<Destination: FieldDestination>(
        of dictionary: [String: Any],
        into destination: Destination,
        in context: MappingContext
    ) -> MappingError? {
        // Walking the entries costs a little per entry, a lookup more per field: walk when the
        // dictionary has not many more keys than the plan reads, and the destination takes the
        // fields in any order.
        if Destination.takesAnyOrder, walksKeys, dictionary.count <= 2 * fields.count {
            return readWalkingKeys(dictionary, into: destination, in: context)
        }
        return readFieldsByKey(of: dictionary, into: destination, in: context)
    }

    /// Reads every field of `input` by its key (or column), in declaration order.
    @inline(__always)
    func readFieldsByKey<Input: FieldInput, Destination: FieldDestination>(
        of input: Input,
        into destination: Destination,
        in context: MappingContext
    ) -> MappingError? {
        var failure: MappingError?
        for index in fields.indices {
            guard let problem = readField(index, of: input, into: destination, in: context) else { continue }
            failure.merge(problem)
            if problem.isFatal { break }
            if let collected = failure, collected.issues.count > context.maximumProblems {
                return collected.capped(at: context.maximumProblems)
            }
        }
        return failure
    }

    /// Reads field `index` of `input` into `destination`: its value, or what it takes when the
    /// value is absent. Returns the problem, with its path, when there is one.
    func readField<Input: FieldInput, Destination: FieldDestination>(
        _ index: Int,
        of input: Input,
        into destination: Destination,
        in context: MappingContext
    ) -> MappingError? {
        let value: Any?
        do {
            value = try input.value(forField: index, of: self)
        } catch {
            return MappingError.wrapping(error, at: [])
        }
        do {
            if let report = context.report {
                try report.within(input.errorPath(forField: index, of: self)) {
                    if let value {
                        try destination.read(value, field: index, of: self, in: context)
                    } else {
                        try destination.readMissing(field: index, of: self, in: context)
                    }
                }
            } else if let value {
                try destination.read(value, field: index, of: self, in: context)
            } else {
                try destination.readMissing(field: index, of: self, in: context)
            }
            return nil
        } catch {
            let path = input.errorPath(forField: index, of: self)
            if let value, keepsField(after: error, found: ValueDescription.describe(value), at: path, in: context) { return nil }
            return MappingError.wrapping(error, at: path)
        }
    }

    /// Under ``TreeFlag/keepingFields``, whether a field's `error`, reading the value described
    /// by `found`, leaves the field as it was (its declared value in a model being made, its
    /// value in one updated), reported at `path`: under ``TreeFlag/defaultsWhenNull``
    /// (``MappingConfiguration/Builder/defaultsWhenNull``) when the value is `null` and the
    /// property is not optional (a `null` inside it, an array's element, is not the property's);
    /// under ``TreeFlag/defaultsWhenInvalid`` (``MappingConfiguration/Builder/defaultsWhenInvalid``)
    /// for any value that does not convert. A failed requirement, a configuration error, a
    /// syntax error and the call's limits stay errors, as for a property's own default
    /// (``InvalidDefaultCodec``).
    func keepsField(after error: any Error, found: @autoclosure () -> String, at path: [PathComponent], in context: MappingContext) -> Bool {
        guard !flags.isDisjoint(with: .keepingFields), let error = error as? MappingError, !error.isFatal else { return false }
        let kept = context.updatesInPlace ? "its value as it was" : "its declared value"
        if flags.contains(.defaultsWhenNull), error.issues.count == 1, error.issues[0].reversedPath.isEmpty, case .null = error.issues[0].problem {
            context.report?.record(.defaultedWhenNull(kept), at: path, found: "null")
            return true
        }
        guard flags.contains(.defaultsWhenInvalid), !error.issues.contains(where: { issue in
            switch issue.problem {
            case .unmetRequirement, .configuration, .unsupportedType, .syntax: true
            default: false
            }
        }) else { return false }
        context.report?.record(.defaultedWhenInvalid(kept, problem: error.description), at: path, found: found())
        return true
    }

    /// A field's schema `value` as the field reads: `null` beside it where a default for null
    /// (`nullDefault`, the property's own) or ``TreeFlag/defaultsWhenNull`` takes it, any value
    /// under ``TreeFlag/defaultsWhenInvalid``, as ``keepsField(after:found:at:in:)`` decides.
    func keptFieldSchema(_ value: [String: Any], nullDefault: Bool) -> [String: Any] {
        if flags.contains(.defaultsWhenInvalid) {
            return ["description": "any value; one that does not convert leaves the property as declared"]
        }
        let takesNull = value["type"] as? String == "null"
            || (value["anyOf"] as? [[String: Any]])?.contains { $0["type"] as? String == "null" } == true
        guard nullDefault || flags.contains(.defaultsWhenNull), !takesNull else { return value }
        return ["anyOf": [value, ["type": "null"]]]
    }

    /// Reads the fields of `dictionary` (``walksKeys`` plans) by walking its entries once and
    /// matching each key's bytes against the plan's key table. Returns every problem found, in
    /// the fields' declaration order.
    ///
    /// A key that matches no field's bytes may still equal one as a `String` (Unicode canonical
    /// equivalence: `"\u{212A}"` is `"K"`) when it is not ASCII; and a key whose bytes are not at
    /// hand (a Foundation string) is not matched at all. After either, the fields not met are
    /// looked up the usual way, so every field finds exactly what a lookup would.
    @_specialize(where Destination == ModelDestination)
    @_specialize(where Destination == StagingDestination)
    private func readWalkingKeys<Destination: FieldDestination>(
        _ dictionary: [String: Any],
        into destination: Destination,
        in context: MappingContext
    ) -> MappingError? {
        let table = directKeys.table
        var problems = FieldProblems()
        return withUnsafeTemporaryAllocation(of: Bool.self, capacity: fields.count) { buffer -> MappingError? in
            guard let seen = buffer.baseAddress else { return nil }
            seen.initialize(repeating: false, count: fields.count)
            var looksUpTheRest = false
            var position = dictionary.startIndex
            while position != dictionary.endIndex {
                defer { dictionary.formIndex(after: &position) }
                let match = dictionary.keys[position].utf8.withContiguousStorageIfAvailable { bytes -> Int? in
                    if let field = table.value(for: bytes) { return field }
                    if !looksUpTheRest, bytes.contains(where: { $0 >= 0x80 }) { looksUpTheRest = true }
                    return nil
                }
                guard let match else {
                    looksUpTheRest = true
                    continue
                }
                guard let field = match, field >= 0 else { continue }
                seen[field] = true
                do {
                    try destination.read(dictionary.values[position], field: field, of: self, in: context)
                } catch {
                    let path = fields[field].keys.errorPath(in: dictionary)
                    if keepsField(after: error, found: ValueDescription.describe(dictionary.values[position]), at: path, in: context) { continue }
                    problems.merge(MappingError.wrapping(error, at: path), for: field)
                    if problems.isFatal { return problems.collected(cap: context.maximumProblems) }
                }
            }
            for field in fields.indices where !seen[field] {
                let problem: MappingError?
                if looksUpTheRest {
                    problem = readField(field, of: dictionary, into: destination, in: context)
                } else {
                    do {
                        try destination.readMissing(field: field, of: self, in: context)
                        continue
                    } catch {
                        problem = MappingError.wrapping(error, at: fields[field].keys.errorPath(in: dictionary))
                    }
                }
                guard let problem else { continue }
                problems.merge(problem, for: field)
                if problems.isFatal { break }
            }
            return problems.collected(cap: context.maximumProblems)
        }
    }
}

/// Where a plan's read of one object puts each field's value (see `ObjectPlan+Read.swift`).
protocol FieldDestination {
    /// The fields may be read in the dictionary's own order (``ObjectPlan/walksKeys``).
    static var takesAnyOrder: Bool { get }

    /// Reads `value` into field `index`.
    func read(_ value: Any, field index: Int, of plan: ObjectPlan, in context: MappingContext) throws

    /// Gives field `index`, whose key is absent, what it takes then: its default, or nothing.
    func readMissing(field index: Int, of plan: ObjectPlan, in context: MappingContext) throws
}

/// The staging buffer: values decoded into it (merged, where the field merges in this mapping,
/// into the model's current value), committed by ``ObjectPlan/stage(into:in:finish:fill:)``.
struct StagingDestination: FieldDestination {
    static var takesAnyOrder: Bool { false }

    let staging: ObjectPlan.Staging
    /// The mapping's case, for ``FieldRef/merging``: empty when no field merges.
    let merges: MergeMask

    @inline(__always)
    func read(_ value: Any, field index: Int, of plan: ObjectPlan, in context: MappingContext) throws {
        let ref = plan.fieldRefs[index]
        if let current = staging.current, !ref.merging.isDisjoint(with: merges) {
            try ref.calls._withUnsafeGuaranteedRef { try $0.merge(value, current: current, into: staging.buffer, in: context) }
        } else if !ref.leaf.decode(value, at: staging.buffer + ref.offset, initializing: true) {
            try ref.calls._withUnsafeGuaranteedRef { try $0.decode(value, into: staging.buffer, in: context) }
        }
        staging.staged[index] = true
    }

    @inline(__always)
    func readMissing(field index: Int, of plan: ObjectPlan, in context: MappingContext) throws {
        staging.staged[index] = try plan.fieldRefs[index].calls._withUnsafeGuaranteedRef {
            try $0.decodeMissing(into: staging.buffer, createsModel: !context.updatesInPlace)
        }
        if staging.staged[index], let report = context.report {
            report.record(.defaultedWhenMissing(plan.fields[index].defaults.missingDescription), found: "nothing")
        }
    }
}

/// A fresh struct's own storage (``ObjectPlan/decodesInPlace`` plans): each value decoded over
/// the one `init()` gave it, nothing to commit (a failure throws the struct away).
struct ModelDestination: FieldDestination {
    /// In-place reads never report, and a fresh struct of a plan that ``ObjectPlan/decodesInPlace``
    /// runs no hooks that could see the order.
    static var takesAnyOrder: Bool { true }

    let model: UnsafeMutableRawPointer

    @inline(__always)
    func read(_ value: Any, field index: Int, of plan: ObjectPlan, in context: MappingContext) throws {
        let ref = plan.fieldRefs[index]
        if ref.leaf.decode(value, at: model + ref.offset, initializing: false) { return }
        try ref.calls._withUnsafeGuaranteedRef { try $0.decode(value, over: model, in: context) }
    }

    @inline(__always)
    func readMissing(field index: Int, of plan: ObjectPlan, in context: MappingContext) throws {
        try plan.fieldRefs[index].calls._withUnsafeGuaranteedRef { try $0.decodeMissing(over: model) }
    }
}
