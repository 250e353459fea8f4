import Foundation
import MappingKit
import Testing

// Issue 58: a seeded zoo of shapes declared twice, once with Swift's synthesized Codable and
// once as `MappableCodable` with no configuration, through the coders' options: what each writes
// (parsed, key order aside), what each reads of the other's output, and the error case and
// coding path of mutated inputs. The documented differences ("Coming from Codable" in the Guide)
// are the only exemptions, each named where it applies.

private struct Leaf: Codable, Hashable {
    var name = ""
    var score = 0.0
}

private enum Mood: String, Codable, CaseIterable {
    case calm, busy
}

/// A tagged enum of labelled cases only: its externally tagged form is Swift's own.
private enum Figure: TaggedEnum, Equatable {
    case circle(radius: Double)
    case rectangle(width: Int, height: Int)
}

private struct Synthesized: Codable {
    var int = 0
    var small: Int8 = 0
    var unsigned: UInt64 = 0
    var double = 0.0
    var float: Float = 0
    var flag = false
    var text = ""
    var decimal = Decimal(0)
    var date = Date(timeIntervalSince1970: 0)
    var bytes = Data()
    var link = URL(fileURLWithPath: "/")
    var id = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    var mood = Mood.calm
    var maybe: Int?
    var names: [String] = []
    var unique: Set<Int> = []
    var counts: [String: Int] = [:]
    var leaf = Leaf()
    var leaves: [Leaf] = []
    var maybeLeaf: Leaf?
    var figure = Figure.circle(radius: 1)
    var dates: [Date] = []
    var widths = Widths()
    var generic = Pair<String>()
    var matrix: [[Int]] = []
    var optionals: [Int?] = []
    var maybeDecimal: Decimal?
    var tags: Set<String> = []
}

private struct Twin: MappableCodable {
    var int = 0
    var small: Int8 = 0
    var unsigned: UInt64 = 0
    var double = 0.0
    var float: Float = 0
    var flag = false
    var text = ""
    var decimal = Decimal(0)
    var date = Date(timeIntervalSince1970: 0)
    var bytes = Data()
    var link = URL(fileURLWithPath: "/")
    var id = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    var mood = Mood.calm
    var maybe: Int?
    var names: [String] = []
    var unique: Set<Int> = []
    var counts: [String: Int] = [:]
    var leaf = Leaf()
    var leaves: [Leaf] = []
    var maybeLeaf: Leaf?
    var figure = Figure.circle(radius: 1)
    var dates: [Date] = []
    var widths = Widths()
    var generic = Pair<String>()
    var matrix: [[Int]] = []
    var optionals: [Int?] = []
    var maybeDecimal: Decimal?
    var tags: Set<String> = []
}

/// Every integer width, as a Codable leaf.
private struct Widths: Codable, Equatable {
    var i16: Int16 = 0
    var i32: Int32 = 0
    var i64: Int64 = 0
    var u8: UInt8 = 0
    var u16: UInt16 = 0
    var u32: UInt32 = 0
    var u: UInt = 0
}

/// A generic Codable leaf.
private struct Pair<Value: Codable & Equatable & Sendable>: Codable, Equatable where Value: ExpressibleByStringLiteral {
    var first: Value = ""
    var second: Value?
}

/// Classes and a subclass, twice: synthesized (the subclass encodes its own keys and its
/// superclass's through `super`), and `MappableCodable` (a base meant to be subclassed).
private class SynthesizedBase: Codable {
    var id = 0
    init() {}
    private enum CodingKeys: String, CodingKey { case id }
    required init(from decoder: any Decoder) throws {
        id = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .id)
    }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
    }
}

private final class SynthesizedDerived: SynthesizedBase {
    var label = ""
    override init() { super.init() }
    private enum CodingKeys: String, CodingKey { case label }
    required init(from decoder: any Decoder) throws {
        label = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .label)
        try super.init(from: decoder)
    }
    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(label, forKey: .label)
        try super.encode(to: encoder)
    }
}

private class TwinBase: MappableCodable {
    var id = 0
    required init() {}
    required convenience init(from decoder: any Decoder) throws {
        self.init()
        try update(from: decoder)
    }
}

