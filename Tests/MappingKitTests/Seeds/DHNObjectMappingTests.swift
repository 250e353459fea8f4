import MappingKit
import Testing

/// DHNObjectMapping's "Default behaviour": keys map onto equally named properties, undefined keys
/// are ignored, and scalar properties (which KVC could not map) work too.
private final class DataObject: Mappable {
    var name = ""
    var count = 0
    var enabled = false
    required init() {}
}

@Suite("Seed: DHNObjectMapping default behaviour")
struct DHNObjectMappingTests {
    @Test("{\"name\":\"This is some name\"} -> object.name")
    func defaultBehaviour() throws {
        let object = try mapped(DataObject.self, ["name": "This is some name"])
        #expect(object.name == "This is some name")
    }

    @Test("undefined keys are ignored by default")
    func undefinedKeysIgnored() throws {
        let object = try mapped(DataObject.self, ["name": "n", "unknown": 1, "other": ["x": 1]])
        #expect(object.name == "n")
        #expect(try plainRepresentation(of: object) == .object([
            "name": .string("n"), "count": .int(0), "enabled": .bool(false),
        ]))
    }

    @Test("scalar properties map, which KVC-based mapping could not do")
    func scalars() throws {
        let object = try mapped(DataObject.self, ["count": 3, "enabled": true])
        #expect(object.count == 3)
        #expect(object.enabled)
    }

    @Test("arrays of representations map with array(from:)")
    func arrays() throws {
        let objects = try mappedArray(DataObject.self, [["name": "a"], ["name": "b"]])
        #expect(objects.map(\.name) == ["a", "b"])
    }
}
