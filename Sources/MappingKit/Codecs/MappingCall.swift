/// One mapping call: its settings (the mapper, the undefined-key policy and the limits it runs
/// under) and what it has spent of its ``MappingLimits``. Shared by every nested model of the
/// call through ``MappingContext``, so a context copy retains one object however much a call
/// carries.
///
/// A call runs on one thread at a time, and a call object is never shared between calls; the
/// counters need no lock, hence the unchecked sendability.
final class MappingCall: @unchecked Sendable {
    /// The mapper whose registrations apply, when mapping through one.
    let mapper: Mapper?
    /// The undefined-key policy of this call or mapper, over every configuration's own.
    let undefinedKeys: UndefinedKeyPolicy?
    /// The limits asked for by the call (or its mapper), if any.
    let requestedLimits: MappingLimits?
    /// The limits in force: the call's, else the mapper's, else the defaults.
    let limits: MappingLimits
    /// What the dictionary representation is made for.
    let style: RepresentationStyle
    /// The import this call belongs to, when it maps into a store (``MappingContext/importing``).
    let session: (any ModelImporting)?
    /// Where this call reports what lenient handling did, inside ``MappingReport/collecting(_:)``.
    let report: ReportPath?
    private var models = 0
    private var values = 0
    /// Where the call started in the thread's stack, and the guard over it (made once, when
    /// nesting first needs it).
    private let stackStart: UInt
    private lazy var stack = StackGuard(start: stackStart)

    init(mapper: Mapper? = nil, undefinedKeys: UndefinedKeyPolicy? = nil, limits: MappingLimits? = nil, style: RepresentationStyle = .standard, session: (any ModelImporting)? = nil) {
        self.style = style
        self.session = session
        self.mapper = mapper
        self.undefinedKeys = undefinedKeys
        requestedLimits = limits
        self.limits = limits ?? mapper?.limits ?? .default
        stackStart = ThreadStack.currentAddress()
        report = ReportCollector.current.map(ReportPath.init)
    }

    /// Counts one model made or written.
    func countModel() throws {
        models += 1
        guard models <= limits.maximumModels else {
            throw MappingError(.limitExceeded(limits.maximumModels, "models in one call", name: "maximumModels"))
        }
    }

    /// Counts `count` collection elements converted.
    func countValues(_ count: Int) throws {
        values = values.addingReportingOverflow(count).partialValue
        guard values >= 0, values <= limits.maximumValues else {
            throw MappingError(.limitExceeded(limits.maximumValues, "collection elements in one call", name: "maximumValues"))
        }
    }

    /// Class instances an update merged into in place (nested models kept with their
    /// identity), as they were before: put back when an update that contains the merge fails.
    private var merged: [any MergeBackup] = []

    /// How many merged instances are kept: where an update's own merges start.
    var mergeMark: Int { merged.count }

    func keepMerged(_ backup: any MergeBackup) {
        merged.append(backup)
    }

    /// Puts back every instance merged into since `mark`, the latest first.
    func rollBackMerges(to mark: Int) {
        while merged.count > mark { merged.removeLast().restore() }
    }

    /// Throws when less than ``StackGuard/reserve`` of the thread's stack is left.
    func checkStack() throws {
        try stack.check()
    }
}

/// What a class instance held before an update merged into it (the engine's `ObjectBackup`),
/// kept by the call to put back if the update that contains the merge fails.
protocol MergeBackup: AnyObject {
    /// Puts the instance's properties back.
    func restore()
}
