import Foundation
import MappingKit
import Testing

private class Animal: Mappable {
    var name = ""
    var age = 0
    let kind = "animal"
    required init() {}
    class var mappingConfiguration: MappingConfiguration { MappingConfiguration(for: Animal.self) { $0.ignore(\.kind) } }
}

private final class Pack: Mappable {
    nonisolated(unsafe) static let shared = Pack()
    var name = "shared"
    required init() {}
}

private final class Dog: Animal {
    var aboutLink: URL?
    weak var owner: Dog?
    unowned var pack: Pack = Pack.shared
    var onBark: () -> Void = {}
    lazy var nickname: String = "Rex"
}

private class Base: Mappable {
    class var mappingConfiguration: MappingConfiguration { MappingConfiguration() }
    var tag = ""
    var log: [String] = []
    required init() {}

    func update(from dictionary: [String: Any], configuration: MappingConfiguration) throws {
        log.append("Base")
        try defaultUpdate(from: dictionary, configuration: configuration)
    }
}

private final class Derived: Base {
    var extra = 0

    override func update(from dictionary: [String: Any], configuration: MappingConfiguration) throws {
        log.append("Derived")
        try super.update(from: dictionary, configuration: configuration)
    }
}

@Suite("Mappable classes")
struct MappableClassTests {
    @Test("inherited stored properties map with the subclass's own")
    func inheritance() throws {
        let dog = try mapped(Dog.self, ["name": "Rex", "age": 3, "aboutLink": "http://link.to.DogA"])
        #expect(dog.name == "Rex")
        #expect(dog.age == 3)
        #expect(dog.aboutLink == URL(string: "http://link.to.DogA"))
        #expect(try plainRepresentation(of: dog) == .object([
            "name": .string("Rex"), "age": .int(3), "aboutLink": .string("http://link.to.DogA"),
        ]))
    }

    @Test("weak, unowned, closure, lazy and let properties are never touched")
    func untouched() throws {
        let dog = try mapped(Dog.self, [
            "owner": ["name": "x"], "pack": ["name": "y"], "onBark": 1, "nickname": "Spot", "kind": "cat",
            "$__lazy_storage_$_nickname": "Spot",
        ])
        #expect(dog.owner == nil)
        #expect(dog.pack === Pack.shared)
        #expect(Pack.shared.name == "shared")
        #expect(dog.nickname == "Rex")
        #expect(dog.kind == "animal")
    }

    @Test("updates happen in place: the object keeps its identity, even through a let")
    func identity() throws {
        let dog = Dog()
        let alias = dog
        try dog.update(from: ["name": "Fido"])
        #expect(alias.name == "Fido")
        #expect(alias === dog)
    }

    @Test("a failed update leaves the object exactly as it was")
    func atomic() throws {
        let dog = try mapped(Dog.self, ["name": "Rex", "age": 3])
        let error = mappingError { try dog.update(from: ["name": "Max", "age": "old", "aboutLink": "http://x"]) }
        #expect(error?.description == #"age: expected Int, found String "old""#)
        #expect(dog.name == "Rex")
        #expect(dog.age == 3)
        #expect(dog.aboutLink == nil)
    }

    @Test("subclass overrides of update(from:configuration:) call up to the base class")
    func overrideChain() throws {
        let derived = try mapped(Derived.self, ["tag": "t", "extra": 5])
        #expect(derived.log == ["Derived", "Base"])
        #expect(derived.tag == "t")
        #expect(derived.extra == 5)
    }

    @Test("the representation is taken from the object's dynamic type")
    func dynamicType() throws {
        let animal: Animal = try mapped(Dog.self, ["name": "Rex", "aboutLink": "http://a"])
        #expect(Set(try animal.dictionaryRepresentation().keys) == ["name", "age", "aboutLink"])
    }
}
