import Foundation

/// Reads the value inside an `Any` when it is exactly a given small type, straight from the
/// existential container: no dynamic cast.
///
/// Swift's ABI lays an `Any` out as a buffer of three words followed by the type metadata of
/// the value it holds; a value of at most three words, word-aligned and bitwise-takable (`Int`,
/// `Bool`, `Double`, `String`, arrays and dictionaries) is stored inline, at the start of the
/// buffer. A dynamic cast
/// reaches the same bytes after looking the types up, which is most of what reading a leaf
/// value costs. Anything else (a class, a boxed value, another type) gives `nil` and goes
/// through the cast as before.
enum ExistentialPayload {
    /// `value` as a `T` when its dynamic type is exactly `T`, else `nil`.
    @inline(__always)
    static func value<T>(_ type: T.Type, in value: Any) -> T? {
        guard isInline(T.self) else { return nil }
        return withUnsafePointer(to: value) { container in
            let raw = UnsafeRawPointer(container)
            let held = raw.load(fromByteOffset: metadataOffset, as: UnsafeRawPointer.self)
            guard held == unsafeBitCast(T.self, to: UnsafeRawPointer.self) else { return nil }
            return raw.load(as: T.self)
        }
    }

    /// `value` as an `NSNumber` when its container says it holds exactly one (the class
    /// JSONSerialization makes its numbers of; Swift stores a value's own type when it erases
    /// it, from another existential too), else `nil`. A class reference is stored inline, in
    /// the buffer's first word. Only the container's type is trusted, never a guess from the
    /// object's.
    @inline(__always)
    static func number(in value: Any) -> NSNumber? {
        withUnsafePointer(to: value) { container in
            let raw = UnsafeRawPointer(container)
            let held = raw.load(fromByteOffset: metadataOffset, as: UnsafeRawPointer.self)
            guard held == unsafeBitCast(NSNumber.self, to: UnsafeRawPointer.self) else { return nil }
            return raw.load(as: NSNumber.self)
        }
    }

    /// Where an `Any` keeps the metadata of the value it holds: after its three-word buffer.
    private static let metadataOffset = 3 * MemoryLayout<UnsafeRawPointer>.size

    /// `true` for the types this reads: the leaf types a property most often has, all stored
    /// inline (checked again here, so no other type is ever read this way).
    @inline(__always)
    private static func isInline<T>(_ type: T.Type) -> Bool {
        (T.self == Int.self || T.self == Bool.self || T.self == Double.self || T.self == String.self
            || T.self == [String: Any].self || T.self == [Any].self)
            && MemoryLayout<T>.size <= metadataOffset && MemoryLayout<T>.alignment <= MemoryLayout<UnsafeRawPointer>.alignment
            && MemoryLayout<Any>.size == metadataOffset + MemoryLayout<UnsafeRawPointer>.size
    }
}
