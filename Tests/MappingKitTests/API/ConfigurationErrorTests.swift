import Foundation
import MappingKit
import Testing

private struct Refused: Error, CustomStringConvertible {
    let what: String
    var description: String { "\(what) refused" }
}

private struct Made: Mappable {
    var id = 0
    static let mappingConfiguration = MappingConfiguration(for: Made.self) { map in
        map.factory { values in
            guard values["id"] as? Int != 13 else { throw Refused(what: "id 13") }
            return Made()
        }
    }
}

private struct Enveloped: Mappable {
    var name = ""
    static let mappingConfiguration = MappingConfiguration(for: Enveloped.self) { map in
        map.willMap { dictionary in
            guard let inner = dictionary["data"] as? [String: Any] else { throw Refused(what: "a payload without data") }
            return inner
        }
    }
}

private class Base: Mappable {
    class var mappingConfiguration: MappingConfiguration { MappingConfiguration() }
    required init() {}
}

private struct Chosen: Mappable {
    var items: [Base] = []
    static let mappingConfiguration = MappingConfiguration(for: Chosen.self) { map in
        map.map(\.items, choosing: .by { json in
            guard json["kind"] != nil else { throw Refused(what: "an item without a kind") }
            return Base.self
        })
    }
}

private struct Upper: Mappable, Equatable {
    var userName = ""
    var explicit = 0
    static let mappingConfiguration = MappingConfiguration(for: Upper.self) { map in
        map.keyStrategy = .custom("upper") { $0.uppercased() }
        map.map(\.explicit, to: "x")
    }
}

@Suite("Configuration: errors from user code, and strategies both ways")
struct ConfigurationErrorTests {
    @Test("a factory that throws is reported at the element's path")
    func factory() {
        #expect(mappingError { _ = try mappedArray(Made.self, [["id": 1], ["id": 13]]) }?.description == "[1]: id 13 refused")
    }

    @Test("a will-map hook that throws is reported at the model's path")
    func willMap() {
        #expect(mappingError { _ = try mapped(Enveloped.self, ["name": "x"]) }?.description == "a payload without data refused")
        #expect((try? mapped(Enveloped.self, ["data": ["name": "inner"]]))?.name == "inner")
    }

    @Test("a type-choosing closure that throws is reported at the element's path")
    func typeChoice() {
        #expect(mappingError { _ = try mapped(Chosen.self, ["items": [["kind": 1], [:]]]) }?.description
            == "items[1]: an item without a kind refused")
    }

    @Test("a custom key strategy applies both ways, and explicit keys win over it")
    func customStrategyBothWays() throws {
        let upper = try mapped(Upper.self, ["USERNAME": "ann", "x": 2, "EXPLICIT": 9])
        #expect(upper == Upper(userName: "ann", explicit: 2))
        #expect(try plainRepresentation(of: upper) == .object(["USERNAME": .string("ann"), "x": .int(2)]))
    }
}
