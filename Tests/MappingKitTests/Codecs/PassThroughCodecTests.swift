import Foundation
import MappingKit
import Testing

private struct Envelope: Mappable {
    var payload: Any = 0
    var metadata: [String: Any] = [:]
    var items: [Any] = []
    var extra: Any?
}

/// Neither Mappable, Codable, RawRepresentable nor a built-in type.
private struct Stamp {
    var ticks = 0
}

private struct WithStamp: Mappable {
    var name = ""
    var created = Stamp()
}

private struct IgnoredStamp: Mappable {
    var name = ""
    var created = Stamp()

    static let mappingConfiguration = MappingConfiguration(for: IgnoredStamp.self) { $0.ignore(\.created) }
}

@Suite("Any, [String: Any], [Any] and unsupported properties")
struct PassThroughCodecTests {
    @Test("values are passed through exactly as they are, both ways")
    func passThrough() throws {
        let input = try jsonDictionary("""
            {"payload": {"deep": [1, true]}, "metadata": {"a": "b"}, "items": [1, "x", null], "extra": 2.5}
            """)
        let envelope = try mapped(Envelope.self, input)
        #expect(Plain(envelope.payload) == Plain(input["payload"] as Any))
        #expect(Plain(envelope.metadata) == .object(["a": .string("b")]))
        #expect(Plain(envelope.items) == Plain(input["items"] as Any))
        #expect(Plain(try envelope.dictionaryRepresentation()) == Plain(input))
    }

    @Test("a pass-through container still needs its container")
    func containerKind() throws {
        let input = try jsonDictionary(#"{"metadata": [1], "items": {"a": 1}}"#)
        #expect(mappingError { _ = try mapped(Envelope.self, input) }?.description == """
            2 problems:
              metadata: expected Dictionary, found Array of 1 element
              items: expected Array, found Dictionary of 1 key
            """)
    }

    @Test("a property type with no conversion is a configuration error when the plan compiles, whatever the input, both ways")
    func unsupported() throws {
        let message = """
            configuration of WithStamp: \\WithStamp.created is a Stamp, which MappingKit cannot convert: map it with an adapter \
            (`map.map(\\.created, using: …)`), make Stamp Codable, or ignore it (`map.ignore(\\.created)`)
            """
        #expect(mappingError { _ = try WithStamp(dictionary: ["name": "a"]) }?.description == message)
        #expect(mappingError { _ = try WithStamp(json: #"{"name": "a"}"#) }?.description == message)
        #expect(mappingError { _ = try WithStamp().dictionaryRepresentation() }?.description == message)
        #expect(mappingError { _ = try WithStamp().jsonData() }?.description == message)
        #expect(try mapped(IgnoredStamp.self, ["name": "a"]).name == "a")
    }
}

/// Issue 44, item 4: models put inside untyped properties.
private struct Novel: Mappable {
    var title = ""
    var pages = 0
}

private struct Library: MappableCodable {
    var shelf: [Any] = []
    var index: [String: Any] = [:]
    var featured: Any?
}

@Suite("Models inside untyped properties")
struct UntypedModelTests {
    @Test("a Mappable value inside [Any], [String: Any] or Any is written through its own mapping, by both writers")
    func modelsInsideUntyped() throws {
        var library = Library()
        library.shelf = [Novel(title: "A", pages: 1), "note", [Novel(title: "B", pages: 2)] as [Any]]
        library.index = ["a": Novel(title: "A", pages: 1), "typed": [Novel(title: "C", pages: 3)]]
        library.featured = Novel(title: "F", pages: 9)
        let representation = try library.dictionaryRepresentation()
        #expect(JSONSerialization.isValidJSONObject(representation))
        let expected = #"""
            {"featured":{"pages":9,"title":"F"},"index":{"a":{"pages":1,"title":"A"},"typed":[{"pages":3,"title":"C"}]},\#
            "shelf":[{"pages":1,"title":"A"},"note",[{"pages":2,"title":"B"}]]}
            """#
        #expect(String(decoding: try library.jsonData(options: .sortedKeys), as: UTF8.self) == expected)
        let viaFoundation = try JSONSerialization.data(withJSONObject: representation, options: [.sortedKeys])
        #expect(String(decoding: viaFoundation, as: UTF8.self) == expected)
        // Through the Codable bridge too.
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(library), as: UTF8.self) == expected)
    }
}