private final class TwinDerived: TwinBase {
    var label = ""
}

/// One seeded value of the zoo, as the synthesized twin; the MappableCodable twin is read from
/// its JSON with default coders.
private func randomZoo(_ random: inout SplitMix64) -> Synthesized {
    func pick<T>(_ values: [T]) -> T { values[Int(random.next() % UInt64(values.count))] }
    var value = Synthesized()
    value.int = pick([0, 1, -1, Int.max, Int.min, 42])
    value.small = pick([0, 127, -128, 5])
    value.unsigned = pick([0, UInt64.max, 1 << 53])
    value.double = pick([0, 2.5, -0.1, 1e300, 123_456.789, 1.0])
    value.float = pick([0, 1.5, -3.25])
    value.flag = pick([true, false])
    value.text = pick(["", "a", "é☕️", "line\nbreak", "\"q\""])
    value.decimal = pick([Decimal(0), Decimal(string: "19.99") ?? 0, Decimal(string: "-0.001") ?? 0])
    value.date = Date(timeIntervalSince1970: pick([0, 1_700_000_000, -86_400, 1_234_567_890]))
    value.bytes = Data(pick([[], [0], [1, 2, 3, 255]]))
    value.link = pick([URL(string: "https://example.com/a?b=1"), URL(fileURLWithPath: "/tmp/x")].compactMap { $0 })
    value.id = UUID(uuid: (UInt8(random.next() % 256), 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15))
    value.mood = pick(Mood.allCases)
    value.maybe = pick([nil, 0, 7])
    value.names = pick([[], ["x"], ["a", "b", ""]])
    value.unique = pick([[], [1], [3, 1, 2]])
    value.counts = pick([[:], ["a": 1], ["snake_key": 2, "camelKey": 3]])
    value.leaf = Leaf(name: pick(["", "n"]), score: pick([0, 0.5]))
    value.leaves = pick([[], [Leaf(name: "a", score: 1)]])
    value.maybeLeaf = pick([nil, Leaf(name: "m", score: 2)])
    value.figure = pick([.circle(radius: 2.5), .rectangle(width: 3, height: 4)])
    value.dates = pick([[], [Date(timeIntervalSince1970: 10), Date(timeIntervalSince1970: 20)]])
    value.widths = Widths(
        i16: pick([0, .max, .min]), i32: pick([0, .max, .min]), i64: pick([0, .max, .min]),
        u8: pick([0, .max]), u16: pick([0, .max]), u32: pick([0, .max]), u: pick([0, .max])
    )
    value.generic = Pair(first: pick(["", "g"]), second: pick([nil, "s"]))
    value.matrix = pick([[], [[1, 2], []], [[-3]]])
    value.optionals = pick([[], [nil, 1], [2, nil]])
    value.maybeDecimal = pick([nil, Decimal(string: "0.5") ?? 0])
    value.tags = pick([[], ["x", "y"]])
    return value
}

/// A coder set-up, named.
private struct Options: CustomStringConvertible, Sendable {
    let description: String
    let configureEncoder: @Sendable (JSONEncoder) -> Void
    let configureDecoder: @Sendable (JSONDecoder) -> Void

