import Foundation

/// Where the mappings inside ``MappingReport/collecting(_:)`` put their entries: one per
/// `collecting` call, found through a task-local value when a mapping call starts (once per
/// call, not per value), and locked since child tasks share it.
final class ReportCollector: @unchecked Sendable {
    @TaskLocal static var current: ReportCollector?

    private let lock = NSLock()
    private var entries: [MappingReport.Entry] = []

    func add(_ entry: MappingReport.Entry) {
        lock.withLock { entries.append(entry) }
    }

    var report: MappingReport {
        lock.withLock { MappingReport(entries: entries) }
    }

    /// How many entries there are: where entries added from now on start.
    var count: Int {
        lock.withLock { entries.count }
    }

    /// Takes back the entries added since `mark` about the value at `path` or inside it: what
    /// was reported of a value that was then left out as a whole.
    func removeEntries(since mark: Int, under path: String) {
        lock.withLock {
            guard mark < entries.count else { return }
            let kept = entries[mark...].filter { entry in
                !(entry.path == path || entry.path.hasPrefix(path + ".") || entry.path.hasPrefix(path + "["))
            }
            entries.replaceSubrange(mark..., with: kept)
        }
    }
}

/// The entries of one mapping call, and the path of the value it is at (kept only while
/// reporting: the plan's loops push and pop it around every field and element).
final class ReportPath {
    private let collector: ReportCollector
    private var components: [PathComponent] = []

    init(collector: ReportCollector) {
        self.collector = collector
    }

    func record(_ action: MappingReport.Action, at relative: [PathComponent] = [], found: String) {
        collector.add(MappingReport.Entry(path: PathComponent.render(components + relative), action: action, found: found))
    }

    /// Where the entries stand now (``ReportCollector/count``).
    var mark: Int { collector.count }

    /// Takes back what was reported since `mark` of the value at `relative` and inside it.
    func takeBack(since mark: Int, at relative: [PathComponent]) {
        collector.removeEntries(since: mark, under: PathComponent.render(components + relative))
    }

    func within<Result>(_ path: [PathComponent], _ body: () throws -> Result) rethrows -> Result {
        components += path
        defer { components.removeLast(path.count) }
        return try body()
    }
}
