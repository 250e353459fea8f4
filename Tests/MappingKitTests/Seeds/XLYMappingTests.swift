import Foundation
import MappingKit
import Testing

private struct Color: Equatable {
    var red = 0.0, green = 0.0, blue = 0.0, alpha = 1.0
}

private struct ColorError: Error, CustomStringConvertible {
    let text: String
    var description: String { "expected \"r,g,b,a\", found \(text.debugDescription)" }
}

/// XLYMapping's construction block: "70,70,70,1" → a colour.
private let colorFromText = Adapter<Color>(from: String.self) { text in
    let parts = text.split(separator: ",").compactMap { Double(String($0)) }
    guard parts.count == 4 else { throw ColorError(text: text) }
    return Color(red: parts[0] / 255, green: parts[1] / 255, blue: parts[2] / 255, alpha: parts[3])
} encode: { color in
    [color.red * 255, color.green * 255, color.blue * 255].map { "\(Int($0.rounded()))" }.joined(separator: ",")
        + ",\(color.alpha == 1 ? "1" : "\(color.alpha)")"
}

/// Subclasses supply their configurations through a `class var` the base class declares.
private class TestAnimal: Mappable {
    var name = ""
    var age = 0
    class var mappingConfiguration: MappingConfiguration { MappingConfiguration() }
    required init() {}
}

private final class TestCat: TestAnimal {
    var eyeColor: Color?

    static let catMapping = MappingConfiguration(for: TestCat.self) { map in
        map.map(\.eyeColor, to: "eye color", using: colorFromText)
    }

    override class var mappingConfiguration: MappingConfiguration { catMapping }
}

private final class TestDog: TestAnimal {
    var aboutLink: URL?

    static let dogMapping = MappingConfiguration(for: TestDog.self) { map in
        map.map(\.aboutLink, to: "about link")
    }

    override class var mappingConfiguration: MappingConfiguration { dogMapping }
}

private struct Animals: Mappable {
    var dogs: [TestDog] = []
    var cats: [TestCat] = []
}

/// Dynamic mapping: the JSON object itself says which mapping applies.
private class People: Mappable {
    var name = ""
    class var mappingConfiguration: MappingConfiguration { MappingConfiguration() }
    required init() {}
}

private final class Child: People {
    var isMale = false

    static let childMapping = MappingConfiguration(for: Child.self) { map in
        map.map(\.name, to: "child_name")
        map.defaultValue(\.isMale, whenMissing: true)
    }

    override class var mappingConfiguration: MappingConfiguration { childMapping }
}

private struct Family: Mappable {
    var members: [People] = []

    static let mappingConfiguration = MappingConfiguration(for: Family.self) { map in
        map.map(\.members, choosing: .by { json in json["child_name"] != nil ? Child.self : People.self })
    }
}

let animalsJSON = """
    {"dogs": [
        {"name": "DogA", "age": 5, "about link": "http://link.to.DogA"},
        {"name": "DogB", "age": 6, "about link": "http://link.to.DogB"}],
     "cats": [
        {"name": "CatC", "age": 3, "eye color": "70,70,70,1"},
        {"name": "CatD", "age": 4, "eye color": null}]
    }
    """

@Suite("Seed: XLYMapping dogs and cats, dynamic mapping and default values")
struct XLYMappingTests {
    @Test("dogs and cats map with their own keys and the colour construction")
    func animals() throws {
        let animals = try mapped(Animals.self, jsonDictionary(animalsJSON))
        #expect(animals.dogs.map(\.name) == ["DogA", "DogB"])
        #expect(animals.dogs.map(\.age) == [5, 6])
        #expect(animals.dogs.map(\.aboutLink) == [URL(string: "http://link.to.DogA"), URL(string: "http://link.to.DogB")])
        #expect(animals.cats.map(\.name) == ["CatC", "CatD"])
        #expect(animals.cats.map(\.eyeColor) == [Color(red: 70 / 255, green: 70 / 255, blue: 70 / 255, alpha: 1), nil])
        #expect(try plainRepresentation(of: animals) == Plain(jsonDictionary(animalsJSON.replacingOccurrences(
            of: #", "eye color": null"#, with: ""))))
    }

    @Test("a construction block that rejects its input reports it at the path")
    func badColor() throws {
        let input = try jsonDictionary(#"{"cats": [{"name": "CatE", "eye color": "blue"}]}"#)
        #expect(mappingError { _ = try mapped(Animals.self, input) }?.description
            == #"cats[0]["eye color"]: expected "r,g,b,a", found "blue""#)
    }

    @Test("dynamic mapping picks Child or People per object; a child's missing isMale defaults to true")
    func dynamic() throws {
        let family = try mapped(Family.self, ["members": [["name": "Mom"], ["child_name": "Kim"]]])
        #expect(family.members.count == 2)
        #expect(type(of: family.members[0]) == People.self)
        let child = try #require(family.members[1] as? Child)
        #expect(child.name == "Kim")
        #expect(child.isMale)
        #expect(try plainRepresentation(of: family) == .object(["members": .array([
            .object(["name": .string("Mom")]), .object(["child_name": .string("Kim"), "isMale": .bool(true)]),
        ])]))
    }
}
