import Foundation
import MappingKit
import MappingKitSQLite

// Imports into a store (XLYMapping's primary keys, KVCMapping's relationships and entity cache,
// DHNObjectMapping's managed-object context): import, edit, re-import.

final class DemoCompany: Mappable {
    var id = 0
    var name = ""
    required init() {}
    static let mappingConfiguration = MappingConfiguration(for: DemoCompany.self) { $0.identity(\.id) }
}

final class DemoPerson: Mappable {
    var id = 0
    var name = ""
    var employer: DemoCompany?
    required init() {}
    static let mappingConfiguration = MappingConfiguration(for: DemoPerson.self) { map in
        map.identity(\.id)
        map.relationship(\.employer, key: "employer_id")
    }
}

struct DemoDirectory: Mappable {
    var people: [DemoPerson] = []
    var companies: [DemoCompany] = []
}

func storeDemo() throws {
    section("Stores: primary keys, relationships by foreign key, an identity map and SQLite")
    // The people refer to a company that comes later in the payload.
    let payload: [String: Any] = [
        "people": [["id": 1, "name": "Ada", "employer_id": 7], ["id": 2, "name": "Grace", "employer_id": 7]],
        "companies": [["id": 7, "name": "Analytical Engines"]],
    ]
    let map = IdentityMap()
    let directory = try DemoDirectory(dictionary: payload, in: map)
    let ada = directory.people[0]
    print("imported: \(directory.people.map(\.name)), employer shared: \(ada.employer === directory.people[1].employer)")

    let edited: [Any] = [["id": 1, "name": "Ada Lovelace", "employer_id": 7]]
    let again = try DemoPerson.array(from: edited, in: map)
    print("re-imported: same object: \(again[0] === ada), name now \(ada.name), people stored: \(map.count(of: DemoPerson.self))")
    print("written back: \(json(try ada.dictionaryRepresentation()))")

    do {
        _ = try DemoPerson.array(from: [["id": 1, "name": "Changed"], ["id": 3, "employer_id": 99]], in: map)
    } catch {
        print("a failed import: \(error); Ada is still \(ada.name)")
    }

    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("MappingKitDemo-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("people.sqlite").path
    _ = try DemoDirectory(dictionary: payload, in: SQLiteStore(path: path))
    _ = try DemoPerson.array(from: edited, in: SQLiteStore(path: path))
    let database = try SQLiteStore(path: path)
    print("SQLite rows: \(try database.query(#"SELECT "id", "name", "employer_id" FROM "DemoPerson" ORDER BY "id""#))")
    print("read back: \(try database.all(DemoPerson.self).map { "\($0.name) at \($0.employer?.name ?? "-")" })")
}
