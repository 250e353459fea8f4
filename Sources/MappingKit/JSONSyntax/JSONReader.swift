internal import CMappingKitScan
import Foundation

/// A cursor over the bytes of one JSON document (RFC 8259), read in one pass by the plans'
/// codecs: structure here, strings in `JSONReader+Strings`, numbers in `JSONReader+Numbers`,
/// untyped values in `JSONReader+Values`.
///
/// Every method either consumes exactly what it reads or throws. Syntax errors are fatal
/// (``Problem/syntax(expected:found:location:)``); a mapping error leaves the cursor anywhere
/// inside the value, and callers that go on ``reset(to:)`` the value's start and
/// ``skipValue()``.
///
/// Where its time goes (issue 41, callgrind on the benchmark's twitter row, 108,000
/// instructions a status, 16 a byte): skipping unmapped members 28% (a retweet's whole status,
/// the user's unmapped half), making `String`s 21% (the scan, the standard library's own UTF-8
/// check and the copy), keys 20% (compared with the expected key as words, else scanned and
/// hashed). Each is already per byte or per word. A loop instead of recursion in
/// ``skipValue()`` saved 0.25% of the row's instructions and was not kept: the calls were not
/// the cost, the bytes are. What would halve it is simdjson's stage 1, a structural index
/// built sixteen or thirty-two bytes at a time; that needs a byte shuffle (for UTF-8
/// validation by table) and a compare-to-bitmask, neither of which Swift's `SIMD` types offer
/// portably, so it means a C target with per-architecture intrinsics and a scalar fallback.
/// The first step is there (issue 61): `CMappingKitScan` finds a string's plain bytes sixteen
/// at a time (`skipPlainASCII()`, in `+Strings`), with SSE2 or NEON, which every x86-64 and arm64 CPU has.
struct JSONReader {
    private let base: UnsafePointer<UInt8>
    let count: Int
    /// The offset of the next byte to read.
    var position = 0
    /// Arrays and objects open around the cursor.
    private(set) var nesting = 0
    let maximumNesting: Int
    /// The thread's stack from where the reading started.
    private let stack = StackGuard()
    /// The sizes of the untyped objects read so far; held unretained (``read(_:limits:_:)``
    /// keeps it alive) so that the reader stays a plain value that copies for free.
    let pending: Unmanaged<PendingMembers>

    /// A place to come back to: the start of a value.
    struct Mark {
        fileprivate let position: Int
        fileprivate let nesting: Int
    }

