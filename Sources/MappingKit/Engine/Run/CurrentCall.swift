#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The mapping call the current thread is in, for the methods a model may override
/// (``Mappable/update(from:configuration:)``, ``Mappable/dictionaryRepresentation(configuration:)``)
/// and the defaults they call: per-call state (depth, limits, the report, an import) is not
/// part of a `MappingConfiguration`, which a type declares once and an override may keep.
///
/// MappingKit sets it around each call of those methods (``with(_:_:)``) and puts the one
/// before back after; outside any call it is `nil`, and a default called there starts a call
/// of its own. A thread-specific value, not a task-local one: setting it costs no allocation,
/// and overrides run synchronously on the thread of the call.
enum CurrentCall {
    /// The context of the call in progress on this thread, if any.
    static var context: MappingContext? {
        slot?.pointee
    }

    /// Runs `body` with `context` as this thread's call.
    @inline(__always)
    static func with<Result>(_ context: MappingContext, _ body: () throws -> Result) rethrows -> Result {
        guard let slot = slot ?? makeSlot() else { return try body() }
        let outer = slot.pointee
        slot.pointee = context
        defer { slot.pointee = outer }
        return try body()
    }

    #if canImport(Darwin) || canImport(Glibc) || canImport(Musl)
    /// The thread-specific value that points at each thread's current call (a pointer, not a
    /// class: a class's stored property is checked for exclusive access on every read and write,
    /// which cost more than the rest of a small model's top-level call). Freed when the thread
    /// ends.
    private static let key: pthread_key_t? = {
        var key = pthread_key_t()
        #if canImport(Darwin)
        let free: @convention(c) (UnsafeMutableRawPointer) -> Void = { CurrentCall.free($0) }
        #else
        let free: @convention(c) (UnsafeMutableRawPointer?) -> Void = { pointer in
            guard let pointer else { return }
            CurrentCall.free(pointer)
        }
        #endif
        return pthread_key_create(&key, free) == 0 ? key : nil
    }()

    private static func free(_ pointer: UnsafeMutableRawPointer) {
        let slot = pointer.assumingMemoryBound(to: MappingContext?.self)
        slot.deinitialize(count: 1)
        slot.deallocate()
    }

    private static var slot: UnsafeMutablePointer<MappingContext?>? {
        guard let key, let pointer = pthread_getspecific(key) else { return nil }
        return pointer.assumingMemoryBound(to: MappingContext?.self)
    }

    private static func makeSlot() -> UnsafeMutablePointer<MappingContext?>? {
        guard let key else { return nil }
        let slot = UnsafeMutablePointer<MappingContext?>.allocate(capacity: 1)
        slot.initialize(to: nil)
        guard pthread_setspecific(key, slot) == 0 else {
            free(slot)
            return nil
        }
        return slot
    }
    #else
    private static var slot: UnsafeMutablePointer<MappingContext?>? { nil }
    private static func makeSlot() -> UnsafeMutablePointer<MappingContext?>? { nil }
    #endif
}
