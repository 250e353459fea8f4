import Foundation
import MappingKit
import Testing

// Issue 44, item 5: a nested model is mapped onto its declared default value when a model is
// made, as the top model is mapped onto its `init()`.

private struct Engine: MappableCodable, Equatable {
    var kind = ""
    var horsepower = 0
}

private struct Auto: MappableCodable, Equatable {
    var name = ""
    var price = 0.0
    var engine = Engine()
}

private struct Driver: MappableCodable, Equatable {
    var car = Auto(name: "Bently", price: 1, engine: Engine(kind: "V8", horsepower: 400))
    var spare: Auto? = Auto(name: "Spare")
    var rental: Auto?
    var plain = Auto()
}

/// A nested type with an update of its own, which still runs.
private struct Tuned: Mappable, Equatable {
    var label = ""
    var level = 0
    mutating func update(from dictionary: [String: Any], configuration: MappingConfiguration) throws {
        try defaultUpdate(from: dictionary, configuration: configuration)
        label += "!"
    }
}

private struct Workshop: Mappable, Equatable {
    var tuned = Tuned(label: "stock", level: 1)
}

private final class Person: Mappable {
    var name = ""
    var age = 0
    required init() {}
    init(name: String) { self.name = name }
}

private final class Settings: Mappable {
    nonisolated(unsafe) static let shared = Settings(theme: "dark")
    var theme = ""
    var size = 0
    required init() {}
    init(theme: String) { self.theme = theme }
}

/// Each `Ride()` holds a `Settings` of its own; the one in `Journey`'s default is shared.
private struct Ride: Mappable {
    var label = ""
    var settings = Settings(theme: "ride")
}

private struct Journey: Mappable {
    var ride = Ride(label: "default", settings: Settings.shared)
}

private final class Garage: Mappable {
    var owner = Person(name: "Ann")
    var settings = Settings.shared
    required init() {}
}

@Suite("Nested models are made onto their declared defaults")
struct NestedDefaultTests {
    @Test("absent keys keep the declared default's values, at every depth, from a dictionary, an array, JSON and the Codable bridge")
    func structs() throws {
        let json = #"{"car": {"price": 5, "engine": {"horsepower": 450}}, "spare": {"price": 2}, "rental": {"price": 3}, "plain": {"name": "P"}}"#
        let expected = Driver(
            car: Auto(name: "Bently", price: 5, engine: Engine(kind: "V8", horsepower: 450)),
            spare: Auto(name: "Spare", price: 2),
            rental: Auto(price: 3),
            plain: Auto(name: "P")
        )
        let got = try mapped(Driver.self, jsonDictionary(json)); #expect(got == expected, "\(got)")
        #expect(try Driver(json: json) == expected)
        #expect(try JSONDecoder().decode(Driver.self, from: Data(json.utf8)) == expected)
        #expect(try Driver(dictionary: [:]) == Driver())
        // What is written reads back equal.
        let made = try Driver(json: json)
        #expect(try Driver(json: made.jsonData()) == made)
        #expect(try Driver(dictionary: made.dictionaryRepresentation()) == made)
        #expect(try JSONDecoder().decode(Driver.self, from: JSONEncoder().encode(made)) == made)
    }

    @Test("null still clears an optional, and a value of another kind is still an error; nothing is half made")
    func nullsAndErrors() throws {
        #expect(try mapped(Driver.self, ["spare": NSNull()]).spare == nil)
        let error = mappingError { _ = try mapped(Driver.self, ["car": ["engine": ["horsepower": "many"]], "spare": 4]) }
        #expect(error?.description == """
            2 problems:
              car.engine.horsepower: expected Int, found String "many"
              spare: expected Auto (a dictionary), found Int 4
            """)
        #expect(try Driver(dictionary: ["car": ["price": 9]]).car == Auto(name: "Bently", price: 9, engine: Engine(kind: "V8", horsepower: 400)))
    }

    @Test("a nested type's own update runs on the default")
    func override() throws {
        #expect(try mapped(Workshop.self, ["tuned": ["level": 3]]).tuned == Tuned(label: "stock!", level: 3))
        #expect(try Workshop(json: #"{"tuned": {"level": 3}}"#).tuned == Tuned(label: "stock!", level: 3))
    }

    @Test("a class's default instance is mapped onto; a shared one is never changed, a fresh model is made instead")
    func classes() throws {
        let garage = try Garage(dictionary: ["owner": ["age": 30], "settings": ["size": 2]])
        #expect(garage.owner.name == "Ann" && garage.owner.age == 30)
        #expect(garage.settings !== Settings.shared)
        #expect(garage.settings.theme == "" && garage.settings.size == 2)
        #expect(Settings.shared.theme == "dark" && Settings.shared.size == 0)
        let other = try Garage(json: #"{"owner": {"name": "Bo"}}"#)
        #expect(other.owner.name == "Bo" && other.owner.age == 0 && other.owner !== garage.owner)
    }

    @Test("a class instance inside a declared default is made fresh: others may share it")
    func classesInsideDefaults() throws {
        let ride = try Ride(dictionary: ["settings": ["size": 1]])
        #expect(ride.settings.theme == "ride" && ride.settings.size == 1)
        let journey = try Journey(dictionary: ["ride": ["settings": ["size": 3]]])
        #expect(journey.ride.label == "default")
        #expect(journey.ride.settings !== Settings.shared && journey.ride.settings.theme == "" && journey.ride.settings.size == 3)
        #expect(Settings.shared.theme == "dark" && Settings.shared.size == 0)
    }

    @Test("an update in place still merges into the value the model has")
    func updates() throws {
        var driver = try Driver(dictionary: ["car": ["name": "Mini"]])
        try driver.update(from: ["car": ["price": 7]])
        #expect(driver.car == Auto(name: "Mini", price: 7, engine: Engine(kind: "V8", horsepower: 400)))
        try driver.update(fromJSON: #"{"rental": {"name": "R"}}"#)
        #expect(driver.rental == Auto(name: "R"))
    }
}
