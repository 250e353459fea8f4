import Foundation
import MappingKit
import MappingKitSQLite
import Observation
import Testing

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@Observable final class Badge: Mappable {
    var id = 0
    var title = ""
    var level: Int?
    required init() {}

    static let mappingConfiguration = MappingConfiguration(for: Badge.self) { map in
        map.identity(\.id)
        map.observed(\.id, \.title, \.level)
    }
}

@propertyWrapper struct Lowercased: MappableWrapper {
    private var value = ""
    init(wrappedValue: String) { self.wrappedValue = wrappedValue }
    var wrappedValue: String {
        get { value }
        set { value = newValue.lowercased() }
    }
}

final class Handle: Mappable {
    var id = 0
    @Lowercased var name = ""
    required init() {}
    static let mappingConfiguration = MappingConfiguration(for: Handle.self) { $0.identity(\.id) }
}

@Suite("SQLiteStore: @Observable and wrapped models")
struct SQLiteObservableTests {
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("columns take the declared names; rows read back through setters and wrappers")
    func declaredNames() throws {
        try withDatabase { path in
            do {
                let store = try SQLiteStore(path: path)
                _ = try Badge.array(from: [["id": 1, "title": "Gold", "level": 3]], in: store)
                _ = try Handle.array(from: [["id": 1, "name": "ANN"]], in: store)
            }
            let store = try SQLiteStore(path: path)
            let rows = try store.query(#"SELECT "id", "title", "level" FROM "Badge""#)
            #expect(rows as NSArray == [["id": 1, "title": "Gold", "level": 3]] as NSArray)
            _ = try Badge.array(from: [["id": 1, "title": "Platinum"]], in: store)
            let badges = try store.all(Badge.self)
            #expect(badges.map(\.title) == ["Platinum"])
            #expect(badges.map(\.level) == [3])
            #expect(try store.all(Handle.self).map(\.name) == ["ann"])
            #expect(try store.query(#"SELECT "name" FROM "Handle""#) as NSArray == [["name": "ann"]] as NSArray)
        }
    }
}

final class Memo: Mappable {
    var id = 0
    var note: String?
    var unmapped = UnmappedValues()
    required init() {}
    static let mappingConfiguration = MappingConfiguration(for: Memo.self) { map in
        map.identity(\.id)
        map.undefinedKeys = .stash
    }
}

@Suite("SQLiteStore: nulls a model keeps")
struct SQLiteKeptNullTests {
    @Test("a stashed null of a mapped optional is read back, so the model writes null again; an absent key stays absent")
    func keptNull() throws {
        try withDatabase { path in
            do {
                let store = try SQLiteStore(path: path)
                _ = try Memo.array(from: [["id": 1, "note": NSNull(), "extra": 2], ["id": 2]], in: store)
            }
            let memos = try SQLiteStore(path: path).all(Memo.self)
            #expect(memos.count == 2)
            #expect(String(decoding: try memos[0].jsonData(options: .sortedKeys), as: UTF8.self) == #"{"extra":2,"id":1,"note":null}"#)
            #expect(String(decoding: try memos[1].jsonData(options: .sortedKeys), as: UTF8.self) == #"{"id":2}"#)
        }
    }
}
