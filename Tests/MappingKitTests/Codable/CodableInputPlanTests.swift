import Foundation
@testable import MappingKit
import Testing

// Reading from a `Decoder` straight into the plan (CodableInput+Plan.swift) must give what
// reading a dictionary gives. The first decode of a type goes the dictionary way (which tells
// the plan that the type has no override); later ones are read from the plan. A decoder given a
// mapper whose undefined-key policy is `.raise` always goes the dictionary way, so each test
// compares the two on inputs without undefined keys.

private struct Point: Mappable, Equatable {
    var x = 0
    var y = 0.0
}

private final class Tag: Mappable, Equatable {
    var name = ""
    required init() {}
    static func == (left: Tag, right: Tag) -> Bool { left.name == right.name }
}

private struct Sample: MappableCodable, Equatable {
    var int = 0
    var text = ""
    var flag = false
    var real = 0.0
    var maybeInt: Int? = 3
    var maybeText: String?
    var maybeFlag: Bool?
    var maybeReal: Double?
    var point = Point()
    var points: [Point] = []
    var maybePoint: Point?
    var tag = Tag()
    var tags: [Tag] = []
    var numbers: [Int] = []
    var words: [String] = []
    var flags: [Bool] = []
    var table: [String: Int] = [:]
    var price = Decimal(0)
    var stamp = Date(timeIntervalSince1970: 0)
    var count = 7

    static let mappingConfiguration = MappingConfiguration(for: Sample.self) { map in
        map.map(\.stamp, using: .iso8601)
        map.defaultValue(\.count, whenMissing: 42)
        map.require(\.real, .that("at most 100") { $0 <= 100 })
    }
}

