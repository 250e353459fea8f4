import Foundation
import MappingKit
import Testing

// Round trips under `.stash`, checked on random dictionaries: whatever a model does not map, it
// keeps and writes back, so `Model(dictionary: d).dictionaryRepresentation()` is `d` again.

private struct Customer: Mappable {
    var name = ""
    var vip = false
    var unmapped = UnmappedValues()
    static let mappingConfiguration = MappingConfiguration(for: Customer.self) { $0.undefinedKeys = .stash }
}

private struct Line: Mappable {
    var sku = ""
    var quantity = 0
    var unitPrice = 0.0
    var unmapped = UnmappedValues()
    static let mappingConfiguration = MappingConfiguration(for: Line.self) { map in
        map.keyStrategy = .snakeCase
        map.undefinedKeys = .stash
    }
}

private struct Order: Mappable {
    var orderId = 0
    var total = 0.0
    var paid = false
    var note: String?
    var city = ""
    var customer = Customer()
    var lines: [Line] = []
    var tags: [String] = []
    var unmapped = UnmappedValues()
    static let mappingConfiguration = MappingConfiguration(for: Order.self) { map in
        map.map(\.orderId, to: "order_id", "orderId")
        map.map(\.city, to: "shipping.address.city")
        map.undefinedKeys = .stash
    }
}

private final class Venue: Mappable {
    var title = ""
    var capacity: Int64 = 0
    var unmapped = UnmappedValues()
    required init() {}
    static let mappingConfiguration = MappingConfiguration(for: Venue.self) { $0.undefinedKeys = .stash }
}

private final class Event: Mappable {
    var id = ""
    var starts: Int64 = 0
    var venue: Venue?
    var attendees: [String: Customer] = [:]
    var scores: [Double] = []
    var unmapped = UnmappedValues()
    required init() {}
    static let mappingConfiguration = MappingConfiguration(for: Event.self) { map in
        map.map(\.id, to: "meta.id")
        map.undefinedKeys = .stash
    }
}

private protocol Pet {}

private struct Dog: Pet, Mappable {
    var name = ""
    var good = true
    var unmapped = UnmappedValues()
    static let mappingConfiguration = MappingConfiguration(for: Dog.self) { $0.undefinedKeys = .stash }
}

private struct Cat: Pet, Mappable {
    var name = ""
    var lives = 9
    var unmapped = UnmappedValues()
    static let mappingConfiguration = MappingConfiguration(for: Cat.self) { $0.undefinedKeys = .stash }
}

private struct Spot: Mappable {
    var x = 0.0
    var y = 0.0
    var unmapped = UnmappedValues()
    static let mappingConfiguration = MappingConfiguration(for: Spot.self) { map in
        map.positions(\.x, \.y)
        map.undefinedKeys = .stash
    }
}

/// Discriminated types and positional arrays: the third shape.
private struct Shelter: Mappable {
    var pets: [any Pet] = []
    var entrance = Spot()
    var unmapped = UnmappedValues()
    static let mappingConfiguration = MappingConfiguration(for: Shelter.self) { map in
        map.map(\.pets, choosing: .byKey("kind", ["dog": Dog.self, "cat": Cat.self]))
        map.undefinedKeys = .stash
    }
}

/// Random values from a seeded ``SplitMix64``, so a failure can be reproduced from its seed.
private struct Random {
    var generator: SplitMix64

    init(state: UInt64) {
        generator = SplitMix64(seed: state)
    }

    mutating func next() -> UInt64 {
        generator.next()
    }

    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }

    mutating func bool() -> Bool { next() & 1 == 1 }

    /// A double with a fractional part, so JSON text keeps it a double.
    mutating func double() -> Double { Double(int(-100_000...100_000)) + 0.25 }

    mutating func string() -> String {
        let pieces = ["a", "Z", "é", "漢", "🎉", " ", "0", "-", "\"", "\\", "\n", "key"]
        return (0..<int(0...6)).map { _ in pieces[int(0...(pieces.count - 1))] }.joined()
    }

    /// Any JSON value, nested up to `depth`.
    mutating func extra(depth: Int = 2) -> Any {
        switch int(0...(depth > 0 ? 7 : 5)) {
        case 0: return int(Int(Int32.min)...Int(Int32.max))
        case 1: return double()
        case 2: return bool()
        case 3: return string()
        case 4: return NSNull()
        case 5: return int(-5...5)
        case 6: return (0..<int(0...3)).map { _ in extra(depth: depth - 1) }
        default: return extras(into: [:], depth: depth - 1)
        }
    }

    /// Adds up to three keys no model maps (`x_…`) to `dictionary`.
    mutating func extras(into dictionary: [String: Any], depth: Int = 2) -> [String: Any] {
        var dictionary = dictionary
        for _ in 0..<int(0...3) { dictionary["x_\(string())\(int(0...99))"] = extra(depth: depth) }
        return dictionary
    }
}

