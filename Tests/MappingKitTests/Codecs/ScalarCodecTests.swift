import Foundation
import MappingKit
import Testing

private struct Scalars: Mappable, Equatable {
    var double = 0.0
    var float: Float = 0
    var flag = false
    var text = ""
}

@Suite("Double, Float, Bool and String properties")
struct ScalarCodecTests {
    @Test("Double takes numbers of every kind and numeric strings", arguments: [
        (#"{"double": 2.5}"#, 2.5),
        (#"{"double": 42}"#, 42.0),
        (#"{"double": -0.125}"#, -0.125),
        (#"{"double": "2.5"}"#, 2.5),
        (#"{"double": "1e-3"}"#, 0.001),
        (#"{"double": 9007199254740992}"#, 9_007_199_254_740_992.0),
    ])
    func doubleAccepts(json: String, expected: Double) throws {
        #expect(try mapped(Scalars.self, jsonDictionary(json)).double == expected)
    }

    @Test("Double rejects booleans, inexact integers and text", arguments: [
        (#"{"double": true}"#, "double: expected Double, found Bool true"),
        (#"{"double": 9007199254740993}"#, "double: expected Double without loss of precision, found Int 9007199254740993"),
        (#"{"double": "abc"}"#, #"double: expected Double, found String "abc""#),
        (#"{"double": null}"#, "double: expected Double, found null"),
    ])
    func doubleRejects(json: String, message: String) throws {
        let input = try jsonDictionary(json)
        #expect(mappingError { _ = try mapped(Scalars.self, input) }?.description == message)
    }

    @Test("Float takes the nearest Float and writes its shortest decimal form back")
    func floatRoundTrip() throws {
        let model = try mapped(Scalars.self, jsonDictionary(#"{"float": 0.1}"#))
        #expect(model.float == Float(0.1))
        #expect(try plainRepresentation(of: model) == .object([
            "double": .double(0), "float": .double(0.1), "flag": .bool(false), "text": .string(""),
        ]))
        #expect(mappingError { _ = try mapped(Scalars.self, ["float": 1e39]) }?.description
            == "float: expected Float in ±3.4028235e+38, found Double 1e+39")
        #expect(mappingError { _ = try mapped(Scalars.self, ["float": 16_777_217]) }?.description
            == "float: expected Float without loss of precision, found Int 16777217")
    }

    @Test("non-finite numbers have no dictionary form")
    func nonFiniteIsAnError() {
        let error = mappingError { _ = try Scalars(double: .nan, float: .infinity).dictionaryRepresentation() }
        #expect(error?.description == """
            2 problems:
              double: expected a finite Double, found Double nan
              float: expected a finite Float, found Float inf
            """)
    }

    @Test("Bool takes true/false, 0/1 and \"true\"/\"false\"", arguments: [
        (#"{"flag": true}"#, true),
        (#"{"flag": false}"#, false),
        (#"{"flag": 1}"#, true),
        (#"{"flag": 0}"#, false),
        (#"{"flag": "true"}"#, true),
        (#"{"flag": "false"}"#, false),
    ])
    func boolAccepts(json: String, expected: Bool) throws {
        #expect(try mapped(Scalars.self, jsonDictionary(json)).flag == expected)
    }

    @Test("Bool never guesses", arguments: [
        (#"{"flag": "yes"}"#, #"flag: expected Bool, found String "yes""#),
        (#"{"flag": 2}"#, "flag: expected Bool, found Int 2"),
        (#"{"flag": 1.0}"#, "flag: expected Bool, found Double 1.0"),
        (#"{"flag": "TRUE"}"#, #"flag: expected Bool, found String "TRUE""#),
    ])
    func boolRejects(json: String, message: String) throws {
        let input = try jsonDictionary(json)
        #expect(mappingError { _ = try mapped(Scalars.self, input) }?.description == message)
    }

    @Test("native Swift Bool and Int stay apart")
    func nativeBool() throws {
        #expect(try mapped(Scalars.self, ["flag": true]).flag)
        #expect(try mapped(Scalars.self, ["flag": 1]).flag)
        #expect(try plainRepresentation(of: Scalars(flag: true)) == .object([
            "double": .double(0), "float": .double(0), "flag": .bool(true), "text": .string(""),
        ]))
    }

    @Test("String takes strings and numbers in their shortest form", arguments: [
        (#"{"text": "hello"}"#, "hello"),
        (#"{"text": 42}"#, "42"),
        (#"{"text": 2.5}"#, "2.5"),
        (#"{"text": -1}"#, "-1"),
        (#"{"text": ""}"#, ""),
        (#"{"text": "ünïcødé 🎉"}"#, "ünïcødé 🎉"),
    ])
    func stringAccepts(json: String, expected: String) throws {
        #expect(try mapped(Scalars.self, jsonDictionary(json)).text == expected)
    }

    @Test("String rejects booleans, containers and null", arguments: [
        (#"{"text": true}"#, "text: expected String, found Bool true"),
        (#"{"text": ["a"]}"#, "text: expected String, found Array of 1 element"),
        (#"{"text": null}"#, "text: expected String, found null"),
    ])
    func stringRejects(json: String, message: String) throws {
        let input = try jsonDictionary(json)
        #expect(mappingError { _ = try mapped(Scalars.self, input) }?.description == message)
    }

    @Test("long strings are shortened in messages, never in data")
    func longStringsInMessages() throws {
        let long = String(repeating: "x", count: 100)
        let error = mappingError { _ = try mapped(Scalars.self, ["flag": long]) }
        #expect(error?.issues.first?.found == "String \"" + String(repeating: "x", count: 60) + "…\"")
        #expect(try mapped(Scalars.self, ["text": long]).text == long)
    }
}