private let full = #"""
    {"int": -7, "text": "a\"b", "flag": true, "real": 0.5, "maybeInt": null, "maybeText": "here", "maybeFlag": false,
     "maybeReal": 1e300, "point": {"x": 1, "y": 2.5}, "points": [{"x": 2, "y": -0.25}, {"x": 3, "y": 0}],
     "maybePoint": null, "tag": {"name": "t"}, "tags": [{"name": "u"}], "numbers": [1, 2], "words": ["x", ""],
     "flags": [false, true], "table": {"k": 9}, "price": 12.34, "stamp": "2014-02-13T09:30:00Z"}
    """#

/// Inputs every field of which reads (nulls, missing keys, numbers in other forms).
private let readable = [
    full,
    "{}",
    #"{"int": 1.0, "real": 2, "maybeInt": 5, "points": [], "tags": [], "maybePoint": {"x": 9}, "maybeFlag": null}"#,
    #"{"text": "only", "numbers": [], "words": [], "flags": [], "count": 1}"#,
]

/// Inputs with a problem: the dictionary way reports each, and the plan's way must report the
/// same, whole.
private let unreadable = [
    #"{"int": "seven"}"#,
    #"{"int": null}"#,
    #"{"points": [{"x": 1}, null]}"#,
    #"{"points": [{"x": 1}, {"x": "one"}]}"#,
    #"{"numbers": [1, "two"]}"#,
    #"{"point": [1, 2]}"#,
    #"{"tag": {"name": 5}, "int": "x"}"#,
    #"{"real": 1.5, "maybeReal": "nan"}"#,
    #"{"stamp": "yesterday"}"#,
    #"{"real": 101}"#,
]

/// `json` decoded as a `Sample`, by the plan (`viaPlan`) or the dictionary way.
private func decode(_ json: String, viaPlan: Bool) throws -> Sample {
    let decoder = JSONDecoder()
    if !viaPlan { decoder.userInfo[.mappingKitMapper] = Mapper(undefinedKeys: .raise) }
    return try decoder.decode(Sample.self, from: Data(json.utf8))
}

/// The innermost `DecodingError`'s path and description.
private func innermost(_ error: any Error) -> String {
    guard case DecodingError.dataCorrupted(let context) = error else { return "\(error)" }
    if let underlying = context.underlyingError, underlying is DecodingError { return innermost(underlying) }
    return "\(context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }): \(context.debugDescription)"
}

@Suite("Reading from a Decoder straight into the plan")
struct CodableInputPlanTests {
    @Test("the plan reads what the dictionary way reads, every kind of property, nulls and missing keys")
    func sameValues() throws {
        _ = try decode(full, viaPlan: true)
        let plan = try PlanCache.plan(for: Sample.self, configuration: MappingContext().declaredConfiguration(for: Sample.self))
        #expect(plan.decoderKeys(in: MappingContext())?.count == 20)
        for json in readable {
            #expect(try decode(json, viaPlan: true) == decode(json, viaPlan: false), "\(json)")
        }
        let sample = try decode(full, viaPlan: true)
        #expect(sample.points == [Point(x: 2, y: -0.25), Point(x: 3, y: 0)])
        #expect(sample.maybeInt == nil && sample.maybeText == "here" && sample.maybeFlag == false && sample.maybeReal == 1e300)
        #expect(sample.tags == [Tag()].map { $0.name = "u"; return $0 })
        #expect(sample.count == 42)
        #expect(sample.price == Decimal(string: "12.34"))
        #expect(sample.stamp == Date(timeIntervalSince1970: 1_392_283_800))
        let empty = try decode("{}", viaPlan: true)
        #expect(empty.maybeInt == 3 && empty.count == 42 && empty.numbers.isEmpty)
    }

    @Test("the readable inputs are read by the plan itself, not by falling back to the dictionary way")
    func planReadsWithoutFallingBack() throws {
        _ = try decode(full, viaPlan: true)
        let context = MappingContext().started()
        let plan = try PlanCache.plan(for: Sample.self, configuration: context.declaredConfiguration(for: Sample.self))
        let keys = try #require(plan.decoderKeys(in: context))
        for json in readable {
            let container = try JSONDecoderProbe(json: json).decoder().container(keyedBy: AnyCodingKey.self)
            var model = Sample()
            try model.withMutableModelBytes(isObject: false) { bytes in
                try CodableInput(context: context).readModel(into: bytes, plan: plan, keys: keys, from: container, depth: 1)
            }
            #expect(model == (try decode(json, viaPlan: false)), "\(json)")
        }
    }

    @Test("a problem is reported as the dictionary way reports it, with its path")
    func sameErrors() throws {
        _ = try decode(full, viaPlan: true)
        for json in unreadable {
            var messages: [String] = []
            for viaPlan in [true, false] {
                do {
                    _ = try decode(json, viaPlan: viaPlan)
                    messages.append("no error")
                } catch {
                    messages.append(innermost(error))
                }
            }
            #expect(messages.first == messages.last, "\(json)")
            #expect(messages.first != "no error", "\(json)")
        }
        #expect(throws: (any Error).self) { try decode(#"{"points": [{"x": 1}, null]}"#, viaPlan: true) }
    }

    /// A random JSON value for `key`: usually of the property's type, often not (`null`, a
    /// number for a string, an object for a number, an array with an odd element), sometimes
    /// left out.
    private static func randomValue(for key: String, using random: inout SplitMix64) -> String? {
        let scalars = ["0", "-7", "1.5", "1e300", "9007199254740993", "true", "false", "null", #""""#, #""x""#, #""12""#, "[]", "{}"]
        func any() -> String { scalars[Int(random.next() % UInt64(scalars.count))] }
        let roll = random.next() % 100
        if roll < 6 { return nil }
        if roll < 8 { return any() }
        let int = String(Int64(bitPattern: random.next()) >> Int64(random.next() % 64))
        func point() -> String { random.next() % 40 == 0 ? any() : #"{"x": \#(random.next() % 40 == 0 ? any() : int), "y": 0.5}"# }
        func tag() -> String { random.next() % 40 == 0 ? any() : #"{"name": \#(random.next() % 40 == 0 ? any() : #""t""#)}"# }
        func array(_ element: () -> String) -> String { "[" + (0..<Int(random.next() % 4)).map { _ in element() }.joined(separator: ", ") + "]" }
        switch key {
        case "int", "count", "maybeInt": return int
        case "text", "maybeText": return #""s\#(random.next() % 100)""#
        case "flag", "maybeFlag": return random.next() % 2 == 0 ? "true" : "false"
        case "real", "maybeReal": return String(Double(bitPattern: random.next() % 0x7FF0_0000_0000_0000))
        case "point", "maybePoint": return point()
        case "points": return array(point)
        case "tag": return tag()
        case "tags": return array(tag)
        case "numbers": return array { random.next() % 40 == 0 ? any() : int }
        case "words": return array { random.next() % 40 == 0 ? any() : #""w""# }
        case "flags": return array { random.next() % 40 == 0 ? any() : "true" }
        case "table": return #"{"k": \#(random.next() % 40 == 0 ? any() : "1")}"#
        case "price": return random.next() % 20 != 0 ? "12.34" : any()
        default: return random.next() % 20 != 0 ? #""2014-02-13T09:30:00Z""# : any()
        }
    }

    @Test("600 random inputs: the plan and the dictionary way give the same model, or the same error")
    func randomInputs() throws {
        _ = try decode(full, viaPlan: true)
        let keys = ["int", "text", "flag", "real", "maybeInt", "maybeText", "maybeFlag", "maybeReal", "point", "points", "maybePoint",
                    "tag", "tags", "numbers", "words", "flags", "table", "price", "stamp", "count"]
        var random = SplitMix64(seed: 0x5EED_C0DA)
        var agreed = (values: 0, errors: 0)
        for _ in 0..<600 {
            let members = keys.compactMap { key in Self.randomValue(for: key, using: &random).map { #""\#(key)": \#($0)"# } }
            let json = "{" + members.joined(separator: ", ") + "}"
            var values: [NSDictionary] = []
            var errors: [String] = []
            for viaPlan in [true, false] {
                do {
                    values.append(try decode(json, viaPlan: viaPlan).dictionaryRepresentation() as NSDictionary)
                } catch {
                    errors.append(innermost(error))
                }
            }
            #expect(values.count == 2 && values[0] == values[1] || errors.count == 2 && errors[0] == errors[1], "\(json): \(values) \(errors)")
            if errors.isEmpty { agreed.values += 1 } else { agreed.errors += 1 }
        }
        // Both kinds of outcome are exercised.
        #expect(agreed.values > 100 && agreed.errors > 100, "\(agreed)")
    }

    @Test("an update from a decoder changes nothing when any field fails")
    func atomicUpdate() throws {
        _ = try decode(full, viaPlan: true)
        var model = try decode(full, viaPlan: true)
        let before = model
        #expect(throws: (any Error).self) {
            try model.update(from: JSONDecoderProbe(json: #"{"text": "changed", "points": [{"x": "bad"}]}"#).decoder())
        }
        #expect(model == before)
        try model.update(from: JSONDecoderProbe(json: #"{"text": "changed"}"#).decoder())
        #expect(model.text == "changed" && model.points == before.points)
    }

    @Test("property lists read the same both ways")
    func propertyLists() throws {
        let data = try PropertyListEncoder().encode(try decode(full, viaPlan: true))
        let first = try PropertyListDecoder().decode(Sample.self, from: data)
        let second = try PropertyListDecoder().decode(Sample.self, from: data)
        #expect(first == second)
        #expect(second == (try decode(full, viaPlan: false)))
    }

    @Test("nesting past the limit is refused the plan's way too")
    func nestingLimit() throws {
        _ = try decode(full, viaPlan: true)
        let decoder = JSONDecoder()
        decoder.userInfo[.mappingKitMapper] = Mapper(limits: MappingLimits(maximumNesting: 2))
        #expect(throws: (any Error).self) {
            try decoder.decode(Sample.self, from: Data(#"{"points": [{"x": 1}]}"#.utf8))
        }
        #expect(try decoder.decode(Sample.self, from: Data(#"{"point": {"x": 1}}"#.utf8)).point == Point(x: 1, y: 0))
    }
}

/// A `Decoder` for `json`, to call `update(from:)` with: JSONDecoder's own, handed out through
/// a box in its `userInfo` (one per call, so tests running at once never share one).
private struct JSONDecoderProbe: Decodable {
    private final class Box: @unchecked Sendable {
        var decoder: (any Decoder)?
    }

    private static let boxKey = CodingUserInfoKey(rawValue: "JSONDecoderProbe.box")

    let json: String

    init(json: String) {
        self.json = json
    }

    init(from decoder: any Decoder) throws {
        json = ""
        if let key = Self.boxKey { (decoder.userInfo[key] as? Box)?.decoder = decoder }
    }

    func decoder() throws -> any Decoder {
        let box = Box()
        let decoder = JSONDecoder()
        if let key = Self.boxKey { decoder.userInfo[key] = box }
        _ = try decoder.decode(Self.self, from: Data(json.utf8))
        guard let captured = box.decoder else { throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "none")) }
        // The decoder holds the box (in its `userInfo`): let go of the decoder, or the two leak.
        box.decoder = nil
        return captured
    }
}
