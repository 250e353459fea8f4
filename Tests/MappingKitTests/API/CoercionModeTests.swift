import Foundation
import MappingKit
import Testing

private struct Sample: Mappable {
    var int = 0
    var double = 0.0
    var flag = false
    var text = ""
    var list: [Int] = []
}

private func map(_ json: String, _ mode: CoercionMode) throws -> Sample {
    var configuration = MappingConfiguration()
    configuration.coercion = mode
    var sample = Sample()
    try sample.update(from: jsonDictionary(json), configuration: configuration)
    return sample
}

private func message(_ json: String, _ mode: CoercionMode) -> String? {
    mappingError { _ = try map(json, mode) }?.description
}

@Suite("Coercion modes")
struct CoercionModeTests {
    @Test("every mode takes values already of the property's kind", arguments: CoercionMode.allCases)
    func exact(mode: CoercionMode) throws {
        let sample = try map(#"{"int": 4, "double": 2.5, "flag": true, "text": "t", "list": [1, 2]}"#, mode)
        #expect(sample.int == 4)
        #expect(sample.double == 2.5)
        #expect(sample.flag)
        #expect(sample.text == "t")
        #expect(sample.list == [1, 2])
        #expect(try map(#"{"double": 3}"#, mode).double == 3)
    }

    @Test("strict refuses every conversion", arguments: [
        (#"{"int": 2.0}"#, "int: expected Int, found Double 2.0"),
        (#"{"int": "42"}"#, #"int: expected Int, found String "42""#),
        (#"{"double": "2.5"}"#, #"double: expected Double, found String "2.5""#),
        (#"{"flag": 1}"#, "flag: expected Bool, found Int 1"),
        (#"{"flag": "true"}"#, #"flag: expected Bool, found String "true""#),
        (#"{"text": 42}"#, "text: expected String, found Int 42"),
        (#"{"list": 1}"#, "list: expected Array (one value is read as a one-element array only under singleValuesAsArrays or singleValueAsArray(_:)), found Int 1"),
        (#"{"list": "1"}"#, #"list: expected Array, found String "1""#),
    ])
    func strict(json: String, expected: String) {
        #expect(message(json, .strict) == expected)
    }

    @Test("lossless converts where nothing is lost")
    func lossless() throws {
        let sample = try map(#"{"int": "42", "double": "2.5", "flag": 1, "text": 42}"#, .lossless)
        #expect((sample.int, sample.double, sample.flag, sample.text) == (42, 2.5, true, "42"))
        // One value is no array in any mode: boxing it is a setting of its own (issue 57).
        #expect(message(#"{"list": 7}"#, .lossless) == "list: expected Array (one value is read as a one-element array only under singleValuesAsArrays or singleValueAsArray(_:)), found Int 7")
        #expect(message(#"{"int": 3.7}"#, .lossless) == "int: expected Int, found Double 3.7")
        #expect(message(#"{"flag": "yes"}"#, .lossless) == #"flag: expected Bool, found String "yes""#)
        #expect(message(#"{"text": false}"#, .lossless) == "text: expected String, found Bool false")
    }

    @Test("lenient converts everything with an obvious meaning", arguments: [
        (#"{"int": 3.7}"#, "int", "3"),
        (#"{"int": -3.7}"#, "int", "-3"),
        (#"{"int": "3.7"}"#, "int", "3"),
        (#"{"int": true}"#, "int", "1"),
        (#"{"double": 9007199254740993}"#, "double", "9007199254740992.0"),
        (#"{"double": false}"#, "double", "0.0"),
        (#"{"flag": "YES"}"#, "flag", "true"),
        (#"{"flag": "n"}"#, "flag", "false"),
        (#"{"flag": 2}"#, "flag", "true"),
        (#"{"flag": 0.0}"#, "flag", "false"),
        (#"{"text": true}"#, "text", "true"),
    ])
    func lenient(json: String, property: String, value: String) throws {
        let sample = try map(json, .lenient)
        let actual: String = switch property {
        case "int": "\(sample.int)"
        case "double": "\(sample.double)"
        case "flag": "\(sample.flag)"
        case "text": sample.text
        default: "\(sample.list)"
        }
        #expect(actual == value)
    }

    @Test("lenient still refuses what has no meaning, and what does not fit")
    func lenientLimits() {
        #expect(message(#"{"flag": "maybe"}"#, .lenient) == #"flag: expected Bool, found String "maybe""#)
        #expect(message(#"{"int": 1e300}"#, .lenient)
            == "int: expected Int in -9223372036854775808...9223372036854775807, found Double 1e+300")
        #expect(message(#"{"int": "many"}"#, .lenient) == #"int: expected Int, found String "many""#)
    }

    @Test("the mode applies inside collections and nested optionals")
    func nested() throws {
        #expect(message(#"{"list": [1, "2"]}"#, .strict) == #"list[1]: expected Int, found String "2""#)
        #expect(try map(#"{"list": [1.9, "2.2"]}"#, .lenient).list == [1, 2])
    }
}

private struct Order: Mappable, Equatable {
    var id = 0
    var quantity = 0
    var tags: [Int] = []
    var total: Double?

    static let mappingConfiguration = MappingConfiguration(for: Order.self) { map in
        map.coercion = .strict
        map.coercion(\.id, .lenient)
        map.coercion(\.tags, .lenient)
    }
}

private struct CodableOrder: MappableCodable, Equatable {
    var id = 0
    var quantity = 0

    static let mappingConfiguration = MappingConfiguration(for: CodableOrder.self) { map in
        map.coercion(\.id, .lenient)
    }
}

@Suite("Coercion modes per property")
struct PropertyCoercionTests {
    @Test("a property's own mode applies to it, its elements and its optional; the others keep the configuration's")
    func ownMode() throws {
        #expect(try mapped(Order.self, ["id": 3.7, "quantity": 3, "tags": ["1", 2.5]]) == Order(id: 3, quantity: 3, tags: [1, 2]))
        #expect(mappingError { _ = try mapped(Order.self, ["id": "3.7", "quantity": 2.0]) }?.description
            == "quantity: expected Int, found Double 2.0")
        #expect(mappingError { _ = try mapped(Order.self, ["total": "2.5"]) }?.description == #"total: expected Double, found String "2.5""#)
    }

    @Test("through the Codable bridge too, and an equal configuration without the rule does not share its plan")
    func bridge() throws {
        let decoded = try JSONDecoder().decode(CodableOrder.self, from: Data(#"{"id": 7.9, "quantity": 1}"#.utf8))
        #expect(decoded == CodableOrder(id: 7, quantity: 1))
        var plain = MappingConfiguration()
        plain.coercion = .lossless
        var order = CodableOrder()
        #expect(mappingError { try order.update(from: ["id": 7.9], configuration: plain) }?.description
            == "id: expected Int, found Double 7.9")
    }

    @Test("a property both ignored and given a mode is a configuration error")
    func ignored() {
        struct Both: Mappable {
            var id = 0
            static let mappingConfiguration = MappingConfiguration(for: Both.self) { map in
                map.ignore(\.id)
                map.coercion(\.id, .lenient)
            }
        }
        #expect(mappingError { _ = try Both(dictionary: [:]) }?.description.contains(#"\Both.id is both ignored and given a coercion mode"#) == true)
    }
}