    /// Reads `bytes` with the nesting limit of `limits`; empty input is a syntax error.
    static func read<Result>(
        _ bytes: some ContiguousBytes,
        limits: MappingLimits,
        _ body: (inout JSONReader) throws -> Result
    ) throws -> Result {
        try bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress, !buffer.isEmpty else {
                throw MappingError(.syntax(expected: "a JSON value", found: "end of input", location: JSONLocation(line: 1, column: 1, offset: 0)))
            }
            let pending = PendingMembers()
            pending.maximumNumberLength = limits.maximumNumberLength
            return try withExtendedLifetime(pending) {
                var reader = JSONReader(
                    base: base.assumingMemoryBound(to: UInt8.self),
                    count: buffer.count,
                    maximumNesting: limits.maximumNesting,
                    pending: Unmanaged.passUnretained(pending)
                )
                return try body(&reader)
            }
        }
    }

    /// Reads the bytes of a stream's buffer from `position`, inside `nesting` containers already
    /// open (a top-level array's), with the nesting limit of `limits`; `pending` (made with
    /// `locatesErrors: false`) must outlive the call. Errors carry offsets into the buffer, not
    /// lines and columns.
    static func read<Result>(
        streamBuffer bytes: UnsafeBufferPointer<UInt8>,
        at position: Int,
        nesting: Int,
        limits: MappingLimits,
        pending: PendingMembers,
        _ body: (inout JSONReader) throws -> Result
    ) throws -> Result {
        guard let base = bytes.baseAddress else {
            throw MappingError(.syntax(expected: "a JSON value", found: "end of input", location: JSONLocation(line: 0, column: 0, offset: 0)))
        }
        pending.maximumNumberLength = limits.maximumNumberLength
        var reader = JSONReader(base: base, count: bytes.count, maximumNesting: limits.maximumNesting, pending: Unmanaged.passUnretained(pending))
        reader.position = position
        reader.nesting = nesting
        return try withExtendedLifetime(pending) { try body(&reader) }
    }

    private init(base: UnsafePointer<UInt8>, count: Int, maximumNesting: Int, pending: Unmanaged<PendingMembers>) {
        self.base = base
        self.count = count
        self.maximumNesting = maximumNesting
        self.pending = pending
    }

    var mark: Mark { Mark(position: position, nesting: nesting) }

    mutating func reset(to mark: Mark) {
        position = mark.position
        nesting = mark.nesting
    }

    /// The byte at `offset`, which must be inside the input.
    @inline(__always)
    func byte(at offset: Int) -> UInt8 {
        base[offset]
    }

    /// The eight bytes at `offset` as one little-endian word; `offset + 8` must be inside the input.
    @inline(__always)
    func word(at offset: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
    }

    /// The four bytes at `offset` as one little-endian value; `offset + 4` must be inside the input.
    @inline(__always)
    func quad(at offset: Int) -> UInt32 {
        UInt32(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt32.self))
    }

    /// `body` over the bytes from `offset` to the end, as a C scan takes them.
    @inline(__always)
    func withBytes(from offset: Int, _ body: (UnsafePointer<UInt8>, Int) -> Int) -> Int {
        body(base + offset, count - offset)
    }

    /// The bytes from `start` up to `end`.
    func bytes(_ start: Int, _ end: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base + start, count: end - start)
    }

    /// Moves past spaces, tabs, line feeds and carriage returns.
    ///
    /// Compact JSON has none, so one compare decides the common case: every whitespace byte
    /// is at most `0x20`, and any other byte that small is an error its caller reports.
    @inline(__always)
    mutating func skipWhitespace() {
        guard position < count, base[position] <= 0x20 else { return }
        skipWhitespaceRun()
    }

    /// The whitespace at the cursor. Pretty-printed documents indent each line with spaces
    /// (most of citm_catalog.json's bytes), so after a line feed the spaces are skipped sixteen
    /// at a time (`CMappingKitScan`), and the last block's are counted, not stepped through.
    @inline(__always)
    private mutating func skipWhitespaceRun() {
        while position < count {
            switch base[position] {
            case 0x0A:
                position += 1
                position += mk_space_run_length(base + position, count - position)
            case 0x20, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    /// The next byte that is not whitespace, not consumed, or the error that says a value
    /// (`expected`) is missing.
    @inline(__always)
    mutating func peek(expecting expected: @autoclosure () -> String = "a JSON value") throws -> UInt8 {
        skipWhitespace()
        guard position < count else { throw syntaxError(expected: expected()) }
        return base[position]
    }

    /// Consumes `byte` after any whitespace, or throws.
    @inline(__always)
    mutating func expect(_ byte: UInt8, _ expected: @autoclosure () -> String) throws {
        skipWhitespace()
        guard position < count, base[position] == byte else { throw syntaxError(expected: expected()) }
        position += 1
    }

    /// Consumes the whitespace left after the document; anything else is a second value.
    mutating func expectEnd() throws {
        skipWhitespace()
        guard position == count else { throw syntaxError(expected: "the end of the input after the top-level value") }
    }

    // MARK: Containers

    /// Consumes `{` and says whether the object is empty (its `}` consumed too).
    mutating func enterObject() throws -> Bool {
        try expect(UInt8(ascii: "{"), "an object")
        try open()
        return try closeIfNext(UInt8(ascii: "}"))
    }

    /// Consumes `[` and says whether the array is empty (its `]` consumed too).
    mutating func enterArray() throws -> Bool {
        try expect(UInt8(ascii: "["), "an array")
        try open()
        return try closeIfNext(UInt8(ascii: "]"))
    }

    private mutating func closeIfNext(_ closing: UInt8) throws -> Bool {
        guard try peek(expecting: closing == UInt8(ascii: "}") ? "a key or '}'" : "a value or ']'") == closing else { return false }
        position += 1
        nesting -= 1
        return true
    }

    /// After a member: `true` when `,` introduces another, `false` when `}` ends the object.
    @inline(__always)
    mutating func nextMember() throws -> Bool {
        try next(closing: UInt8(ascii: "}"), "',' or '}' after an object member")
    }

    /// After an element: `true` when `,` introduces another, `false` when `]` ends the array.
    @inline(__always)
    mutating func nextElement() throws -> Bool {
        try next(closing: UInt8(ascii: "]"), "',' or ']' after an array element")
    }

    @inline(__always)
    private mutating func next(closing: UInt8, _ expected: @autoclosure () -> String) throws -> Bool {
        switch try peek(expecting: expected()) {
        case UInt8(ascii: ","):
            position += 1
            return true
        case closing:
            position += 1
            nesting -= 1
            return false
        default:
            throw syntaxError(expected: expected())
        }
    }

    /// Counts a container opened, against the nesting limit and the thread's stack (untyped
    /// values and skipped values are read recursively).
    private mutating func open() throws {
        nesting += 1
        guard nesting <= maximumNesting else {
            throw syntaxError(expected: Problem.nestingExpectation(maximumNesting), at: position - 1)
        }
        try stack.check()
    }

    /// Consumes the key of an object member and the `:` after it.
    @inline(__always)
    mutating func readKey() throws -> JSONString {
        guard try peek(expecting: "a key (a string)") == UInt8(ascii: "\"") else { throw syntaxError(expected: "a key (a string)") }
        let key = try scanString()
        try expect(UInt8(ascii: ":"), "':' after an object key")
        return key
    }

    /// Consumes the key of an object member and the `:` after it when the key's bytes, quotes
    /// included, are exactly `quoted` (an expected key, ``JSONLayout/expectedKeys``); else
    /// consumes nothing but whitespace and returns `nil`. Equal bytes spell the same text, so
    /// the key needs no scan: `quoted` was written by ``JSONWriter``, valid JSON.
    ///
    /// `quoted` must be followed by at least eight readable bytes (``JSONMemberLoop/keys`` is
    /// padded): a key of up to eight bytes, most of them, is one masked word compare, and a longer
    /// one ends with a word that overlaps the one before it.
    @inline(__always)
    mutating func readExpectedKey(_ quoted: UnsafeBufferPointer<UInt8>, isEscaped: Bool) throws -> JSONString? {
        skipWhitespace()
        let length = quoted.count
        guard length >= 2, count - position >= length, let expected = quoted.baseAddress else { return nil }
        let input = UnsafeRawPointer(base + position)
        let wanted = UnsafeRawPointer(expected)
        if length <= 8 {
            if count - position >= 8 {
                // The key's bytes are the word's low bytes (read little-endian); the rest are shifted out.
                let difference = UInt64(littleEndian: input.loadUnaligned(as: UInt64.self) ^ wanted.loadUnaligned(as: UInt64.self))
                guard difference &<< (UInt64(8 - length) &* 8) == 0 else { return nil }
            } else {
                for offset in 0..<length where base[position + offset] != expected[offset] { return nil }
            }
        } else {
            var offset = 0
            while length - offset > 8 {
                guard input.loadUnaligned(fromByteOffset: offset, as: UInt64.self) == wanted.loadUnaligned(fromByteOffset: offset, as: UInt64.self) else {
                    return nil
                }
                offset += 8
            }
            guard input.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self) == wanted.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self) else {
                return nil
            }
        }
        let key = JSONString(start: position + 1, end: position + length - 1, isEscaped: isEscaped)
        position += length
        try expect(UInt8(ascii: ":"), "':' after an object key")
        return key
    }

    // MARK: Array lengths

    /// The capacity to reserve for a typed array just entered (not empty): the length of the
    /// last one read at its depth, up to 16. A coordinate pair or a hashtag's indices then take
    /// one allocation, not one per doubling; the cap bounds what a shorter array after a long
    /// one keeps unused.
    @inline(__always)
    func arrayCapacityHint() -> Int {
        min(pending._withUnsafeGuaranteedRef { $0.arrayLength(at: nesting) }, 16)
    }

    /// Records the length of a typed array read at `depth` (the nesting inside it), for the next.
    @inline(__always)
    func recordArrayLength(_ length: Int, at depth: Int) {
        pending._withUnsafeGuaranteedRef { $0.recordArrayLength(length, at: depth) }
    }

    // MARK: Skipping

    /// Consumes one value of any kind, checking its syntax as thoroughly as reading it would.
    mutating func skipValue() throws {
        switch try peek() {
        case UInt8(ascii: "\""):
            _ = try scanString()
        case UInt8(ascii: "{"):
            if try enterObject() { return }
            repeat {
                _ = try readKey()
                try skipValue()
            } while try nextMember()
        case UInt8(ascii: "["):
            if try enterArray() { return }
            repeat {
                try skipValue()
            } while try nextElement()
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            _ = try readLiteral()
        default:
            _ = try scanNumber()
        }
    }

    /// Consumes `true`, `false` or `null`: `true`/`false` as a `Bool`, `null` as `nil`.
    mutating func readLiteral() throws -> Bool? {
        if matches("true") {
            position += 4
            return true
        }
        if matches("false") {
            position += 5
            return false
        }
        if matches("null") {
            position += 4
            return nil
        }
        throw syntaxError(expected: "true, false or null")
    }

    /// `true` when the input continues with `word`.
    @inline(__always)
    func matches(_ word: StaticString) -> Bool {
        let length = word.utf8CodeUnitCount
        guard count - position >= length else { return false }
        let text = word.utf8Start
        for index in 0..<length where base[position + index] != text[index] { return false }
        return true
    }
}
