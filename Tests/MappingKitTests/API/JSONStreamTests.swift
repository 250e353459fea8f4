import Foundation
@testable import MappingKit
import Testing

private struct Entry: Mappable, Equatable {
    var id = 0
    var name = ""
    var score: Double?
    var tags: [String] = []
    var child: Child?
}

private struct Child: Mappable, Equatable {
    var label = ""
}

/// Hands out `bytes` in pieces of the sizes `sizes` gives, in turn, as a synchronous source.
private final class Pieces: @unchecked Sendable {
    private let bytes: [UInt8]
    private var offset = 0
    private var sizes: [Int]
    private var turn = 0

    init(_ text: String, sizes: [Int] = [1 << 20]) {
        bytes = Array(text.utf8)
        self.sizes = sizes
    }

    func read(into space: UnsafeMutableBufferPointer<UInt8>) -> Int {
        let size = min(sizes[turn % sizes.count], space.count, bytes.count - offset)
        turn += 1
        for index in 0..<size { space[index] = bytes[offset + index] }
        offset += size
        return size
    }
}

/// Every model of the stream, or the first error thrown with the models before it.
private func readAll(
    _ text: String,
    sizes: [Int] = [1 << 20],
    format: JSONStreamFormat = .automatic,
    onError: JSONStreamErrorPolicy = .stop,
    limits: MappingLimits? = nil,
    initialCapacity: Int = JSONElementStream.initialCapacity
) -> (models: [Entry], error: (any Error)?) {
    let pieces = Pieces(text, sizes: sizes)
    let reader = JSONElementReader<Entry>(
        format: format, onError: onError, undefinedKeys: nil, limits: limits, initialCapacity: initialCapacity, read: pieces.read(into:)
    )
    var models: [Entry] = []
    do {
        while let model = try reader.next() { models.append(model) }
        return (models, nil)
    } catch {
        #expect((try? reader.next()) == .some(nil), "a stream ends with the error it throws")
        return (models, error)
    }
}

/// Collects what a skipping stream reports.
private final class Reports: @unchecked Sendable {
    private let lock = NSLock()
    private var errors: [String] = []
    var all: [String] { lock.withLock { errors } }
    var policy: JSONStreamErrorPolicy {
        .skip { error in self.lock.withLock { self.errors.append(error.description) } }
    }
}

/// A buffer of 8 bytes at first, so that elements straddle refills, the buffer is compacted
/// and grows to the largest element.
private let small = 8

@Suite("JSON streams")
struct JSONStreamTests {
    static let arrayText = """
        [{"id": 1, "name": "a\\"b", "tags": ["x", "y]"]},
         {"id": 2, "name": "caf\\u00e9 ☕️", "score": 2.5, "child": {"label": "}"}},
         {"id": 3, "name": "", "score": -1e-3}]
        """

    @Test("An array read in pieces of every size from 1 byte gives the models array(json:) gives")
    func arrayInPieces() throws {
        let expected = try Entry.array(json: Self.arrayText)
        #expect(expected.count == 3)
        for size in 1...40 {
            for capacity in [JSONElementStream.initialCapacity, small] {
                let result = readAll(Self.arrayText, sizes: [size], initialCapacity: capacity)
                #expect(result.error == nil, "pieces of \(size)")
                #expect(result.models == expected, "pieces of \(size)")
            }
        }
        #expect(readAll(Self.arrayText, sizes: [3, 1, 17, 2, 64], format: .array, initialCapacity: small).models == expected)
    }

    @Test("JSON Lines give the models of their lines; blank lines and CRLF endings are accepted")
    func lines() throws {
        let text = "{\"id\": 1, \"name\": \"a\"}\r\n\n  {\"id\": 2,\n \"name\": \"b\"}  \n{\"id\": 3}"
        let expected = [Entry(id: 1, name: "a"), Entry(id: 2, name: "b"), Entry(id: 3)]
        for size in [1, 2, 5, 7, 100] {
            for format in [JSONStreamFormat.lines, .automatic] {
                let result = readAll(text, sizes: [size], format: format, initialCapacity: small)
                #expect(result.error == nil)
                #expect(result.models == expected, "pieces of \(size), \(format)")
            }
        }
    }

