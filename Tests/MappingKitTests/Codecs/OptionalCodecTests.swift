import Foundation
import MappingKit
import Testing

private struct Profile: Mappable, Equatable {
    var nickname: String? = "none yet"
    var age: Int?
    var scores: [Int?] = []
    var maybeMaybe: Int?? = nil
}

@Suite("Optional properties")
struct OptionalCodecTests {
    @Test("null clears an optional; an absent key leaves it alone")
    func nullAndAbsent() throws {
        var profile = try mapped(Profile.self, jsonDictionary(#"{"age": 30}"#))
        #expect(profile == Profile(nickname: "none yet", age: 30))
        try profile.update(from: jsonDictionary(#"{"nickname": null}"#))
        #expect(profile == Profile(nickname: nil, age: 30))
    }

    @Test("a Swift nil or Optional inside an Any counts as null or as its value")
    func swiftOptionalsInAny() throws {
        let none: String? = nil
        let some: Int? = 12
        let profile = try mapped(Profile.self, ["nickname": none as Any, "age": some as Any])
        #expect(profile == Profile(nickname: nil, age: 12))
        let error = mappingError { _ = try mapped(Profile.self, ["scores": [none as Any, "x"]]) }
        #expect(error?.description == #"scores[1]: expected Int, found String "x""#)
    }

    @Test("nil optionals are left out, but for one whose default is not nil (null); nil elements of arrays become NSNull")
    func encoding() throws {
        let profile = Profile(nickname: nil, age: nil, scores: [1, nil, 3], maybeMaybe: .some(nil))
        #expect(try plainRepresentation(of: profile) == .object([
            "nickname": .null, "scores": .array([.int(1), .null, .int(3)]),
        ]))
        #expect(try mapped(Profile.self, profile.dictionaryRepresentation()).scores == [1, nil, 3])
    }

    @Test("a wrong value is an error, not a silent nil")
    func wrongValue() throws {
        let input = try jsonDictionary(#"{"age": "thirty"}"#)
        #expect(mappingError { _ = try mapped(Profile.self, input) }?.description
            == #"age: expected Int, found String "thirty""#)
    }
}
