/// What one mapping call has spent of its ``MappingLimits``: shared by every nested model of
/// the call, made when the call starts.
///
/// A call runs on one thread at a time, and a budget is never shared between calls; the
/// counters need no lock, hence the unchecked sendability.
final class WorkBudget: @unchecked Sendable {
    let limits: MappingLimits
    private var models = 0
    private var values = 0
    /// Where the call started in the thread's stack.
    private let stackStart: UInt

    /// Stack kept free below the deepest model: room for one more level of mapping (a level
    /// takes 7 to 13 KB in a debug build) and for the code it calls (hooks, adapters).
    static let stackReserve: UInt = 64 * 1024

    init(limits: MappingLimits) {
        self.limits = limits
        stackStart = ThreadStack.currentAddress()
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

    /// Throws when less than ``stackReserve`` of the thread's stack is left. An address outside
    /// the stack the system reports (a sanitizer's fake stack) skips the check; the depth limit
    /// still holds.
    func checkStack() throws {
        let current = ThreadStack.currentAddress()
        guard let lowerBound = ThreadStack.lowerBound(), current > lowerBound, current <= stackStart else { return }
        guard current - lowerBound >= Self.stackReserve else {
            throw MappingError(.outOfStack(used: Int(stackStart - current)))
        }
    }
}
