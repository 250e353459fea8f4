import Foundation
@testable import MappingKit
import Testing

private struct Maker: Mappable, Equatable {
    var code = ""
    var name = ""
    static let mappingConfiguration = MappingConfiguration(for: Maker.self) { $0.identity(\.code) }
}

private struct Part: Mappable, Equatable {
    var id = 0
    var name = ""
    var size: Int?
    var weight = 1.5
    var maker = Maker()
    static let mappingConfiguration = MappingConfiguration(for: Part.self) { map in
        map.identity(\.id)
        map.relationship(\.maker, key: "maker_code")
    }
}

private final class Gadget: Mappable {
    var id = 0
    var name = ""
    required init() {}
    static let mappingConfiguration = MappingConfiguration(for: Gadget.self) { $0.identity(\.id) }
}

/// A store that keeps rows as columns, in the plans' field order, and hands them to the import
/// by column (`byColumns`) or as dictionaries: the two ways must give the same models and errors.
private final class ColumnStore: MappingStore {
    let byColumns: Bool
    var columns: [String: [String]] = [:]
    var rows: [String: [PrimaryKey: [Any?]]] = [:]

    init(byColumns: Bool) {
        self.byColumns = byColumns
    }

    func put<Model: Mappable>(_: Model.Type, columns: [String], rows: [[Any?]], key: Int = 0) {
        let name = "\(Model.self)"
        self.columns[name] = columns
        for row in rows {
            let value = row[key].flatMap { $0 as? AnyHashable } ?? AnyHashable(0)
            self.rows[name, default: [:]][PrimaryKey(values: [value])] = row
        }
    }

    func fetch<Model: Mappable>(_ type: Model.Type, keys: [PrimaryKey], in store: StoreImport) throws -> [Model] {
        let name = "\(Model.self)"
        let found = keys.compactMap { rows[name]?[$0] }
        let columns = columns[name] ?? []
        if byColumns { return try store.models(type, columns: columns, rows: found) }
        return try store.models(type, fromRows: found.map { row in
            Dictionary(uniqueKeysWithValues: zip(columns, row).compactMap { key, value in value.map { (key, $0) } })
        })
    }

    func save<Model: Mappable>(_ objects: [Model], in store: StoreImport) throws {}
}

@Suite("Stored rows read by column into plans")
struct StoredRowTests {
    /// The same stored rows, both ways; then `payload` imported over them.
    private func both<Model: Mappable>(
        _: Model.Type,
        payload: [[String: Any]],
        fill: (ColumnStore) -> Void
    ) -> (byColumns: Result<[Model], any Error>, byDictionaries: Result<[Model], any Error>) {
        func run(_ byColumns: Bool) -> Result<[Model], any Error> {
            let store = ColumnStore(byColumns: byColumns)
            fill(store)
            return Result { try Model.array(from: payload, in: store) }
        }
        return (run(true), run(false))
    }

    private func fillParts(_ store: ColumnStore, sizes: [Any?] = [nil, 3]) {
        store.put(Maker.self, columns: ["code", "name"], rows: [["m1", "Acme"], ["m2", "Initech"]])
        store.put(Part.self, columns: ["id", "name", "size", "weight", "maker_code"], rows: [
            [1, "bolt", sizes[0], nil, "m1"],
            [2, "nut", sizes[1], 2.25, "m2"],
        ])
    }

    @Test("rows become the same models by column as by dictionary, absent columns take the defaults, references resolve")
    func sameModels() throws {
        let results = both(Part.self, payload: [["id": 2, "name": "big nut"], ["id": 1], ["id": 3, "maker_code": "m1"]]) { fillParts($0) }
        let expected = [
            Part(id: 2, name: "big nut", size: 3, weight: 2.25, maker: Maker(code: "m2", name: "Initech")),
            Part(id: 1, name: "bolt", size: nil, weight: 1.5, maker: Maker(code: "m1", name: "Acme")),
            Part(id: 3, name: "", size: nil, weight: 1.5, maker: Maker(code: "m1", name: "Acme")),
        ]
        #expect(try results.byColumns.get() == expected)
        #expect(try results.byDictionaries.get() == expected)
    }

    /// Stored values for `size`, an `Int?`: only the null is one.
    enum StoredSize: CaseIterable, Sendable {
        case text, fraction, null, array

        var value: Any {
            switch self {
            case .text: "big"
            case .fraction: 2.5
            case .null: NSNull()
            case .array: [1]
            }
        }

        /// The import's error, both ways (`nil`: no error).
        var message: String? {
            switch self {
            case .text: #"size: expected Int, found String "big""#
            case .fraction: "size: expected Int, found Double 2.5"
            case .null: nil
            case .array: "size: expected Int, found Array of 1 element"
            }
        }
    }

    @Test("a bad stored value fails the same way by column as by dictionary", arguments: StoredSize.allCases)
    func sameErrors(stored: StoredSize) throws {
        let size = stored.value
        let results = both(Part.self, payload: [["id": 1]]) { fillParts($0, sizes: [size, 3]) }
        let byColumns = results.byColumns.map { _ in "" }
        let byDictionaries = results.byDictionaries.map { _ in "" }
        guard case .failure(let columnError) = byColumns, case .failure(let dictionaryError) = byDictionaries else {
            // `NSNull` is nothing, as SQL's NULL: both ways give the default.
            #expect(size is NSNull)
            #expect(try results.byColumns.get() == results.byDictionaries.get())
            return
        }
        #expect("\(columnError)" == "\(dictionaryError)")
        #expect("\(columnError)" == stored.message)
    }

    @Test("a row of a class is read as a dictionary, and gives the same model")
    func classesReadAsDictionaries() throws {
        let results = both(Gadget.self, payload: [["id": 1, "name": "lamp"], ["id": 2]]) { store in
            store.put(Gadget.self, columns: ["id", "name"], rows: [[2, "desk"]])
        }
        #expect(try results.byColumns.get().map(\.name) == ["lamp", "desk"])
        #expect(try results.byDictionaries.get().map(\.name) == ["lamp", "desk"])
    }

    @Test("rows whose columns are not the plan's own keys, in order, are read as dictionaries")
    func otherColumns() throws {
        let results = both(Maker.self, payload: [["code": "m1"]]) { store in
            store.put(Maker.self, columns: ["name", "code"], rows: [["Acme", "m1"]], key: 1)
        }
        #expect(try results.byColumns.get() == [Maker(code: "m1", name: "Acme")])
        #expect(try results.byDictionaries.get() == [Maker(code: "m1", name: "Acme")])
    }

    @Test("a struct built from a row by position is what the plan builds from its dictionary")
    func buildsByPosition() throws {
        let plan = try PlanCache.plan(for: Maker.self, configuration: Maker.mappingConfiguration)
        // Whether the type overrides `update(from:configuration:)` is known once it has mapped.
        _ = try Maker(dictionary: ["code": "m0"])
        #expect(plan.buildsFromRows)
        let row = StoredRow(values: ["m9", nil], keys: ["code", "name"])
        #expect(try Maker.build(plan, row: row, in: MappingContext()) == Maker(code: "m9", name: ""))
        #expect(row.dictionary as NSDictionary == ["code": "m9"] as NSDictionary)
        let gadget = try PlanCache.plan(for: Gadget.self, configuration: Gadget.mappingConfiguration)
        #expect(!gadget.buildsFromRows)
    }
}
