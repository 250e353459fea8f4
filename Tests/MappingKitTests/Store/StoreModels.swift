import Foundation
import MappingKit

// Models the store tests share: classes (Employee, Company, Car) and structs (Article, Writer, Topic).

final class Company: Mappable {
    var id = 0
    var name = ""
    required init() {}
    static let mappingConfiguration = MappingConfiguration(for: Company.self) { map in
        map.identity(\.id)
    }
}

final class Car: Mappable {
    var id = 0
    var model = ""
    required init() {}
    static let mappingConfiguration = MappingConfiguration(for: Car.self) { map in
        map.identity(\.id)
    }
}

final class Employee: Mappable {
    var id = 0
    var name = ""
    var cars: [Car] = []
    var employer: Company?
    required init() {}
    static let mappingConfiguration = MappingConfiguration(for: Employee.self) { map in
        map.identity(\.id)
        map.relationship(\.employer, key: "employer_id")
    }
}

/// Employees and companies in one payload, in either order.
struct Directory: Mappable {
    var employees: [Employee] = []
    var companies: [Company] = []
}

struct Writer: Mappable, Equatable {
    var id = ""
    var name = ""
    static let mappingConfiguration = MappingConfiguration(for: Writer.self) { map in
        map.identity(\.id)
    }
}

struct Topic: Mappable, Equatable {
    var id = 0
    var label = ""
    static let mappingConfiguration = MappingConfiguration(for: Topic.self) { map in
        map.identity(\.id)
    }
}

struct Article: Mappable, Equatable {
    var id = 0
    var title = ""
    var author: Writer?
    var tags: [Topic] = []
    static let mappingConfiguration = MappingConfiguration(for: Article.self) { map in
        map.identity(\.id)
        map.relationship(\.author, key: "author_id")
        map.relationship(\.tags, key: "tag_ids", unresolved: .placeholder)
    }
}

/// A store that counts what it is asked, around an identity map.
final class CountingStore: MappingStore {
    let inner = IdentityMap()
    private(set) var fetches: [(type: String, keys: Int)] = []
    private(set) var saves: [(type: String, objects: Int)] = []
    private(set) var rollbacks = 0
    private(set) var commits = 0

    func fetch<Model: Mappable>(_ type: Model.Type, keys: [PrimaryKey], in store: StoreImport) throws -> [Model] {
        fetches.append(("\(type)", keys.count))
        return try inner.fetch(type, keys: keys, in: store)
    }

    func save<Model: Mappable>(_ objects: [Model], in store: StoreImport) throws {
        saves.append(("\(Model.self)", objects.count))
        try inner.save(objects, in: store)
    }

    func beginImport() throws { try inner.beginImport() }

    func commitImport() throws {
        commits += 1
        try inner.commitImport()
    }

    func rollbackImport() {
        rollbacks += 1
        inner.rollbackImport()
    }
}
