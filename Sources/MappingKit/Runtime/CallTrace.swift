/// The steps a call went through, in order, noted in debug builds only: what `CallPathTests`
/// compares with the path of one call that `Sources/MappingKit/README.md` describes, so the map
/// cannot drift from the code. In release builds ``note(_:)`` is empty and inlined away.
enum CallTrace {
    /// Where the steps go while a test records them; `nil` (the rest of the time, and on every
    /// other task) notes nothing.
    @TaskLocal static var log: CallTraceLog?

    /// Notes `step` (`"Folder/File.swift function"`) when a test is recording on this task.
    @inline(__always)
    static func note(_ step: StaticString) {
        #if DEBUG
        log?.append(step)
        #endif
    }
}

/// The steps noted while one test records (see ``CallTrace``). Filled by one task at a time.
final class CallTraceLog: @unchecked Sendable {
    private(set) var steps: [String] = []

    init() {}

    func append(_ step: StaticString) {
        steps.append("\(step)")
    }
}
