import Foundation

/// A value behind a lock, for the tests' shared counters and caches
/// (`Synchronization.Mutex` and `Atomic` need macOS 15 / iOS 18).
final class LockedValue<Value>: @unchecked Sendable {
    // @unchecked: `value` is only touched while `lock` is held.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