    @Test("Empty streams: no models from empty JSON Lines or [], an error for an empty array stream")
    func emptyStreams() {
        #expect(readAll("").models.isEmpty && readAll("").error == nil)
        #expect(readAll(" \n ", format: .lines).models.isEmpty)
        #expect(readAll(" [ ] \n").models.isEmpty && readAll(" [ ] \n").error == nil)
        #expect(readAll("", format: .array).error.map { "\($0)" }
            == "element 0 (line 1, column 1, byte 0): expected a JSON value, found end of input at line 1, column 1 (byte 0)")
        #expect(readAll("{\"id\": 1}", format: .array).error.map { "\($0)" }
            == "element 0 (line 1, column 1, byte 0): expected a JSON array of Entry, found '{' at line 1, column 1 (byte 0)")
    }

    @Test("A mapping error names the element, its line and column; stop ends the stream, skip reports it and goes on")
    func mappingErrors() {
        let text = "[\n{\"id\": 1},\n  {\"id\": \"x\", \"tags\": [\"a\", 5]},\n{\"id\": 3}\n]"
        let expected = """
            element 1 (line 3, column 3, byte 15): [1].id: expected Int, found String "x"
            """
        #expect(mappingError { _ = try Entry.array(json: text) }?.description == #"[1].id: expected Int, found String "x""#)
        for capacity in [JSONElementStream.initialCapacity, small] {
            let stopped = readAll(text, sizes: [5], initialCapacity: capacity)
            #expect(stopped.models == [Entry(id: 1)])
            #expect(stopped.error.map { "\($0)" } == expected)
            let error = stopped.error as? JSONStreamError
            #expect(error?.index == 1 && error?.location == JSONLocation(line: 3, column: 3, offset: 15))
            #expect(error?.error.path == "[1].id")

            let reports = Reports()
            let skipped = readAll(text, sizes: [5], onError: reports.policy, initialCapacity: capacity)
            #expect(skipped.error == nil)
            #expect(skipped.models == [Entry(id: 1), Entry(id: 3)])
            #expect(reports.all == [expected])
        }
    }

    @Test("An element that is not an object is the element's error, as in array(json:)")
    func notAnObject() {
        let reports = Reports()
        let result = readAll("{\"id\": 1}\n[1, 2]\n\"text\"\n{\"id\": 2}\n", onError: reports.policy)
        #expect(result.models == [Entry(id: 1), Entry(id: 2)])
        #expect(reports.all == [
            "element 1 (line 2, column 1, byte 10): [1]: expected Entry (a dictionary), found Array of 2 elements",
            "element 2 (line 3, column 1, byte 17): [2]: expected Entry (a dictionary), found String \"text\"",
        ])
    }

    @Test("A syntax error in an array ends the stream, even when skipping, at the place array(json:) names")
    func arraySyntaxErrors() throws {
        let cases = [
            "[{\"id\": 1},\n {\"id\": 2 \"name\": \"b\"}]",
            "[{\"id\": 1},\n {\"id\": 2}\n {\"id\": 3}]",
            "[{\"id\": 1},\n {\"id\": tru}]",
            "[{\"id\": 1},\n {\"id\": 2}] x",
            "[{\"id\": 1},\n {\"id\": 2},]",
            "[{\"id\": 1},\n {\"name\": \"caf\u{e9} \\u12",
            "[{\"id\": 1},\n {\"id\": 2}",
        ]
        for text in cases {
            let whole = mappingError { _ = try Entry.array(json: text) }
            let wholeLocation = try #require(whole?.issues.first?.location, "\(text)")
            for size in [1, 3, 1000] {
                let reports = Reports()
                let result = readAll(text, sizes: [size], onError: reports.policy, initialCapacity: small)
                let error = try #require(result.error as? JSONStreamError, "\(text)")
                #expect(error.location == wholeLocation, "\(text), pieces of \(size)")
                #expect(error.error.issues.first?.location == wholeLocation)
                #expect(error.error.issues.first?.expected == whole?.issues.first?.expected, "\(text)")
                #expect(reports.all.isEmpty)
                #expect(result.models.first == Entry(id: 1))
            }
        }
    }

    @Test("A syntax error in JSON Lines is reported with its line and column, and the next line is read")
    func lineSyntaxErrors() {
        let text = "{\"id\": 1}\n{\"id\": 2,, \"name\": \"x\"}\n{\"id\": 3} {\"id\": 4}\n{\"id\": 5}\n"
        let reports = Reports()
        let result = readAll(text, sizes: [4], onError: reports.policy, initialCapacity: small)
        #expect(result.error == nil)
        #expect(result.models == [Entry(id: 1), Entry(id: 3), Entry(id: 5)])
        #expect(reports.all == [
            "element 1 (line 2, column 10, byte 19): [1]: expected a key (a string), found ',' at line 2, column 10 (byte 19)",
            "element 3 (line 3, column 11, byte 44): expected a line feed after a JSON Lines value, found '{' at line 3, column 11 (byte 44)",
        ])
        let stopped = readAll(text, format: .lines)
        #expect(stopped.models == [Entry(id: 1)])
        #expect((stopped.error as? JSONStreamError)?.index == 1)
    }

    @Test("A truncated JSON Lines record is reported on its own line, and the next line is still read (issue 57)")
    func truncatedLine() {
        let text = "{\"id\": 1}\n{\"id\": 2}\n{\"id\": 3}\n{\"id\": 4}\n{\"id\": 5\n{\"id\": 6}\n"
        let reports = Reports()
        for sizes in [[1 << 20], [3], [7]] {
            let result = readAll(text, sizes: sizes, format: .lines, onError: reports.policy, initialCapacity: small)
            #expect(result.error == nil)
            #expect(result.models == [Entry(id: 1), Entry(id: 2), Entry(id: 3), Entry(id: 4), Entry(id: 6)], "\(sizes)")
        }
        #expect(Set(reports.all) == [
            "element 4 (line 5, column 9, byte 48): [4]: expected ',' or '}' after an object member, found the end of its line at line 5, column 9 (byte 48)",
        ])
        let stopped = readAll(text, format: .lines)
        #expect(stopped.models == [Entry(id: 1), Entry(id: 2), Entry(id: 3), Entry(id: 4)])
        #expect((stopped.error as? JSONStreamError)?.location.line == 5)
    }

    @Test("Columns count characters across refills of a stream without line feeds")
    func columnsAcrossRefills() throws {
        let elements = (0..<30).map { #"{"id": \#($0), "name": "é☕️\#($0)"}"# }
        let text = "[" + elements.joined(separator: ",") + ", {\"id\": \"x\"}]"
        let result = readAll(text, sizes: [7], initialCapacity: small)
        let error = try #require(result.error as? JSONStreamError)
        let bad = try #require(text.range(of: "{\"id\": \"x\"}"))
        let prefix = text[..<bad.lowerBound]
        #expect(error.location == JSONLocation(line: 1, column: prefix.unicodeScalars.count + 1, offset: prefix.utf8.count))
        #expect(result.models.count == 30)
    }

    @Test("An element larger than maximumStreamElementBytes ends the stream with an error")
    func elementTooLarge() {
        let text = "[{\"id\": 1}, {\"id\": 2, \"name\": \"\(String(repeating: "n", count: 100))\"}]"
        let result = readAll(text, limits: MappingLimits(maximumStreamElementBytes: 64))
        #expect(result.models == [Entry(id: 1)])
        #expect(result.error.map { "\($0)" } == """
            element 1 (line 1, column 13, byte 12): expected an element of at most 64 bytes \
            (MappingLimits.maximumStreamElementBytes), found more at line 1, column 13 (byte 12)
            """)
    }

    @Test("Limits apply to each element: maximumModels counts one element's models")
    func limitsPerElement() {
        let text = "[" + Array(repeating: "{\"id\": 1, \"child\": {\"label\": \"a\"}}", count: 5).joined(separator: ",") + "]"
        #expect(readAll(text, limits: MappingLimits(maximumModels: 2)).models.count == 5)
        let result = readAll(text, limits: MappingLimits(maximumModels: 1))
        #expect(result.models.isEmpty)
        #expect(result.error.map { "\($0)" } == """
            element 0 (line 1, column 2, byte 1): [0].child: expected at most 1 models in one call (MappingLimits.maximumModels), found more
            """)
        // A limit is the element's own problem: skipping goes on to the next element.
        let reports = Reports()
        let mixed = "[{\"id\": 1}, {\"id\": 2, \"child\": {\"label\": \"a\"}}, {\"id\": 3}]"
        let skipped = readAll(mixed, onError: reports.policy, limits: MappingLimits(maximumModels: 1))
        #expect(skipped.error == nil)
        #expect(skipped.models == [Entry(id: 1), Entry(id: 3)])
        #expect(reports.all == [
            "element 1 (line 1, column 13, byte 12): [1].child: expected at most 1 models in one call (MappingLimits.maximumModels), found more",
        ])
    }

    @Test("Nesting counts the stream's array, as in array(json:)")
    func nestingLimit() throws {
        let text = "[{\"id\": 1, \"child\": {\"label\": \"a\"}}]"
        #expect(readAll(text, limits: MappingLimits(maximumNesting: 3)).models.count == 1)
        let whole = mappingError { _ = try Entry.array(json: text, limits: MappingLimits(maximumNesting: 2)) }
        let result = readAll(text, limits: MappingLimits(maximumNesting: 2))
        let error = try #require(result.error as? JSONStreamError)
        #expect(error.error.issues.map(\.description) == whole?.issues.map(\.description))
    }

    @Test("Random models in random pieces read as array(json:) and as their JSON Lines")
    func randomStreams() throws {
        var random = SplitMix64(seed: 26)
        let alphabet = Array("ab\"\\/\n\t{}[],:é☕️𝄞 ".unicodeScalars)
        for round in 0..<60 {
            let models = (0..<Int.random(in: 0...12, using: &random)).map { index in
                Entry(
                    id: Int.random(in: -1_000_000...1_000_000, using: &random),
                    name: String(String.UnicodeScalarView((0..<Int.random(in: 0...20, using: &random)).map { _ in
                        alphabet[Int.random(in: 0..<alphabet.count, using: &random)]
                    })),
                    score: index % 3 == 0 ? nil : Double.random(in: -1e6...1e6, using: &random),
                    tags: (0..<Int.random(in: 0...3, using: &random)).map { "t\($0)" },
                    child: index % 2 == 0 ? Child(label: "c\(index)") : nil
                )
            }
            let arrayText = try String(decoding: models.jsonData(), as: UTF8.self)
            let linesText = try models.map { try String(decoding: $0.jsonData(), as: UTF8.self) }.joined(separator: "\n")
            let sizes = (0..<5).map { _ in Int.random(in: 1...90, using: &random) }
            for text in [arrayText, linesText] {
                // A buffer of 8 bytes grows to the largest element's size.
                let result = readAll(text, sizes: sizes, initialCapacity: 8)
                #expect(result.error == nil, "round \(round)")
                #expect(result.models == models, "round \(round), pieces \(sizes)")
            }
        }
    }

    @Test("A source that says it read more than the buffer holds is an error, not bytes past the buffer")
    func sourceOverreads() {
        let reader = Entry.jsonElements(reading: { buffer in buffer.count + 1 })
        #expect(throws: JSONStreamError.self) { _ = try reader.next() }
        let pieces = Pieces("{\"id\": 1}\n", sizes: [4])
        var turn = 0
        let lying = Entry.jsonElements(reading: { buffer in
            turn += 1
            return turn < 3 ? pieces.read(into: buffer) : -1
        })
        var thrown: JSONStreamError?
        do {
            _ = try lying.next()
        } catch let error as JSONStreamError {
            thrown = error
        } catch {
            Issue.record("not a JSONStreamError: \(error)")
        }
        #expect(thrown?.description == "element 0 (line 1, column 9, byte 8): expected a count of bytes read from 0 to 1048568, found -1")
    }

    @Test("A file is read through its handle, in bounded pieces")
    func file() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mappingkit-stream-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        let models = (0..<2_000).map { Entry(id: $0, name: "entry \($0)", tags: ["a", "b"]) }
        try models.jsonData().write(to: url)
        var read: [Entry] = []
        try Entry.jsonElements(contentsOf: url).forEach { read.append($0) }
        #expect(read == models)
        #expect(throws: (any Error).self) { _ = try Entry.jsonElements(contentsOf: url.appendingPathExtension("missing")) }
    }

    // `for try await` calls `next(isolation:)` where the OS has it (it calls `next()` before).
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test("An AsyncSequence of bytes streams; JSON Lines hand out each line as it arrives")
    func asyncBytes() async throws {
        let (bytes, continuation) = AsyncStream.makeStream(of: UInt8.self)
        var iterator = Entry.jsonElements(from: bytes).makeAsyncIterator()
        for byte in "{\"id\": 1}\n".utf8 { continuation.yield(byte) }
        #expect(try await iterator.next() == Entry(id: 1))
        for byte in "{\"id\": 2}\n{\"id\": \"x\"}\n".utf8 { continuation.yield(byte) }
        continuation.finish()
        #expect(try await iterator.next() == Entry(id: 2))
        await #expect(throws: JSONStreamError.self) { _ = try await iterator.next() }
        #expect(try await iterator.next() == nil)

        let all = AsyncStream(UInt8.self) { continuation in
            for byte in Self.arrayText.utf8 { continuation.yield(byte) }
            continuation.finish()
        }
        var models: [Entry] = []
        for try await model in Entry.jsonElements(from: all, format: .array) { models.append(model) }
        #expect(models == (try Entry.array(json: Self.arrayText)))
    }
}
