import Foundation
import MappingKit
import Observation
import Testing

// The README's "models Swift developers write today" code, compiled and checked here.

private struct User: Mappable {
    var username = ""
    var messages: [Message] = []
    var website: URL?
}

private struct Message: Mappable {
    var text = ""
    var read = false
}

@Observable private final class Profile: Mappable {
    var name = ""
    var age = 0
    required init() {}

    static let mappingConfiguration = MappingConfiguration(for: Profile.self) { map in
        map.observed(\.name, \.age)      // updates in place go through the setters
    }
}

@propertyWrapper private struct Trimmed: MappableWrapper {
    private var value = ""
    init(wrappedValue: String) { self.wrappedValue = wrappedValue }
    var wrappedValue: String {
        get { value }
        set { value = newValue.trimmingCharacters(in: .whitespaces) }
    }
}

private struct Player: Mappable {
    @Trimmed var nick = ""
}

private struct Page<Item: Mappable>: Mappable {
    var items: [Item] = []
    var nextCursor: String?

    static var mappingConfiguration: MappingConfiguration {
        .shared(for: Page.self) { map in
            map.keyStrategy = .snakeCase             // next_cursor, and every Item that sets no strategy
            map.map(\.items, to: "data")
        }
    }
}

private final class Told: @unchecked Sendable {
    private let lock = NSLock()
    private var names: [String] = []
    func add(_ name: String) { lock.withLock { names.append(name) } }
    var all: [String] { lock.withLock { names } }
}

@Suite("README: the models Swift developers write today")
struct ReadmeModernModelsTests {
    @Test("the feature tour's code does what its comments say")
    func tour() throws {
        let profile = try Profile(dictionary: ["name": "Ann", "age": 3])
        #expect(try plainRepresentation(of: profile) == .object(["name": .string("Ann"), "age": .int(3)]))
        let told = Told()
        withObservationTracking { _ = profile.name } onChange: { told.add("name") }
        withObservationTracking { _ = profile.age } onChange: { told.add("age") }
        try profile.update(from: ["name": "Bea"])
        #expect(told.all == ["name"])

        #expect(try Player(dictionary: ["nick": "  ann  "]).nick == "ann")

        let page = try Page<User>(dictionary: ["data": [["username": "ann"]], "next_cursor": "b2"])
        #expect(page.items.map(\.username) == ["ann"])
        #expect(page.nextCursor == "b2")

        let (user, report) = try MappingReport.collecting {
            try User(dictionary: ["username": 42, "theme": "dark"])
        }
        #expect(user.username == "42")
        #expect(report.description == """
            2 entries:
              username: coerced to String, found Int 42
              theme: dropped (no property maps it), found String "dark"
            """)
    }
}
