import Foundation
import MappingKit

// KVCMapping: a mapping dictionary with a transformer named in it, and coercion of caffeine: 1.

struct Person: Mappable {
    var name = ""
    var surname = ""
    var birthdate: Date?
    var likesCoffee = false

    static let mappingConfiguration: MappingConfiguration = {
        Adapter<Date>.date(format: "yyyy/MM/dd").register(as: "ISO8601StringToDate")
        return MappingConfiguration(for: Person.self, keyMapping: [
            "name1": "name", "name2": "surname", "caffeine": "likesCoffee", "bday": "ISO8601StringToDate:birthdate",
        ])
    }()
}

let peopleJSON = """
    [{"name1": "John", "name2": "Doe", "bday": "2001/01/01", "caffeine": 1},
     {"name1": "Ann", "name2": "Onymous", "bday": "1981/10/23", "caffeine": 1}]
    """

func kvcMappingDemo() throws {
    section("KVCMapping: a mapping dictionary and a named transformer")
    let people = try Person.array(from: parse(peopleJSON) as? [Any] ?? [])
    for person in people {
        print("\(person.name) \(person.surname), born \(day(person.birthdate)), likes coffee: \(person.likesCoffee)")
    }
    for person in people {
        let data = try JSONSerialization.data(withJSONObject: person.dictionaryRepresentation(), options: [.sortedKeys, .withoutEscapingSlashes])
        print("reverse:", String(decoding: data, as: UTF8.self))
    }
}
