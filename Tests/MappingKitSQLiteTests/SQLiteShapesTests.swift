import Foundation
import MappingKit
import MappingKitSQLite
import Testing

/// A tagged enum and a flattened model in a stored model: the enum in a column of its own, the
/// flattened model's keys in columns of the parent's table; read back equal.
@Suite("SQLiteStore: tagged enums and flattened models")
struct SQLiteShapesTests {
    enum Shape: TaggedEnum, Equatable {
        case circle(radius: Double)
        case empty
        static var tagging: EnumTagging { .internallyTagged(tag: "type") }
    }

    struct Meta: Mappable, Equatable {
        var total = 0
        var cursor: String?
    }

    struct Sheet: Mappable, Equatable {
        var id = 0
        var shape = Shape.empty
        var shapes: [Shape] = []
        var meta = Meta()
        static let mappingConfiguration = MappingConfiguration(for: Sheet.self) { map in
            map.identity(\.id)
            map.flatten(\.meta)
        }
    }

    @Test("imported, saved and read back: the same models")
    func roundTrip() throws {
        let store = try SQLiteStore(path: ":memory:")
        let sheets = try Sheet.array(from: [
            ["id": 1, "shape": ["type": "circle", "radius": 1.5], "shapes": [["type": "empty"]], "total": 3, "cursor": "x"],
            ["id": 2, "total": 4],
        ], in: store)
        #expect(sheets == [
            Sheet(id: 1, shape: .circle(radius: 1.5), shapes: [.empty], meta: Meta(total: 3, cursor: "x")),
            Sheet(id: 2, meta: Meta(total: 4)),
        ])
        #expect(try store.all(Sheet.self) == sheets)
        #expect(try StoreSchema(for: Sheet.self).columns.map(\.name) == ["id", "shape", "shapes", "total", "cursor"])
        let rows = try store.query(#"SELECT "id", "total", "cursor" FROM "Sheet" ORDER BY "id""#)
        #expect(rows as NSArray == [["id": 1, "total": 3, "cursor": "x"], ["id": 2, "total": 4]] as NSArray)
    }

    enum Payload: TaggedEnum, Equatable {
        case push(ref: String, size: Int)
        case watch(action: String)
        static var tagging: EnumTagging { .adjacentlyTagged(tag: "type", content: "payload") }
    }

    enum Mark: TaggedEnum, Equatable {
        case circle(radius: Double)
        case empty
        static var tagging: EnumTagging { .internallyTagged(tag: "kind") }
    }

    struct Event: Mappable, Equatable {
        var id = 0
        var payload = Payload.watch(action: "")
        var note: Mark?
        static let mappingConfiguration = MappingConfiguration(for: Event.self) { map in
            map.identity(\.id)
            map.flatten(\.payload)
            map.flatten(\.note)
        }
    }

    @Test("a flattened tagged enum's keys are columns of the parent's table (issue 57)")
    func flattenedEnum() throws {
        let store = try SQLiteStore(path: ":memory:")
        let events = try Event.array(from: [
            ["id": 1, "type": "push", "payload": ["ref": "main", "size": 2], "kind": "circle", "radius": 2.5],
            ["id": 2, "type": "watch", "payload": ["action": "started"]],
        ], in: store)
        #expect(events == [
            Event(id: 1, payload: .push(ref: "main", size: 2), note: .circle(radius: 2.5)),
            Event(id: 2, payload: .watch(action: "started")),
        ])
        #expect(try StoreSchema(for: Event.self).columns.map(\.name) == ["id", "payload", "type", "kind", "radius"])
        #expect(try store.all(Event.self) == events)
    }
}