private func order(_ random: inout Random) -> [String: Any] {
    var order: [String: Any] = [
        "order_id": random.int(0...Int(Int32.max)), "total": random.double(), "paid": random.bool(),
        "shipping": random.extras(into: ["address": random.extras(into: ["city": random.string()])]),
        "customer": random.extras(into: ["name": random.string(), "vip": random.bool()]),
        "lines": (0..<random.int(0...3)).map { _ in
            random.extras(into: ["sku": random.string(), "quantity": random.int(0...50), "unit_price": random.double()])
        },
        "tags": (0..<random.int(0...3)).map { _ in random.string() },
    ]
    if random.bool() { order["note"] = random.string() }
    return random.extras(into: order)
}

private func event(_ random: inout Random) -> [String: Any] {
    var event: [String: Any] = [
        "meta": random.extras(into: ["id": random.string()]),
        "starts": random.int(0...Int(Int32.max)) * 1_000,
        "attendees": Dictionary(uniqueKeysWithValues: (0..<random.int(0...3)).map { index in
            ("guest\(index)", random.extras(into: ["name": random.string(), "vip": random.bool()]))
        }),
        "scores": (0..<random.int(0...4)).map { _ in random.double() },
    ]
    if random.bool() {
        event["venue"] = random.extras(into: ["title": random.string(), "capacity": random.int(0...100_000)])
    }
    return random.extras(into: event)
}

private func shelter(_ random: inout Random) -> [String: Any] {
    let pets: [Any] = (0..<random.int(0...3)).map { _ in
        random.bool()
            ? random.extras(into: ["kind": "dog", "name": random.string(), "good": random.bool()])
            : random.extras(into: ["kind": "cat", "name": random.string(), "lives": random.int(0...9)])
    }
    var entrance: [Any] = [random.double(), random.double()]
    if random.bool() { entrance.append(random.extra(depth: 1)) }
    return random.extras(into: ["pets": pets, "entrance": entrance])
}

/// Maps `input` with the shape `iteration` picks and gives its representation.
private func roundTrip(_ input: [String: Any], shape iteration: Int) throws -> [String: Any] {
    switch iteration % 3 {
    case 0: try mapped(Order.self, input).dictionaryRepresentation()
    case 1: try mapped(Event.self, input).dictionaryRepresentation()
    default: try mapped(Shelter.self, input).dictionaryRepresentation()
    }
}

@Suite("Round trips under .stash")
struct RoundTripPropertyTests {
    @Test("10,000 random dictionaries over three model shapes come back exactly, through JSON text too")
    func randomRoundTrips() throws {
        var random = Random(state: 20_261_122)
        var checked = 0
        var throughJSON = 0
        for iteration in 0..<10_000 {
            let input = switch iteration % 3 {
            case 0: order(&random)
            case 1: event(&random)
            default: shelter(&random)
            }
            let output = try roundTrip(input, shape: iteration)
            guard Plain(output) == Plain(input) else {
                Issue.record("round trip \(iteration) lost something:\n  in:  \(Plain(input))\n  out: \(Plain(output))")
                return
            }
            checked += 1
            if iteration.isMultiple(of: 10) {
                let text = try JSONSerialization.data(withJSONObject: input)
                let parsed = try #require(try JSONSerialization.jsonObject(with: text) as? [String: Any])
                let back = try roundTrip(parsed, shape: iteration)
                #expect(Plain(back) == Plain(parsed), "JSON round trip \(iteration)")
                throughJSON += 1
            }
        }
        #expect(checked == 10_000)
        #expect(throughJSON == 1_000)
    }

    @Test("stashed values keep their kinds: Int, Double and Bool do not turn into each other")
    func kinds() throws {
        let input: [String: Any] = [
            "order_id": 1, "total": 2.5, "paid": true, "shipping": ["address": ["city": "c"]],
            "customer": ["name": "n", "vip": false], "lines": [], "tags": [],
            "x_int": 1, "x_double": 1.0, "x_bool": true, "x_big": Int64.max, "x_null": NSNull(),
        ]
        let back = try mapped(Order.self, input).dictionaryRepresentation()
        #expect(Plain(back) == Plain(input))
        #expect(Plain(back["x_double"] as Any) == .double(1.0))
        #expect(Plain(back["x_int"] as Any) == .int(1))
        #expect(Plain(back["x_bool"] as Any) == .bool(true))
    }
}

