import Foundation
import MappingKit
import Observation
import Testing

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@Observable private final class Profile: Mappable {
    var name = ""
    var age = 0
    @ObservationIgnored var cache = 1
    required init() {}
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@Observable private final class WatchedProfile: Mappable {
    var name = ""
    var age = 0
    var tags: [String] = []
    required init() {}

    static let mappingConfiguration = MappingConfiguration(for: WatchedProfile.self) { map in
        map.observed(\.name, \.age, \.tags)
        map.map(\.name, to: "full_name")
        map.require(\.age, .that("an age from 0 to 150") { (0...150).contains($0) })
    }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@Observable private final class Team: Mappable {
    var title = ""
    var lead: Profile?
    var members: [Profile] = []
    required init() {}
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@Observable private final class CodableProfile: MappableCodable {
    var name = ""
    var age = 0
    required init() {}
}

/// Counts the changes `withObservationTracking` reports for one property, re-arming after each.
private final class ChangeCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [String: Int] = [:]

    func count(_ name: String) -> Int { lock.withLock { counts[name, default: 0] } }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    func watch(_ name: String, _ read: () -> Void) {
        withObservationTracking { read() } onChange: { [self] in
            lock.withLock { counts[name, default: 0] += 1 }
        }
    }
}

@Suite("@Observable classes")
struct ObservableModelTests {
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("properties map by their declared names in both directions, @ObservationIgnored ones too")
    func declaredNames() throws {
        let profile = try mapped(Profile.self, ["name": "Ann", "age": 3, "cache": 5])
        #expect(profile.name == "Ann")
        #expect(profile.age == 3)
        #expect(profile.cache == 5)
        #expect(try plainRepresentation(of: profile) == .object(["name": .string("Ann"), "age": .int(3), "cache": .int(5)]))
        #expect(String(decoding: try profile.jsonData(), as: UTF8.self) == #"{"name":"Ann","age":3,"cache":5}"#)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("the storage names are not keys: _name is undefined")
    func storageNamesAreNotKeys() throws {
        let error = mappingError { _ = try Profile(dictionary: ["_name": "Ann"], undefinedKeys: .raise) }
        #expect(error?.description == #"_name: expected a key Profile maps, found String "Ann""#)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("nested @Observable models, from dictionaries and JSON")
    func nested() throws {
        let team = try mapped(Team.self, ["title": "Core", "lead": ["name": "Ann"], "members": [["name": "Bea", "age": 4]]])
        #expect(team.lead?.name == "Ann")
        #expect(team.members.map(\.name) == ["Bea"])
        #expect(String(decoding: try team.jsonData(), as: UTF8.self)
            == #"{"title":"Core","lead":{"name":"Ann","age":0,"cache":1},"members":[{"name":"Bea","age":4,"cache":1}]}"#)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("an update in place without observed(_:) is refused, naming what to add; the model is unchanged")
    func unobservedUpdateRefused() throws {
        let profile = try Profile(dictionary: ["name": "Ann"])
        let message = """
            configuration of Profile: Profile is @Observable and this update changes it in place, which would not tell \
            the observers of name, age: add `map.observed(\\.name, \\.age)` to its mappingConfiguration
            """
        #expect(mappingError { try profile.update(from: ["name": "Bea"]) }?.description == message)
        #expect(mappingError { try profile.update(fromJSON: #"{"name": "Bea"}"#) }?.description == message)
        #expect(mappingError { try profile.update(from: ["name": "Bea"], undefinedKeys: .raise) }?.description == message)
        #expect(profile.name == "Ann")
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("an observed update tells the observers of exactly the properties it set")
    func observedUpdateNotifies() throws {
        let profile = try mapped(WatchedProfile.self, ["full_name": "Ann", "age": 30])
        let counter = ChangeCounter()
        counter.watch("name") { _ = profile.name }
        counter.watch("age") { _ = profile.age }
        counter.watch("tags") { _ = profile.tags }
        try profile.update(from: ["full_name": "Bea", "tags": ["a"]])
        #expect(profile.name == "Bea")
        #expect(profile.tags == ["a"])
        #expect(profile.age == 30)
        #expect(counter.count("name") == 1)
        #expect(counter.count("tags") == 1)
        #expect(counter.count("age") == 0)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("an observed update from JSON notifies the same way")
    func observedJSONUpdateNotifies() throws {
        let profile = try WatchedProfile(json: #"{"full_name": "Ann", "age": 30}"#)
        let counter = ChangeCounter()
        counter.watch("age") { _ = profile.age }
        try profile.update(fromJSON: #"{"age": 31}"#)
        #expect(profile.age == 31)
        #expect(counter.count("age") == 1)
        #expect(try plainRepresentation(of: profile) == .object(["full_name": .string("Ann"), "age": .int(31), "tags": .array([])]))
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("a failed update sets nothing and tells nobody")
    func failedUpdateIsSilent() throws {
        let profile = try WatchedProfile(dictionary: ["full_name": "Ann", "age": 30])
        let counter = ChangeCounter()
        counter.watch("name") { _ = profile.name }
        let error = mappingError { try profile.update(from: ["full_name": "Bea", "age": 200]) }
        #expect(error?.description == "age: requirement failed: expected an age from 0 to 150, found Int 200")
        #expect(profile.name == "Ann")
        #expect(counter.count("name") == 0)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("the registrar is never touched: a mapped model is observed as any other")
    func registrarIntact() throws {
        let profile = try Profile(dictionary: ["name": "Ann"])
        let counter = ChangeCounter()
        counter.watch("name") { _ = profile.name }
        profile.name = "Bea"
        #expect(counter.count("name") == 1)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("the Codable bridge reads and writes declared names")
    func codableBridge() throws {
        let decoded = try JSONDecoder().decode(CodableProfile.self, from: Data(#"{"name": "Ann", "age": 3}"#.utf8))
        #expect(decoded.name == "Ann")
        #expect(decoded.age == 3)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(decoded), as: UTF8.self) == #"{"age":3,"name":"Ann"}"#)
    }

    @Test("observed(_:) on a read-only key path is a configuration error")
    func readOnlyObserved() throws {
        final class Computed: Mappable {
            var value = 0
            var doubled: Int { value * 2 }
            required init() {}
            static let mappingConfiguration = MappingConfiguration(for: Computed.self) { $0.observed(\.doubled) }
        }
        let error = mappingError { _ = try Computed(dictionary: [:]) }
        #expect(error?.description.hasPrefix("configuration of Computed: \\Computed.") == true)
        #expect(error?.description.hasSuffix("is read-only: `observed` needs a settable property") == true)
    }
}
