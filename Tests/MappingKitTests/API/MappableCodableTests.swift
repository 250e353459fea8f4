import Foundation
import MappingKit
import Testing

/// A nested model that is only `Mappable`: the bridge reads it through its plan.
private struct Author: Mappable, Equatable {
    var id = 0
    var name = ""
}

private struct Post: MappableCodable, Equatable {
    var id = 0
    var title = ""
    var published = Date(timeIntervalSince1970: 0)
    var author = Author()
    var tags: [String] = []
    var rating: Double?
    var scores: [String: Int] = [:]

    static let mappingConfiguration = MappingConfiguration(for: Post.self) { map in
        map.map(\.title, to: "headline")
        map.map(\.published, to: "published_at", using: .iso8601)
        map.require(\.id, .exists)
    }
}

/// Undefined keys stashed, a `Date` without an adapter, `Data`, and a plain `Codable` leaf.
private struct Document: MappableCodable, Equatable {
    var name = ""
    var saved = Date(timeIntervalSince1970: 0)
    var bytes = Data()
    var point = Point(x: 0, y: 0)
    var unmapped = UnmappedValues()
    static let mappingConfiguration = MappingConfiguration(for: Document.self) { $0.undefinedKeys = .stash }

    static func == (lhs: Document, rhs: Document) -> Bool {
        (lhs.name, lhs.saved, lhs.bytes, lhs.point) == (rhs.name, rhs.saved, rhs.bytes, rhs.point) && lhs.unmapped == rhs.unmapped
    }
}

private struct Point: Codable, Equatable {
    var x: Int
    var y: Int
}

/// A plain `Codable` type holding a `MappableCodable` one.
private struct Envelope: Codable, Equatable {
    var post: Post
    var count: Int
}

private final class Tally: MappableCodable {
    var count = 0
    var label: String?
    init() {}
}

