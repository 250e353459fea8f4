import Foundation
import MappingKit
import Testing

private struct Site: Mappable {
    var homepage: URL?
}

private struct Repository: Mappable {
    var name = ""
    var homepage: URL?
    var license: String?

    static let mappingConfiguration = MappingConfiguration(for: Repository.self) { map in
        map.emptyStringAsNil(\.homepage)
    }
}

private final class LooseRepository: Mappable {
    var name = ""
    var homepage: URL?
    var stars: Int?
    var topics: [String]?
    required init() {}

    static let mappingConfiguration = MappingConfiguration(for: LooseRepository.self) { map in
        map.emptyStringsAsNil = true
    }
}

@Suite("Empty text as nil")
struct EmptyStringTests {
    @Test("by default empty text into a URL? is an error, as before")
    func defaultIsAnError() throws {
        let error = mappingError { _ = try mapped(Site.self, ["homepage": ""]) }
        #expect(error?.description == #"homepage: expected URL, found String """#)
    }

    @Test("per property: empty text is nil; other text and other properties are unaffected")
    func perProperty() throws {
        let empty = try mapped(Repository.self, ["name": "", "homepage": "", "license": ""])
        #expect(empty.homepage == nil)
        #expect(empty.license == "")
        #expect(empty.name == "")
        #expect(try plainRepresentation(of: empty) == .object(["name": .string(""), "license": .string("")]))
        let full = try mapped(Repository.self, ["homepage": "https://mappingkit.example"])
        #expect(full.homepage == URL(string: "https://mappingkit.example"))
        #expect(mappingError { _ = try mapped(Repository.self, ["homepage": 3]) }?.description == "homepage: expected URL, found Int 3")
    }

    @Test("per configuration: every optional property, never a non-optional one")
    func perConfiguration() throws {
        let repository = try mapped(LooseRepository.self, ["name": "", "homepage": "", "stars": "", "topics": ""])
        #expect(repository.name == "")
        #expect(repository.homepage == nil)
        #expect(repository.stars == nil)
        #expect(repository.topics == nil)
        #expect(String(decoding: try repository.jsonData(), as: UTF8.self) == #"{"name":""}"#)
    }

    @Test("a configuration extended per call can turn it on")
    func perCall() throws {
        var configuration = Site.mappingConfiguration
        configuration.emptyStringsAsNil = true
        var site = Site()
        try site.update(from: ["homepage": ""], configuration: configuration)
        #expect(site.homepage == nil)
    }
}
