import Foundation
import MappingKit
import Testing

/// ObjectMapper leaves a property as it was when its value is `null`; `map.defaultsWhenNull`
/// does so for a tree, reported.
private struct Status: MappableCodable, Equatable {
    var retweets = 0
    var user = Author()
    var tags: [String] = []
    var note: String?
    var strict = StrictAuthor()

    static let mappingConfiguration = MappingConfiguration(for: Status.self) { map in
        map.defaultsWhenNull = true
        map.require(\.retweets, .that("at most 10") { $0 <= 10 })
    }
}

private struct Author: MappableCodable, Equatable {
    var name = "anonymous"
}

private struct StrictAuthor: MappableCodable, Equatable {
    var name = "anonymous"

    static let mappingConfiguration = MappingConfiguration(for: StrictAuthor.self) { map in
        map.defaultsWhenNull = false
    }
}

/// Issue 59: the rule landed after the tree's yes-or-no policies became one value.
@Suite("A tree's defaults for null")
struct NullDefaultTests {
    private static let input = #"{"retweets": null, "user": {"name": null}, "tags": null, "note": null}"#

    @Test("null leaves each property that is not optional as declared, nested types' too, on every input; an optional reads nil")
    func everyInput() throws {
        let expected = Status()
        #expect(try Status(json: Self.input) == expected)
        #expect(try mapped(Status.self, jsonDictionary(Self.input)) == expected)
        #expect(try JSONDecoder().decode(Status.self, from: Data(Self.input.utf8)) == expected)
    }

    @Test("each one is reported; an update keeps the value it had")
    func reported() throws {
        let (_, report) = try MappingReport.collecting { try Status(json: Self.input) }
        #expect(report.entries.map(\.description) == [
            "retweets: set to its default for null, its declared value, found null",
            "user.name: set to its default for null, its declared value, found null",
            "tags: set to its default for null, its declared value, found null",
        ])
        var status = Status(retweets: 5, user: Author(name: "ann"), tags: ["a"], note: "n")
        let (_, update) = try MappingReport.collecting { try status.update(fromJSON: #"{"retweets": null, "user": {"name": null}, "note": null}"#) }
        #expect(status == Status(retweets: 5, user: Author(name: "ann"), tags: ["a"], note: nil))
        #expect(update.entries.map(\.description) == [
            "retweets: set to its default for null, its value as it was, found null",
            "user.name: set to its default for null, its value as it was, found null",
        ])
    }

    @Test("a null inside a value, a nested type's own policy and a requirement stay errors")
    func staysAnError() {
        #expect(mappingError { _ = try Status(json: #"{"tags": ["a", null]}"#) }?.description == "tags[1]: expected String, found null")
        #expect(mappingError { _ = try Status(json: #"{"strict": {"name": null}}"#) }?.description == "strict.name: expected String, found null")
        #expect(mappingError { _ = try Status(json: #"{"retweets": 11}"#) }?.description == "retweets: requirement failed: expected at most 10, found Int 11")
        // Alone, the nested type sets nothing: null stays an error, as in Codable.
        #expect(mappingError { _ = try Author(json: #"{"name": null}"#) }?.description == "name: expected String, found null")
    }
}
