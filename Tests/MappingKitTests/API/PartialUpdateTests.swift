import Foundation
import MappingKit
import Testing

private struct PatchArticle: Mappable, Equatable {
    var id = 0
    var title = ""
    var published = false

    static let mappingConfiguration = MappingConfiguration(for: PatchArticle.self) { map in
        map.require(\.id, .exists)
        map.defaultValue(\.published, whenMissing: true)
    }
}

private final class PatchNote: Mappable {
    var id = 0
    var text = ""
    required init() {}

    static let mappingConfiguration = MappingConfiguration(for: PatchNote.self) { map in
        map.require(\.id, .exists)
    }
}

@Suite("Partial updates (PATCH)")
struct PartialUpdateTests {
    @Test("making a model checks requirements on absent keys and applies their defaults, on every path")
    func creationIsStrict() throws {
        #expect(mappingError { _ = try mapped(PatchArticle.self, ["title": "x"]) }?.description == "id: required, missing")
        #expect(mappingError { _ = try PatchArticle(json: #"{"title": "x"}"#) }?.description == "id: required, missing")
        #expect(mappingError { _ = try mappedArray(PatchArticle.self, [["id": 1], ["title": "x"]]) }?.description == "[1].id: required, missing")
        #expect(try mapped(PatchArticle.self, ["id": 1]) == PatchArticle(id: 1, title: "", published: true))
    }

    @Test("an update in place keeps what is absent: no requirement about absence, no default for it")
    func updateKeepsAbsentKeys() throws {
        var article = try PatchArticle(dictionary: ["id": 7, "title": "Draft", "published": false])
        try article.update(from: ["title": "Final"])
        #expect(article == PatchArticle(id: 7, title: "Final", published: false))
        try article.update(fromJSON: #"{"title": "Again"}"#)
        #expect(article == PatchArticle(id: 7, title: "Again", published: false))
        let note = try PatchNote(dictionary: ["id": 3, "text": "a"])
        try note.update(from: ["text": "b"])
        try note.update(from: ["text": "c"], undefinedKeys: .raise)
        #expect((note.id, note.text) == (3, "c"))
    }

    @Test("a key that is present is still checked in an update: null does not satisfy .exists")
    func presentKeysAreChecked() throws {
        var article = try PatchArticle(dictionary: ["id": 7])
        let error = mappingError { try article.update(from: ["id": NSNull(), "title": "x"]) }
        #expect(error?.description == "id: expected Int, found null")
        #expect(article == PatchArticle(id: 7, title: "", published: true))
    }

    @Test("a Mapper's update is an update in place too")
    func mapperUpdate() throws {
        var article = try PatchArticle(dictionary: ["id": 2, "published": false])
        try Mapper().update(&article, from: ["title": "t"])
        #expect(article == PatchArticle(id: 2, title: "t", published: false))
    }
}
