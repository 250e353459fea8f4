// Reading a stream of any length in bounded memory
// ================================================
//
// A stream is a top-level JSON array, or JSON Lines (one value per line), whose elements are
// mapped one at a time, as they arrive, from any source of bytes. What is held at any moment is
// one buffer and the model being made: never the document, a tree or the models already handed
// out. The buffer holds the bytes not yet consumed; it starts at 1 MiB and grows only while one
// element is larger than it, up to `MappingLimits.maximumStreamElementBytes`. A stream of 10⁶
// elements therefore needs exactly the memory of a stream of 10³ with the same largest element.
//
// Each element is read by the same `JSONReader` and plans as `Model(json:)`, straight from the
// buffer. The reader is never told where the bytes stop being complete: it reads the element
// as if the buffer were the whole document. When that fails and the source has more, the
// element may simply be cut by the buffer's end; a scan of its brackets and strings
// (`elementEnd(from:)`) tells which. If the element is not complete, more bytes are read and the
// element is read again from its start; only the element that straddles a refill is read twice,
// so about one element per megabyte. If it is complete, or the source has ended, the failure is
// the element's own. A successful read always consumed a closing `}`, so it never mistakes a cut
// element for a whole one.
//
// Errors: the reader sees only the buffer, so its syntax errors carry a buffer offset and no line
// (`PendingMembers.locatesErrors`, which also saves counting lines at every refill). The stream
// counts the lines and the column of the bytes it discards, and puts stream-wide lines, columns
// and offsets into the errors it reports. A mapping error is the element's own: the element is
// skipped by a checked `skipValue()`, and the stream can go on. A syntax error in an array ends
// the stream, since where the next element starts can no longer be known; in JSON Lines, the
// line feed frames the next value, so the rest of the line is skipped and the stream can go on.

/// One stream's reading state: the buffer, where the next element starts, and where the buffer
/// starts in the stream. The driver (``JSONElementReader``, ``AsyncJSONElements``) asks for the
/// next element and, when told ``Outcome/needsBytes``, fills ``spaceToFill()`` from its source.
final class JSONElementStream {
    enum Layout {
        case array, lines
    }

    enum Outcome<Model> {
        /// The next element's model.
        case model(Model)
        /// An element, or the bytes between two, could not be read; `ends` when nothing more
        /// can be read from the stream after it.
        case failed(JSONStreamError, ends: Bool)
        /// The buffer holds too little to go on: fill ``spaceToFill()``, then ask again.
        case needsBytes
        /// The stream is over.
        case finished
    }

    private enum Phase {
        /// Before the first value: tells an array from JSON Lines.
        case document
        /// After an array's `[`.
        case firstElement
        /// Before the next element: after a `,` is due in an array, at a new line in JSON Lines.
        case nextElement
        /// At an element, or the whitespace before it: read again from there after a refill.
        case element
        /// After a JSON Lines value: only spaces until the line feed.
        case lineEnd
        /// After a syntax error in JSON Lines: the rest of the line is dropped.
        case skippingLine
        /// After an array's `]`: only whitespace until the end.
        case trailing
        case finished
    }

    let format: JSONStreamFormat
    let undefinedKeys: UndefinedKeyPolicy?
    let requestedLimits: MappingLimits?
    let limits: MappingLimits
    let buffer: StreamBuffer
    private let pending = PendingMembers(locatesErrors: false)
    /// Where the next unread byte is, and how many bytes the buffer holds.
    private var start = 0
    private(set) var end = 0
    /// The source has no more bytes.
    private var sourceEnded = false
    private var layout: Layout?
    private var phase = Phase.document
    /// The index of the next element.
    private(set) var index = 0
    /// The bytes, line feeds and (on the last line) characters discarded before the buffer.
    private(set) var offsetBefore = 0
    private(set) var linesBefore = 0
    private(set) var columnsBefore = 0

    /// The buffer's first size; tests start smaller, so that small elements straddle refills.
    static let initialCapacity = 1 << 20

    init(format: JSONStreamFormat, undefinedKeys: UndefinedKeyPolicy?, limits: MappingLimits?, initialCapacity: Int = initialCapacity) {
        self.format = format
        self.undefinedKeys = undefinedKeys
        requestedLimits = limits
        self.limits = limits ?? .default
        buffer = StreamBuffer(capacity: max(min(initialCapacity, self.limits.maximumStreamElementBytes), 1))
    }

    /// Whether a source should stop filling at a line feed, so that JSON Lines arriving slowly
    /// (a live log) are handed out line by line rather than a buffer at a time.
    var deliversByLine: Bool { layout != .array }

    // MARK: Filling

