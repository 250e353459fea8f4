import Foundation
import MappingKit
import Testing

@Suite("Imports through the store protocol: batched look-ups, atomic failures")
struct StoreImportTests {
    /// `count` employees of 100 companies, each with a car of 500, companies listed last.
    private func payload(_ count: Int, name: String = "E") -> [String: Any] {
        let employees: [Any] = (0..<count).map { index in
            ["id": index, "name": "\(name)\(index)", "employer_id": index % 100, "cars": [["id": index % 500, "model": "M\(index % 500)"]]]
        }
        let companies: [Any] = (0..<100).map { ["id": $0, "name": "C\($0)"] }
        return ["employees": employees, "companies": companies]
    }

    @Test("importing 10⁴ objects asks the store once per type, and saves once per type")
    func batchedLookUps() throws {
        let store = CountingStore()
        let directory = try Directory(dictionary: payload(10_000), in: store)
        #expect(directory.employees.count == 10_000)
        #expect(store.fetches.map(\.type) == ["Employee", "Car", "Company"])
        #expect(store.fetches.map(\.keys) == [10_000, 500, 100])
        #expect(store.saves.map(\.type) == ["Employee", "Car", "Company"])
        #expect(store.saves.map(\.objects) == [10_000, 500, 100])

        let again = try Directory(dictionary: payload(10_000, name: "F"), in: store)
        #expect(store.fetches.count == 6)
        #expect(again.employees[42] === directory.employees[42])
        #expect(directory.employees[42].name == "F42")
        #expect(store.inner.count(of: Employee.self) == 10_000)
        #expect(store.commits == 2)
    }

    /// Models with identities inside every kind of container a property can be.
    final class Garage: Mappable {
        var id = 0
        var byBay: [String: Car] = [:]
        var spare: Car?
        var fleets: [[Car]] = []
        var set: Set<Int> = []
        var note = ""
        required init() {}
        static let mappingConfiguration = MappingConfiguration(for: Garage.self) { $0.identity(\.id) }
    }

    @Test("the survey looks inside dictionaries, optionals and nested arrays: every key is asked for in one look-up per type")
    func surveyReachesEveryContainer() throws {
        let store = CountingStore()
        let garage = try Garage(dictionary: [
            "id": 1, "byBay": ["a": ["id": 3, "model": "T"]], "spare": ["id": 4, "model": "A"],
            "fleets": [[["id": 5, "model": "B"]], [["id": 3, "model": "T"]]], "set": [1, 2], "note": "n",
        ], in: store)
        #expect(store.fetches.map(\.type) == ["Garage", "Car"])
        #expect(store.fetches.map(\.keys) == [1, 3])
        #expect(garage.byBay["a"] === garage.fleets[1][0])
        #expect(store.saves.map(\.objects) == [1, 3])
    }

    @Test("a failed import leaves the store as it was: objects it changed are put back")
    func atomicFailure() throws {
        let store = CountingStore()
        let ada = try Employee(dictionary: ["id": 1, "name": "Ada", "cars": [["id": 3, "model": "T"]]], in: store)
        #expect {
            try Employee.array(from: [
                ["id": 1, "name": "Changed", "cars": [["id": 3, "model": "X"], ["id": 9, "model": "New"]]],
                ["id": 2, "name": NSNull()],
            ], in: store)
        } throws: { error in
            "\(error)" == #"[1].name: expected String, found null"#
        }
        #expect(ada.name == "Ada")
        #expect(ada.cars.count == 1)
        #expect(ada.cars[0].model == "T")
        #expect(store.inner.count(of: Employee.self) == 1)
        #expect(store.inner.count(of: Car.self) == 1)
        #expect(store.rollbacks == 1)
        #expect(store.saves.count == 2)
    }

    @Test("a store that fails to save rolls the import back")
    func failingSave() throws {
        let store = RefusingStore()
        let ada = try Employee(dictionary: ["id": 1, "name": "Ada"], in: store.inner)
        #expect {
            try Employee.array(from: [["id": 1, "name": "Changed"]], in: store)
        } throws: { error in
            "\(error)" == "the store is read-only"
        }
        #expect(ada.name == "Ada")
        #expect(store.rolledBack)
    }

    @Test("a mapper's configurations apply in imports")
    func mapperImport() throws {
        let mapper = Mapper()
        mapper.register(MappingConfiguration(for: Company.self) { map in
            map.identity(\.id)
            map.map(\.id, to: "company_id")
        }, for: Company.self)
        let store = IdentityMap()
        let companies = try mapper.array(of: Company.self, from: [["company_id": 1, "name": "A"], ["company_id": 1, "name": "B"]], in: store)
        #expect(companies[0] === companies[1])
        #expect(companies[0].name == "B")
    }

    @Test("the schema a store builds its table from")
    func schema() throws {
        let schema = try StoreSchema(for: Employee.self)
        #expect(schema.name == "Employee")
        #expect(schema.primaryKey == ["id"])
        #expect(schema.columns == [
            StoreColumn(name: "id", kind: .integer, isOptional: false),
            StoreColumn(name: "name", kind: .text, isOptional: false),
            StoreColumn(name: "cars", kind: .json, isOptional: false),
            StoreColumn(name: "employer_id", kind: .reference("Company"), isOptional: true),
        ])
        #expect(!schema.keepsUnmappedKeys)
        #expect(throws: MappingError.self) { try StoreSchema(for: Directory.self) }
    }

    @Test("JSON text imports as dictionaries do")
    func jsonImport() throws {
        let store = IdentityMap()
        let companies = try Company.array(json: Data(#"[{"id": 1, "name": "A"}, {"id": 1, "name": "B"}]"#.utf8), in: store)
        #expect(companies[0] === companies[1])
        #expect(store.count(of: Company.self) == 1)
    }
}

private struct ReadOnly: Error, CustomStringConvertible {
    var description: String { "the store is read-only" }
}

/// Fetches from an identity map, refuses to save.
private final class RefusingStore: MappingStore {
    let inner = IdentityMap()
    var rolledBack = false

    func fetch<Model: Mappable>(_ type: Model.Type, keys: [PrimaryKey], in store: StoreImport) throws -> [Model] {
        try inner.fetch(type, keys: keys, in: store)
    }

    func save<Model: Mappable>(_ objects: [Model], in store: StoreImport) throws {
        throw ReadOnly()
    }

    func rollbackImport() {
        rolledBack = true
    }
}
