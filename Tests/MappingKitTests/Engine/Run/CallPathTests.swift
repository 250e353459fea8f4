import Foundation
@testable import MappingKit
import Testing

private struct User: Mappable, Equatable {
    var name = ""
}

/// The steps `body` goes through, as debug builds note them (``CallTrace``).
private func steps(_ body: () throws -> Void) rethrows -> [String] {
    let log = CallTraceLog()
    try CallTrace.$log.withValue(log) { try body() }
    return log.steps
}

// The path of one call that Sources/MappingKit/README.md ("The path of one call") describes,
// step by step: when the code takes another path, this fails and the map is rewritten with it.
@Suite("The documented call path")
struct CallPathTests {
    @Test("User(json:), once the type is known to map by default: straight from the bytes into the staging buffer")
    func json() throws {
        _ = try User(json: #"{"name": "warm"}"#)
        var user: User?
        let path = try steps { user = try User(json: Data(#"{"name": "Ann"}"#.utf8)) }
        #expect(user == User(name: "Ann"))
        #expect(path == [
            "API/Mappable+JSON.swift init(json:)",
            "JSON/Mappable+JSONReadWrite.swift update(json:configuration:isDocument:)",
            "JSON/Mappable+JSONReadWrite.swift applyPlan(json:plan:in:isDocument:)",
            "Engine/Run/ModelAccess.swift commit",
            "Engine/Run/PlanReader.swift read",
            "Engine/Run/ObjectPlan+Staging.swift stage",
            "JSON/ObjectPlan+JSONDecode.swift readMembers",
            "JSON/JSONFieldCalls.swift JSONTypedField.decode",
            "Codecs/StringCodec.swift StringCodec.decodeJSON",
            "Engine/Compile/FieldSlot.swift TypedField.moveIn",
        ])
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
            "Engine/Compile/FieldSlot.swift TypedField.moveIn",
        ])
    }
}