    /// Room after the bytes held: consumed bytes are discarded first, and the buffer grows when
    /// one element fills it. Throws when that element would pass the limit.
    func spaceToFill() throws -> UnsafeMutableBufferPointer<UInt8> {
        if start > 0 { discardConsumed() }
        if end == buffer.capacity {
            guard end < limits.maximumStreamElementBytes else {
                throw JSONStreamError(
                    index: index,
                    location: location(of: 0),
                    error: MappingError(.syntax(
                        expected: "an element of at most \(limits.maximumStreamElementBytes) bytes (MappingLimits.maximumStreamElementBytes)",
                        found: "more", location: location(of: 0)
                    ))
                )
            }
            buffer.grow(keeping: end, limit: limits.maximumStreamElementBytes)
        }
        return UnsafeMutableBufferPointer(start: buffer.base + end, count: buffer.capacity - end)
    }

    /// Records `count` bytes put into ``spaceToFill()``; `0` says the source has ended.
    func filled(_ count: Int) {
        if count == 0 { sourceEnded = true }
        end += count
    }

    /// Moves the unconsumed bytes to the buffer's start, counting the lines and the last line's
    /// characters of those dropped.
    private func discardConsumed() {
        let dropped = UnsafeBufferPointer(start: buffer.base, count: start)
        let lineFeeds = TextCounts.lineFeeds(in: dropped)
        if lineFeeds > 0 {
            linesBefore += lineFeeds
            var lastLineStart = start
            while buffer.base[lastLineStart - 1] != 0x0A { lastLineStart -= 1 }
            columnsBefore = TextCounts.scalars(in: UnsafeBufferPointer(rebasing: dropped[lastLineStart...]))
        } else {
            columnsBefore += TextCounts.scalars(in: dropped)
        }
        offsetBefore += start
        (buffer.base).update(from: buffer.base + start, count: end - start)
        end -= start
        start = 0
    }

    // MARK: Elements

    /// What a driver does next: hand out a model, fill the buffer, or end.
    enum Step<Model> {
        case model(Model)
        case needsBytes
        case finished
    }

    /// The next model, or that bytes are needed, or the end, with `onError` applied: a skipped
    /// element is reported and passed over; an error that stops the stream is thrown.
    func step<Model: Mappable>(_: Model.Type, configuration: MappingConfiguration, onError: JSONStreamErrorPolicy) throws -> Step<Model> {
        while true {
            switch next(Model.self, configuration: configuration) {
            case .model(let model): return .model(model)
            case .needsBytes: return .needsBytes
            case .finished: return .finished
            case .failed(let error, let ends):
                guard !ends, case .skip(let report) = onError else { throw error }
                report(error)
            }
        }
    }

    /// The next element, mapped as `Model`, or what stops it.
    func next<Model: Mappable>(_: Model.Type, configuration: MappingConfiguration) -> Outcome<Model> {
        while true {
            switch phase {
            case .document:
                guard let byte = nextByte(skipping: .all) else { return endOfBytes(emptyIsAnError: format == .array) }
                switch (format, byte) {
                case (.array, UInt8(ascii: "[")), (.automatic, UInt8(ascii: "[")):
                    layout = .array
                    start += 1
                    phase = .firstElement
                case (.array, _):
                    return fail(syntax: "a JSON array of \(ValueDescription.typeName(Model.self))", at: start)
                default:
                    layout = .lines
                    phase = .nextElement
                }
            case .firstElement:
                guard let byte = nextByte(skipping: .all) else { return endOfBytes(emptyIsAnError: true, expected: "a value or ']'") }
                if byte == UInt8(ascii: "]") {
                    start += 1
                    phase = .trailing
                } else {
                    phase = .element
                }
            case .nextElement where layout == .array:
                guard let byte = nextByte(skipping: .all) else { return endOfBytes(emptyIsAnError: true, expected: "',' or ']' after an array element") }
                switch byte {
                case UInt8(ascii: ","):
                    start += 1
                    phase = .element
                case UInt8(ascii: "]"):
                    start += 1
                    phase = .trailing
                default:
                    return fail(syntax: "',' or ']' after an array element", at: start)
                }
            case .nextElement:
                guard nextByte(skipping: .all) != nil else { return endOfBytes(emptyIsAnError: false) }
                phase = .element
            case .element:
                guard nextByte(skipping: .all) != nil else { return endOfBytes(emptyIsAnError: true) }
                return element(Model.self, configuration: configuration)
            case .lineEnd:
                guard let byte = nextByte(skipping: .spacesInLine) else { return endOfBytes(emptyIsAnError: false) }
                guard byte == 0x0A else { return fail(syntax: "a line feed after a JSON Lines value", at: start) }
                start += 1
                phase = .nextElement
            case .skippingLine:
                if let lineFeed = UnsafeBufferPointer(start: buffer.base + start, count: end - start).firstIndex(of: 0x0A) {
                    start += lineFeed + 1
                    phase = .nextElement
                } else {
                    start = end
                    if sourceEnded { return .finished }
                    return .needsBytes
                }
            case .trailing:
                guard nextByte(skipping: .all) == nil else {
                    return fail(syntax: "the end of the input after the top-level value", at: start)
                }
                if sourceEnded {
                    phase = .finished
                    return .finished
                }
                return .needsBytes
            case .finished:
                return .finished
            }
        }
    }

