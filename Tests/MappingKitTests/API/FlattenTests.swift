import Foundation
import MappingKit
import Testing

private struct Meta: Mappable, Equatable {
    var total = 0
    var nextCursor: String?
}

private struct Item: Mappable, Equatable {
    var id = 0
}

/// A paginated list: `{"total": 3, "next_cursor": "x", "items": […]}`, snake_case handed down.
private struct Page: Mappable, Equatable {
    var meta = Meta()
    var items: [Item] = []
    static let mappingConfiguration = MappingConfiguration(for: Page.self) { map in
        map.keyStrategy = .snakeCase
        map.flatten(\.meta)
    }
}

/// The same with a stash, which keeps what neither reads.
private struct StashedPage: Mappable, Equatable {
    var meta = Meta()
    var items: [Item] = []
    var unmapped = UnmappedValues()
    static let mappingConfiguration = MappingConfiguration(for: StashedPage.self) { map in
        map.undefinedKeys = .stash
        map.flatten(\.meta)
    }
}

private struct Audit: Mappable, Equatable {
    var createdBy = ""
    var version = 0
}

/// Two levels: a flattened model that flattens another; a class; strict keys for the tree.
private struct Record: Mappable, Equatable {
    var audit = Audit()
    var label = ""
    static let mappingConfiguration = MappingConfiguration(for: Record.self) { $0.flatten(\.audit) }
}

private final class Document: Mappable, MappableCodable, Equatable {
    var title = ""
    var record = Record()
    required init() {}
    static let mappingConfiguration = MappingConfiguration(for: Document.self) { map in
        map.undefinedKeys = .raise
        map.missingKeys = .raise
        map.flatten(\.record)
    }
    static func == (lhs: Document, rhs: Document) -> Bool { lhs.title == rhs.title && lhs.record == rhs.record }
}

private struct Mistaken: Mappable {
    var meta = Meta()
    static let mappingConfiguration = MappingConfiguration(for: Mistaken.self) { map in
        map.map(\.meta, to: "meta")
        map.flatten(\.meta)
    }
}

@Suite("Flattened models")
struct FlattenTests {
    @Test("a nested model's keys read from and written to the parent's object, its key strategy handed down")
    func page() throws {
        let page = try mapped(Page.self, jsonDictionary(#"{"total": 3, "next_cursor": "x", "items": [{"id": 1}, {"id": 2}]}"#))
        #expect(page == Page(meta: Meta(total: 3, nextCursor: "x"), items: [Item(id: 1), Item(id: 2)]))
        #expect(try plainRepresentation(of: page) == .object([
            "total": .int(3), "next_cursor": .string("x"), "items": .array([.object(["id": .int(1)]), .object(["id": .int(2)])]),
        ]))
        #expect(try Page(json: page.jsonData()) == page)
        #expect(try JSONSerialization.jsonObject(with: page.jsonData()) as? NSDictionary == [
            "total": 3, "next_cursor": "x", "items": [["id": 1], ["id": 2]],
        ] as NSDictionary)
    }

    @Test("a stash on the parent keeps what neither reads, and the round trip is exact")
    func stash() throws {
        let json = #"{"total": 3, "items": [{"id": 1}], "extra": {"a": [1, 2]}, "other": null}"#
        let page = try mapped(StashedPage.self, jsonDictionary(json))
        #expect(page.meta == Meta(total: 3, nextCursor: nil))
        #expect(Plain(page.unmapped.dictionary) == .object(["extra": .object(["a": .array([.int(1), .int(2)])]), "other": .null]))
        let written = try plainRepresentation(of: page)
        #expect(written == Plain(try jsonDictionary(json)))
        #expect(try StashedPage(json: page.jsonData()) == page)
    }

    @Test("an update in place merges into the flattened model: absent keys keep their values")
    func update() throws {
        var page = try Page(dictionary: ["total": 3, "next_cursor": "x"])
        try page.update(from: ["next_cursor": "y"])
        #expect(page.meta == Meta(total: 3, nextCursor: "y"))
        try page.update(from: ["items": [["id": 9]]])
        #expect(page == Page(meta: Meta(total: 3, nextCursor: "y"), items: [Item(id: 9)]))
    }

    @Test("two levels, in a class, under strict keys: undefined and missing keys are the parent object's")
    func strict() throws {
        let json = #"{"title": "T", "label": "L", "createdBy": "me", "version": 2}"#
        let document = try mapped(Document.self, jsonDictionary(json))
        let expected = Document()
        expected.title = "T"
        expected.record = Record(audit: Audit(createdBy: "me", version: 2), label: "L")
        #expect(document == expected)
        #expect(try plainRepresentation(of: document) == Plain(try jsonDictionary(json)))
        // Through JSONDecoder and JSONEncoder, by way of MappableCodable.
        #expect(try JSONDecoder().decode(Document.self, from: Data(json.utf8)) == expected)
        #expect(try JSONSerialization.jsonObject(with: JSONEncoder().encode(expected)) as? NSDictionary == [
            "title": "T", "label": "L", "createdBy": "me", "version": 2,
        ] as NSDictionary)
        let input = try jsonDictionary(#"{"title": "T", "label": "L", "version": true, "color": "red"}"#)
        #expect(mappingError { _ = try mapped(Document.self, input) }?.description == """
            3 problems:
              createdBy: required, missing
              version: expected Int, found Bool true
              color: expected a key Document maps, found String "red"
            """)
    }

    @Test("what cannot be flattened is a configuration error")
    func mistaken() {
        #expect(mappingError { _ = try Mistaken(dictionary: [:]) }?.description
            == #"configuration of Mistaken: \Mistaken.meta is both flattened and mapped to a key"#)
    }
}
