import Foundation

/// JSON bytes, written forward by the plans' codecs: RFC 8259 escaping, shortest round-trip
/// numbers, optional sorted keys and pretty printing.
///
/// Containers are written by their owners: ``beginObject()``, a ``writeKey(_:first:)`` before
/// each member, ``endObject(empty:)``. A value that turns out to write nothing (a `nil`
/// optional) is taken back with ``truncate(to:)``.
struct JSONWriter {
    /// The bytes written, `base[0..<count]`, in a buffer of `capacity` bytes that doubles when
    /// full. Kept in the writer itself rather than in an `[UInt8]`, whose every append checks
    /// that its storage is not shared; `storage` owns the buffer and frees it. A writer is
    /// passed `inout` and never copied while in use.
    private var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int
    private let storage: WriterStorage
    let sortsKeys: Bool
    let isPretty: Bool
    private let maximumNesting: Int
    /// ``MappingLimits/maximumProblems``, for the untyped values it writes.
    let maximumProblems: Int
    private var nesting = 0
    /// Untyped values are written recursively: the thread's stack from where writing started.
    private let stack = StackGuard()

    init(options: JSONOutputOptions, limits: MappingLimits = .default) {
        sortsKeys = options.contains(.sortedKeys)
        isPretty = options.contains(.prettyPrinted)
        maximumNesting = limits.maximumNesting
        maximumProblems = limits.maximumProblems
        capacity = 1024
        base = .allocate(capacity: capacity)
        storage = WriterStorage(base)
    }

    var data: Data { Data(bytes: base, count: count) }

    /// Takes back everything written after the first `count` bytes.
    mutating func truncate(to count: Int) {
        self.count = min(count, self.count)
    }

    // MARK: The buffer

