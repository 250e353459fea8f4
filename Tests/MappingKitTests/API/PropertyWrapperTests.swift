import Foundation
import MappingKit
import Testing

@propertyWrapper private struct Clamped: MappableWrapper {
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

@propertyWrapper private struct Trimmed {
    private var value = ""

    init(wrappedValue: String) {
        self.wrappedValue = wrappedValue
    }

    var wrappedValue: String {
        get { value }
        set { value = newValue.trimmingCharacters(in: .whitespaces) }
    }
}

// The one line a wrapper needs, in an extension as for a wrapper from another module.
extension Trimmed: MappableWrapper {}

/// A wrapper without the conformance, Codable as many are.
@propertyWrapper private struct Lowercased: Codable {
    var wrappedValue: String
}

private struct Player: Mappable {
    @Clamped(0...10) var level = 0
    @Trimmed var nick = ""
    var score = 0
}

private final class PlayerObject: Mappable {
    @Clamped(0...10) var level = 0
    @Trimmed var nick = ""
    required init() {}
}

private struct RenamedPlayer: Mappable {
    @Clamped(1...5) var level = 1
    @Trimmed var nick = ""

    static let mappingConfiguration = MappingConfiguration(for: RenamedPlayer.self) { map in
        map.map(\.level, to: "lvl")
        map.require(\.nick, .exists)
    }
}

private struct Unconformed: Mappable {
    @Lowercased var handle = ""
    var id = 0
}

@Suite("Property wrappers")
struct PropertyWrapperTests {
    @Test("a wrapped property maps by its declared name through wrappedValue: the wrapper's logic runs")
    func readsThroughWrapper() throws {
        let player = try mapped(Player.self, ["level": 42, "nick": "  ann  ", "score": 7])
        #expect(player.level == 10)
        #expect(player.nick == "ann")
        #expect(player.score == 7)
        #expect(try plainRepresentation(of: player) == .object(["level": .int(10), "nick": .string("ann"), "score": .int(7)]))
        #expect(String(decoding: try player.jsonData(), as: UTF8.self) == #"{"level":10,"nick":"ann","score":7}"#)
    }

    @Test("classes too, and an update keeps the wrapper's own configuration")
    func classes() throws {
        let player = try mapped(PlayerObject.self, ["level": -3, "nick": " bo "])
        #expect(player.level == 0)
        #expect(player.nick == "bo")
        try player.update(from: ["level": 99])
        #expect(player.level == 10)
        #expect(player.nick == "bo")
        #expect(String(decoding: try player.jsonData(), as: UTF8.self) == #"{"level":10,"nick":"bo"}"#)
    }

    @Test("struct updates, from dictionaries and JSON")
    func structUpdates() throws {
        var player = Player()
        try player.update(from: ["level": 4])
        #expect(player.level == 4)
        try player.update(fromJSON: #"{"level": 12, "nick": " x "}"#)
        #expect(player.level == 10)
        #expect(player.nick == "x")
    }

    @Test("bad values report the declared name")
    func errors() throws {
        let error = mappingError { _ = try mapped(Player.self, ["level": "high", "nick": ["ann"]]) }
        #expect(error?.description == """
            2 problems:
              level: expected Int, found String "high"
              nick: expected String, found Array of 1 element
            """)
    }

    @Test("rules name a wrapped property by its key path")
    func rules() throws {
        let player = try mapped(RenamedPlayer.self, ["lvl": 9, "nick": "ann"])
        #expect(player.level == 5)
        #expect(try plainRepresentation(of: player) == .object(["lvl": .int(5), "nick": .string("ann")]))
        #expect(mappingError { _ = try mapped(RenamedPlayer.self, ["lvl": 2]) }?.description == "nick: required, missing")
    }

    @Test("a wrapper without MappableWrapper is a configuration error naming the property, the wrapper and the line")
    func unconformed() throws {
        let error = mappingError { _ = try Unconformed(dictionary: ["handle": "ann", "id": 1]) }
        #expect(error?.description == """
            configuration of Unconformed: handle is stored as _handle, a Lowercased, which MappingKit can neither convert \
            nor reach through: if Lowercased is a property wrapper, add `extension Lowercased: MappableWrapper {}`; \
            otherwise map or ignore \\Unconformed._handle in the configuration
            """)
    }
}
