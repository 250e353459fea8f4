import Foundation

/// A value guarded by a lock, shared between threads.
///
/// `Synchronization.Mutex` works, but ThreadSanitizer on Linux does not see its futex-based
/// lock and reports every guarded access as a race; `NSLock` is a pthread mutex, which the
/// sanitizers understand, so `swift test --sanitize=thread` reports real races only.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, holding the lock.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