    @inline(__always)
    private mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toHold: 1) }
        base[count] = byte
        count += 1
    }

    @inline(__always)
    private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        if capacity - count < bytes.count { grow(toHold: bytes.count) }
        (base + count).initialize(from: source, count: bytes.count)
        count += bytes.count
    }

    @inline(__always)
    private mutating func append(contentsOf bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    /// Room for `extra` more bytes: the buffer at least doubled.
    @inline(never)
    private mutating func grow(toHold extra: Int) {
        capacity = max(capacity * 2, count + extra)
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        grown.moveInitialize(from: base, count: count)
        base.deallocate()
        base = grown
        storage.base = grown
    }

    // MARK: Containers

    mutating func beginObject() throws {
        try open()
        append(UInt8(ascii: "{"))
    }

    mutating func endObject(empty: Bool) {
        close(UInt8(ascii: "}"), empty: empty)
    }

    mutating func beginArray() throws {
        try open()
        append(UInt8(ascii: "["))
    }

    mutating func endArray(empty: Bool) {
        close(UInt8(ascii: "]"), empty: empty)
    }

    private mutating func open() throws {
        nesting += 1
        guard nesting <= maximumNesting else {
            throw MappingError(.limitExceeded(maximumNesting, "nested JSON arrays and objects", name: "maximumNesting"))
        }
        try stack.check()
    }

    private mutating func close(_ byte: UInt8, empty: Bool) {
        nesting -= 1
        if isPretty, !empty { newline() }
        append(byte)
    }

    /// The separator before an array element.
    @inline(__always)
    mutating func beginElement(first: Bool) {
        if !first { append(UInt8(ascii: ",")) }
        if isPretty { newline() }
    }

    /// A member's key, already quoted and escaped (``quoted(_:)``), and its colon.
    @inline(__always)
    mutating func writeKey(_ quotedKey: [UInt8], first: Bool) {
        beginElement(first: first)
        append(contentsOf: quotedKey)
        append(UInt8(ascii: ":"))
        if isPretty { append(UInt8(ascii: " ")) }
    }

    /// A member's key from a string.
    mutating func writeKey(_ key: String, first: Bool) {
        beginElement(first: first)
        writeString(key)
        append(UInt8(ascii: ":"))
        if isPretty { append(UInt8(ascii: " ")) }
    }

    private mutating func newline() {
        append(0x0A)
        for _ in 0..<nesting {
            append(0x20)
            append(0x20)
        }
    }

    /// `key` as a JSON string, quotes included: what ``writeKey(_:first:)`` takes.
    static func quoted(_ key: String) -> [UInt8] {
        var writer = JSONWriter(options: [])
        writer.writeString(key)
        return Array(UnsafeBufferPointer(start: writer.base, count: writer.count))
    }

    // MARK: Scalars

    mutating func writeNull() {
        append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])
    }

    mutating func writeBool(_ value: Bool) {
        if value {
            append(contentsOf: [0x74, 0x72, 0x75, 0x65])
        } else {
            append(contentsOf: [0x66, 0x61, 0x6C, 0x73, 0x65])
        }
    }

    mutating func writeInt(_ value: Int) {
        if value < 0 {
            append(UInt8(ascii: "-"))
            writeUnsigned(value.magnitude)
        } else {
            writeUnsigned(UInt(value))
        }
    }

    /// `value` in decimal, written in place: its length first (compares against powers of
    /// ten), then two digits per division from the end. Integers are most of what numeric
    /// payloads (citm's ids and prices) write, and one division per digit was 5% of writing
    /// citm's models.
    mutating func writeUnsigned(_ value: UInt) {
        if value < 10 {
            append(UInt8(truncatingIfNeeded: value) + UInt8(ascii: "0"))
            return
        }
        var length = 2
        var threshold: UInt = 100
        while length < 20, value >= threshold {
            length += 1
            threshold &*= 10
        }
        if capacity - count < length { grow(toHold: length) }
        let pairs = Self.digitPairs.utf8Start
        var end = base + count + length
        var rest = value
        while rest >= 100 {
            let (quotient, remainder) = rest.quotientAndRemainder(dividingBy: 100)
            end -= 2
            end[0] = pairs[Int(remainder) &* 2]
            end[1] = pairs[Int(remainder) &* 2 &+ 1]
            rest = quotient
        }
        if rest >= 10 {
            end[-2] = pairs[Int(rest) &* 2]
            end[-1] = pairs[Int(rest) &* 2 &+ 1]
        } else {
            end[-1] = UInt8(truncatingIfNeeded: rest) + UInt8(ascii: "0")
        }
        count += length
    }

    /// "00" to "99", two bytes each: the digits of a remainder by 100 at twice its offset.
    /// Computed rather than stored, so it is a constant in the binary with no lazy initializer.
    private static var digitPairs: StaticString {
        """
        00010203040506070809101112131415161718192021222324\
        25262728293031323334353637383940414243444546474849\
        50515253545556575859606162636465666768697071727374\
        75767778798081828384858687888990919293949596979899
        """
    }

    /// The shortest text that reads back as the same `Double`; non-finite values have none.
    mutating func writeDouble(_ value: Double) throws {
        guard value.isFinite else {
            throw MappingError(.mismatch(expected: "a finite number (JSON has no NaN or infinity)", found: "Double \(value)"))
        }
        if let integer = Int(exactly: value), integer.magnitude < 1 << 53 {
            writeInt(integer)
            if value.sign == .minus, integer == 0 {
                // `-0.0`: the sign goes before the `0` just written.
                base[count - 1] = UInt8(ascii: "-")
                append(UInt8(ascii: "0"))
            }
            append(contentsOf: [0x2E, 0x30])
            return
        }
        writeText(value.description)
    }

    mutating func writeText(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// The string at `string`, written without copying it when its storage is contiguous.
    mutating func writeString(at string: UnsafePointer<String>) {
        let written = string.pointee.utf8.withContiguousStorageIfAvailable { text -> Bool in
            writeString(utf8: text)
            return true
        }
        if written != true { writeString(string.pointee) }
    }

    /// A string, quoted, with `"`, `\` and control characters escaped (nothing else is).
    mutating func writeString(_ string: String) {
        var string = string
        string.withUTF8 { writeString(utf8: $0) }
    }

    mutating func writeString(utf8 text: UnsafeBufferPointer<UInt8>) {
        append(UInt8(ascii: "\""))
        var runStart = 0
        var index = 0
        while index < text.count {
            index = Self.plainRun(in: text, from: index)
            guard index < text.count else { break }
            let byte = text[index]
            append(UnsafeBufferPointer(rebasing: text[runStart..<index]))
            index += 1
            runStart = index
            append(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): append(byte)
            case 0x0A: append(UInt8(ascii: "n"))
            case 0x0D: append(UInt8(ascii: "r"))
            case 0x09: append(UInt8(ascii: "t"))
            case 0x08: append(UInt8(ascii: "b"))
            case 0x0C: append(UInt8(ascii: "f"))
            default:
                let hex: [UInt8] = Array("0123456789abcdef".utf8)
                append(contentsOf: [UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            }
        }
        append(UnsafeBufferPointer(rebasing: text[runStart...]))
        append(UInt8(ascii: "\""))
    }

    /// The index of the first byte from `start` that needs an escape (`"`, `\` or a control
    /// character), or the end: eight bytes at a time, then one at a time. Bytes of multi-byte
    /// characters need none.
    @inline(__always)
    private static func plainRun(in text: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = text.baseAddress else { return start }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        var index = start
        while text.count - index >= 8 {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            let quote = word ^ (ones &* 0x22)
            let backslash = word ^ (ones &* 0x5C)
            // A byte's high bit is flagged when it is zero after the XOR, or below 0x20; a byte
            // with its own high bit set is not, so multi-byte characters pass.
            let special = ((quote &- ones) & ~quote | (backslash &- ones) & ~backslash | (word &- ones &* 0x20) & ~word) & highBits
            if special != 0 { return index + special.trailingZeroBitCount >> 3 }
            index += 8
        }
        while index < text.count {
            let byte = text[index]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return index }
            index += 1
        }
        return index
    }
}

/// Owns a ``JSONWriter``'s buffer: frees it when the writer is gone.
private final class WriterStorage {
    var base: UnsafeMutablePointer<UInt8>

    init(_ base: UnsafeMutablePointer<UInt8>) {
        self.base = base
    }

    deinit {
        base.deallocate()
    }
}
