public import Foundation

/// How the models of a JSON stream are laid out.
///
/// ```swift
/// let reader = try Event.jsonElements(contentsOf: log, format: .lines)
/// ```
public enum JSONStreamFormat: Sendable, Hashable {
    /// One top-level JSON array whose elements are the models' objects: `[{…}, {…}]`.
    ///
    /// ```swift
    /// let reader = try Status.jsonElements(contentsOf: export, format: .array)
    /// ```
    case array
    /// JSON Lines (NDJSON): one object per line, `{…}\n{…}\n`. Blank lines are skipped; a value
    /// may span lines, but nothing but spaces may follow it on its last line. A value whose syntax
    /// fails past its first line is a truncated line: the error is reported on that line (`found
    /// the end of its line`), and the next line is read as the next value.
    ///
    /// ```swift
    /// let reader = try Event.jsonElements(contentsOf: log, format: .lines)
    /// ```
    case lines
    /// An array when the first byte that is not whitespace is `[`, JSON Lines otherwise. The
    /// default.
    ///
    /// ```swift
    /// let reader = try Event.jsonElements(contentsOf: file, format: .automatic)
    /// ```
    case automatic
}

/// What a JSON stream does when an element cannot be mapped.
///
/// ```swift
/// let reader = try Event.jsonElements(contentsOf: log, onError: .skip { error in
///     print("skipped:", error)   // skipped: element 1 (line 2, column 1, byte 10): [1].id: expected Int, found String "x"
/// })
/// ```
public enum JSONStreamErrorPolicy: Sendable {
    /// The error is thrown, and the stream ends. The default.
    ///
    /// ```swift
    /// let reader = try Event.jsonElements(contentsOf: log, onError: .stop)
    /// ```
    case stop
    /// The element is skipped, `report` is called with its error, and the stream goes on; an
    /// element that passes a limit of ``MappingLimits`` other than nesting is skipped too (each
    /// element is a call of its own). Errors after which the stream cannot be read on are still
    /// thrown: a syntax error in an array (where the next element starts is unknown; passing
    /// `maximumNesting` is one), an element larger than
    /// ``MappingLimits/maximumStreamElementBytes``, and the source's own errors. In JSON Lines, a
    /// syntax error skips the rest of its line.
    ///
    /// ```swift
    /// let reader = try Event.jsonElements(contentsOf: log, onError: .skip { skipped.append($0) })
    /// ```
    case skip(report: @Sendable (JSONStreamError) -> Void)
}

/// An element of a JSON stream that could not be read: which element, where it is in the
/// stream, and what went wrong.
///
/// ```swift
/// do {
///     while let event = try reader.next() { handle(event) }
/// } catch let error as JSONStreamError {
///     error.index                 // 1
///     error.location.line         // 2
///     error.error.path            // "[1].id"
///     print(error)                // element 1 (line 2, column 1, byte 10): [1].id: expected Int, found String "x"
/// }
/// ```
public struct JSONStreamError: Error, Sendable, CustomStringConvertible {
    /// The element's index, from 0; for a syntax error between elements, the index of the
    /// element that was due.
    ///
    /// ```swift
    /// error.index   // 1
    /// ```
    public let index: Int
    /// Where the element starts in the stream or, for a syntax error, where the error is:
    /// lines and columns from the stream's first byte.
    ///
    /// ```swift
    /// error.location.description   // "line 2, column 1 (byte 10)"
    /// ```
    public let location: JSONLocation
    /// The problems, with paths from the stream (`[1].id`); syntax problems carry their place
    /// in the stream (``MappingError/Issue/location``).
    ///
    /// ```swift
    /// error.error.issues.count   // 1
    /// ```
    public let error: MappingError

    init(index: Int, location: JSONLocation, error: MappingError) {
        self.index = index
        self.location = location
        self.error = error
    }

    /// `element 1 (line 2, column 1, byte 10): [1].id: expected Int, found String "x"`.
    ///
    /// ```swift
    /// print(error)
    /// ```
    public var description: String {
        "element \(index) (line \(location.line), column \(location.column), byte \(location.offset)): \(error)"
    }
}

/// The models of a JSON stream read from a file or any other synchronous source, one at a
/// time, in bounded memory: one buffer (as large as the largest element, at least 1 MiB) and the
/// model being made, however long the stream. `next()` throws, so this is not a `Sequence`
/// (whose iterators cannot throw); ``forEach(_:)`` reads them all.
///
/// ```swift
/// let reader = try Status.jsonElements(contentsOf: URL(fileURLWithPath: "statuses.json"))
/// while let status = try reader.next() {
///     index(status)
/// }
/// ```
///
/// A reader is used from one task or thread at a time.
public final class JSONElementReader<Model: Mappable> {
    private let stream: JSONElementStream
    private let configuration: MappingConfiguration
    private let onError: JSONStreamErrorPolicy
    private let read: (UnsafeMutableBufferPointer<UInt8>) throws -> Int
    private var ended = false

