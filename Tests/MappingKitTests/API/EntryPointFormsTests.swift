import Foundation
import MappingKit
import Testing

/// A model a mapper maps under a registration of its own (`login` for `name`), so that each entry
/// point's result shows the mapper's configuration was used.
private struct Member: Mappable, Equatable {
    var name = ""
    var joined = Date(timeIntervalSince1970: 0)
    var tags: [String] = []
}

private let members: Mapper = {
    let mapper = Mapper()
    mapper.register(MappingConfiguration(for: Member.self) { map in
        map.map(\.name, to: "login")
        map.map(\.joined, using: .unixSeconds)
    }, for: Member.self)
    return mapper
}()

private let expected = Member(name: "ann", joined: Date(timeIntervalSince1970: 60), tags: ["a"])

/// Issue 62, item 8: every entry point takes the same input forms and gives the same output
/// forms, on a model and on a mapper (the table in the Guide, "Every entry point, every form").
@Suite("A mapper takes every input form a model takes, and gives every output form")
struct EntryPointFormsTests {
    @Test("JSON as bytes or text: one model, an update, an array")
    func json() throws {
        let text = #"{"login": "ann", "joined": 60, "tags": ["a"]}"#
        #expect(try members.map(json: text, to: Member.self) == expected)
        #expect(try members.map(json: Data(text.utf8), to: Member.self) == expected)
        #expect(try members.array(of: Member.self, json: "[\(text)]") == [expected])
        var member = Member()
        try members.update(&member, fromJSON: text)
        #expect(member == expected)
        try members.update(&member, fromJSON: #"{"login": "bo"}"#)
        #expect(member.name == "bo")
        #expect(member.tags == ["a"])
    }

    @Test("dictionaries with String, AnyHashable or NSDictionary keys, and userInfo out")
    func dictionaries() throws {
        let values: [String: Any] = ["login": "ann", "joined": 60, "tags": ["a"]]
        var userInfo: [AnyHashable: Any] = [:]
        for (key, value) in values { userInfo[key] = value }
        #expect(try members.map(values, to: Member.self) == expected)
        #expect(try members.map(userInfo, to: Member.self) == expected)
        #expect(try members.map(NSDictionary(dictionary: values), to: Member.self) == expected)
        var member = Member()
        try members.update(&member, from: userInfo)
        #expect(member == expected)
        try members.update(&member, from: NSDictionary(dictionary: ["login": "bo"]))
        #expect(member.name == "bo")
        let back = try members.userInfoRepresentation(of: expected)
        #expect(back["login"] as? String == "ann")
        #expect(back["joined"].map { "\($0)" } == "60")
        let refused = #expect(throws: MappingError.self) { try members.map([1: "x"] as [AnyHashable: Any], to: Member.self) }
        #expect(refused?.description == "expected a dictionary whose keys are strings, found the key Int 1")
    }

    @Test("property lists: one model, an update, an array, and data written with the mapper's configuration")
    func propertyLists() throws {
        let data = try members.propertyListData(of: expected, format: .xml)
        let root = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        #expect(root["login"] as? String == "ann")
        #expect(try members.map(propertyList: data, to: Member.self) == expected)
        var member = Member()
        try members.update(&member, fromPropertyList: data)
        #expect(member == expected)
        let array = try PropertyListSerialization.data(fromPropertyList: [root, root], format: .binary, options: 0)
        #expect(try members.array(of: Member.self, propertyList: array) == [expected, expected])
        let notArray = #expect(throws: MappingError.self) { try members.array(of: Member.self, propertyList: data) }
        #expect(notArray?.description.hasPrefix("expected an array of Member, found ") == true)
    }
}
