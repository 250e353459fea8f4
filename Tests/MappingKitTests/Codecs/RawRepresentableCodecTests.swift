import Foundation
import MappingKit
import Testing

private enum Color: String, CaseIterable { case red, green, blue }
private enum Priority: Int { case low = 1, high = 2 }

private struct Paint: Mappable, Equatable {
    var color = Color.red
    var priority = Priority.low
    var accents: [Color] = []
    var backup: Color?
}

@Suite("RawRepresentable enum properties")
struct RawRepresentableCodecTests {
    @Test("raw values map to cases and back")
    func roundTrip() throws {
        let paint = try mapped(Paint.self, jsonDictionary(#"{"color": "blue", "priority": 2, "accents": ["green"], "backup": null}"#))
        #expect(paint == Paint(color: .blue, priority: .high, accents: [.green], backup: nil))
        #expect(try plainRepresentation(of: paint) == .object([
            "color": .string("blue"), "priority": .int(2), "accents": .array([.string("green")]),
        ]))
    }

    @Test("the raw value converts like any value of its type")
    func rawValueConversion() throws {
        #expect(try mapped(Paint.self, jsonDictionary(#"{"priority": "2"}"#)).priority == .high)
    }

    @Test("unknown raw values name the valid ones when the enum is CaseIterable", arguments: [
        (#"{"color": "purple"}"#, #"color: expected Color (one of "red", "green", "blue"), found String "purple""#),
        (#"{"priority": 3}"#, "priority: expected a raw value of Priority, found Int 3"),
        (#"{"accents": ["red", "teal"]}"#, #"accents[1]: expected Color (one of "red", "green", "blue"), found String "teal""#),
        (#"{"color": 7}"#, #"color: expected Color (one of "red", "green", "blue"), found Int 7"#),
        (#"{"color": false}"#, "color: expected String, found Bool false"),
    ])
    func unknown(json: String, message: String) throws {
        let input = try jsonDictionary(json)
        #expect(mappingError { _ = try mapped(Paint.self, input) }?.description == message)
    }
}
