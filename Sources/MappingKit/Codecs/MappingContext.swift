/// State that travels with one mapping call through every nested model.
struct MappingContext: Sendable {
    /// The depth and the three flags below in one word. A context is copied for every nested
    /// model, and the compiler (Swift 6.3) copies a struct of more than four stored values
    /// through an outlined copy that reaches each optional reference's value witnesses: five
    /// fields cost about a hundred instructions per copy, three cost two retains.
    private var bits = 0

    /// How many models deep the current value is; the root model is at depth 0.
    var depth: Int {
        get { bits >> 3 }
        set { bits = newValue << 3 | bits & 0b111 }
    }
    /// The model mapped at this level existed before the call (`update(from:)`, an import's
    /// stored object), rather than being made for it: absent keys keep their values (no default,
    /// no requirement about absence applies), and an `@Observable` class must tell its observers.
    /// Nested models are always made fresh, so ``nested()`` leaves it `false`.
    var updatesInPlace: Bool {
        get { bits & 0b01 != 0 }
        set { bits = newValue ? bits | 0b01 : bits & ~0b01 }
    }
    /// The policies (a key strategy, missing keys, adapters by value type, lossy collections) the
    /// model at this level hands down to the types nested in it that set none (``ConfigurationRules/inheriting(_:)``); `nil` in the
    /// common case. Kept in the marks, as the policies' own shared marks when nothing else is
    /// marked: a context is copied for every nested model, and each reference it holds costs on
    /// every copy.
    var inherited: InheritedPolicies? {
        get { marks?.inherited }
        set {
            if let newValue, marks?.discriminator == nil, marks?.defaultProbe == nil {
                marks = newValue.marks
            } else {
                marks = ContextMarks(discriminator: discriminator, defaultProbe: defaultProbe, inherited: newValue)
            }
        }
    }
    /// A discriminator key the parent read from this model's dictionary.
    var discriminator: String? {
        get { marks?.discriminator }
        set { marks = ContextMarks(discriminator: newValue, defaultProbe: defaultProbe, inherited: inherited) }
    }
    /// The model type whose default `update(from:configuration:)` or
    /// `dictionaryRepresentation(configuration:)` should only say that it ran
    /// (``DefaultPaths/sawDefaultUpdate()``, ``DefaultPaths/sawDefaultRepresentation()``) and
    /// map or build nothing: a format is about to read its input straight into the model, or
    /// write it straight from the model, and asks first whether an override would run instead.
    var defaultProbe: ObjectIdentifier? {
        get { marks?.defaultProbe }
        set { marks = ContextMarks(discriminator: discriminator, defaultProbe: newValue, inherited: inherited) }
    }
    /// The call's settings and spending, once it has started (or been given settings).
    private var call: MappingCall?
    /// The rarely set marks above, in one reference: a context is copied for every nested
    /// model, and each stored reference costs a retain and a release per copy.
    private var marks: ContextMarks?

    /// A context for a call with these settings; with none, the call starts when mapping does.
    init(
        mapper: Mapper? = nil,
        undefinedKeys: UndefinedKeyPolicy? = nil,
        limits: MappingLimits? = nil,
        style: RepresentationStyle = .standard,
        session: (any ModelImporting)? = nil,
        updatesInPlace: Bool = false
    ) {
        self.updatesInPlace = updatesInPlace
        if mapper != nil || undefinedKeys != nil || limits != nil || style != .standard || session != nil {
            call = MappingCall(mapper: mapper, undefinedKeys: undefinedKeys, limits: limits, style: style, session: session)
        }
    }

    /// Where lenient handling is reported, inside ``MappingReport/collecting(_:)``; `nil` (the
    /// common case) otherwise. A reporting call takes the dictionary path everywhere, whose loops
    /// keep the report's path.
    var report: ReportPath? { mutesReport ? nil : call?.report }

    /// `report` is not `nil`.
    var isReporting: Bool { !mutesReport && call?.report != nil }

    /// Values read again for another purpose than mapping (an import's survey of primary keys)
    /// are not reported: the mapping that follows reports them once, at their paths.
    var mutesReport: Bool {
        get { bits & 0b10 != 0 }
        set { bits = newValue ? bits | 0b10 : bits & ~0b10 }
    }

    /// The model mapped at this level is being made from a nested model's declared default
    /// rather than from `init()` (``FieldSlot/mergesDefault``): its own nested models are made
    /// from the values it holds, since those are the defaults at this depth. ``nested()`` leaves
    /// it `false`.
    var startsFromDefault: Bool {
        get { bits & 0b100 != 0 }
        set { bits = newValue ? bits | 0b100 : bits & ~0b100 }
    }

