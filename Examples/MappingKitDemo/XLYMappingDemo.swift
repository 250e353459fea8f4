import Foundation
import MappingKit

// XLYMapping: dogs and cats with their own keys and a colour construction block, a mapping
// chosen per object (dynamic mapping), and default values for missing attributes.

class TestAnimal: Mappable {
    var name = ""
    var age = 0
    class var mappingConfiguration: MappingConfiguration { MappingConfiguration() }
    required init() {}
}

final class TestCat: TestAnimal {
    var eyeColor: RGBColor?

    static let catMapping = MappingConfiguration(for: TestCat.self) { map in
        map.map(\.eyeColor, to: "eye color", using: Adapter(from: String.self) { text in
            let parts = text.split(separator: ",").compactMap { Double(String($0)) }
            return RGBColor(red: (parts.first ?? 0) / 255, green: (parts.dropFirst().first ?? 0) / 255,
                            blue: (parts.dropFirst(2).first ?? 0) / 255)
        } encode: { color in
            [color.red, color.green, color.blue].map { "\(Int(($0 * 255).rounded()))" }.joined(separator: ",") + ",1"
        })
    }

    override class var mappingConfiguration: MappingConfiguration { catMapping }
}

final class TestDog: TestAnimal {
    var aboutLink: URL?

    static let dogMapping = MappingConfiguration(for: TestDog.self) { map in
        map.map(\.aboutLink, to: "about link")
    }

    override class var mappingConfiguration: MappingConfiguration { dogMapping }
}

struct Animals: Mappable {
    var dogs: [TestDog] = []
    var cats: [TestCat] = []
}

class Member: Mappable {
    var name = ""
    class var mappingConfiguration: MappingConfiguration { MappingConfiguration() }
    required init() {}
}

final class ChildMember: Member {
    var isMale = false

    static let childMapping = MappingConfiguration(for: ChildMember.self) { map in
        map.map(\.name, to: "child_name")
        map.defaultValue(\.isMale, whenMissing: true)
    }

    override class var mappingConfiguration: MappingConfiguration { childMapping }
}

struct Household: Mappable {
    var members: [Member] = []

    static let mappingConfiguration = MappingConfiguration(for: Household.self) { map in
        map.map(\.members, choosing: .by { json in json["child_name"] != nil ? ChildMember.self : Member.self })
    }
}

let animalsJSON = """
    {"dogs": [{"name": "DogA", "age": 5, "about link": "http://link.to.DogA"},
              {"name": "DogB", "age": 6, "about link": "http://link.to.DogB"}],
     "cats": [{"name": "CatC", "age": 3, "eye color": "70,70,70,1"},
              {"name": "CatD", "age": 4, "eye color": null}]}
    """

func xlyMappingDemo() throws {
    section("XLYMapping: dogs and cats, dynamic mapping and default values")
    let animals = try Animals(dictionary: parse(animalsJSON) as? [String: Any] ?? [:])
    for dog in animals.dogs { print("dog \(dog.name), \(dog.age), \(dog.aboutLink?.absoluteString ?? "no link")") }
    for cat in animals.cats { print("cat \(cat.name), \(cat.age), eyes \(cat.eyeColor?.description ?? "unknown")") }
    let household = try Household(dictionary: ["members": [["name": "Mom"], ["child_name": "Kim"]]])
    for member in household.members {
        let child = (member as? ChildMember).map { " (child, isMale defaults to \($0.isMale))" } ?? ""
        print("member \(member.name)\(child)")
    }
}
