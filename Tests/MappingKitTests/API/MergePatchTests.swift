import Foundation
import MappingKit
import Testing

private struct Address: Mappable, Equatable {
    var street = ""
    var city = ""
}

private struct Person: Mappable, Equatable {
    var name = ""
    var address = Address()
    var previous: Address?
    var homes: [String: Address] = [:]
    var scores: [String: Int] = [:]
    var visits: [Address] = []
}

private final class Account: Mappable {
    var login = ""
    var level = 0
    required init() {}
}

private struct Profile: Mappable {
    var title = ""
    var account = Account()
    var accounts: [String: Account] = [:]
}

private struct Replacing: Mappable, Equatable {
    var address = Address()
    var scores: [String: Int] = [:]

    static let mappingConfiguration = MappingConfiguration(for: Replacing.self) { map in
        map.replacesOnUpdate(\.address)
        map.replacesOnUpdate(\.scores)
    }
}

/// RFC 7396's documents: a property that holds any value.
private struct Document: Mappable {
    var value: Any = NSNull()
}

/// Untyped values as sorted JSON text, to compare them.
private func canonical(_ value: Any) throws -> String {
    let data = try JSONSerialization.data(withJSONObject: [value], options: [.sortedKeys, .fragmentsAllowed])
    return String(decoding: data, as: UTF8.self)
}

private func parsed(_ json: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed])
}

@Suite("Updates merge objects into what is there (JSON Merge Patch, RFC 7396)")
struct MergePatchTests {
    private let person: [String: Any] = [
        "name": "A",
        "address": ["street": "Main St", "city": "NY"],
        "previous": ["street": "Old Rd", "city": "SF"],
        "homes": ["summer": ["street": "Beach", "city": "Nice"], "winter": ["street": "Peak", "city": "Aspen"]],
        "scores": ["a": 1, "b": 2],
        "visits": [["street": "X", "city": "Y"]],
    ]