    init(
        format: JSONStreamFormat,
        onError: JSONStreamErrorPolicy,
        undefinedKeys: UndefinedKeyPolicy?,
        limits: MappingLimits?,
        initialCapacity: Int = JSONElementStream.initialCapacity,
        read: @escaping (UnsafeMutableBufferPointer<UInt8>) throws -> Int
    ) {
        stream = JSONElementStream(format: format, undefinedKeys: undefinedKeys, limits: limits, initialCapacity: initialCapacity)
        configuration = Model.mappingConfiguration
        self.onError = onError
        self.read = read
    }

    /// The next model, or `nil` after the last. Throws a ``JSONStreamError`` for an element that
    /// cannot be read (unless the policy skips it), or the source's error; the stream ends with
    /// any error thrown.
    ///
    /// ```swift
    /// while let status = try reader.next() { print(status.id) }
    /// ```
    public func next() throws -> Model? {
        do {
            while !ended {
                switch try stream.step(Model.self, configuration: configuration, onError: onError) {
                case .model(let model): return model
                case .needsBytes: try fill()
                case .finished: ended = true
                }
            }
        } catch {
            ended = true
            throw error
        }
        return nil
    }

    /// Reads from the source into the stream's buffer; a count the buffer cannot hold is the
    /// source's error, never bytes past the buffer.
    private func fill() throws {
        let space = try stream.spaceToFill()
        let count = try read(space)
        guard count >= 0, count <= space.count else {
            throw JSONStreamError(
                index: stream.index,
                location: stream.endLocation,
                error: MappingError(.mismatch(expected: "a count of bytes read from 0 to \(space.count)", found: "\(count)"))
            )
        }
        stream.filled(count)
    }

    /// Calls `body` with every model, in order.
    ///
    /// ```swift
    /// var count = 0
    /// try reader.forEach { _ in count += 1 }
    /// ```
    public func forEach(_ body: (Model) throws -> Void) throws {
        while let model = try next() { try body(model) }
    }
}

/// The models of a JSON stream read from an `AsyncSequence` of bytes (`URLSession.AsyncBytes`,
/// `FileHandle.AsyncBytes`, your own), one at a time, in bounded memory, as
/// ``JSONElementReader`` reads them. In JSON Lines, each model is handed out as soon as its
/// line has arrived.
///
/// ```swift
/// let (bytes, _) = try await URLSession.shared.bytes(from: feedURL)
/// for try await event in Event.jsonElements(from: bytes, format: .lines) {
///     handle(event)
/// }
/// ```
public struct AsyncJSONElements<Model: Mappable, Bytes: AsyncSequence>: AsyncSequence where Bytes.Element == UInt8 {
    /// The models.
    public typealias Element = Model

    let bytes: Bytes
    let format: JSONStreamFormat
    let onError: JSONStreamErrorPolicy
    let undefinedKeys: UndefinedKeyPolicy?
    let limits: MappingLimits?

    /// An iterator that reads the bytes as the models are asked for.
    ///
    /// ```swift
    /// var iterator = Event.jsonElements(from: bytes).makeAsyncIterator()
    /// let first = try await iterator.next()
    /// ```
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(
            bytes: bytes.makeAsyncIterator(),
            stream: JSONElementStream(format: format, undefinedKeys: undefinedKeys, limits: limits),
            configuration: Model.mappingConfiguration,
            onError: onError
        )
    }

    /// Reads the models one at a time; see ``AsyncJSONElements``.
    ///
    /// ```swift
    /// var iterator = Event.jsonElements(from: bytes).makeAsyncIterator()
    /// while let event = try await iterator.next() { handle(event) }
    /// ```
    public struct AsyncIterator: AsyncIteratorProtocol {
        var bytes: Bytes.AsyncIterator
        let stream: JSONElementStream
        let configuration: MappingConfiguration
        let onError: JSONStreamErrorPolicy
        var ended = false

        /// The next model, or `nil` after the last; errors as ``JSONElementReader/next()``'s.
        ///
        /// ```swift
        /// let event = try await iterator.next()
        /// ```
        public mutating func next() async throws -> Model? {
            guard !ended else { return nil }
            do {
                var step = try stream.step(Model.self, configuration: configuration, onError: onError)
                while case .needsBytes = step {
                    try await fill()
                    step = try stream.step(Model.self, configuration: configuration, onError: onError)
                }
                if case .model(let model) = step { return model }
            } catch {
                ended = true
                throw error
            }
            ended = true
            return nil
        }

        /// Reads bytes until the buffer is full, the bytes end, or (JSON Lines) a line ends.
        private mutating func fill() async throws {
            let space = try stream.spaceToFill()
            let byLine = stream.deliversByLine
            var count = 0
            while count < space.count {
                guard let byte = try await bytes.next() else {
                    stream.filled(count)
                    stream.filled(0)
                    return
                }
                space[count] = byte
                count += 1
                if byLine, byte == 0x0A { break }
            }
            stream.filled(count)
        }
    }
}

