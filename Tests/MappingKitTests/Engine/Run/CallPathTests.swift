import Foundation
@testable import MappingKit
import Testing

private struct User: Mappable, Equatable {
    var name = ""
}

/// Read by one test only, so that its first read in the process is the one measured.
private struct FirstRead: Mappable, Equatable {
    var name = ""
}

/// Written by one test only, so that its first write in the process is the one measured.
private struct FirstWritten: Mappable {
    var name = ""
}

/// The same, with a representation of its own.
private struct OverridingWriter: Mappable {
    var name = ""

    func dictionaryRepresentation(configuration: MappingConfiguration) throws -> [String: Any] {
        var dictionary = try defaultDictionaryRepresentation(configuration: configuration)
        dictionary["version"] = 2
        return dictionary
    }
}

/// The steps `body` goes through, as debug builds note them (``CallTrace``).
private func steps(_ body: () throws -> Void) rethrows -> [String] {
    let log = CallTraceLog()
    try CallTrace.$log.withValue(log) { try body() }
    return log.steps
}

/// The commit and the object's members read from the bytes, the same for every JSON read of a
/// type that maps by default, its first included.
private let jsonMembersRead = [
    "Engine/Run/ModelAccess.swift commit",
    "Engine/Run/PlanReader.swift read",
    "Engine/Run/ObjectPlan+Staging.swift stage",
    "JSON/ObjectPlan+JSONDecode.swift readMembers",
    "JSON/JSONFieldCalls.swift JSONTypedField.decode",
    "Codecs/StringCodec.swift StringCodec.decodeJSON",
    "Engine/Compile/TypedField.swift TypedField.moveIn",
]

// The path of one call that Sources/MappingKit/README.md ("The path of one call") describes,
// step by step: when the code takes another path, this fails and the map is rewritten with it.
@Suite("The documented call path")
struct CallPathTests {
    @Test("User(json:), once the type is known to map by default: the engine's read entry, the object's members straight from the bytes into the staging buffer")
    func json() throws {
        _ = try User(json: #"{"name": "warm"}"#)
        var user: User?
        let path = try steps { user = try User(json: Data(#"{"name": "Ann"}"#.utf8)) }
        #expect(user == User(name: "Ann"))
        #expect(path == [
            "API/Mappable+JSON.swift init(json:)",
            "Engine/Run/ModelAccess.swift update(reading:)",
        ] + jsonMembersRead)
        // On its way in (up to the value's codec) the call goes down the folders once each,
        // API, then the engine, then the format, then the codec: nothing calls back up.
        let wayIn = path.prefix { !$0.hasSuffix("moveIn") }.map { $0.prefix { $0 != "/" } }
        #expect(wayIn.reduce(into: [Substring]()) { if $0.last != $1 { $0.append($1) } } == ["API", "Engine", "JSON", "Codecs"])
    }

    @Test("User(json:), the type's first read: the object as a dictionary to the model's update under the probe, then the same path as every later read")
    func firstJSONRead() throws {
        var user: FirstRead?
        let path = try steps { user = try FirstRead(json: Data(#"{"name": "Ann"}"#.utf8)) }
        #expect(user == FirstRead(name: "Ann"))
        #expect(path == [
            "API/Mappable+JSON.swift init(json:)",
            "Engine/Run/ModelAccess.swift update(reading:)",
            "API/Mappable+Mapping.swift update(from:configuration:)",
        ] + jsonMembersRead)
    }

    @Test("User(dictionary:): the model's update, the plan's staged read, a String read inline by its LeafKind")
    func dictionary() throws {
        var user: User?
        let path = try steps { user = try User(dictionary: ["name": "Ann"]) }
        #expect(user == User(name: "Ann"))
        #expect(path == [
            "API/Mappable+Mapping.swift init(dictionary:)",
            "API/Mappable+Mapping.swift update(from:configuration:)",
            "Engine/Run/Mappable+Dictionary.swift applyPlan(_:to:in:)",
            "Engine/Run/ModelAccess.swift commit",
            "Engine/Run/PlanReader.swift read",
            "Engine/Run/ObjectPlan+Staging.swift stage",
            "Engine/Run/PlanReader.swift Dictionary.stageFields",
            "Codecs/LeafKind.swift decode",
            "Engine/Compile/TypedField.swift TypedField.moveIn",
        ])
    }

    @Test("jsonData(): the first write of a type takes the path of every later one, no dictionary built")
    func firstWrite() throws {
        let model = FirstWritten(name: "Ann")
        var first = Data()
        let firstPath = try steps { first = try model.jsonData() }
        var second = Data()
        let secondPath = try steps { second = try model.jsonData() }
        #expect(String(decoding: first, as: UTF8.self) == #"{"name":"Ann"}"#)
        #expect(second == first)
        #expect(firstPath == [
            "JSON/Mappable+JSONReadWrite.swift writeJSON(at:into:in:configuration:)",
            "JSON/ObjectPlan+JSONEncode.swift encodeJSON",
        ])
        #expect(secondPath == firstPath)
    }

    @Test("jsonData() of a type that overrides its representation: the override's dictionary, the first time and every time")
    func overriddenWrite() throws {
        let model = OverridingWriter(name: "Ann")
        for _ in 0..<2 {
            var data = Data()
            let path = try steps { data = try model.jsonData() }
            #expect(try JSONValue.parse(data) as? NSDictionary == ["name": "Ann", "version": 2])
            #expect(path == [
                "JSON/Mappable+JSONReadWrite.swift writeJSON(at:into:in:configuration:)",
                "API/Mappable+Representation.swift representation(configuration:byDefault:)",
            ])
        }
    }
}