extension Order: MappableCodable {}
extension Event: MappableCodable {}
extension Shelter: MappableCodable {}

/// A bag of undefined keys that archives itself through its mapping. (Top-level and not
/// private: swift-corelibs-foundation names archived classes by their module path.)
final class ArchivedBag: NSObject, Mappable, NSSecureCoding {
    var name = ""
    var unmapped = UnmappedValues()
    static let supportsSecureCoding = true
    static let mappingConfiguration = MappingConfiguration(for: ArchivedBag.self) { $0.undefinedKeys = .stash }

    required override init() {}
    required init?(coder: NSCoder) { super.init(); if !decodeMapping(from: coder) { return nil } }
    func encode(with coder: NSCoder) { encodeMapping(with: coder) }
}

/// `value` without `NSNull`s (property lists have none): dropped from dictionaries, replaced
/// by a string in arrays.
private func withoutNulls(_ value: Any) -> Any {
    if let dictionary = value as? [String: Any] {
        return dictionary.filter { !($0.value is NSNull) }.mapValues(withoutNulls)
    }
    if let array = value as? [Any] {
        return array.map { $0 is NSNull ? "null" : withoutNulls($0) }
    }
    return value
}

/// `input` mapped by the model `iteration` picks from every shape MappingKit reads, each
/// written back in its own shape and compared with what was read.
private func checkEveryShape(_ input: [String: Any], iteration: Int) throws {
    func check<Model: MappableCodable>(_: Model.Type) throws {
        let userInfo = Dictionary(uniqueKeysWithValues: input.map { (AnyHashable($0.key), $0.value) })
        #expect(Plain(try Model(dictionary: userInfo).userInfoRepresentation()) == Plain(input), "userInfo \(iteration)")
        #expect(Plain(try Model(dictionary: NSDictionary(dictionary: input)).dictionaryRepresentation()) == Plain(input), "NSDictionary \(iteration)")

        let json = try JSONSerialization.data(withJSONObject: input)
        let parsed = try JSONSerialization.jsonObject(with: json)
        let coded = try JSONEncoder().encode(try JSONDecoder().decode(Model.self, from: json))
        #expect(Plain(try JSONSerialization.jsonObject(with: coded)) == Plain(parsed), "JSONDecoder and JSONEncoder \(iteration)")

        let plist = try PropertyListSerialization.data(fromPropertyList: withoutNulls(input), format: .binary, options: 0)
        let plistValue = try PropertyListSerialization.propertyList(from: plist, format: nil)
        let written = try Model(propertyList: plist).propertyListData()
        #expect(Plain(try PropertyListSerialization.propertyList(from: written, format: nil)) == Plain(plistValue), "property list \(iteration)")
        let recoded = try PropertyListEncoder().encode(try PropertyListDecoder().decode(Model.self, from: plist))
        #expect(Plain(try PropertyListSerialization.propertyList(from: recoded, format: nil)) == Plain(plistValue), "property-list coders \(iteration)")
    }
    switch iteration % 3 {
    case 0: try check(Order.self)
    case 1: try check(Event.self)
    default: try check(Shelter.self)
    }
}

@Suite("Round trips under .stash, every input shape")
struct InputShapeRoundTripTests {
    @Test("600 random dictionaries come back from userInfo, NSDictionary, Codable and property lists as they were read")
    func everyShape() throws {
        var random = Random(state: 20_261_124)
        for iteration in 0..<600 {
            let input = switch iteration % 3 {
            case 0: order(&random)
            case 1: event(&random)
            default: shelter(&random)
            }
            try checkEveryShape(input, iteration: iteration)
        }
    }

    @Test("300 random bags come back from NSKeyedArchiver as they were read")
    func archives() throws {
        var random = Random(state: 20_261_125)
        for iteration in 0..<300 {
            let input = random.extras(into: ["name": random.string()], depth: 3)
            let bag = try ArchivedBag(dictionary: input)
            let data = try NSKeyedArchiver.archivedData(withRootObject: bag, requiringSecureCoding: true)
            let copy = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: ArchivedBag.self, from: data))
            #expect(Plain(try copy.dictionaryRepresentation()) == Plain(input), "archive \(iteration)")
        }
    }
}
