import Foundation
import MappingKit
import Testing

// Issue 58 (first part): the same shape declared twice, once with Swift's synthesized Codable and
// once as `MappableCodable` with no configuration, decoded from the same bad input: the same
// `DecodingError` case at the same coding path. (The full differential over every coder option
// is the rest of issue 58.)

private struct Point: Codable, Equatable {
    var x = 0
    var y = 0
}

private enum Color: String, Codable {
    case red, green
}

private struct Synthesized: Codable {
    var point: Point?
    var color: Color?
    var id: UUID?
    var small: Int8?
    var count: Int?
    var unsigned: UInt64?
    var points: Set<Point.Key>?
}

private struct Twin: MappableCodable {
    var point: Point?
    var color: Color?
    var id: UUID?
    var small: Int8?
    var count: Int?
    var unsigned: UInt64?
    var points: Set<Point.Key>?
}

extension Point {
    /// A Codable struct that is `Hashable`, for a set.
    struct Key: Codable, Hashable {
        var k = 0
    }
}

@Suite("Codable twins: MappableCodable's errors are the synthesized conformance's")
struct CodableTwinTests {
    @Test("the same DecodingError case at the same path, for null, bad content and the wrong kind", arguments: [
        // Cause 3: `null` for a Codable-typed value is valueNotFound.
        #"{"point": {"x": null}}"#,
        #"{"points": [null]}"#,
        // Cause 4: the right kind, with content that does not fit, is dataCorrupted.
        #"{"color": "blue"}"#,
        #"{"id": "not-a-uuid"}"#,
        #"{"small": 300}"#,
        #"{"count": 2.5}"#,
        #"{"unsigned": -1}"#,
        // Another kind is typeMismatch.
        #"{"count": "x"}"#,
        #"{"color": 5}"#,
        #"{"point": [1]}"#,
    ])
    func sameErrors(json: String) throws {
        let data = Data(json.utf8)
        let expected = try #require(throws: (any Error).self) { try JSONDecoder().decode(Synthesized.self, from: data) }
        let found = try #require(throws: (any Error).self) { try JSONDecoder().decode(Twin.self, from: data) }
        // Listed exemption: this Foundation's JSONDecoder reports a number that does not fit its
        // type at the document's root (`dataCorrupted@`); MappingKit names the property's path.
        if decodingShape(expected) == "dataCorrupted@" {
            let key = try #require(try jsonDictionary(json).keys.first)
            #expect(decodingShape(found) == "dataCorrupted@\(key)", "\(found)")
            return
        }
        #expect(decodingShape(found) == decodingShape(expected), "\(found)")
    }
}

private struct SynthesizedShapes: Codable {
    var leaveMeAlone: [String: String] = ["leaveMeAlone": "x"]
    var empty: [Int8: String] = [:]
    var keyed: [Int8: String] = [1: "a"]
    var list: [Point] = [Point(x: 1, y: 2)]
    var url = URL(fileURLWithPath: "/tmp/a")
}

private struct TwinShapes: MappableCodable {
    var leaveMeAlone: [String: String] = ["leaveMeAlone": "x"]
    var empty: [Int8: String] = [:]
    var keyed: [Int8: String] = [1: "a"]
    var list: [Point] = [Point(x: 1, y: 2)]
    var url = URL(fileURLWithPath: "/tmp/a")
}

extension CodableTwinTests {
    /// What `encode` writes, parsed, for an encoder set up by `configure`.
    private static func written(_ value: some Encodable, _ configure: (JSONEncoder) -> Void) throws -> Plain {
        let encoder = JSONEncoder()
        configure(encoder)
        return Plain(try JSONSerialization.jsonObject(with: encoder.encode(value), options: [.fragmentsAllowed]))
    }