    /// Reads one element from `start`: its model, or its error, or `needsBytes` when the buffer
    /// ends inside it.
    private func element<Model: Mappable>(_: Model.Type, configuration: MappingConfiguration) -> Outcome<Model> {
        let elementStart = start
        let nesting = layout == .array ? 1 : 0
        let bytes = UnsafeBufferPointer(start: UnsafePointer(buffer.base), count: end)
        do {
            let context = MappingContext(undefinedKeys: undefinedKeys, limits: requestedLimits).started()
            let (model, after) = try JSONReader.read(streamBuffer: bytes, at: start, nesting: nesting, limits: limits, pending: pending) { reader in
                guard try reader.peek() == UInt8(ascii: "{") else { throw Model.notAnObject(&reader) }
                let model = try Model.instantiate(fromJSON: &reader, configuration: configuration, context: context)
                return (model, reader.position)
            }
            start = after
            index += 1
            phase = layout == .lines ? .lineEnd : .nextElement
            return .model(model)
        } catch {
            guard sourceEnded || elementEnd(from: elementStart) != nil else { return .needsBytes }
            var failure = MappingError.wrapping(error, at: .index(index))
            if failure.issues.allSatisfy({ $0.location == nil }) {
                // The element's own values were wrong, or it passed a limit of its call: step
                // over it, checking its syntax.
                do {
                    start = try JSONReader.read(streamBuffer: bytes, at: elementStart, nesting: nesting, limits: limits, pending: pending) { reader in
                        try reader.skipValue()
                        return reader.position
                    }
                    let reported = reported(failure, elementStart: elementStart)
                    index += 1
                    phase = layout == .lines ? .lineEnd : .nextElement
                    return .failed(reported, ends: false)
                } catch {
                    failure = MappingError.wrapping(error, at: .index(index))
                }
            }
            // A JSON Lines value may span lines, but one whose syntax fails past its first line
            // is a truncated line: reported on that line, read alone, and the next line is read
            // as the next value.
            if layout == .lines,
               let lineFeed = UnsafeBufferPointer(start: buffer.base + elementStart, count: end - elementStart).firstIndex(of: 0x0A),
               failure.issues.contains(where: { ($0.location?.offset ?? 0) > elementStart + lineFeed }) {
                let line = UnsafeBufferPointer(start: UnsafePointer(buffer.base), count: elementStart + lineFeed)
                do {
                    _ = try JSONReader.read(streamBuffer: line, at: elementStart, nesting: nesting, limits: limits, pending: pending) { reader in
                        try reader.skipValue()
                    }
                } catch {
                    failure = Self.endingItsLine(MappingError.wrapping(error, at: .index(index)))
                }
            }
            // A syntax error: the end of an array; in JSON Lines, the rest of the line is skipped.
            let reported = reported(failure, elementStart: elementStart)
            index += 1
            return fail(reported)
        }
    }

    /// `error`, read from one JSON Lines line, with its end of input said as the end of the line.
    private static func endingItsLine(_ error: MappingError) -> MappingError {
        var error = error
        for index in error.issues.indices {
            if case .syntax(let expected, "end of input", let location) = error.issues[index].problem {
                error.issues[index].problem = .syntax(expected: expected, found: "the end of its line", location: location)
            }
        }
        return error
    }

    /// The failure for a syntax error between elements at `offset`.
    private func fail<Model>(syntax expected: String, at offset: Int) -> Outcome<Model> {
        let error = JSONReader.syntaxError(in: UnsafeBufferPointer(start: buffer.base, count: end), expected: expected, at: offset)
        return fail(reported(error, elementStart: offset))
    }

    /// The failure for `error`, after which an array ends and JSON Lines go on at the next line.
    private func fail<Model>(_ error: JSONStreamError) -> Outcome<Model> {
        let ends = layout != .lines
        phase = ends ? .finished : .skippingLine
        return .failed(error, ends: ends)
    }

    /// At the buffer's end: more bytes, or the stream's end, which is an error where a value
    /// is due (`expected`).
    private func endOfBytes<Model>(emptyIsAnError: Bool, expected: String = "a JSON value") -> Outcome<Model> {
        guard sourceEnded else { return .needsBytes }
        guard emptyIsAnError else {
            phase = .finished
            return .finished
        }
        return fail(syntax: expected, at: end)
    }

    private enum Whitespace {
        case all, spacesInLine
    }

    /// The next byte that is not whitespace (`start` moved to it), or `nil` at the buffer's end.
    private func nextByte(skipping whitespace: Whitespace) -> UInt8? {
        while start < end {
            switch buffer.base[start] {
            case 0x20, 0x09, 0x0D: start += 1
            case 0x0A where whitespace == .all: start += 1
            case let byte: return byte
            }
        }
        return nil
    }
}