    static let all: [Options] = [
        Options(description: "defaults", configureEncoder: { _ in }, configureDecoder: { _ in }),
        Options(description: "sorted, pretty", configureEncoder: { $0.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] }, configureDecoder: { _ in }),
        Options(description: "snake case", configureEncoder: { $0.keyEncodingStrategy = .convertToSnakeCase },
                configureDecoder: { $0.keyDecodingStrategy = .convertFromSnakeCase }),
        Options(description: "seconds since 1970", configureEncoder: { $0.dateEncodingStrategy = .secondsSince1970 },
                configureDecoder: { $0.dateDecodingStrategy = .secondsSince1970 }),
        Options(description: "milliseconds", configureEncoder: { $0.dateEncodingStrategy = .millisecondsSince1970 },
                configureDecoder: { $0.dateDecodingStrategy = .millisecondsSince1970 }),
        Options(description: "ISO 8601", configureEncoder: { $0.dateEncodingStrategy = .iso8601 },
                configureDecoder: { $0.dateDecodingStrategy = .iso8601 }),
        Options(description: "custom dates", configureEncoder: {
            $0.dateEncodingStrategy = .custom { date, encoder in
                var single = encoder.singleValueContainer()
                try single.encode("t\(Int(date.timeIntervalSince1970))")
            }
        }, configureDecoder: {
            $0.dateDecodingStrategy = .custom { decoder in
                let text = try decoder.singleValueContainer().decode(String.self)
                return Date(timeIntervalSince1970: TimeInterval(String(text.dropFirst())) ?? 0)
            }
        }),
        Options(description: "data deferred", configureEncoder: { $0.dataEncodingStrategy = .deferredToData },
                configureDecoder: { $0.dataDecodingStrategy = .deferredToData }),
        Options(description: "non-conforming floats as strings", configureEncoder: {
            $0.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        }, configureDecoder: {
            $0.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        }),
        Options(description: "JSON5", configureEncoder: { _ in }, configureDecoder: { decoder in
            if #available(macOS 12, iOS 15, tvOS 15, watchOS 8, *) { decoder.allowsJSON5 = true }
        }),
        Options(description: "custom keys", configureEncoder: {
            $0.keyEncodingStrategy = .custom { path in DifferentialKey("k_" + (path.last?.stringValue ?? "")) }
        }, configureDecoder: {
            $0.keyDecodingStrategy = .custom { path in DifferentialKey(String((path.last?.stringValue ?? "").dropFirst(2))) }
        }),
        Options(description: "userInfo of the app's own", configureEncoder: {
            $0.userInfo[CodingUserInfoKey(rawValue: "app") ?? .mappingKitMapper] = "value"
        }, configureDecoder: {
            $0.userInfo[CodingUserInfoKey(rawValue: "app") ?? .mappingKitMapper] = "value"
        }),
    ]
}

private struct DifferentialKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// JSON parsed to compare, key order aside (`Set`s are written in no fixed order: sorted here).
private func parsed(_ data: Data) throws -> Plain {
    var value = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    if var object = value as? [String: Any] {
        for (key, member) in object where key.hasSuffix("unique") || key.hasSuffix("tags") {
            guard let set = member as? [Any] else { continue }
            object[key] = set.sorted { "\($0)" < "\($1)" }
        }
        value = object
    }
    return Plain(value)
}

@Suite("Codable differential: synthesized twins and MappableCodable under every coder option")
struct CodableDifferentialTests {
    @Test("the same output, and each reads the other's, for a seeded zoo under every JSON coder option", arguments: Options.all)
    fileprivate func json(options: Options) throws {
        var random = SplitMix64(seed: 58)
        var disagreements: [String] = []
        for index in 0..<40 {
            let synthesized = randomZoo(&random)
            let twin = try JSONDecoder().decode(Twin.self, from: JSONEncoder().encode(synthesized))
            let encoder = JSONEncoder()
            options.configureEncoder(encoder)
            let decoder = JSONDecoder()
            options.configureDecoder(decoder)
            let expected = try encoder.encode(synthesized)
            let found = try encoder.encode(twin)
            if try parsed(found) != parsed(expected) {
                disagreements.append("\(index): wrote \(String(decoding: found, as: UTF8.self)) for \(String(decoding: expected, as: UTF8.self))")
                continue
            }
            // Each reads the other's output back to the same value.
            let back = try decoder.decode(Twin.self, from: expected)
            if try parsed(encoder.encode(back)) != parsed(expected) { disagreements.append("\(index): the twin read the synthesized output differently") }
            let synthesizedBack = try decoder.decode(Synthesized.self, from: found)
            if try parsed(encoder.encode(synthesizedBack)) != parsed(expected) { disagreements.append("\(index): the synthesized twin read the twin's output differently") }
        }
        #expect(disagreements == [], "\(options)")
    }