    @Test("the same JSON under JSONEncoder's key strategies", arguments: ["plain", "snake", "custom"])
    func sameOutput(strategy: String) throws {
        let configure: (JSONEncoder) -> Void = { encoder in
            switch strategy {
            case "snake": encoder.keyEncodingStrategy = .convertToSnakeCase
            case "custom": encoder.keyEncodingStrategy = .custom { path in AnyKey(path.last.map { $0.stringValue.uppercased() } ?? "") }
            default: break
            }
        }
        #expect(try Self.written(TwinShapes(), configure) == Self.written(SynthesizedShapes(), configure))
    }
}

private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

private struct SynthesizedDictionaries: Codable, Equatable {
    var leaveMeAlone: [String: String] = [:]
    var nestedDictionary: [String: [String: Int]] = [:]
    var listOfDictionaries: [[String: Int]] = []
}

private struct TwinDictionaries: MappableCodable, Equatable {
    var leaveMeAlone: [String: String] = [:]
    var nestedDictionary: [String: [String: Int]] = [:]
    var listOfDictionaries: [[String: Int]] = []
}

extension CodableTwinTests {
    /// swift-foundation's `testDecodingDictionaryStringKeyConversionUntouched` and
    /// `testDecodingDictionaryFailureKeyPath(Nested)`, on twins (issue 58, cause 1).
    @Test("a decoder's key strategy converts a model's keys, never a dictionary's own", arguments: [
        #"{"leave_me_alone": {"leave_me_alone": "x", "FOO": "y"}, "nested_dictionary": {"a_b": {"c_d": 1}}, "list_of_dictionaries": [{"e_f": 2}]}"#,
    ])
    func dictionaryKeysUntouched(json: String) throws {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let expected = try decoder.decode(SynthesizedDictionaries.self, from: Data(json.utf8))
        let found = try decoder.decode(TwinDictionaries.self, from: Data(json.utf8))
        #expect(found.leaveMeAlone == expected.leaveMeAlone)
        #expect(found.nestedDictionary == expected.nestedDictionary)
        #expect(found.listOfDictionaries == expected.listOfDictionaries)
        // Written back under the reverse strategy, the same JSON as the synthesized twin.
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        #expect(Plain(try JSONSerialization.jsonObject(with: encoder.encode(found)))
            == Plain(try JSONSerialization.jsonObject(with: encoder.encode(expected))))
    }

    @Test("a failure inside a dictionary is at the same coding path", arguments: [
        // Every key present: an absent key keeps its default here (a listed exemption).
        #"{"leave_me_alone": {"leave_me_alone": [1]}, "nested_dictionary": {}, "list_of_dictionaries": []}"#,
        #"{"leave_me_alone": {}, "nested_dictionary": {"a_b": {"c_d": "x"}}, "list_of_dictionaries": []}"#,
        #"{"leave_me_alone": {}, "nested_dictionary": {}, "list_of_dictionaries": [{"e_f": false}]}"#,
    ])
    func dictionaryFailurePaths(json: String) throws {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let expected = try #require(throws: (any Error).self) { try decoder.decode(SynthesizedDictionaries.self, from: Data(json.utf8)) }
        let found = try #require(throws: (any Error).self) { try decoder.decode(TwinDictionaries.self, from: Data(json.utf8)) }
        #expect(decodingShape(found) == decodingShape(expected), "\(found)")
    }
}

private struct SynthesizedSix: Codable {
    var a = 1, b = 2, c = 3, d = 4, e = 5, f = 6
}

/// Encoded only by the test below: its first encoding is the type's first.
private struct TwinSix: MappableCodable {
    var a = 1, b = 2, c = 3, d = 4, e = 5, f = 6
}

extension CodableTwinTests {
    /// Issue 58, cause 8: nothing about the first mapping of a type differs from the second.
    @Test("six keys a custom strategy maps to one name keep the last declared, on the first encoding and every later one")
    func collidingKeys() throws {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .custom { _ in AnyKey("x") }
        let expected = Plain(try JSONSerialization.jsonObject(with: encoder.encode(SynthesizedSix())))
        #expect(expected == .object(["x": .int(6)]))
        for _ in 0..<3 {
            #expect(Plain(try JSONSerialization.jsonObject(with: encoder.encode(TwinSix()))) == expected)
        }
    }
}

