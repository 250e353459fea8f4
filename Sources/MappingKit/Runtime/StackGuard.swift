/// The part of the calling thread's stack that recursive work may use: from where the work
/// started down to ``reserve`` above the stack's end.
struct StackGuard {
    /// Stack kept free below the deepest level: room for one more level of mapping (a level
    /// takes 7 to 13 KB in a debug build) and for the code it calls (hooks, adapters).
    static let reserve: UInt = 64 * 1024

    let start: UInt
    let lowerBound: UInt?

    /// A guard for work that starts at `start` on this thread (asks the system once per thread).
    init(start: UInt = ThreadStack.currentAddress()) {
        self.start = start
        lowerBound = ThreadStack.lowerBound()
    }

    /// Throws when less than ``reserve`` of the thread's stack is left. An address outside the
    /// stack the system reports (a sanitizer's fake stack) skips the check; depth limits still hold.
    @inline(__always)
    func check() throws {
        let current = ThreadStack.currentAddress()
        guard let lowerBound, current > lowerBound, current <= start else { return }
        guard current - lowerBound >= Self.reserve else {
            throw MappingError(.outOfStack(used: Int(start - current)))
        }
    }
}
