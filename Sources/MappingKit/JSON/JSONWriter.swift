import Foundation

/// JSON bytes, written forward by the plans' codecs: RFC 8259 escaping, shortest round-trip
/// numbers, optional sorted keys and pretty printing.
///
/// Containers are written by their owners: ``beginObject()``, a ``writeKey(_:first:)`` before
/// each member, ``endObject(empty:)``. A value that turns out to write nothing (a `nil`
/// optional) is taken back with ``truncate(to:)``.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []
    let sortsKeys: Bool
    let isPretty: Bool
    private let maximumNesting: Int
    private var nesting = 0
    /// Untyped values are written recursively: the thread's stack from where writing started.
    private let stack = StackGuard()

    init(options: JSONOutputOptions, limits: MappingLimits = .default) {
        sortsKeys = options.contains(.sortedKeys)
        isPretty = options.contains(.prettyPrinted)
        maximumNesting = limits.maximumNesting
        bytes.reserveCapacity(1024)
    }

    var data: Data { Data(bytes) }
    var count: Int { bytes.count }

    /// Takes back everything written after the first `count` bytes.
    mutating func truncate(to count: Int) {
        bytes.removeSubrange(count...)
    }

    // MARK: Containers

    mutating func beginObject() throws {
        try open()
        bytes.append(UInt8(ascii: "{"))
    }

    mutating func endObject(empty: Bool) {
        close(UInt8(ascii: "}"), empty: empty)
    }

    mutating func beginArray() throws {
        try open()
        bytes.append(UInt8(ascii: "["))
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
        bytes.append(byte)
    }

    /// The separator before an array element.
    @inline(__always)
    mutating func beginElement(first: Bool) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        if isPretty { newline() }
    }

    /// A member's key, already quoted and escaped (``quoted(_:)``), and its colon.
    @inline(__always)
    mutating func writeKey(_ quotedKey: [UInt8], first: Bool) {
        beginElement(first: first)
        bytes.append(contentsOf: quotedKey)
        bytes.append(UInt8(ascii: ":"))
        if isPretty { bytes.append(UInt8(ascii: " ")) }
    }

    /// A member's key from a string.
    mutating func writeKey(_ key: String, first: Bool) {
        beginElement(first: first)
        writeString(key)
        bytes.append(UInt8(ascii: ":"))
        if isPretty { bytes.append(UInt8(ascii: " ")) }
    }

    private mutating func newline() {
        bytes.append(0x0A)
        for _ in 0..<nesting { bytes.append(contentsOf: [0x20, 0x20]) }
    }

    /// `key` as a JSON string, quotes included: what ``writeKey(_:first:)`` takes.
    static func quoted(_ key: String) -> [UInt8] {
        var writer = JSONWriter(options: [])
        writer.writeString(key)
        return writer.bytes
    }

    // MARK: Scalars

    mutating func writeNull() {
        bytes.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])
    }

    mutating func writeBool(_ value: Bool) {
        if value {
            bytes.append(contentsOf: [0x74, 0x72, 0x75, 0x65])
        } else {
            bytes.append(contentsOf: [0x66, 0x61, 0x6C, 0x73, 0x65])
        }
    }

    mutating func writeInt(_ value: Int) {
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
            writeUnsigned(value.magnitude)
        } else {
            writeUnsigned(UInt(value))
        }
    }

    mutating func writeUnsigned(_ value: UInt) {
        if value < 10 {
            bytes.append(UInt8(truncatingIfNeeded: value) + UInt8(ascii: "0"))
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var rest = value
            var index = 20
            while rest > 0 {
                index -= 1
                let (quotient, remainder) = rest.quotientAndRemainder(dividingBy: 10)
                digits[index] = UInt8(truncatingIfNeeded: remainder) + UInt8(ascii: "0")
                rest = quotient
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[index...]))
        }
    }

    /// The shortest text that reads back as the same `Double`; non-finite values have none.
    mutating func writeDouble(_ value: Double) throws {
        guard value.isFinite else {
            throw MappingError(.mismatch(expected: "a finite number (JSON has no NaN or infinity)", found: "Double \(value)"))
        }
        if let integer = Int(exactly: value), integer.magnitude < 1 << 53 {
            writeInt(integer)
            if value.sign == .minus, integer == 0 { bytes.insert(UInt8(ascii: "-"), at: bytes.count - 1) }
            bytes.append(contentsOf: [0x2E, 0x30])
            return
        }
        bytes.append(contentsOf: value.description.utf8)
    }

    mutating func writeText(_ text: String) {
        bytes.append(contentsOf: text.utf8)
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
        bytes.append(UInt8(ascii: "\""))
        var runStart = 0
        for index in text.indices {
            let byte = text[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<index]))
            runStart = index + 1
            bytes.append(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
            case 0x0A: bytes.append(UInt8(ascii: "n"))
            case 0x0D: bytes.append(UInt8(ascii: "r"))
            case 0x09: bytes.append(UInt8(ascii: "t"))
            case 0x08: bytes.append(UInt8(ascii: "b"))
            case 0x0C: bytes.append(UInt8(ascii: "f"))
            default:
                let hex: [UInt8] = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            }
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart...]))
        bytes.append(UInt8(ascii: "\""))
    }
}