    @Test("a nested struct keeps the properties the update does not name, from a dictionary and from JSON")
    func nestedStruct() throws {
        var byDictionary = try Person(dictionary: person)
        try byDictionary.update(from: ["address": ["city": "LA"]])
        #expect(byDictionary.address == Address(street: "Main St", city: "LA"))
        var byJSON = try Person(dictionary: person)
        try byJSON.update(fromJSON: #"{"address": {"city": "LA"}}"#)
        #expect(byJSON == byDictionary)
        var byMapper = try Person(dictionary: person)
        try Mapper().update(&byMapper, from: ["address": ["city": "LA"]])
        #expect(byMapper == byDictionary)
    }

    @Test("an optional nested model merges, null clears it, and into nil a model is made")
    func optionalNested() throws {
        var model = try Person(dictionary: person)
        try model.update(from: ["previous": ["city": "LA"]])
        #expect(model.previous == Address(street: "Old Rd", city: "LA"))
        try model.update(fromJSON: #"{"previous": null}"#)
        #expect(model.previous == nil)
        try model.update(from: ["previous": ["city": "Rome"]])
        #expect(model.previous == Address(street: "", city: "Rome"))
    }

    @Test("a dictionary merges entry by entry: named entries merge or are added, null removes one, the rest stay")
    func dictionaries() throws {
        for json in [false, true] {
            var model = try Person(dictionary: person)
            let patch = #"{"homes": {"summer": {"city": "Cannes"}, "winter": null, "spring": {"street": "Park"}}, "scores": {"a": null, "c": 3}}"#
            if json {
                try model.update(fromJSON: patch)
            } else {
                try model.update(from: try #require(try parsed(patch) as? [String: Any]))
            }
            #expect(model.homes == ["summer": Address(street: "Beach", city: "Cannes"), "spring": Address(street: "Park", city: "")])
            #expect(model.scores == ["b": 2, "c": 3])
        }
    }

    @Test("arrays and scalars replace whole")
    func arraysReplace() throws {
        var model = try Person(dictionary: person)
        try model.update(from: ["visits": [["city": "Z"]], "name": "B"])
        #expect(model.visits == [Address(street: "", city: "Z")])
        #expect(model.name == "B")
    }

    @Test("null for a nested model that is not optional is an error, and nothing changes")
    func nullForNonOptional() throws {
        var model = try Person(dictionary: person)
        let before = model
        let error = mappingError { try model.update(from: ["address": NSNull(), "name": "B"]) }
        #expect(error?.description == "address: expected Address (a dictionary), found null")
        #expect(model == before)
    }

    @Test("a class instance is merged into and keeps its identity, in a property and in a dictionary")
    func classIdentity() throws {
        var profile = try Profile(dictionary: ["account": ["login": "ann", "level": 1], "accounts": ["x": ["login": "x", "level": 2]]])
        let account = profile.account
        let entry = try #require(profile.accounts["x"])
        try profile.update(fromJSON: #"{"account": {"level": 5}, "accounts": {"x": {"level": 6}}}"#)
        #expect(profile.account === account)
        #expect((account.login, account.level) == ("ann", 5))
        #expect(profile.accounts["x"] === entry)
        #expect((entry.login, entry.level) == ("x", 6))
    }

    @Test("a class instance merged into is put back as it was when the update fails elsewhere")
    func classRollback() throws {
        var profile = try Profile(dictionary: ["title": "t", "account": ["login": "ann", "level": 1], "accounts": ["x": ["login": "x", "level": 2]]])
        let account = profile.account
        let entry = try #require(profile.accounts["x"])
        let error = mappingError { try profile.update(from: ["account": ["level": 5], "accounts": ["x": ["level": 6]], "title": true]) }
        #expect(error?.description == "title: expected String, found Bool true")
        #expect((account.login, account.level) == ("ann", 1))
        #expect((entry.login, entry.level) == ("x", 2))
        #expect(profile.title == "t")
        let failsInside = mappingError { try profile.update(fromJSON: #"{"account": {"level": 7}, "accounts": {"x": {"level": "high"}}}"#) }
        #expect(failsInside?.description == #"accounts.x.level: expected Int, found String "high""#)
        #expect(account.level == 1)
        #expect(entry.level == 2)
    }

    @Test("replacesOnUpdate replaces a property whole")
    func replacesWhole() throws {
        var model = try Replacing(dictionary: ["address": ["street": "Main St", "city": "NY"], "scores": ["a": 1]])
        try model.update(from: ["address": ["city": "LA"], "scores": ["b": 2]])
        #expect(model == Replacing(address: Address(street: "", city: "LA"), scores: ["b": 2]))
        try model.update(fromJSON: #"{"address": {"street": "Elm"}}"#)
        #expect(model.address == Address(street: "Elm", city: ""))
    }

    @Test("making a model is not an update: nothing to merge into")
    func creationDoesNotMerge() throws {
        let made = try mapped(Person.self, ["address": ["city": "LA"]])
        #expect(made.address == Address(street: "", city: "LA"))
    }

    /// RFC 7396, Appendix A: every example, on a property that holds any value, updated from a
    /// dictionary and from JSON.
    @Test("RFC 7396 Appendix A", arguments: [
        (#"{"a":"b"}"#, #"{"a":"c"}"#, #"{"a":"c"}"#),
        (#"{"a":"b"}"#, #"{"b":"c"}"#, #"{"a":"b","b":"c"}"#),
        (#"{"a":"b"}"#, #"{"a":null}"#, #"{}"#),
        (#"{"a":"b","b":"c"}"#, #"{"a":null}"#, #"{"b":"c"}"#),
        (#"{"a":["b"]}"#, #"{"a":"c"}"#, #"{"a":"c"}"#),
        (#"{"a":"c"}"#, #"{"a":["b"]}"#, #"{"a":["b"]}"#),
        (#"{"a":{"b":"c"}}"#, #"{"a":{"b":"d","c":null}}"#, #"{"a":{"b":"d"}}"#),
        (#"{"a":[{"b":"c"}]}"#, #"{"a":[1]}"#, #"{"a":[1]}"#),
        (#"["a","b"]"#, #"["c","d"]"#, #"["c","d"]"#),
        (#"{"a":"b"}"#, #"["c"]"#, #"["c"]"#),
        (#"{"a":"foo"}"#, "null", "null"),
        (#"{"a":"foo"}"#, #""bar""#, #""bar""#),
        (#"{"e":null}"#, #"{"a":1}"#, #"{"a":1,"e":null}"#),
        (#"[1,2]"#, #"{"a":"b","c":null}"#, #"{"a":"b"}"#),
        (#"{}"#, #"{"a":{"bb":{"ccc":null}}}"#, #"{"a":{"bb":{}}}"#),
    ])
    func appendixA(original: String, patch: String, result: String) throws {
        let expected = try canonical(try parsed(result))
        var byDictionary = try Document(json: #"{"value": \#(original)}"#)
        try byDictionary.update(from: ["value": try parsed(patch)])
        #expect(try canonical(byDictionary.value) == expected)
        var byJSON = try Document(json: #"{"value": \#(original)}"#)
        try byJSON.update(fromJSON: #"{"value": \#(patch)}"#)
        #expect(try canonical(byJSON.value) == expected)
    }

    @Test("Appendix A's nested examples on models: a nested model, a dictionary of them")
    func appendixAOnModels() throws {
        // {"a": {"b": "c"}} patched with {"a": {"b": "d", "c": null}} → {"a": {"b": "d"}}
        var model = try Person(dictionary: ["homes": ["a": ["street": "c"]], "scores": ["x": 1]])
        try model.update(fromJSON: #"{"homes": {"a": {"street": "d"}}, "scores": {"x": null}}"#)
        #expect(model.homes == ["a": Address(street: "d", city: "")])
        #expect(model.scores == [:])
    }
}
