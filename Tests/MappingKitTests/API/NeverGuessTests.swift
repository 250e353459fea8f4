import Foundation
import MappingKit
import Testing

private final class Thermometer: Mappable {
    var celsius = 0.0
    var fahrenheit: Double {
        get { celsius * 9 / 5 + 32 }
        set { celsius = (newValue - 32) * 5 / 9 }
    }
    required init() {}
}

private struct Address {
    var city = ""
}

private final class Place: Mappable {
    var name = ""
    var address = Address()
    required init() {}
}

private struct Stats: Mappable {
    var total = 0
}

private struct Stamp: Mappable {
    var when = Date(timeIntervalSince1970: 0)
    static let mappingConfiguration = MappingConfiguration(for: Stamp.self) { map in
        map.map(\.when, using: .iso8601)
    }
}

private struct Flags: Mappable {
    var a = 0
    var pet: (any Pet)?
}

private protocol Pet {}

private struct Dog: Mappable, Pet {
    var name = ""
}

private struct Paint: Mappable {
    var color: [Int] = []
}

private struct WithClosures: Mappable {
    var name = "kept"
    var callback: (() -> Void)?
    var handlers: [String: Int] = [:]
    var nested: ((Int) -> Int)?? = nil
}

private class Staff: Mappable {
    var fullName = ""
    class var mappingConfiguration: MappingConfiguration {
        MappingConfiguration(for: Staff.self) { $0.map(\.fullName, to: "full_name") }
    }
    required init() {}
}

private final class Manager: Staff {
    override class var mappingConfiguration: MappingConfiguration {
        MappingConfiguration(for: Manager.self, extending: Staff.mappingConfiguration) { map in
            map.map(\.fullName, to: "manager_name")
        }
    }
}

/// A protocol-typed property configured per call, in both directions.
private struct Owner: Mappable {
    var name = ""
    var pet: (any Pet)?

    mutating func update(from dictionary: [String: Any], configuration: MappingConfiguration) throws {
        var configuration = configuration
        configuration.extend(for: Owner.self) { $0.map(\.pet, choosing: .always(Dog.self)) }
        try defaultUpdate(from: dictionary, configuration: configuration)
    }

    func dictionaryRepresentation(configuration: MappingConfiguration) throws -> [String: Any] {
        var configuration = configuration
        configuration.extend(for: Owner.self) { $0.map(\.pet, choosing: .always(Dog.self)) }
        return try defaultDictionaryRepresentation(configuration: configuration)
    }
}

