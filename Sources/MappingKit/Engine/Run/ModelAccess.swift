/// Gives a plan the bytes of a model to read: a class instance's object, or a struct's own storage.
/// (Writing happens in `applyPlan`, whose hooks need the model while its bytes are borrowed.)
extension Mappable {
    /// Runs `body` with a read-only pointer to this model's stored properties.
    func withModelBytes<Result>(isObject: Bool, _ body: (UnsafeRawPointer) throws -> Result) rethrows -> Result {
        if isObject {
            let object = self as AnyObject
            return try withExtendedLifetime(object) {
                try body(UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque()))
            }
        }
        return try withUnsafeBytes(of: self) { bytes in
            try ModelAccess.withNonNilBase(bytes.baseAddress.map(UnsafeMutableRawPointer.init(mutating:))) {
                try body(UnsafeRawPointer($0))
            }
        }
    }
}

extension Mappable {
    /// Runs `body` with the address of the model's stored properties, to change them: the
    /// object's for a class, this value's own bytes for a struct.
    mutating func withMutableModelBytes<Result>(isObject: Bool, _ body: (UnsafeMutableRawPointer) throws -> Result) rethrows -> Result {
        if isObject {
            let object = self as AnyObject
            return try withExtendedLifetime(object) { try body(Unmanaged.passUnretained(object).toOpaque()) }
        }
        return try withUnsafeMutableBytes(of: &self) { bytes in
            try ModelAccess.withNonNilBase(bytes.baseAddress, body)
        }
    }
}

extension Mappable {
    /// Every format's commit of one model: starts the call's count, then runs `decode` with the
    /// model's bytes (a class instance's object, a struct's own storage), the context, and the
    /// `finish` that runs the plan's hooks on the model once the staged values are in. A format
    /// supplies only its read: a ``PlanReader`` through ``commit(_:reading:in:)`` (JSON, a
    /// decoder), or `plan.decode` for a dictionary, which may rewrite its input first.
    mutating func commit(
        _ plan: ObjectPlan,
        in context: MappingContext,
        _ decode: (_ model: UnsafeMutableRawPointer, _ context: MappingContext, _ finish: ([String: Any]) throws -> Void) throws -> Void
    ) throws {
        CallTrace.note("Engine/Run/ModelAccess.swift commit")
        // A nested model's context has its call already: passed on as it is, not copied (a
        // copy retains and releases the context's references, for every model).
        guard context.hasStarted else { return try commitStarted(plan, in: context.started(), decode) }
        try commitStarted(plan, in: context, decode)
    }

    /// The engine's one entry for reading a model from a format: the format hands over its
    /// reader of one object, and the engine does the rest (the call's count, the model's bytes,
    /// the policies the plan hands down, the staging buffer, the undefined-key policy, the atomic
    /// commit, the hooks), calling the format back only through ``PlanReader``.
    @inline(__always)
    mutating func commit<Reader: PlanReader>(_ plan: ObjectPlan, reading reader: inout Reader, in context: MappingContext) throws {
        try commit(plan, in: context) { model, context, finish in
            // The context as it is, unless the plan hands policies down (a copy costs a retain
            // and a release per reference, per model).
            guard let policies = plan.handedDown, policies !== context.inherited else {
                return try plan.read(&reader, into: model, in: context, finish: finish)
            }
            try plan.read(&reader, into: model, in: context.handingDown(policies), finish: finish)
        }
    }

    /// The engine's one entry for reading a model from a format's object: straight from its
    /// members when the type is known to map by default, else through
    /// ``update(from:configuration:)`` with the object as a dictionary.
    ///
    /// Whether the type overrides that method is found out the first time: the object is read
    /// as a dictionary and the method called with it under a probe (``MappingContext/defaultProbe``).
    /// MappingKit's own implementation answers the probe by marking the plan
    /// (``DefaultPaths/sawDefaultUpdate()``) and returning without mapping, and the object is read
    /// again from its members; an override just runs, as it would for a dictionary. Nothing is
    /// thrown through the override, so its own `catch` clauses never see the probe. (An override
    /// must be handed the real input: there is no asking the runtime which implementation a
    /// conformance uses without calling it.)
    mutating func update<Source: ObjectSource>(reading source: inout Source, configuration: MappingConfiguration, context: MappingContext) throws {
        CallTrace.note("Engine/Run/ModelAccess.swift update(reading:)")
        let plan = try PlanCache.plan(for: type(of: self), configuration: configuration)
        // A reporting call maps the object as a dictionary, whose loops keep the report's path.
        if plan.readsDirectly, !context.isReporting {
            return try commit(plan, reading: &source, in: context)
        }
        let dictionary = try source.readDictionary()
        guard !plan.rewritesInput, !context.isReporting else {
            try CurrentCall.with(context) { try update(from: dictionary, configuration: configuration) }
            return
        }
        var probing = context
        probing.defaultProbe = ObjectIdentifier(type(of: self))
        try CurrentCall.with(probing) { try update(from: dictionary, configuration: configuration) }
        // Unset before the call, so set by it: the default ran, and mapped nothing. (Another
        // thread can set it meanwhile only for the same type, which has no override either.)
        guard plan.defaults.updatesByDefault else { return }
        source.rewind()
        try commit(plan, reading: &source, in: context)
    }

    /// ``commit(_:in:_:)`` once the call has started.
    private mutating func commitStarted(
        _ plan: ObjectPlan,
        in context: MappingContext,
        _ decode: (_ model: UnsafeMutableRawPointer, _ context: MappingContext, _ finish: ([String: Any]) throws -> Void) throws -> Void
    ) throws {
        try context.countModel()
        if plan.isObject {
            let object = self as AnyObject
            let target = self
            try withExtendedLifetime(object) {
                try decode(Unmanaged.passUnretained(object).toOpaque(), context) { input in
                    var target = target
                    try Self.runHooks(plan.hooks, with: input, on: &target)
                }
            }
            return
        }
        try withUnsafeMutableBytes(of: &self) { bytes in
            try ModelAccess.withNonNilBase(bytes.baseAddress) { model in
                try decode(model, context) { input in
                    try Self.runHooks(plan.hooks, with: input, on: &model.assumingMemoryBound(to: Self.self).pointee)
                }
            }
        }
    }
}

enum ModelAccess {
    /// A model with no stored bytes (every property is empty) has no base address; its plan
    /// still runs, against a scratch byte nobody reads.
    static func withNonNilBase<Result>(
        _ base: UnsafeMutableRawPointer?,
        _ body: (UnsafeMutableRawPointer) throws -> Result
    ) rethrows -> Result {
        if let base { return try body(base) }
        let scratch = UnsafeMutableRawPointer.allocate(byteCount: 16, alignment: 16)
        defer { scratch.deallocate() }
        return try body(scratch)
    }
}
