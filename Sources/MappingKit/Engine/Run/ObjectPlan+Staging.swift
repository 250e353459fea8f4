/// Every input path's common end: values staged in a buffer laid out like the model, checked,
/// then committed all at once (or, when anything fails, discarded with the model untouched).
extension ObjectPlan {
    /// The staging buffer of one decode: the values, then a flag per slot (fields, then the
    /// stash) saying whether it holds one, then a flag per field saying whether its key was met.
    struct Staging {
        let buffer: UnsafeMutableRawPointer
        let staged: UnsafeMutablePointer<Bool>
        let seen: UnsafeMutablePointer<Bool>
        /// The model as it is, when this is an update in place, or a fresh one whose nested models
        /// are made onto their declared defaults: what merging fields merge into.
        let current: UnsafeRawPointer?
    }

    /// Runs `fill`, which stages values and collects problems and returns the input (or the
    /// part of it that undefined keys and hooks read), then applies the undefined-key policy
    /// and commits the staged values to `model`, or throws and leaves `model` as it was.
    func stage(
        into model: UnsafeMutableRawPointer,
        in context: MappingContext,
        finish: ([String: Any]) throws -> Void,
        fill: (Staging, inout MappingError?) throws -> [String: Any]
    ) throws {
        CallTrace.note("Engine/Run/ObjectPlan+Staging.swift stage")
        if context.updatesInPlace, !unobserved.isEmpty { throw unobservedUpdate }
        guard context.updatesInPlace else { return try stageValues(into: model, in: context, finish: finish, fill: fill) }
        // Nested class instances an update merges into change before this model does: put back
        // if anything in this update fails.
        let mark = context.mergeMark
        do {
            try stageValues(into: model, in: context, finish: finish, fill: fill)
        } catch {
            context.rollBackMerges(to: mark)
            throw error
        }
    }

    @inline(__always)
    private func stageValues(
        into model: UnsafeMutableRawPointer,
        in context: MappingContext,
        finish: ([String: Any]) throws -> Void,
        fill: (Staging, inout MappingError?) throws -> [String: Any]
    ) throws {
        // One allocation on the stack. (Nested models recurse through here: every frame counts.)
        let slotCount = fields.count + 1
        try withUnsafeTemporaryAllocation(byteCount: stagingByteCount + 2 * slotCount, alignment: stagingAlignment) { buffer in
            guard let base = buffer.baseAddress else { return }
            let flags = (base + stagingByteCount).bindMemory(to: Bool.self, capacity: 2 * slotCount)
            flags.initialize(repeating: false, count: 2 * slotCount)
            let staging = Staging(buffer: base, staged: flags, seen: flags + slotCount, current: context.updatesInPlace || mergesDefaults || context.startsFromDefault ? UnsafeRawPointer(model) : nil)
            defer {
                for index in fieldRefs.indices where staging.staged[index] {
                    fieldRefs[index].calls._withUnsafeGuaranteedRef { $0.discard(base) }
                }
                if staging.staged[fields.count] { stash?.discard(base) }
            }
            var failure: MappingError?
            let input = try fill(staging, &failure)
            let policy = context.undefinedKeys ?? undefinedKeys
            if policy != .drop || context.isReporting, failure == nil || failure?.isFatal == false {
                checkUndefinedKeys(of: input, policy, in: context, failure: &failure) { stash in
                    guard let slot = self.stash else { return }
                    var kept = (model + slot.offset).assumingMemoryBound(to: UnmappedValues.self).pointee
                    kept.merge(stash)
                    (base + slot.offset).initializeMemory(as: UnmappedValues.self, to: kept)
                    staging.staged[fields.count] = true
                }
            }
            if let report = context.report, !input.isEmpty, !consumed.readsAnyKey(of: input) {
                report.record(.noKeyRead(model: modelName), found: ValueDescription.describe(input))
            }
            if let failure { throw failure }
            guard hasHooks else {
                for index in fieldRefs.indices where staging.staged[index] {
                    fieldRefs[index].calls._withUnsafeGuaranteedRef { $0.moveIn(base, model) }
                    staging.staged[index] = false
                }
                if staging.staged[fields.count] {
                    stash?.moveIn(base, model)
                    staging.staged[fields.count] = false
                }
                return
            }
            try commitWithHooks(staging: base, staged: staging.staged, model: model) { try finish(input) }
        }
    }

    /// The error for an in-place update of an `@Observable` model whose tracked properties are
    /// not all ``MappingConfiguration/Builder/observed(_:fileID:line:)``.
    private var unobservedUpdate: MappingError {
        let names = unobserved.map { "\\.\($0)" }.joined(separator: ", ")
        let message = """
            \(modelName) is @Observable and this update changes it in place, which would not tell the observers \
            of \(unobserved.joined(separator: ", ")): add `map.observed(\(names))` to its mappingConfiguration
            """
        return MappingError(.configuration(type: modelName, message: message))
    }

    /// Hooks may change any property: every mapped property is backed up before the staged
    /// values go in, and restored if a hook throws.
    private func commitWithHooks(
        staging: UnsafeMutableRawPointer,
        staged: UnsafeMutablePointer<Bool>,
        model: UnsafeMutableRawPointer,
        finish: () throws -> Void
    ) throws {
        try withUnsafeTemporaryAllocation(byteCount: stagingByteCount, alignment: stagingAlignment) { buffer in
            guard let backup = buffer.baseAddress else { return }
            let slots: [any FieldSlot] = fields + (stash.map { [$0] } ?? [])
            for slot in slots { slot.back(up: model, into: backup) }
            for (index, field) in fields.enumerated() where staged[index] { field.swap(staging, model) }
            if staged[fields.count] { stash?.swap(staging, model) }
            do {
                try finish()
            } catch {
                for slot in slots { slot.restore(model, from: backup) }
                throw error
            }
            for slot in slots { slot.calls.discard(backup) }
        }
    }
}
