#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The calling thread's stack, as the system reports it: how much of it is left.
enum ThreadStack {
    /// The lowest usable address of the current thread's stack (stacks grow down on every
    /// platform Swift runs on), or `nil` where the system does not say. Asked of the system
    /// once per thread (for the main thread, glibc reads `/proc/self/maps` to answer).
    static func lowerBound() -> UInt? {
        #if canImport(Darwin) || canImport(Glibc) || canImport(Musl)
        guard let key = cacheKey else { return systemLowerBound() }
        if let cached = pthread_getspecific(key) { return UInt(bitPattern: cached) }
        guard let bound = systemLowerBound(), let stored = UnsafeMutableRawPointer(bitPattern: bound) else { return nil }
        pthread_setspecific(key, stored)
        return bound
        #else
        return nil
        #endif
    }

    #if canImport(Darwin) || canImport(Glibc) || canImport(Musl)
    /// The thread-specific slot that keeps each thread's bound.
    private static let cacheKey: pthread_key_t? = {
        var key = pthread_key_t()
        return pthread_key_create(&key, nil) == 0 ? key : nil
    }()
    #endif

    private static func systemLowerBound() -> UInt? {
        #if canImport(Darwin)
        let thread = pthread_self()
        let top = UInt(bitPattern: pthread_get_stackaddr_np(thread))
        let size = UInt(pthread_get_stacksize_np(thread))
        return top > size ? top - size : nil
        #elseif canImport(Glibc) || canImport(Musl)
        // Glibc's module leaves out the GNU extension that reads a running thread's attributes;
        // it is looked up by name, with its C signature.
        typealias GetAttributes = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32
        guard let symbol = dlsym(nil, "pthread_getattr_np") else { return nil }
        let getAttributes = unsafeBitCast(symbol, to: GetAttributes.self)
        var attributes = pthread_attr_t()
        guard getAttributes(pthread_self(), &attributes) == 0 else { return nil }
        defer { pthread_attr_destroy(&attributes) }
        var address: UnsafeMutableRawPointer?
        var size = 0
        guard pthread_attr_getstack(&attributes, &address, &size) == 0, let address else { return nil }
        return UInt(bitPattern: address)
        #else
        return nil
        #endif
    }

    /// An address in the caller's stack frame. Under AddressSanitizer, locals may live on its
    /// "fake stack" on the heap; the sanitizer's own interface maps them back to the real frame.
    @inline(never)
    static func currentAddress() -> UInt {
        var marker: UInt8 = 0
        return withUnsafeMutablePointer(to: &marker) { pointer in
            let address = UnsafeMutableRawPointer(pointer)
            if let sanitizer = AddressSanitizer.interface,
               let real = sanitizer.frameOf(sanitizer.currentFakeStack(), address, nil, nil) {
                return UInt(bitPattern: real)
            }
            return UInt(bitPattern: address)
        }
    }
}

/// AddressSanitizer's run-time interface, when the process runs under it.
private struct AddressSanitizer: Sendable {
    typealias CurrentFakeStack = @convention(c) () -> UnsafeMutableRawPointer?
    typealias FrameOf = @convention(c) (
        UnsafeMutableRawPointer?,
        UnsafeMutableRawPointer?,
        UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
        UnsafeMutablePointer<UnsafeMutableRawPointer?>?
    ) -> UnsafeMutableRawPointer?

    let currentFakeStack: CurrentFakeStack
    let frameOf: FrameOf

    static let interface: AddressSanitizer? = {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        #if canImport(Darwin)
        let everywhere = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
        #else
        let everywhere: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
        #endif
        guard let current = dlsym(everywhere, "__asan_get_current_fake_stack"),
              let frame = dlsym(everywhere, "__asan_addr_is_in_fake_stack") else { return nil }
        return AddressSanitizer(
            currentFakeStack: unsafeBitCast(current, to: CurrentFakeStack.self),
            frameOf: unsafeBitCast(frame, to: FrameOf.self)
        )
        #else
        return nil
        #endif
    }()
}