    /// This context with the report muted.
    var muted: MappingContext {
        var context = self
        context.mutesReport = true
        return context
    }

    /// Runs `body` with `path` added to the report's, when reporting.
    @inline(__always)
    func reporting<Result>(at path: @autoclosure () -> [PathComponent], _ body: () throws -> Result) rethrows -> Result {
        guard let report else { return try body() }
        return try report.within(path(), body)
    }

    /// Records that a value of another kind was converted to `type`, when reporting.
    func reportCoercion(of input: Any, to type: @autoclosure () -> String) {
        report?.record(.coerced(to: type()), found: ValueDescription.describe(input))
    }

    /// The import this call maps into, when it maps into a store.
    var importing: (any ModelImporting)? { call?.session }

    /// The call maps into a store.
    var hasSession: Bool { call?.session != nil }

    var style: RepresentationStyle { call?.style ?? .standard }

    /// The mapper whose registrations apply, when mapping through one.
    var mapper: Mapper? { call?.mapper }

    /// The undefined-key policy of this call or mapper, over every configuration's own. Setting
    /// it starts a new call with it.
    var undefinedKeys: UndefinedKeyPolicy? {
        get { call?.undefinedKeys }
        set { call = MappingCall(mapper: mapper, undefinedKeys: newValue, limits: call?.requestedLimits, style: style, session: importing) }
    }

    /// This context writing representations in `style` (the call's settings and limits kept,
    /// its spending counted afresh).
    func styled(_ style: RepresentationStyle) -> MappingContext {
        guard style != self.style else { return self }
        var context = self
        context.call = MappingCall(mapper: mapper, undefinedKeys: undefinedKeys, limits: call?.requestedLimits, style: style, session: importing)
        return context
    }

    /// The limits of this call, over the mapper's and the defaults. Setting them starts a new
    /// call with them.
    var limits: MappingLimits? {
        get { call?.requestedLimits }
        set { call = MappingCall(mapper: mapper, undefinedKeys: undefinedKeys, limits: newValue, style: style, session: importing) }
    }

    /// The limits in force: the call's, else the mapper's, else the defaults.
    var effectiveLimits: MappingLimits {
        call?.limits ?? mapper?.limits ?? .default
    }

    /// `true` once the call has started: ``started()`` would give this context back.
    var hasStarted: Bool { call != nil }

    /// This context with a call: a new one at the start of a call, the call's own inside it.
    func started() -> MappingContext {
        guard call == nil else { return self }
        var context = self
        context.call = MappingCall()
        return context
    }

    /// ``MappingLimits/maximumProblems`` of the call.
    var maximumProblems: Int {
        effectiveLimits.maximumProblems
    }

    /// Counts a model made or written, against the call's limits.
    func checkStack() throws {
        try call?.checkStack()
    }

    func countModel() throws {
        try call?.countModel()
    }

    /// Counts collection elements converted, against the call's limits.
    func countValues(_ count: Int) throws {
        try call?.countValues(count)
    }

    /// Where the merges of an update in place start (see ``MappingCall/rollBackMerges(to:)``).
    var mergeMark: Int { call?.mergeMark ?? 0 }

    /// Keeps what a class instance held before an update merged into it, to put back if the
    /// update that contains it fails.
    func keepMerged(_ backup: any MergeBackup) {
        call?.keepMerged(backup)
    }

    /// Puts back every instance merged into since `mark`.
    func rollBackMerges(to mark: Int) {
        call?.rollBackMerges(to: mark)
    }

    /// The context one model further down, or the error that says a limit is reached: the
    /// nesting depth, or the stack the call has used.
    func nested() throws -> MappingContext {
        let call = call ?? MappingCall()
        guard depth < call.limits.maximumDepth else { throw MappingError(.tooDeep(limit: call.limits.maximumDepth)) }
        try call.checkStack()
        var nested = MappingContext()
        nested.depth = depth + 1
        nested.marks = marks?.inherited?.marks
        nested.mutesReport = mutesReport
        nested.call = call
        return nested
    }
}

/// A context's rarely set values (see ``MappingContext/discriminator``).
final class ContextMarks: Sendable {
    let discriminator: String?
    let defaultProbe: ObjectIdentifier?
    let inherited: InheritedPolicies?

    init(discriminator: String?, defaultProbe: ObjectIdentifier?, inherited: InheritedPolicies?) {
        self.discriminator = discriminator
        self.defaultProbe = defaultProbe
        self.inherited = inherited
    }
}
