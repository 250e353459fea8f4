import Foundation
import MappingKit
import Testing

/// KVCMapping's `Person`, mapped with its mapping dictionary and a transformer named in it.
private struct Person: Mappable, Equatable {
    var name = ""
    var surname = ""
    var birthdate: Date?
    var likesCoffee = false

    static let mappingConfiguration: MappingConfiguration = {
        Adapter<Date>.date(format: "yyyy/MM/dd").register(as: "ISO8601StringToDate")
        return MappingConfiguration(for: Person.self, keyMapping: [
            "name1": "name",
            "name2": "surname",
            "caffeine": "likesCoffee",
            "bday": "ISO8601StringToDate:birthdate",
        ])
    }()
}

private struct Broken: Mappable {
    var name = ""
    var count = 0
}

private func day(_ year: Int, _ month: Int, _ day: Int) -> Date {
    var components = DateComponents()
    (components.year, components.month, components.day) = (year, month, day)
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
    return calendar.date(from: components) ?? Date.distantPast
}

let kvcPeopleJSON = """
    [
        {"name1": "John", "name2": "Doe", "bday": "2001/01/01", "caffeine": 1},
        {"name1": "Ann", "name2": "Onymous", "bday": "1981/10/23", "caffeine": 1}
    ]
    """

@Suite("Seed: KVCMapping person with a mapping dictionary")
struct KVCMappingTests {
    @Test("the mapping dictionary renames keys, the named transformer parses bday, caffeine 1 is true")
    func people() throws {
        let people = try mappedArray(Person.self, jsonObject(kvcPeopleJSON) as? [Any] ?? [])
        #expect(people == [
            Person(name: "John", surname: "Doe", birthdate: day(2001, 1, 1), likesCoffee: true),
            Person(name: "Ann", surname: "Onymous", birthdate: day(1981, 10, 23), likesCoffee: true),
        ])
    }

    @Test("reverse mapping writes the external keys and the transformer's format")
    func reverse() throws {
        let john = Person(name: "John", surname: "Doe", birthdate: day(2001, 1, 1), likesCoffee: true)
        #expect(try plainRepresentation(of: john) == .object([
            "name1": .string("John"), "name2": .string("Doe"), "bday": .string("2001/01/01"), "caffeine": .bool(true),
        ]))
    }

    @Test("property and adapter names are checked against the model")
    func checkedNames() {
        let configuration = MappingConfiguration(for: Broken.self, keyMapping: [
            "a": "nmae", "b": "NoSuchAdapter:name", "c": "ISO8601StringToDate:count",
        ])
        _ = Person.mappingConfiguration
        var broken = Broken()
        let error = mappingError { try broken.update(from: [:], configuration: configuration) }
        #expect(error?.description == """
            3 problems:
              configuration of Broken: adapter ISO8601StringToDate does not fit count, a Int
              configuration of Broken: no adapter is registered as NoSuchAdapter
              configuration of Broken: Broken has no stored `var` property named nmae
            """)
    }
}
