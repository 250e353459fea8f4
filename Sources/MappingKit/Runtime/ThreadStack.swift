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
    /// platform Swift runs on), or `nil` where the system does not say.
    static func lowerBound() -> UInt? {
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

    /// An address in the caller's stack frame.
    @inline(never)
    static func currentAddress() -> UInt {
        var marker: UInt8 = 0
        return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
    }
}