private let postJSON = #"""
    {"id": 7, "headline": "Hello", "published_at": "2014-02-13T09:30:00.250Z",
     "author": {"id": 1, "name": "Ann"}, "tags": ["a", "b"], "rating": null, "scores": {"x": 1}}
    """#

private let post = Post(
    id: 7, title: "Hello", published: Date(timeIntervalSince1970: 1_392_283_800.25), author: Author(id: 1, name: "Ann"),
    tags: ["a", "b"], rating: nil, scores: ["x": 1]
)

@Suite("MappableCodable: Codable through the mapping")
struct MappableCodableTests {
    @Test("JSONDecoder reads keys, adapters and nested models as the dictionary path does")
    func decodesLikeTheDictionaryPath() throws {
        let decoded = try JSONDecoder().decode(Post.self, from: Data(postJSON.utf8))
        #expect(decoded == post)
        #expect(decoded == (try Post(json: postJSON)))
    }

    @Test("JSONEncoder writes what dictionaryRepresentation writes")
    func encodesLikeTheDictionaryPath() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(post), as: UTF8.self)
        #expect(json == #"{"author":{"id":1,"name":"Ann"},"headline":"Hello","id":7,"published_at":"2014-02-13T09:30:00.25Z","scores":{"x":1},"tags":["a","b"]}"#)
        #expect(Plain(try JSONSerialization.jsonObject(with: Data(json.utf8))) == Plain(try post.dictionaryRepresentation()))
    }

    @Test("property list coders round-trip, with dates and data native")
    func propertyListCoders() throws {
        // Whole seconds: XML property lists keep no fractions of a second.
        let document = Document(name: "a", saved: Date(timeIntervalSince1970: 1_000), bytes: Data([1, 2, 3]), point: Point(x: 1, y: 2))
        for format in [PropertyListSerialization.PropertyListFormat.xml, .binary] {
            let encoder = PropertyListEncoder()
            encoder.outputFormat = format
            let data = try encoder.encode(document)
            #expect(try PropertyListDecoder().decode(Document.self, from: data) == document)
            let plist = try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any]
            #expect(plist?["saved"] as? Date == document.saved)
            #expect(plist?["bytes"] as? Data == document.bytes)
        }
    }

    @Test("a decoder's date and data strategies apply to properties without an adapter")
    func coderStrategies() throws {
        let json = #"{"name": "a", "saved": "2014-02-13T09:30:00Z", "bytes": "AQID", "point": {"x": 1, "y": 2}}"#
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let document = try decoder.decode(Document.self, from: Data(json.utf8))
        #expect(document == Document(name: "a", saved: Date(timeIntervalSince1970: 1_392_283_800), bytes: Data([1, 2, 3]), point: Point(x: 1, y: 2)))
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(document), as: UTF8.self)
            == #"{"bytes":"AQID","name":"a","point":{"x":1,"y":2},"saved":"2014-02-13T09:30:00Z"}"#)
    }

    @Test("undefined keys are stashed from a decoder and written back", arguments: [
        #"{"name": "a", "saved": 0, "extra": {"deep": [1, 2.5, "x", true, null]}, "big": 18446744073709551615}"#,
        #"{"name": "b", "saved": 1.5, "huge": 123456789012345678901234567890, "list": [[], {}]}"#,
    ])
    func stashRoundTrip(json: String) throws {
        let document = try JSONDecoder().decode(Document.self, from: Data(json.utf8))
        let written = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(document)) as? [String: Any]
        let original = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        #expect(Plain(written?.filter { !["bytes", "point"].contains($0.key) } as Any) == Plain(original as Any))
    }

    @Test("a mapping failure is a DecodingError at the key path, with the MappingError beneath")
    func decodingErrors() throws {
        let wrongType = #"{"id": 7, "author": {"id": "one"}}"#
        let error = try #require(throws: DecodingError.self) { try JSONDecoder().decode(Post.self, from: Data(wrongType.utf8)) }
        guard case .typeMismatch(let type, let context) = error else { Issue.record("\(error)"); return }
        // The property's own type, as JSONDecoder names it (it said `Any`).
        #expect(ObjectIdentifier(type) == ObjectIdentifier(Int.self))
        #expect(context.codingPath.map(\.stringValue) == ["author", "id"])
        #expect(context.debugDescription == #"author.id: expected Int, found String "one""#)
        #expect((context.underlyingError as? MappingError)?.path == "author.id")

        let missing = try #require(throws: DecodingError.self) { try JSONDecoder().decode(Post.self, from: Data(#"{"headline": "x"}"#.utf8)) }
        // A required key that is absent is Codable's own error for it, at the object that lacks it.
        guard case .keyNotFound(let key, let missingContext) = missing else { Issue.record("\(missing)"); return }
        #expect(key.stringValue == "id")
        #expect(missingContext.codingPath.isEmpty)
        #expect(missingContext.debugDescription == "id: required, missing")
    }

    @Test("errors inside a plain Codable type carry the whole coding path")
    func nestedInCodable() throws {
        let json = #"{"count": 1, "post": {"id": 7, "tags": ["a", [2]]}}"#
        let error = try #require(throws: DecodingError.self) { try JSONDecoder().decode(Envelope.self, from: Data(json.utf8)) }
        guard case .typeMismatch(_, let context) = error else { Issue.record("\(error)"); return }
        #expect(context.codingPath.map(\.stringValue) == ["post", "tags", "Index 1"] || context.codingPath.map(\.stringValue) == ["post", "tags", "1"])
        let envelope = Envelope(post: post, count: 2)
        #expect(try JSONDecoder().decode(Envelope.self, from: JSONEncoder().encode(envelope)) == envelope)
    }

    @Test("a Mapper in userInfo supplies policies")
    func mapperInUserInfo() throws {
        let decoder = JSONDecoder()
        decoder.userInfo[.mappingKitMapper] = Mapper(undefinedKeys: .raise)
        let error = try #require(throws: DecodingError.self) {
            try decoder.decode(Tally.self, from: Data(#"{"count": 1, "colour": "red"}"#.utf8))
        }
        guard case .dataCorrupted(let context) = error else { Issue.record("\(error)"); return }
        #expect(context.debugDescription == #"colour: expected a key Tally maps, found String "red""#)
        let tally = try JSONDecoder().decode(Tally.self, from: Data(#"{"count": 1, "colour": "red", "label": null}"#.utf8))
        #expect(tally.count == 1 && tally.label == nil)
    }

    @Test("update(from:) keeps what the decoder does not hold, and all of it on failure")
    func updateFromDecoder() throws {
        struct Updater: Decodable {
            init(from decoder: any Decoder) throws {
                var target = Post(id: 1, title: "old")
                try target.update(from: decoder)
                #expect(target.id == 1 && target.title == "new")
                #expect(throws: DecodingError.self) { try target.update(from: decoder) }
            }
        }
        _ = try? JSONDecoder().decode(Updater.self, from: Data(#"{"headline": "new"}"#.utf8))
    }

    @Test("untyped values read by probing are bounded by MappingLimits.maximumNesting")
    func nestingLimit() throws {
        let decoder = JSONDecoder()
        decoder.userInfo[.mappingKitMapper] = Mapper(limits: MappingLimits(maximumNesting: 3))
        #expect(try decoder.decode(Document.self, from: Data(#"{"extra": [[1]]}"#.utf8)).unmapped == ["extra": [[1]]])
        let error = try #require(throws: DecodingError.self) {
            try decoder.decode(Document.self, from: Data(#"{"extra": [[[[1]]]]}"#.utf8))
        }
        guard case .dataCorrupted(let context) = error else { Issue.record("\(error)"); return }
        #expect(context.debugDescription == "expected at most 3 nested arrays and objects (MappingLimits.maximumNesting), found more")
        #expect(context.codingPath.map(\.stringValue) == ["extra", "Index 0", "Index 0"])
    }

    @Test("a value that cannot be written is an EncodingError at its key path")
    func encodingErrors() throws {
        struct Refusing: MappableCodable {
            var code = 1
            static let mappingConfiguration = MappingConfiguration(for: Refusing.self) { map in
                map.map(\.code, using: Adapter<Int>(decode: { $0 as? Int ?? 0 }, encode: { _ in throw CocoaError(.coderInvalidValue) }))
            }
        }
        let error = try #require(throws: EncodingError.self) { try JSONEncoder().encode(Refusing()) }
        guard case .invalidValue(_, let context) = error else { Issue.record("\(error)"); return }
        #expect(context.codingPath.map(\.stringValue) == ["code"])
        #expect((context.underlyingError as? MappingError)?.path == "code")
    }

    @Test("a plain Codable property needs no adapter on the dictionary path either")
    func codableLeafFromDictionaries() throws {
        let document = try Document(dictionary: ["point": ["x": 3, "y": 4]])
        #expect(document.point == Point(x: 3, y: 4))
        #expect(Plain(try document.dictionaryRepresentation()["point"] as Any) == Plain(["x": 3, "y": 4] as [String: Any]))
        #expect(try Document(dictionary: ["point": Point(x: 5, y: 6)]).point == Point(x: 5, y: 6))
        #expect(mappingError { _ = try Document(dictionary: ["point": ["x": 3]]) }?.description
            == "point: expected Point (Codable), found Dictionary of 1 key")
    }

    @Test("an untyped number is what the decoder gives: JSONDecoder cannot tell 1.0 from 1")
    func integralDoublesInUntypedValues() throws {
        let document = try JSONDecoder().decode(Document.self, from: Data(#"{"extra": [1.0, 1.5, 1]}"#.utf8))
        #expect(Plain(document.unmapped["extra"] as Any) == .array([.int(1), .double(1.5), .int(1)]))
        // A typed property is not affected: a Double property holds 1.0 either way.
    }
}

private struct Appointment: MappableCodable {
    var at = Date(timeIntervalSince1970: 0)
    var attendees: [Attendee] = []
    static let mappingConfiguration = MappingConfiguration(for: Appointment.self) { $0.map(\.at, using: .iso8601) }
}

private struct Attendee: MappableCodable {
    var age: Int8?
}

@Suite("The Codable bridge names the property's type in its errors")
struct CodableErrorTypeTests {
    @Test("a value of another kind is a typeMismatch naming the property's type, a nested element's of its own type", arguments: [
        (#"{"at": 5}"#, "Date", ["at"]),
        (#"{"attendees": [{"age": "old"}]}"#, "Optional<Int8>", ["attendees", "0", "age"]),
    ])
    func namedTypes(json: String, type: String, path: [String]) throws {
        let error = try #require(throws: DecodingError.self) { try JSONDecoder().decode(Appointment.self, from: Data(json.utf8)) }
        guard case .typeMismatch(let found, let context) = error else { Issue.record("\(error)"); return }
        #expect("\(found)" == type)
        #expect(context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue } == path)
        #expect(!"\(error)".contains("type Any"))
    }

    /// Issue 58, cause 4: as the synthesized conformance throws it.
    @Test("a value of the right kind whose content does not fit is dataCorrupted, at its path", arguments: [
        (#"{"at": "nope"}"#, ["at"]),
        (#"{"attendees": [{"age": 300}]}"#, ["attendees", "0", "age"]),
        (#"{"attendees": [{"age": 2.5}]}"#, ["attendees", "0", "age"]),
    ])
    func badContent(json: String, path: [String]) throws {
        let error = try #require(throws: DecodingError.self) { try JSONDecoder().decode(Appointment.self, from: Data(json.utf8)) }
        guard case .dataCorrupted(let context) = error else { Issue.record("\(error)"); return }
        #expect(context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue } == path)
        #expect(context.underlyingError is MappingError)
    }
}