private struct SynthesizedLink: Codable, Equatable {
    var url = URL(fileURLWithPath: "/")
}

private struct TwinLink: MappableCodable, Equatable {
    var url = URL(fileURLWithPath: "/")
}

extension CodableTwinTests {
    /// Issue 58, cause 6: a property list holds a URL in its keyed form, which both twins write
    /// and read.
    @Test("a URL in a property list: the keyed form the synthesized twin writes, read both ways", arguments: [
        PropertyListSerialization.PropertyListFormat.xml, .binary,
    ])
    func urlInPropertyLists(format: PropertyListSerialization.PropertyListFormat) throws {
        let url = try #require(URL(string: "https://example.com/a?b=1"))
        let encoder = PropertyListEncoder()
        encoder.outputFormat = format
        let synthesized = try encoder.encode(SynthesizedLink(url: url))
        let twin = try encoder.encode(TwinLink(url: url))
        let read = { (data: Data) in Plain(try PropertyListSerialization.propertyList(from: data, format: nil)) }
        #expect(try read(twin) == read(synthesized))
        #expect(try PropertyListDecoder().decode(TwinLink.self, from: synthesized) == TwinLink(url: url))
        #expect(try PropertyListDecoder().decode(SynthesizedLink.self, from: twin) == SynthesizedLink(url: url))
        // JSON writes a URL's text, as JSONEncoder does for the synthesized twin.
        #expect(try Plain(JSONSerialization.jsonObject(with: JSONEncoder().encode(TwinLink(url: url))))
            == Plain(JSONSerialization.jsonObject(with: JSONEncoder().encode(SynthesizedLink(url: url)))))
    }
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
private struct SynthesizedWide: Codable, Equatable {
    var big: Int128 = 1 << 100
    var huge: UInt128 = .max
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
private struct TwinWide: MappableCodable, Equatable {
    var big: Int128 = 1 << 100
    var huge: UInt128 = .max
}

extension CodableTwinTests {
    /// Issue 58, cause 5: an `Int128` past 64 bits is the number's digits in JSON, and a property
    /// list refuses it, for both twins.
    @Test("integers past 64 bits: digits in JSON, refused by a property list, as for the synthesized twin")
    func wideIntegers() throws {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let synthesized = try encoder.encode(SynthesizedWide())
        #expect(String(decoding: try encoder.encode(TwinWide()), as: UTF8.self) == String(decoding: synthesized, as: UTF8.self))
        #expect(try JSONDecoder().decode(TwinWide.self, from: synthesized) == TwinWide())
        #expect(try JSONDecoder().decode(SynthesizedWide.self, from: encoder.encode(TwinWide())) == SynthesizedWide())
        #expect(throws: EncodingError.self) { try PropertyListEncoder().encode(SynthesizedWide()) }
        #expect(throws: EncodingError.self) { try PropertyListEncoder().encode(TwinWide()) }
        #expect(String(decoding: try TwinWide().jsonData(options: .sortedKeys), as: UTF8.self)
            == #"{"big":1267650600228229401496703205376,"huge":340282366920938463463374607431768211455}"#)
    }
}

private struct SynthesizedPaths: Codable {
    var list: [Date] = [Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 1)]
    var byName: [String: Date] = ["k": Date(timeIntervalSince1970: 2)]
    var nested: [[Date]] = [[Date(timeIntervalSince1970: 3)]]
    var inner = PathInner()
    var inners: [PathInner] = [PathInner()]
}

private struct PathInner: MappableCodable {
    var when = Date(timeIntervalSince1970: 4)
}

