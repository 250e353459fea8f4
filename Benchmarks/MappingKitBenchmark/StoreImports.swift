import Foundation
import MappingKit
import MappingKitSQLite

// Importing twitter.json into stores: statuses and their users (deduplicated by id), as
// structs with identities, against plain `array(from:)` of the same models.

struct StoredStatus: Mappable, Equatable {
    var id = 0
    var text = ""
    var created_at = ""
    var retweet_count = 0
    var favorited = false
    var user = StoredUser()
    var lang = ""
    static let mappingConfiguration = MappingConfiguration(for: StoredStatus.self) { $0.identity(\.id) }
}

struct StoredUser: Mappable, Equatable {
    var id = 0
    var screen_name = ""
    var name = ""
    var followers_count = 0
    var verified = false
    var url: String?
    static let mappingConfiguration = MappingConfiguration(for: StoredUser.self) { $0.identity(\.id) }
}

/// An identity map that counts the look-ups an import makes.
final class CountingMap: MappingStore {
    let map = IdentityMap()
    var fetches = 0

    func fetch<Model: Mappable>(_ type: Model.Type, keys: [PrimaryKey], in store: StoreImport) throws -> [Model] {
        fetches += 1
        return try map.fetch(type, keys: keys, in: store)
    }

    func save<Model: Mappable>(_ objects: [Model], in store: StoreImport) throws {
        try map.save(objects, in: store)
    }
}

func runStoreSet() throws {
    let root = try JSONSerialization.jsonObject(with: load("twitter.json")) as? [String: Any] ?? [:]
    let statuses = root["statuses"] as? [Any] ?? []
    let objects = statuses.count
    let users = Set(statuses.compactMap { (($0 as? [String: Any])?["user"] as? [String: Any])?["id"] as? Int }).count
    let rows = objects + users

    let plain = try StoredStatus.array(from: statuses)
    let counting = CountingMap()
    let imported = try StoredStatus.array(from: statuses, in: counting)
    let firstLookUps = counting.fetches
    _ = try StoredStatus.array(from: statuses, in: counting)
    let sqlite = try SQLiteStore(path: ":memory:")
    let intoSQLite = try StoredStatus.array(from: statuses, in: sqlite)
    let storedStatuses = try sqlite.all(StoredStatus.self).count
    let storedUsers = try sqlite.count(of: StoredUser.self)
    check(imported == plain && intoSQLite == plain && storedStatuses == objects && storedUsers == users,
          "store: the imports disagree with array(from:)")

    let reused = IdentityMap()
    _ = try StoredStatus.array(from: statuses, in: reused)
    let database = try SQLiteStore(path: ":memory:")
    _ = try StoredStatus.array(from: statuses, in: database)

    // The statuses as a JSON array, for the imports from bytes.
    let statusesJSON = try JSONSerialization.data(withJSONObject: statuses)
    let fromJSON = try StoredStatus.array(json: statusesJSON, in: IdentityMap())
    let fromNative = try StoredStatus.array(from: try JSONValue.parse(statusesJSON) as? [Any] ?? [], in: IdentityMap())
    check(fromJSON == plain && fromNative == plain, "store: the JSON imports disagree with array(from:)")

    var harness = Harness(rounds: rounds, only: option("--only"))
    harness.add("plain array(from:)", objects: objects) { try StoredStatus.array(from: statuses).count }
    harness.add("import into a new IdentityMap", objects: objects) { try StoredStatus.array(from: statuses, in: IdentityMap()).count }
    harness.add("re-import into the same IdentityMap", objects: objects) { try StoredStatus.array(from: statuses, in: reused).count }
    harness.add("import into a new SQLite database", objects: objects) {
        try StoredStatus.array(from: statuses, in: SQLiteStore(path: ":memory:")).count
    }
    harness.add("re-import into the same SQLite database", objects: objects) { try StoredStatus.array(from: statuses, in: database).count }
    harness.beginGroup()
    harness.add("plain array(json:)", objects: objects) { try StoredStatus.array(json: statusesJSON).count }
    harness.add("import JSON into a new IdentityMap", objects: objects) { try StoredStatus.array(json: statusesJSON, in: IdentityMap()).count }
    harness.add("JSONValue.parse, then import into a new IdentityMap", objects: objects) {
        try StoredStatus.array(from: try JSONValue.parse(statusesJSON) as? [Any] ?? [], in: IdentityMap()).count
    }
    try harness.run()
    let names = ["import into a new IdentityMap", "re-import into the same IdentityMap", "import into a new SQLite database",
                 "re-import into the same SQLite database"]
    harness.printTable(
        title: "twitter.json into stores (\(objects) statuses, \(users) users)",
        ratios: names.map { ($0, "plain array(from:)") } + [
            ("import JSON into a new IdentityMap", "plain array(json:)"),
            ("import JSON into a new IdentityMap", "JSONValue.parse, then import into a new IdentityMap"),
        ]
    )
    print("\n| import | rows per second |")
    print("|---|---:|")
    for name in names {
        print("| \(name) | \(String(format: "%.0f", Double(rows) / (harness.median(name) * Double(objects)) * 1e9)) |")
    }
    print("\nstore look-ups per import of \(objects) statuses: \(firstLookUps) (first import), \(counting.fetches - firstLookUps) (re-import)")
}