    @Test("the same property lists, XML and binary, and each reads the other's", arguments: [
        PropertyListSerialization.PropertyListFormat.xml, .binary,
    ])
    func propertyLists(format: PropertyListSerialization.PropertyListFormat) throws {
        var random = SplitMix64(seed: 5_858)
        let encoder = PropertyListEncoder()
        encoder.outputFormat = format
        for _ in 0..<40 {
            let synthesized = randomZoo(&random)
            let twin = try JSONDecoder().decode(Twin.self, from: JSONEncoder().encode(synthesized))
            let read = { (data: Data) in Plain(try PropertyListSerialization.propertyList(from: data, format: nil)) }
            let expected = try encoder.encode(synthesized)
            let found = try encoder.encode(twin)
            let normalized = { (plain: Plain) -> Plain in
                guard case .object(var members) = plain else { return plain }
                for key in ["unique", "tags"] {
                    if case .array(let set)? = members[key] { members[key] = .array(set.sorted { "\($0)" < "\($1)" }) }
                }
                return .object(members)
            }
            #expect(try normalized(read(found)) == normalized(read(expected)))
            let back = try PropertyListDecoder().decode(Twin.self, from: expected)
            #expect(try normalized(read(encoder.encode(back))) == normalized(read(expected)))
            let synthesizedBack = try PropertyListDecoder().decode(Synthesized.self, from: found)
            #expect(try normalized(read(encoder.encode(synthesizedBack))) == normalized(read(expected)))
        }
    }

    @Test("classes and a subclass: the same output, each reading the other's", arguments: [
        "defaults", "snake case",
    ])
    func classes(option: String) throws {
        let encoder = JSONEncoder()
        let decoder = JSONDecoder()
        if option == "snake case" {
            encoder.keyEncodingStrategy = .convertToSnakeCase
            decoder.keyDecodingStrategy = .convertFromSnakeCase
        }
        let synthesized = SynthesizedDerived()
        synthesized.id = 7
        synthesized.label = "seven"
        let twin = TwinDerived()
        twin.id = 7
        twin.label = "seven"
        #expect(try parsed(encoder.encode(twin)) == parsed(encoder.encode(synthesized)))
        let back = try decoder.decode(TwinDerived.self, from: encoder.encode(synthesized))
        #expect((back.id, back.label) == (7, "seven"))
        let synthesizedBack = try decoder.decode(SynthesizedDerived.self, from: encoder.encode(twin))
        #expect((synthesizedBack.id, synthesizedBack.label) == (7, "seven"))
        let base = try decoder.decode(TwinBase.self, from: encoder.encode(SynthesizedBase()))
        #expect(base.id == 0)
    }

    @Test("mutated inputs: the same DecodingError case and coding path", arguments: [
        ("int", "null"), ("int", "\"x\""), ("int", "2.5"), ("small", "300"), ("unsigned", "-1"),
        ("double", "\"x\""), ("flag", "\"yes\""), ("text", "{}"), ("date", "\"x\""), ("link", "5"), ("id", "\"nope\""),
        ("mood", "\"angry\""), ("mood", "3"), ("names", "{}"), ("names", "[true]"), ("counts", "[]"), ("counts", "{\"a\": \"b\"}"),
        ("leaf", "null"), ("leaf", "{\"name\": 1, \"score\": 0}"), ("leaves", "[null]"), ("figure", "{\"triangle\": {}}"),
        ("maybeLeaf", "{\"name\": \"x\"}"),
    ])
    func mutated(key: String, json: String) throws {
        var random = SplitMix64(seed: 1)
        let base = try JSONSerialization.jsonObject(with: JSONEncoder().encode(randomZoo(&random))) as? [String: Any] ?? [:]
        var mutated = base
        mutated[key] = try JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed])
        let data = try JSONSerialization.data(withJSONObject: mutated)
        let expected = try #require(throws: (any Error).self) { try JSONDecoder().decode(Synthesized.self, from: data) }
        let found = try #require(throws: (any Error).self) { try JSONDecoder().decode(Twin.self, from: data) }
        let expectedShape = decodingShape(expected)
        // Listed exemption: this Foundation reports a number that does not fit at the root.
        if expectedShape == "dataCorrupted@" {
            #expect(decodingShape(found) == "dataCorrupted@\(key)")
            return
        }
        #expect(decodingShape(found) == expectedShape, "\(found)")
    }
}
