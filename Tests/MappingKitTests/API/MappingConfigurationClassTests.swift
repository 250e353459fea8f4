import Foundation
import MappingKit
import Testing

private class Animal: Mappable {
    var name = ""
    var age = 0

    class var mappingConfiguration: MappingConfiguration {
        MappingConfiguration(for: Animal.self) { map in
            map.map(\.name, to: "animal_name")
        }
    }

    required init() {}
}

private final class Dog: Animal {
    var aboutLink: URL?

    override class var mappingConfiguration: MappingConfiguration {
        MappingConfiguration(for: Dog.self, extending: Animal.mappingConfiguration) { map in
            map.map(\.aboutLink, to: "about link")
            map.map(\.age, to: "years")
        }
    }
}

private final class Twins: Mappable {
    var first = ""
    var second = ""
    required init() {}
}

private enum Suit: String {
    case hearts, spades
}

private enum Kind: String, CaseIterable {
    case junior, senior
}

private enum Grade: Int {
    case first = 1, second, third
}

/// Issue 37, item 8: a non-final class's enum properties, one behind a key path.
private class Student: Mappable {
    var kind = Kind.junior
    var grade = Grade.first
    required init() {}

    class var mappingConfiguration: MappingConfiguration {
        MappingConfiguration(for: Student.self) { map in
            map.map(\.kind, to: "a.b")
            map.map(\.grade, to: "grade")
        }
    }
}

private class OpenSuits: Mappable {
    var first = Suit.hearts
    var second = Suit.spades
    required init() {}
}

private class OpenTwins: Mappable {
    var first = ""
    var second = ""
    required init() {}
}

private struct Computed: Mappable {
    var stored = 0
    var doubled: Int {
        get { stored * 2 }
        set { stored = newValue / 2 }
    }
}

/// DHNObjectMapping's override pattern: the model adjusts the configuration on every call.
private final class DataObject: Mappable {
    var mappToMe = ""
    var someOtherProperty = 0
    required init() {}

    func update(from dictionary: [String: Any], configuration: MappingConfiguration) throws {
        var configuration = configuration
        configuration.extend(for: DataObject.self) { map in
            map.map(\.mappToMe, to: "someKey")
            map.map(\.someOtherProperty, to: "someOtherKey")
        }
        try defaultUpdate(from: dictionary, configuration: configuration)
    }
}

@Suite("Configuration: classes, hierarchies and mistakes")
struct MappingConfigurationClassTests {
    @Test("a subclass extends its superclass's configuration and overrides a rule")
    func hierarchy() throws {
        let dog = try mapped(Dog.self, ["animal_name": "Rex", "years": 5, "about link": "http://link.to.DogA", "age": 1])
        #expect(dog.name == "Rex")
        #expect(dog.age == 5)
        #expect(dog.aboutLink == URL(string: "http://link.to.DogA"))
        #expect(try plainRepresentation(of: dog) == .object([
            "animal_name": .string("Rex"), "years": .int(5), "about link": .string("http://link.to.DogA"),
        ]))
        let animal = try mapped(Animal.self, ["animal_name": "Generic", "age": 2])
        #expect(animal.name == "Generic")
        #expect(animal.age == 2)
    }

    @Test("final classes locate properties of the same type by their storage")
    func finalClassProperties() throws {
        var configuration = MappingConfiguration()
        configuration.extend(for: Twins.self) { map in
            map.map(\.second, to: "b")
            map.map(\.first, to: "a")
        }
        let twins = Twins()
        var reference = twins
        try reference.update(from: ["a": "1", "b": "2"], configuration: configuration)
        #expect(twins.first == "1")
        #expect(twins.second == "2")
    }

    @Test("properties of non-final classes are told apart by the values written through them")
    func openTwins() throws {
        var configuration = MappingConfiguration()
        configuration.extend(for: OpenTwins.self) { map in map.map(\.second, to: "b") }
        var twins = OpenTwins()
        try twins.update(from: ["b": "2", "first": "1"], configuration: configuration)
        #expect(twins.first == "1")
        #expect(twins.second == "2")
    }

    @Test("a non-final property of a type MappingKit cannot probe is a configuration error")
    func unprobeable() {
        var configuration = MappingConfiguration()
        configuration.extend(for: OpenSuits.self) { map in map.map(\.second, to: "b") }
        var suits = OpenSuits()
        let error = mappingError { try suits.update(from: [:], configuration: configuration) }
        #expect(error?.description == """
            configuration of OpenSuits: \\OpenSuits.<computed Suit> (configured at MappingKitTests/MappingConfigurationClassTests.swift:140) is reached through accessors and MappingKit \
            cannot tell which stored property of OpenSuits it is: declare it `final var`, or make Suit CaseIterable
            """)
    }

    @Test("a raw-value enum of a non-final class reached through a key path maps when its cases can be probed")
    func probedEnums() throws {
        let student = try Student(dictionary: ["a": ["b": "senior"], "grade": 3, "kind": "x"])
        #expect(student.kind == .senior)
        #expect(student.grade == .third)
        let fromJSON = try Student(json: #"{"a": {"b": "senior"}, "grade": 3}"#)
        #expect(fromJSON.kind == .senior && fromJSON.grade == .third)
        #expect(Plain(try student.dictionaryRepresentation()) == .object(["a": .object(["b": .string("senior")]), "grade": .int(3)]))
    }

    @Test("computed properties, doubled rules and ignored-and-mapped properties are reported together")
    func mistakes() {
        var configuration = MappingConfiguration()
        configuration.extend(for: Computed.self) { map in
            map.map(\.doubled, to: "d")
            map.map(\.stored, to: "s")
            map.map(\.stored, to: "t")
            map.ignore(\.stored)
        }
        var model = Computed()
        let error = mappingError { try model.update(from: ["s": 1], configuration: configuration) }
        #expect(error?.description == """
            3 problems:
              configuration of Computed: \\Computed.stored is given keys twice
              configuration of Computed: \\Computed.stored is both ignored and mapped
              configuration of Computed: \\Computed.<computed Int> (configured at MappingKitTests/MappingConfigurationClassTests.swift:163) is not a stored `var` property of Computed
            """)
        #expect(model.stored == 0)
    }

    @Test("DHNObjectMapping: an override sets key mappings on every call, then calls the default")
    func dhnOverride() throws {
        let object = try mapped(DataObject.self, ["someKey": "mapped", "someOtherKey": 3, "mappToMe": "not this"])
        #expect(object.mappToMe == "mapped")
        #expect(object.someOtherProperty == 3)
        let again = try mapped(DataObject.self, ["someKey": "second call"])
        #expect(again.mappToMe == "second call")
    }
}
