import Foundation
import MappingKit
import Testing

private struct Child: Mappable, Equatable {
    var name = ""
    var isMale = false
    var nickname: String?
    var age = 0

    static let mappingConfiguration = MappingConfiguration(for: Child.self) { map in
        map.map(\.name, to: "child_name")
        map.defaultValue(\.isMale, whenMissing: true)
        map.defaultValue(\.nickname, whenNull: "none")
        map.defaultValue(\.age, whenNull: -1)
    }
}

private struct Account: Mappable, Equatable {
    var userId = 0
    var username = ""
    var email: String?
    var phone: String?
    var age = 0

    static let mappingConfiguration = MappingConfiguration(for: Account.self) { map in
        map.require(\.userId, .exists)
        map.require(\.username, .exists, .that("at least 3 characters") { $0.count >= 3 })
        map.require(\.email, .either(.exists, or: .not(.exists)))
        map.require(\.phone, .not(.exists))
        map.require(\.age, .all(.that("0 or more") { $0 >= 0 }, .that("at most 150") { $0 <= 150 }))
    }
}

private struct ValidationError: Error, CustomStringConvertible {
    let reason: String
    var description: String { reason }
}

private final class Place: Mappable {
    var name = ""
    var latitude = 0.0
    var longitude = 0.0
    var log: [String] = []
    required init() {}

    static let mappingConfiguration = MappingConfiguration(for: Place.self) { map in
        map.willMap { dictionary in
            var dictionary = dictionary
            if let envelope = dictionary["place"] as? [String: Any] { dictionary = envelope }
            return dictionary
        }
        map.handle("location") { value, place in
            guard let pair = value as? [Double], pair.count == 2 else {
                throw ValidationError(reason: "a location is [latitude, longitude]")
            }
            (place.latitude, place.longitude) = (pair[0], pair[1])
        }
        map.didMap { place in
            place.log.append("didMap")
            if place.name.isEmpty { throw ValidationError(reason: "a place needs a name") }
        }
    }
}

@Suite("Configuration: defaults, requirements and hooks")
struct MappingConfigurationRulesTests {
    @Test("XLYMapping: a default for a missing value, and separately for null")
    func defaults() throws {
        #expect(try mapped(Child.self, ["child_name": "Kim"]) == Child(name: "Kim", isMale: true, nickname: nil, age: 0))
        #expect(try mapped(Child.self, jsonDictionary(#"{"isMale": false, "nickname": null, "age": null}"#))
            == Child(name: "", isMale: false, nickname: "none", age: -1))
        #expect(try mapped(Child.self, ["nickname": "Kimmy", "age": 4]) == Child(isMale: true, nickname: "Kimmy", age: 4))
    }

    @Test("requirements: every failure is reported with its path")
    func requirements() throws {
        #expect(try mapped(Account.self, ["userId": 1, "username": "ann"]) == Account(userId: 1, username: "ann"))
        let error = mappingError { _ = try mapped(Account.self, ["username": "al", "phone": "555", "age": 200]) }
        #expect(error?.description == """
            4 problems:
              userId: required, missing
              username: requirement failed: expected at least 3 characters, found String "al"
              phone: requirement failed: expected no value, found String "555"
              age: requirement failed: expected 0 or more and at most 150, found Int 200
            """)
    }

    @Test("a null value does not satisfy .exists")
    func nullIsNotAValue() throws {
        let input = try jsonDictionary(#"{"userId": 1, "username": "ann", "email": null}"#)
        #expect(try mapped(Account.self, input).email == nil)
        var account = Account()
        let error = mappingError { try account.update(from: jsonDictionary(#"{"userId": null, "username": "bob"}"#)) }
        #expect(error?.description == "userId: expected Int, found null")
    }

    @Test("will-map rewrites the input, key handlers set properties, did-map finishes")
    func hooks() throws {
        let place = try mapped(Place.self, ["place": ["name": "Oslo", "location": [59.9, 10.75]]])
        #expect(place.name == "Oslo")
        #expect(place.latitude == 59.9)
        #expect(place.longitude == 10.75)
        #expect(place.log == ["didMap"])
        #expect(try plainRepresentation(of: place) == .object([
            "name": .string("Oslo"), "latitude": .double(59.9), "longitude": .double(10.75),
            "log": .array([.string("didMap")]),
        ]))
    }

    @Test("a hook that throws undoes the whole update, for classes too")
    func hookFailureIsAtomic() throws {
        let place = try mapped(Place.self, ["name": "Oslo", "location": [1.0, 2.0]])
        let failed = mappingError { try place.update(from: ["name": "", "location": [3.0, 4.0]]) }
        #expect(failed?.description == "a place needs a name")
        #expect((place.name, place.latitude, place.longitude) == ("Oslo", 1.0, 2.0))
        #expect(place.log == ["didMap"])
        let handler = mappingError { try place.update(from: ["name": "Bergen", "location": "north"]) }
        #expect(handler?.description == "location: a location is [latitude, longitude]")
        #expect(place.name == "Oslo")
    }
}
