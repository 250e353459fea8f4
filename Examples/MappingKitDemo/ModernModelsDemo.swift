import Foundation
import MappingKit
import Observation

// The models Swift developers write today: an @Observable class updated in place (its observers
// told), a property wrapper, a generic page, a PATCH, and a report of what lenient handling did.

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@Observable final class DemoProfile: Mappable {
    var name = ""
    var followers = 0
    required init() {}

    static let mappingConfiguration = MappingConfiguration(for: DemoProfile.self) { map in
        map.observed(\.name, \.followers)
    }
}

@propertyWrapper struct DemoClamped: MappableWrapper {
    private var value: Int
    let range: ClosedRange<Int>
    init(wrappedValue: Int, _ range: ClosedRange<Int>) {
        self.range = range
        value = min(max(wrappedValue, range.lowerBound), range.upperBound)
    }
    var wrappedValue: Int {
        get { value }
        set { value = min(max(newValue, range.lowerBound), range.upperBound) }
    }
}

struct DemoOwner: Mappable {
    var login = ""
    var avatarURL: URL?
}

struct DemoRepository: Mappable {
    var fullName = ""
    var owner = DemoOwner()
    var homepage: URL?
    @DemoClamped(0...5) var rating = 0

    static let mappingConfiguration = MappingConfiguration(for: DemoRepository.self) { map in
        map.require(\.fullName, .exists)
        map.emptyStringAsNil(\.homepage)
    }
}

struct DemoPage<Item: Mappable>: Mappable {
    var items: [Item] = []
    var nextCursor: String?

    static var mappingConfiguration: MappingConfiguration {
        .shared(for: DemoPage.self) { map in
            map.keyStrategy = .snakeCase
            map.map(\.items, to: "data")
        }
    }
}

/// Names of the properties observers were told about, in order.
final class DemoChanges: @unchecked Sendable {
    private let lock = NSLock()
    private var names: [String] = []
    func add(_ name: String) { lock.withLock { names.append(name) } }
    var all: [String] { lock.withLock { names } }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
func modernModelsDemo() throws {
    section("Today's models: @Observable, wrappers, generics, PATCH, the report")
    let profile = try DemoProfile(json: #"{"name": "Ann", "followers": 10}"#)
    let changes = DemoChanges()
    withObservationTracking { _ = profile.name } onChange: { changes.add("name") }
    withObservationTracking { _ = profile.followers } onChange: { changes.add("followers") }
    try profile.update(from: ["followers": 11])
    print("@Observable: \(json(try profile.dictionaryRepresentation())) — observers told of \(changes.all)")

    let page = try DemoPage<DemoRepository>(json: """
        {"data": [{"full_name": "mk/mk", "owner": {"login": "ann", "avatar_url": "https://a.example/ann.png"},
                   "homepage": "", "rating": 9}], "next_cursor": "b2"}
        """)
    var repository = page.items[0]
    print("generic page, snake_case handed down: \(repository.owner.avatarURL?.absoluteString ?? "nil"), next \(page.nextCursor ?? "nil")")
    print("wrapper clamped rating 9 to \(repository.rating); empty homepage read as \(repository.homepage.map(\.absoluteString) ?? "nil")")
    try repository.update(from: ["rating": 4])
    print("PATCH keeps the absent full_name: \(repository.fullName), rating \(repository.rating)")
    do {
        _ = try DemoRepository(dictionary: ["rating": 1])
    } catch {
        print("making one without it: \(error)")
    }
    let (_, report) = try MappingReport.collecting {
        try DemoPage<DemoRepository>(dictionary: ["data": [["full_name": "x", "rating": "3", "stars": 7]]])
    }
    print("report:\n\(report)")
}
