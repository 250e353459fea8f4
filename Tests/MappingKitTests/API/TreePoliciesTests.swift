import Foundation
import MappingKit
import Testing
import TestSupport

/// A nested type with no configuration: mapped on its own, it has only its own policies.
private struct Milestone: Mappable, Equatable {
    var title = ""
    var dueOn = Date(timeIntervalSince1970: 0)
}

/// The same type given its tree's policies in one line.
private struct Sprint: MappableCodable, Equatable {
    var title = ""
    var endsOn = Date(timeIntervalSince1970: 0)
    static let mappingConfiguration = MappingConfiguration(for: Sprint.self) { $0.inheritPolicies(from: Project.self) }
}

/// One that sets a policy of its own beside the tree's: its own wins.
private struct Release: Mappable, Equatable {
    var releaseName = ""
    var shippedOn = Date(timeIntervalSince1970: 0)
    static let mappingConfiguration = MappingConfiguration(for: Release.self) { map in
        map.inheritPolicies(from: Project.self)
        map.keyStrategy = .useNames
    }
}

private struct Project: Mappable, Equatable {
    var milestone = Milestone()
    var sprint = Sprint()
    var release = Release()
    static let mappingConfiguration = MappingConfiguration(for: Project.self) { map in
        map.keyStrategy = .snakeCase
        map.convert(Date.self, using: .iso8601)
    }
}

/// Another tree, with its own strategy: nested in it, its policies apply.
private struct Board: Mappable, Equatable {
    var sprint = Sprint()
    static let mappingConfiguration = MappingConfiguration(for: Board.self) { map in
        map.keyStrategy = .custom("upper") { $0.uppercased() }
        map.convert(Date.self, using: .unixSeconds)
    }
}

/// Issue 62, item 10: a nested type mapped on its own, and the one line that gives it its tree's policies.
@Suite("A nested type's tree policies where it is mapped on its own")
struct TreePoliciesTests {
    private static let day = Date(timeIntervalSince1970: 1_577_836_800)
    private static let adapterSources = ", from this type's configuration or a parent's: map.inheritPolicies(from: Parent.self) gives a type mapped on its own its parent's"

    @Test("without it: taken out of its parent, a type has only its own policies, and the error says where an adapter comes from")
    func alone() throws {
        let project = try Project(json: #"{"milestone": {"title": "v1", "due_on": "2020-01-01T00:00:00Z"}}"#)
        #expect(project.milestone == Milestone(title: "v1", dueOn: Self.day))
        #expect(mappingError { _ = try project.milestone.jsonData() }?.description
            == "dueOn: expected a JSON value (String, a number, Bool, an array, a dictionary or null; a Date is written through an adapter "
            + "such as .iso8601 or .unixSeconds\(Self.adapterSources)), found Date")
        #expect(mappingError { _ = try Milestone(json: #"{"title": "v1", "dueOn": "2020-01-01T00:00:00Z"}"#) }?.description
            == "dueOn: expected Date (a Date value: text and numbers need an adapter such as .iso8601 or .unixSeconds\(Self.adapterSources)), "
            + #"found String "2020-01-01T00:00:00Z""#)
    }

    @Test("the Guide's example")
    func guide() throws {
        let error = try #require(mappingError { _ = try Milestone().jsonData() })
        let shown = DocPage.guide.shown(startingWith: "without it: dueOn: expected a JSON value")
        #expect(shown.replacingOccurrences(of: "(…; ", with: "(String, a number, Bool, an array, a dictionary or null; ") == "without it: " + error.description)
    }

    @Test("with it: on its own, read and written as nested in its tree, on every input")
    func inherited() throws {
        let json = #"{"title": "s1", "ends_on": "2020-01-01T00:00:00Z"}"#
        let expected = Sprint(title: "s1", endsOn: Self.day)
        #expect(try Sprint(json: json) == expected)
        #expect(try mapped(Sprint.self, jsonDictionary(json)) == expected)
        #expect(try JSONDecoder().decode(Sprint.self, from: Data(json.utf8)) == expected)
        #expect(try Mapper().map(json: json, to: Sprint.self) == expected)
        #expect(try String(decoding: expected.jsonData(options: .sortedKeys), as: UTF8.self) == #"{"ends_on":"2020-01-01T00:00:00Z","title":"s1"}"#)
        #expect(try Plain(JSONSerialization.jsonObject(with: JSONEncoder().encode(expected))) == Plain(jsonDictionary(json)))
        // Nested in its tree, as before; taken out of it and written, the same text.
        let project = try Project(json: #"{"sprint": {"title": "s1", "ends_on": "2020-01-01T00:00:00Z"}}"#)
        #expect(project.sprint == expected)
        #expect(try String(decoding: project.sprint.jsonData(options: .sortedKeys), as: UTF8.self) == #"{"ends_on":"2020-01-01T00:00:00Z","title":"s1"}"#)
    }

    @Test("a policy the type sets itself wins; nested in another tree, that tree's policies apply")
    func precedence() throws {
        let release = try Release(json: #"{"releaseName": "r1", "shippedOn": "2020-01-01T00:00:00Z"}"#)
        #expect(release == Release(releaseName: "r1", shippedOn: Self.day))
        let board = try Board(json: #"{"SPRINT": {"TITLE": "s2", "ENDSON": 1577836800}}"#)
        #expect(board.sprint == Sprint(title: "s2", endsOn: Self.day))
        #expect(try String(decoding: board.jsonData(options: .sortedKeys), as: UTF8.self) == #"{"SPRINT":{"ENDSON":1577836800,"TITLE":"s2"}}"#)
    }
}