extension AsyncJSONElements: Sendable where Bytes: Sendable {}

extension Mappable {
    /// Reads the models of a JSON file one at a time, in bounded memory: a top-level array of
    /// objects, or JSON Lines (`format`). Each model is mapped as `Model(json:)`
    /// maps one, and `limits` apply to each element.
    ///
    /// ```swift
    /// // statuses.json: [{"id": 1, "text": "Hi"}, {"id": 2, "text": "Bye"}, …]   (10⁶ of them)
    /// let reader = try Status.jsonElements(contentsOf: URL(fileURLWithPath: "statuses.json"))
    /// while let status = try reader.next() {
    ///     print(status.id)   // 1, then 2, …
    /// }
    /// ```
    public static func jsonElements(
        contentsOf url: URL,
        format: JSONStreamFormat = .automatic,
        onError: JSONStreamErrorPolicy = .stop,
        undefinedKeys: UndefinedKeyPolicy? = nil,
        limits: MappingLimits? = nil
    ) throws -> JSONElementReader<Self> {
        jsonElements(from: try FileHandle(forReadingFrom: url), format: format, onError: onError, undefinedKeys: undefinedKeys, limits: limits)
    }

    /// Reads the models of a JSON stream from an open file, pipe or socket, from where it is.
    ///
    /// ```swift
    /// let reader = Event.jsonElements(from: FileHandle.standardInput, format: .lines)
    /// try reader.forEach { event in handle(event) }
    /// ```
    public static func jsonElements(
        from handle: FileHandle,
        format: JSONStreamFormat = .automatic,
        onError: JSONStreamErrorPolicy = .stop,
        undefinedKeys: UndefinedKeyPolicy? = nil,
        limits: MappingLimits? = nil
    ) -> JSONElementReader<Self> {
        let source = FileByteSource(handle: handle)
        return JSONElementReader(format: format, onError: onError, undefinedKeys: undefinedKeys, limits: limits, read: source.read(into:))
    }

    /// Reads the models of a JSON stream from any synchronous source: `read` fills as much of
    /// the buffer it is given as it has (a decompressor, a ring buffer) and returns how many bytes
    /// it wrote, `0` at the end.
    ///
    /// ```swift
    /// var remaining = Data(#"{"id": 1}\n{"id": 2}\n"#.utf8)[...]
    /// let reader = Event.jsonElements(reading: { buffer in
    ///     let count = remaining.copyBytes(to: buffer)
    ///     remaining = remaining.dropFirst(count)
    ///     return count
    /// })
    /// try reader.next()?.id   // 1
    /// ```
    public static func jsonElements(
        reading read: @escaping (UnsafeMutableBufferPointer<UInt8>) throws -> Int,
        format: JSONStreamFormat = .automatic,
        onError: JSONStreamErrorPolicy = .stop,
        undefinedKeys: UndefinedKeyPolicy? = nil,
        limits: MappingLimits? = nil
    ) -> JSONElementReader<Self> {
        JSONElementReader(format: format, onError: onError, undefinedKeys: undefinedKeys, limits: limits, read: read)
    }

    /// The models of a JSON stream read from an `AsyncSequence` of bytes, one at a time, in
    /// bounded memory.
    ///
    /// ```swift
    /// let (bytes, _) = try await URLSession.shared.bytes(from: feedURL)
    /// for try await event in Event.jsonElements(from: bytes, format: .lines) {
    ///     handle(event)
    /// }
    /// ```
    public static func jsonElements<Bytes: AsyncSequence>(
        from bytes: Bytes,
        format: JSONStreamFormat = .automatic,
        onError: JSONStreamErrorPolicy = .stop,
        undefinedKeys: UndefinedKeyPolicy? = nil,
        limits: MappingLimits? = nil
    ) -> AsyncJSONElements<Self, Bytes> where Bytes.Element == UInt8 {
        AsyncJSONElements(bytes: bytes, format: format, onError: onError, undefinedKeys: undefinedKeys, limits: limits)
    }
}