private struct TwinPaths: MappableCodable {
    var list: [Date] = [Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 1)]
    var byName: [String: Date] = ["k": Date(timeIntervalSince1970: 2)]
    var nested: [[Date]] = [[Date(timeIntervalSince1970: 3)]]
    var inner = PathInner()
    var inners: [PathInner] = [PathInner()]
}

/// The coding paths an encoder's date strategy is called with.
private final class SeenPaths: @unchecked Sendable {
    private let lock = NSLock()
    private var paths: [String] = []
    func add(_ path: [any CodingKey]) {
        lock.withLock { paths.append(path.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")) }
    }
    func take() -> [String] { lock.withLock { defer { paths = [] }; return paths.sorted() } }
}

extension CodableTwinTests {
    /// Issue 58, cause 2: what a strategy sees while encoding is the synthesized twin's path, in
    /// collections and nested models too, on the first encoding and later ones.
    @Test("an encoder's date strategy sees the same coding paths")
    func encodingPaths() throws {
        let seen = SeenPaths()
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            seen.add(encoder.codingPath)
            var single = encoder.singleValueContainer()
            try single.encode(date.timeIntervalSince1970)
        }
        _ = try encoder.encode(SynthesizedPaths())
        let expected = seen.take()
        #expect(expected == ["byName.k", "inner.when", "inners.0.when", "list.0", "list.1", "nested.0.0"])
        for _ in 0..<2 {
            _ = try encoder.encode(TwinPaths())
            #expect(seen.take() == expected)
        }
    }
}

extension CodableTwinTests {
    /// Found by the coders fuzz target's twin oracle: a string the decoder cannot read (invalid
    /// UTF-8) where an `Int` belongs is the decoder's own `typeMismatch`, as for the synthesized
    /// twin, not a value MappingKit could not read.
    @Test("an unreadable string where a number belongs: the same typeMismatch")
    func unreadableString() throws {
        let data = Data([0x7B, 0x22, 0x63, 0x6F, 0x75, 0x6E, 0x74, 0x22, 0x3A, 0x22, 0x31, 0xD6, 0x32, 0x22, 0x7D])   // {"count":"1\xD62"}
        let expected = try #require(throws: (any Error).self) { try JSONDecoder().decode(Synthesized.self, from: data) }
        let found = try #require(throws: (any Error).self) { try JSONDecoder().decode(Twin.self, from: data) }
        #expect(decodingShape(found) == decodingShape(expected), "\(found)")
    }
}

private struct SynthesizedMoments: Codable {
    var when = Date(timeIntervalSince1970: 0)
    var blob = Data()
}

private struct TwinMoments: MappableCodable {
    var when = Date(timeIntervalSince1970: 0)
    var blob = Data()
}

extension CodableTwinTests {
    /// Found by the coders fuzz target's twin oracle (`"when": "2014\xD3…9:30:00Z"`): an
    /// unreadable string where a `Date` or `Data` belongs is the decoder's own error for the
    /// type, as for the synthesized twin (`typeMismatch`: its `Date` is a `Double` by default).
    @Test("an unreadable string where a Date or Data belongs: the decoder's own error, as for the synthesized twin", arguments: ["when", "blob"])
    func unreadableStringForFoundationValues(key: String) throws {
        // The other key holds a value each twin reads; the byte 0 stands for 0xD6.
        let text = key == "when" ? #"{"when":"2\#u{0}","blob":"AA=="}"# : #"{"when":0,"blob":"2\#u{0}"}"#
        let data = Data(text.utf8.map { $0 == 0 ? 0xD6 : $0 })
        let expected = try #require(throws: (any Error).self) { try JSONDecoder().decode(SynthesizedMoments.self, from: data) }
        let found = try #require(throws: (any Error).self) { try JSONDecoder().decode(TwinMoments.self, from: data) }
        #expect(decodingShape(found) == decodingShape(expected), "\(found)")
    }
}
