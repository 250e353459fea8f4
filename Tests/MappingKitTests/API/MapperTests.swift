import Foundation
@testable import MappingKit
import Testing

private struct Author: Mappable, Equatable {
    var id = 0
    var name = ""
}

private struct Post: Mappable, Equatable {
    var title = ""
    var author = Author()
    var coauthors: [Author] = []
}

private struct Coordinate: Mappable, Equatable {
    var latitude = 0.0
    var longitude = 0.0

    static let mappingConfiguration = MappingConfiguration(for: Coordinate.self) { map in
        map.positions(\.latitude, \.longitude)
    }
}

private struct Venue: Mappable, Equatable {
    var name = ""
    var location = Coordinate()
    var corners: [Coordinate] = []
}

/// One instance per id: the factory hands back the object it made before.
private final class Entity: Mappable {
    nonisolated(unsafe) static var madeByFactory = 0
    static let cache = Locked<[Int: Entity]>([:])
    var id = 0
    var name = ""
    required init() {}

    static let mappingConfiguration = MappingConfiguration(for: Entity.self) { map in
        map.factory { values in
            let id = values["id"] as? Int ?? 0
            return cache.withLock { cache in
                if let existing = cache[id] { return existing }
                let entity = Entity()
                cache[id] = entity
                return entity
            }
        }
    }
}

@Suite("Mapper, factories and positional mapping")
struct MapperTests {
    @Test("a mapper's registrations override the types' configurations, nested models included")
    func registry() throws {
        let v1 = Mapper()
        v1.register(MappingConfiguration(for: Author.self) { map in
            map.map(\.id, to: "uid")
            map.map(\.name, to: "display_name")
        }, for: Author.self)
        let input: [String: Any] = ["title": "T", "author": ["uid": 7, "display_name": "Ann"], "coauthors": [["uid": 8]]]
        let post = try v1.map(input, to: Post.self)
        #expect(post == Post(title: "T", author: Author(id: 7, name: "Ann"), coauthors: [Author(id: 8)]))
        #expect(Plain(try v1.dictionaryRepresentation(of: post)) == .object([
            "title": .string("T"),
            "author": .object(["uid": .int(7), "display_name": .string("Ann")]),
            "coauthors": .array([.object(["uid": .int(8), "display_name": .string("")])]),
        ]))
        let plain = try mapped(Post.self, ["author": ["id": 1, "name": "Bob"]])
        #expect(plain.author == Author(id: 1, name: "Bob"))
        #expect(try Mapper().map(["author": ["id": 2]], to: Post.self).author.id == 2)
    }

    @Test("update and array go through the mapper too")
    func updateAndArray() throws {
        let mapper = Mapper()
        mapper.register(MappingConfiguration(for: Author.self) { $0.map(\.id, to: "uid") }, for: Author.self)
        var author = Author(id: 1, name: "A")
        try mapper.update(&author, from: ["uid": 5])
        #expect(author == Author(id: 5, name: "A"))
        #expect(try mapper.array(of: Author.self, from: [["uid": 1], ["uid": 2]]).map(\.id) == [1, 2])
        #expect(mappingError { _ = try mapper.array(of: Author.self, from: [["uid": "x"]]) }?.description
            == #"[0].uid: expected Int, found String "x""#)
        #expect(Mapper.shared.configuration(for: Author.self).keyStrategy.name == "useNames")
    }

    @Test("a mapper's key strategy and coercion mode apply to every type mapped through it")
    func policies() throws {
        struct Profile: Mappable, Equatable { var displayName = ""; var visits = 0 }
        let mapper = Mapper(keyStrategy: .snakeCase, coercion: .strict)
        #expect(try mapper.map(["display_name": "Ann", "visits": 3], to: Profile.self) == Profile(displayName: "Ann", visits: 3))
        #expect(mappingError { _ = try mapper.map(["visits": "3"], to: Profile.self) }?.description
            == #"visits: expected Int, found String "3""#)
        #expect(Plain(try mapper.dictionaryRepresentation(of: Profile(displayName: "B")))
            == .object(["display_name": .string("B"), "visits": .int(0)]))
    }

    @Test("EFDataMappingKit: a registered initializer may return an existing instance")
    func factory() throws {
        let entities = try mappedArray(Entity.self, [["id": 1, "name": "first"], ["id": 2], ["id": 1, "name": "again"]])
        #expect(entities[0] === entities[2])
        #expect(entities[0].name == "again")
        #expect(entities[1].id == 2)
        struct Holder: Mappable { var entity = Entity() }
        let held = try mapped(Holder.self, ["entity": ["id": 2, "name": "nested"]])
        #expect(held.entity === entities[1])
        #expect(entities[1].name == "nested")
    }

    @Test("positional mapping: [lat, lng] hydrates a Coordinate, and is written back as an array")
    func positions() throws {
        let venue = try mapped(Venue.self, jsonDictionary(#"{"name": "Opera", "location": [59.9, 10.75], "corners": [[1, 2], [3, 4]]}"#))
        #expect(venue == Venue(name: "Opera", location: Coordinate(latitude: 59.9, longitude: 10.75),
                               corners: [Coordinate(latitude: 1, longitude: 2), Coordinate(latitude: 3, longitude: 4)]))
        #expect(try plainRepresentation(of: venue) == .object([
            "name": .string("Opera"), "location": .array([.double(59.9), .double(10.75)]),
            "corners": .array([.array([.double(1), .double(2)]), .array([.double(3), .double(4)])]),
        ]))
        #expect(mappingError { _ = try mapped(Venue.self, ["location": [1, "north"]]) }?.description
            == #"location[1]: expected Double, found String "north""#)
    }
}

/// Issue 44, item 7: a registration for a class reaches its subclasses.
private class Pupil: Mappable {
    var nickName = ""
    required init() {}
}

private final class Scholar: Pupil {
    var mathScore = 0
}

@Suite("Mapper registrations and subclasses")
struct MapperSubclassTests {
    @Test("a subclass without a registration of its own uses its nearest registered superclass's")
    func subclassUsesBaseRegistration() throws {
        let mapper = Mapper()
        mapper.register(MappingConfiguration(for: Pupil.self) { $0.map(\.nickName, to: "nick") }, for: Pupil.self)
        let scholar = try mapper.map(["nick": "Ann", "mathScore": 90], to: Scholar.self)
        #expect((scholar.nickName, scholar.mathScore) == ("Ann", 90))
        let fromJSON = try mapper.map(json: Data(#"{"nick": "Di", "mathScore": 70}"#.utf8), to: Scholar.self)
        #expect((fromJSON.nickName, fromJSON.mathScore) == ("Di", 70))
        let pupil = try mapper.map(["nick": "Bo"], to: Pupil.self)
        #expect(pupil.nickName == "Bo")
        // Without the mapper, the types' own configurations.
        #expect(try Scholar(dictionary: ["nickName": "Cy"]).nickName == "Cy")
    }
}
