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

private struct Owner: MappableCodable, Equatable {
    var login = ""
    var blog: URL?
}

private struct StrictOwner: Mappable {
    var blog: URL?

    static let mappingConfiguration = MappingConfiguration(for: StrictOwner.self) { map in
        map.emptyStringsAsNil = false
    }
}

private enum Link: TaggedEnum, Equatable {
    case site(homepage: URL?)
    case none
}

private struct Listing: MappableCodable, Equatable {
    var owner = Owner()
    var owners: [Owner] = []
    var link = Link.none

    static let mappingConfiguration = MappingConfiguration(for: Listing.self) { map in
        map.emptyStringsAsNil = true
    }
}

private struct StrictListing: Mappable {
    var owner = StrictOwner()

    static let mappingConfiguration = MappingConfiguration(for: StrictListing.self) { map in
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

    @Test("a configuration's policy reaches the nested types, their arrays and a tagged payload, on every input, reported")
    func handedDown() throws {
        let json = #"{"owner": {"login": "ann", "blog": ""}, "owners": [{"blog": ""}], "link": {"site": {"homepage": ""}}}"#
        let expected = Listing(owner: Owner(login: "ann", blog: nil), owners: [Owner()], link: .site(homepage: nil))
        let (listing, report) = try MappingReport.collecting { try Listing(json: json) }
        #expect(listing == expected)
        #expect(report.entries.map(\.description) == [
            #"owner.blog: read as nil, found String """#,
            #"owners[0].blog: read as nil, found String """#,
            #"link.site.homepage: read as nil, found String """#,
        ])
        #expect(try mapped(Listing.self, jsonDictionary(json)) == expected)
        #expect(try JSONDecoder().decode(Listing.self, from: Data(json.utf8)) == expected)
        // Alone, the nested type sets nothing: empty text stays an error, as before.
        #expect(mappingError { _ = try Owner(json: #"{"blog": ""}"#) }?.description == #"blog: expected URL, found String """#)
    }

    @Test("a nested type that sets its own policy keeps it")
    func nestedOwnPolicy() throws {
        let error = mappingError { _ = try mapped(StrictListing.self, ["owner": ["blog": ""]]) }
        #expect(error?.description == #"owner.blog: expected URL, found String """#)
    }
}