@Suite("Never guess: configurations MappingKit cannot resolve exactly, and values it cannot keep")
struct NeverGuessTests {
    @Test("a key path to a computed property of a final class is a configuration error")
    func computedProperty() {
        var configuration = MappingConfiguration()
        configuration.extend(for: Thermometer.self) { $0.map(\.fahrenheit, to: "f") }
        var thermometer = Thermometer()
        let error = mappingError { try thermometer.update(from: ["f": 212.0], configuration: configuration) }
        #expect(error?.description == """
            configuration of Thermometer: \\Thermometer.<computed Double> (configured at MappingKitTests/NeverGuessTests.swift:96) is not a stored `var` property of Thermometer
            """)
        #expect(thermometer.celsius == 0)
    }

    @Test("a key path into a value inside a class's property is a configuration error")
    func nestedPath() {
        var configuration = MappingConfiguration()
        configuration.extend(for: Place.self) { $0.map(\.address.city, to: "city") }
        var place = Place()
        let error = mappingError { try place.update(from: ["city": "Oslo"], configuration: configuration) }
        #expect(error?.description == "configuration of Place: \\Place.address.city is not a stored `var` property of Place")
        #expect(place.name == "")
    }

    @Test("a quoted number in a path is a key, read and written as a dictionary")
    func quotedKey() throws {
        var configuration = MappingConfiguration()
        configuration.extend(for: Stats.self) { $0.map(\.total, to: "stats.'2023'.total") }
        var stats = Stats()
        try stats.update(from: ["stats": ["2023": ["total": 12]]], configuration: configuration)
        #expect(stats.total == 12)
        #expect(Plain(try stats.dictionaryRepresentation(configuration: configuration)) == Plain(["stats": ["2023": ["total": 12]]]))
    }

    @Test("a bare number in a path is an index: a dictionary there is an error that says how to write a key")
    func indexStep() throws {
        var configuration = MappingConfiguration()
        configuration.extend(for: Stats.self) { $0.map(\.total, to: "stats.2023.total") }
        var stats = Stats()
        let error = mappingError { try stats.update(from: ["stats": ["2023": ["total": 12]]], configuration: configuration) }
        #expect(error?.description == """
            stats: expected Array with the index 2023 (path stats.2023.total; write '2023' for a key), found Dictionary of 1 key
            """)
        var indexed = MappingConfiguration()
        indexed.extend(for: Stats.self) { $0.map(\.total, to: "stats.1.total") }
        try stats.update(from: ["stats": [["total": 1], ["total": 2]]], configuration: indexed)
        #expect(stats.total == 2)
        #expect(Plain(try stats.dictionaryRepresentation(configuration: indexed)) == Plain(["stats": [NSNull(), ["total": 2]]]))
    }

    @Test("keys that disagree on whether a container is an array or a dictionary are a configuration error")
    func containerConflict() {
        var configuration = MappingConfiguration()
        configuration.extend(for: Flags.self) { map in
            map.map(\.a, to: "list.0")
            map.map(\.pet, to: "list.name", choosing: .always(Dog.self))
        }
        var flags = Flags()
        let error = mappingError { try flags.update(from: [:], configuration: configuration) }
        #expect(error?.description == """
            configuration of Flags: keys list.0 and list.name disagree on whether list is an array or a dictionary
            """)
    }

    @Test("ISO 8601 reads only what it can write: a leap second at the end of 9999 is refused")
    func leapSecond() throws {
        let error = mappingError { _ = try mapped(Stamp.self, ["when": "9999-12-31T23:59:60Z"]) }
        #expect(error?.description == #"when: expected Date in ISO 8601, found String "9999-12-31T23:59:60Z""#)
        let last = try mapped(Stamp.self, ["when": "9999-12-31T23:59:59.999Z"])
        #expect(Plain(try last.dictionaryRepresentation()) == Plain(["when": "9999-12-31T23:59:59.999Z"]))
        let leap = try mapped(Stamp.self, ["when": "2016-12-31T23:59:60Z"])
        #expect(Plain(try leap.dictionaryRepresentation()) == Plain(["when": "2017-01-01T00:00:00Z"]))
        let far = Stamp(when: Date(timeIntervalSince1970: 253_402_300_800))
        let writing = mappingError { _ = try far.dictionaryRepresentation() }
        #expect(writing?.description == """
            when: expected Date as yyyy-MM-dd'T'HH:mm:ss in years 0000...9999, found Date in the year 10000
            """)
    }

    @Test("rules that contradict ignore are configuration errors", arguments: [
        ("required", "\\Flags.a is both ignored and required"),
        ("default", "\\Flags.a is both ignored and given a default"),
        ("choosing", "\\Flags.pet is both ignored and mapped"),
    ])
    func ignoreContradictions(rule: String, message: String) {
        var configuration = MappingConfiguration()
        configuration.extend(for: Flags.self) { map in
            map.ignore(\.a)
            map.ignore(\.pet)
            switch rule {
            case "required": map.require(\.a, .exists)
            case "default": map.defaultValue(\.a, whenMissing: 3)
            default: map.map(\.pet, choosing: .always(Dog.self))
            }
        }
        var flags = Flags()
        let error = mappingError { try flags.update(from: [:], configuration: configuration) }
        #expect(error?.description == "configuration of Flags: \(message)")
    }

    @Test("an adapter's typed input follows the coercion mode")
    func strictAdapter() throws {
        let components = Adapter<[Int]>(from: [Int].self) { $0 } encode: { $0 }
        var strict = MappingConfiguration()
        strict.coercion = .strict
        strict.extend(for: Paint.self) { $0.map(\.color, using: components) }
        var paint = Paint()
        let error = mappingError { try paint.update(from: ["color": ["1", "2"]], configuration: strict) }
        #expect(error?.description == """
            2 problems:
              color[0]: expected Int, found String "1"
              color[1]: expected Int, found String "2"
            """)
        var lossless = MappingConfiguration()
        lossless.extend(for: Paint.self) { $0.map(\.color, using: components) }
        try paint.update(from: ["color": ["1", "2"]], configuration: lossless)
        #expect(paint.color == [1, 2])
    }

    @Test("closures, optional or not, are skipped both ways")
    func closures() throws {
        var model = try mapped(WithClosures.self, ["name": "new", "callback": "x", "nested": 1])
        model.callback = {}
        #expect(model.name == "new")
        #expect(Plain(try model.dictionaryRepresentation()) == Plain(["name": "new", "handlers": [String: Any]()]))
    }

    @Test("a subclass maps an inherited property again, both ways")
    func subclassRule() throws {
        let manager = try mapped(Manager.self, ["manager_name": "Ann", "full_name": "ignored"])
        #expect(manager.fullName == "Ann")
        #expect(Plain(try manager.dictionaryRepresentation()) == Plain(["manager_name": "Ann"]))
        let staff = try mapped(Staff.self, ["full_name": "Bob"])
        #expect(Plain(try staff.dictionaryRepresentation()) == Plain(["full_name": "Bob"]))
    }

    @Test("a configuration adjusted per call applies to writing too")
    func reverseOverride() throws {
        let owner = try mapped(Owner.self, ["name": "Ann", "pet": ["name": "Rex"]])
        #expect((owner.pet as? Dog)?.name == "Rex")
        #expect(Plain(try owner.dictionaryRepresentation()) == Plain(["name": "Ann", "pet": ["name": "Rex"]]))
    }
}
