import Foundation
import MappingKit
import Observation
import Testing

// Every input representation agrees (issue 37): the same data as native typed Swift containers,
// as `[Any]`/`[String: Any]`, as Foundation objects, as JSON bytes read by MappingKit, as
// JSONSerialization's output, through the Codable bridge (JSONDecoder and PropertyListDecoder)
// gives the same model or the same errors, over a zoo of models that uses every configuration
// feature, with random and extreme values. A disagreement prints the seed and the case.
// (Stored rows are compared in MappingKitSQLiteTests' SQLiteDifferentialTests.)

// MARK: - The zoo

private protocol ZooShape {
    var area: Double { get }
}

private struct ZooCircle: ZooShape, Mappable {
    var radius = 0.0
    var area: Double { radius * radius }
}

private struct ZooSquare: ZooShape, Mappable {
    var side = 0.0
    var area: Double { side * side }
}

@propertyWrapper private struct ZooTrimmed: MappableWrapper {
    private var value = ""
    init(wrappedValue: String) { self.wrappedValue = wrappedValue }
    var wrappedValue: String {
        get { value }
        set { value = newValue.trimmingCharacters(in: .whitespaces) }
    }
}

private struct ZooItem: Mappable {
    var name = ""
    var count = 0
}

/// Raw adapters see the value as it came: only strings are given to them here, which every
/// representation holds alike (a raw adapter given `1` sees an `Int` or an `NSNumber`).
private let suffixed = Adapter<String>("suffixed", decode: { "\($0)_T" }, encode: { $0 })
private let shouted = Adapter<String>("shouted", from: String.self, decode: { $0.uppercased() }, encode: { $0.lowercased() })
private let tenfold = Adapter<Int>("tenfold", from: Int.self, decode: { value in
    let (product, overflow) = value.multipliedReportingOverflow(by: 10)
    guard !overflow else { throw ZooError.tooLarge }
    return product
}, encode: { $0 / 10 })

private enum ZooError: Error, CustomStringConvertible {
    case tooLarge
    var description: String { "too large to multiply by 10" }
}

/// An externally tagged enum (issue 39): every payload form.
private enum ZooFigure: TaggedEnum {
    case circle(radius: Double)
    case pair(Int, Int)
    case note(String)
    case none
}

/// A model flattened into the zoo's object, beside its stash (issue 39).
private struct ZooPage: Mappable {
    var total = 0
    var cursor: String?
    var unmapped = UnmappedValues()
}

private struct Zoo: MappableCodable {
    var figures: [ZooFigure] = []
    var page = ZooPage()
    var id = 0
    var title = ""
    var score = 0.0
    var flag = false
    var small: Int8 = 0
    var nick: String?
    var website: URL?
    var tags: [String] = []
    var counts: [Int] = []
    var label = ""
    var code: Int?
    var ratios: [String: Double] = [:]
    var measures: [[Double]] = []
    var lookup: [String: Int] = [:]
    var names: Set<String> = []
    var items: [ZooItem] = []
    var byName: [String: ZooItem] = [:]
    var item: ZooItem?
    var city = ""
    var created = Date(timeIntervalSince1970: 0)
    var seen = Date(timeIntervalSince1970: 0)
    var posted = Date(timeIntervalSince1970: 0)
    var day = Date(timeIntervalSince1970: 0)
    var level = 0
    var shape: (any ZooShape)?
    var shapes: [any ZooShape] = []
    @ZooTrimmed var handle = ""
    var anything: Any?
    var unmapped = UnmappedValues()

    static let kinds = TypeChoice.byKey("kind", ["circle": ZooCircle.self, "square": ZooSquare.self])
    static let mappingConfiguration = MappingConfiguration(for: Zoo.self) { map in
        map.undefinedKeys = .stash
        map.require(\.id, .exists)
        map.map(\.title, to: "headline", "title")
        map.emptyStringAsNil(\.nick)
        map.map(\.tags, using: suffixed)
        map.map(\.counts, using: tenfold)
        map.map(\.label, using: shouted)
        map.map(\.code, using: tenfold)
        map.map(\.city, to: "address.city")
        map.map(\.created, using: .iso8601)
        map.map(\.seen, using: .unixSeconds)
        map.map(\.posted, using: .date(format: "EEE MMM dd HH:mm:ss Z yyyy"))
        map.map(\.day, using: .iso8601Date)
        map.defaultValue(\.level, whenMissing: 5)
        map.map(\.shape, choosing: kinds)
        map.map(\.shapes, choosing: kinds)
        map.flatten(\.page)
    }
}

/// An `@Observable` class under a key strategy, set through its setters.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@Observable private final class ZooKeeper: MappableCodable {
    var userName = ""
    var isAdmin = false
    var shiftCount: Int?
    var badges: [String] = []
    var lastSeen: Date?
    required init() {}

    static let mappingConfiguration = MappingConfiguration(for: ZooKeeper.self) { map in
        map.keyStrategy = .snakeCase
        map.observed(\.userName, \.isAdmin, \.shiftCount, \.badges, \.lastSeen)
        map.map(\.badges, using: suffixed)
        map.map(\.lastSeen, using: .unixMilliseconds)
    }
}

/// Issue 44: Foundation reference types, `CGFloat` and sets as property types, and nested
/// models with declared defaults.
private final class ZooLegacy: MappableCodable {
    var amount: NSNumber = 0
    var price: NSDecimalNumber?
    var name: NSString = ""
    var notes = NSMutableString(string: "")
    var home: NSURL?
    var list = NSArray()
    var info = NSDictionary()
    var bag = NSSet()
    var nothing: NSNull?
    var width: CGFloat = 0
    var height: CGFloat?
    var ratio = 0.0
    var ids: Set<Int> = []
    var spot = ZooItem(name: "spot", count: 1)
    var extra: ZooItem? = ZooItem(name: "extra", count: 2)
    var stamp: NSDate?
    init() {}

    static let mappingConfiguration = MappingConfiguration(for: ZooLegacy.self) { map in
        map.map(\.stamp, using: .unixSeconds)
    }
}

// MARK: - Data, and its representations

/// One JSON-shaped value, rendered into each representation.
private indirect enum Datum {
    case int(Int)
    case double(Double)
    case string(String)
    case bool(Bool)
    case null
    case array([Datum])
    case object([(String, Datum)])
    /// A set: an array in JSON, a Swift `Set` in typed containers, an `NSSet` among Foundation objects.
    case set([Datum])
    /// A `CGFloat` in typed containers, a `Double` elsewhere.
    case cgFloat(Double)

    /// What a `Decoder` shows of this value: it cannot tell `2.0` from `2`, and gives a whole
    /// number as an `Int` when asked for untyped values (typed reads still ask for a `Double`).
    var wholeDoublesAsInts: Datum {
        switch self {
        case .double(let value) where value == value.rounded() && abs(value) < 0x1p63 && !(value == 0 && value.sign == .minus):
            .int(Int(value))
        case .cgFloat(let value): Datum.double(value).wholeDoublesAsInts
        case .array(let elements): .array(elements.map(\.wholeDoublesAsInts))
        case .set(let elements): .set(elements.map(\.wholeDoublesAsInts))
        case .object(let members): .object(members.map { ($0.0, $0.1.wholeDoublesAsInts) })
        default: self
        }
    }

    var holdsNull: Bool {
        switch self {
        case .null: true
        case .array(let elements), .set(let elements): elements.contains { $0.holdsNull }
        case .object(let members): members.contains { $0.1.holdsNull }
        default: false
        }
    }

    /// Swift's own scalars, `[Any]` and `[String: Any]`.
    var untyped: Any {
        switch self {
        case .int(let value): value
        case .double(let value), .cgFloat(let value): value
        case .string(let value): value
        case .bool(let value): value
        case .null: NSNull()
        case .array(let elements), .set(let elements): elements.map(\.untyped) as [Any]
        case .object(let members): Dictionary(members.map { ($0.0, $0.1.untyped) }, uniquingKeysWith: { _, last in last }) as [String: Any]
        }
    }

    /// Typed Swift containers where the elements allow: `[String]`, `[Int]`, `[String: Double]`…
    var typed: Any {
        switch self {
        case .array(let elements):
            if let values = Self.all(elements, { if case .int(let value) = $0 { value } else { nil } }) { return values }
            if let values = Self.all(elements, { if case .string(let value) = $0 { value } else { nil } }) { return values }
            if let values = Self.all(elements, { if case .double(let value) = $0 { value } else { nil } }) { return values }
            if let values = Self.all(elements, { if case .bool(let value) = $0 { value } else { nil } }) { return values }
            if let values = Self.all(elements, { $0.typedObject }) { return values }
            return elements.map(\.typed) as [Any]
        case .set(let elements):
            if let values = Self.all(elements, { if case .int(let value) = $0 { value } else { nil } }), Set(values).count == values.count {
                return Set(values)
            }
            if let values = Self.all(elements, { if case .string(let value) = $0 { value } else { nil } }), Set(values).count == values.count {
                return Set(values)
            }
            return Datum.array(elements).typed
        case .cgFloat(let value):
            return CGFloat(value)
        case .object(let members):
            let values = members.map(\.1)
            let keys = members.map(\.0)
            func keyed<Value>(_ values: [Value]) -> [String: Value] {
                Dictionary(zip(keys, values).map { $0 }, uniquingKeysWith: { _, last in last })
            }
            if let ints = Self.all(values, { if case .int(let value) = $0 { value } else { nil } }) { return keyed(ints) }
            if let strings = Self.all(values, { if case .string(let value) = $0 { value } else { nil } }) { return keyed(strings) }
            if let doubles = Self.all(values, { if case .double(let value) = $0 { value } else { nil } }) { return keyed(doubles) }
            return keyed(values.map(\.typed))
        default:
            return untyped
        }
    }

    private var typedObject: [String: Any]? {
        guard case .object(let members) = self else { return nil }
        return Dictionary(members.map { ($0.0, $0.1.typed) }, uniquingKeysWith: { _, last in last })
    }

    private static func all<Value>(_ elements: [Datum], _ value: (Datum) -> Value?) -> [Value]? {
        guard !elements.isEmpty else { return nil }
        var values: [Value] = []
        for element in elements {
            guard let one = value(element) else { return nil }
            values.append(one)
        }
        return values
    }

    /// `NSNumber`, `NSString`, `NSNull`, `NSMutableArray`, `NSMutableDictionary`.
    var foundation: Any {
        switch self {
        case .int(let value): NSNumber(value: value)
        case .double(let value), .cgFloat(let value): NSNumber(value: value)
        case .string(let value): NSString(string: value)
        case .bool(let value): NSNumber(value: value)
        case .null: NSNull()
        case .array(let elements): NSMutableArray(array: elements.map(\.foundation))
        case .set(let elements): NSMutableSet(array: elements.map(\.foundation))
        case .object(let members):
            members.reduce(into: NSMutableDictionary()) { dictionary, member in dictionary[NSString(string: member.0)] = member.1.foundation }
        }
    }

    /// JSON text: doubles in Swift's shortest form, strings escaped.
    var json: String {
        switch self {
        case .int(let value): "\(value)"
        case .double(let value), .cgFloat(let value): "\(value)"
        case .string(let value): Self.quoted(value)
        case .bool(let value): "\(value)"
        case .null: "null"
        case .array(let elements), .set(let elements): "[" + elements.map(\.json).joined(separator: ",") + "]"
        case .object(let members): "{" + members.map { Self.quoted($0.0) + ":" + $0.1.json }.joined(separator: ",") + "}"
        }
    }

    private static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case _ where scalar.value < 0x20: result += String(format: "\\u%04x", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}

/// Random values of every kind the zoo reads, and wrong ones.
private struct Generator {
    var random: SplitMix64

    mutating func below(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    mutating func pick<Value>(_ values: [Value]) -> Value { values[below(values.count)] }

    mutating func int() -> Int {
        switch below(6) {
        case 0: pick([0, 1, -1, Int.max, Int.min, 127, 128, -129, 255])
        default: below(2_001) - 1_000
        }
    }

    mutating func double() -> Double {
        switch below(6) {
        case 0: pick([0.0, -0.0, 0.1, 1e300, -2.5e-300, .leastNonzeroMagnitude, 1_764_307_200.123_456_1, 0.30000000000000004])
        default: Double(Int64(bitPattern: random.next()) % 10_000_000) / Double(pick([1, 7, 100, 1_000, 3]))
        }
    }

    mutating func string() -> String {
        let pieces = ["a", "B", "é", "😀", " ", "42", "-", "\"", "\\", "\n", "ß", "zz"]
        return (0..<below(6)).map { _ in pick(pieces) }.joined()
    }

    mutating func scalar() -> Datum {
        switch below(5) {
        case 0: .int(int())
        case 1: .double(double())
        case 2: .string(string())
        case 3: .bool(chance(50))
        default: .null
        }
    }

    mutating func any(depth: Int = 0) -> Datum {
        guard depth < 3, chance(30) else { return scalar() }
        if chance(50) { return .array((0..<below(4)).map { _ in any(depth: depth + 1) }) }
        return object(count: below(4)) { $0.any(depth: depth + 1) }
    }

    /// An object of `count` members at most, with distinct keys (JSON parsers differ on which
    /// of two equal keys counts; RFC 8259 leaves it open).
    mutating func object(count: Int, _ value: (inout Generator) -> Datum) -> Datum {
        var members: [(String, Datum)] = []
        for _ in 0..<count {
            let key = string()
            guard !members.contains(where: { $0.0 == key }) else { continue }
            members.append((key, value(&self)))
        }
        return .object(members)
    }

    /// A value that is right for the field most of the time, the wrong kind (or null) now and then.
    mutating func field(_ right: (inout Generator) -> Datum) -> Datum {
        chance(88) ? right(&self) : any()
    }

    mutating func item() -> Datum {
        var members: [(String, Datum)] = []
        if chance(85) { members.append(("name", field { .string($0.string()) })) }
        if chance(85) { members.append(("count", field { .int($0.int()) })) }
        if chance(10) { members.append(("other", any())) }
        return .object(members)
    }

    mutating func shape() -> Datum {
        let kind = pick(["circle", "square", "circle", "triangle"])
        return .object([("kind", .string(kind)), (kind == "square" ? "side" : "radius", field { .double($0.double()) })])
    }

    mutating func figure() -> Datum {
        switch below(6) {
        case 0: .object([("circle", .object([("radius", field { .double($0.double()) })]))])
        case 1: .object([("pair", .array([field { .int($0.int()) }, field { .int($0.int()) }]))])
        case 2: .object([("note", field { .string($0.string()) })])
        case 3: .string("none")
        case 4: .object([("none", .object([]))])
        default: chance(50) ? .string("triangle") : .object([("circle", .int(int())), ("none", .null)])
        }
    }

    mutating func zoo() -> Datum {
        var members: [(String, Datum)] = []
        func add(_ key: String, percent: Int = 80, _ value: (inout Generator) -> Datum) {
            guard chance(percent) else { return }
            members.append((key, field(value)))
        }
        add("figures", percent: 60) { generator in .array((0..<generator.below(3)).map { _ in generator.figure() }) }
        add("total", percent: 60) { .int($0.int()) }
        add("cursor", percent: 60) { $0.chance(20) ? .null : .string($0.string()) }
        add("id", percent: 95) { .int($0.int()) }
        add(chance(50) ? "headline" : "title") { .string($0.string()) }
        add("score") { $0.chance(50) ? .double($0.double()) : .int($0.int()) }
        add("flag") { .bool($0.chance(50)) }
        add("small") { .int($0.below(400) - 200) }
        add("nick") { $0.chance(30) ? .string("") : .string($0.string()) }
        add("website") { .string($0.pick(["https://example.com/a b/c?q=x y", "https://x.example/z", "not a url", "", "https://bücher.example/ü"])) }
        // A raw adapter's field gets text only (or one text, boxed): see `suffixed`.
        if chance(80) { members.append(("tags", chance(10) ? .string(string()) : .array((0..<below(4)).map { _ in .string(string()) }))) }
        add("counts") { generator in .array((0..<generator.below(4)).map { _ in .int(generator.int()) }) }
        add("label") { .string($0.string()) }
        add("code") { $0.chance(20) ? .null : .int($0.int()) }
        add("ratios") { generator in generator.object(count: generator.below(3)) { .double($0.double()) } }
        add("measures") { generator in
            .array((0..<generator.below(3)).map { _ in
                .array((0..<generator.below(3)).map { _ in generator.chance(30) ? .int(generator.int()) : .double(generator.double()) })
            })
        }
        add("lookup") { generator in generator.object(count: generator.below(3)) { .int($0.int()) } }
        add("names") { generator in .array((0..<generator.below(4)).map { _ in .string(generator.string()) }) }
        add("items") { generator in generator.chance(15) ? generator.item() : .array((0..<generator.below(3)).map { _ in generator.item() }) }
        add("byName") { generator in generator.object(count: generator.below(3)) { $0.item() } }
        add("item") { $0.chance(20) ? .null : $0.item() }
        add("address") { .object([("city", .string($0.string()))]) }
        add("created") { .string($0.pick(["2014-02-13T09:30:00Z", "2014-02-13T09:30:00.25+01:00", "2017-04-06T16:55:02", "2014-02-13", "soon"])) }
        add("seen") { $0.chance(50) ? .int($0.int()) : .double($0.double()) }
        // Text dates are parsed from JSON's bytes where they stand, from a dictionary's strings.
        add("posted") { .string($0.pick(["Sun Aug 31 00:29:15 +0000 2014", "sat aug 30 20:29:15 -0400 2014", "Sun Foo 31 00:29:15 +0000 2014", "Sun Aug 31 00:29:15 +0000 20"])) }
        add("day") { .string($0.pick(["2014-02-13", "2014-02-30", "2014-02-13T00:00:00Z", "1970-01-01"])) }
        add("level", percent: 50) { .int($0.int()) }
        add("shape") { $0.chance(15) ? .null : $0.shape() }
        add("shapes") { generator in .array((0..<generator.below(3)).map { _ in generator.shape() }) }
        add("handle") { .string("  " + $0.string() + " ") }
        add("anything", percent: 40) { $0.any() }
        if chance(30) { members.append(("zz_extra", any())) }
        return .object(members)
    }

    mutating func legacy() -> Datum {
        var members: [(String, Datum)] = []
        func add(_ key: String, percent: Int = 80, _ value: (inout Generator) -> Datum) {
            guard chance(percent) else { return }
            members.append((key, field(value)))
        }
        add("amount") { $0.chance(50) ? .int($0.int()) : .double($0.double()) }
        add("price") { $0.chance(20) ? .null : $0.chance(50) ? .int($0.int()) : .double($0.double()) }
        add("name") { .string($0.string()) }
        add("notes") { .string($0.string()) }
        add("home") { .string($0.pick(["https://example.com/a b/c?q=x y", "https://x.example/z", "not a url", ""])) }
        add("list") { generator in .array((0..<generator.below(4)).map { _ in generator.any() }) }
        add("info") { generator in generator.object(count: generator.below(3)) { $0.any() } }
        add("bag") { generator in
            .set((0..<generator.below(4)).map { _ in generator.chance(50) ? .int(generator.below(5)) : .string(generator.pick(["a", "b", "c"])) })
        }
        add("nothing") { _ in .null }
        add("width") { .cgFloat($0.double()) }
        add("height") { $0.chance(20) ? .null : .cgFloat($0.double()) }
        add("ratio") { .cgFloat($0.double()) }
        add("ids") { generator in .set((0..<generator.below(4)).map { _ in .int(generator.below(6)) }) }
        add("spot") { $0.item() }
        add("extra") { $0.chance(20) ? .null : $0.item() }
        add("stamp") { $0.chance(50) ? .int($0.int()) : .double($0.double()) }
        return .object(members)
    }

    mutating func keeper() -> Datum {
        var members: [(String, Datum)] = []
        if chance(85) { members.append(("user_name", field { .string($0.string()) })) }
        if chance(85) { members.append(("is_admin", field { .bool($0.chance(50)) })) }
        if chance(70) { members.append(("shift_count", field { $0.chance(20) ? .null : .int($0.int()) })) }
        if chance(70) { members.append(("badges", chance(10) ? .string(string()) : .array((0..<below(3)).map { _ in .string(string()) }))) }
        if chance(70) { members.append(("last_seen", field { $0.chance(50) ? .int($0.int()) : .double($0.double()) })) }
        if chance(10) { members.append(("userName", any())) }
        return .object(members)
    }
}

// MARK: - Outcomes

/// A mapping's outcome in comparable words: the model's representation, or every problem with
/// its path, sorted (a dictionary's entries are met in an order of their own in each copy).
private func outcome<Model: Mappable>(strippingPrefix prefix: String = "", _ body: () throws -> Model) -> String {
    func line(_ issue: MappingError.Issue) -> String {
        var path = issue.path
        if !prefix.isEmpty, path.hasPrefix(prefix) {
            path.removeFirst(prefix.count)
            if path.hasPrefix(".") { path.removeFirst() }
        }
        return "\(path) expected \(issue.expected), found \(issue.found)"
    }
    do {
        let model = try body()
        do {
            return "mapped: \(sameNumbers(Plain(try model.dictionaryRepresentation())))"
        } catch {
            return "mapped, not representable: \(error)"
        }
    } catch let error as MappingError {
        return "failed: " + error.issues.map(line).sorted().joined(separator: "\n")
    } catch let error as DecodingError {
        // The Codable bridge: the MappingError is the underlying error.
        let context: DecodingError.Context? = switch error {
        case .dataCorrupted(let context), .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context): context
        @unknown default: nil
        }
        guard let mapping = context?.underlyingError as? MappingError else { return "failed: \(error)" }
        return "failed: " + mapping.issues.map(line).sorted().joined(separator: "\n")
    } catch {
        return "failed: \(error)"
    }
}

/// `value` with each `Decimal` whose digits are an `Int`'s, or a `Double`'s shortest text, as that
/// number: the same number. (JSONSerialization on Linux gives `Int.min` and long fractions as
/// `NSDecimalNumber`, which an `NSNumber` property keeps as it came.)
private func sameNumbers(_ value: Plain) -> Plain {
    switch value {
    case .other(let text) where text.hasPrefix("Decimal "):
        let digits = String(text.dropFirst("Decimal ".count))
        if let int = Int(digits) { return .int(int) }
        guard let double = Double(digits), "\(double)" == digits else { return value }
        return .double(double)
    case .array(let values): return .array(values.map(sameNumbers))
    case .object(let values): return .object(values.mapValues(sameNumbers))
    default: return value
    }
}

/// Maps `datum` from every representation and returns the disagreements, in words.
private func disagreements<Model: MappableCodable>(_ type: Model.Type, _ datum: Datum, representations: inout Int) -> [String] {
    let json = datum.json
    var outcomes: [(String, String)] = [
        ("the dictionary a Decoder shows", outcome { try Model(dictionary: datum.wholeDoublesAsInts.untyped as? [String: Any] ?? [:]) }),
        ("[String: Any]", outcome { try Model(dictionary: datum.untyped as? [String: Any] ?? [:]) }),
        ("typed containers", outcome { try Model(dictionary: datum.typed as? [String: Any] ?? [:]) }),
        ("Foundation objects", outcome { try Model(dictionary: (datum.foundation as? NSDictionary).map(foundationTop) ?? [:]) }),
        ("JSON bytes", outcome { try Model(json: Data(json.utf8)) }),
        ("JSONSerialization", outcome { try Model(dictionary: JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] ?? [:]) }),
        ("JSONDecoder", outcome { try JSONDecoder().decode(Model.self, from: Data(json.utf8)) }),
        ("array element", outcome(strippingPrefix: "[0]") { try Model.array(from: [datum.untyped])[0] }),
    ]
    if !datum.holdsNull, let plist = try? PropertyListSerialization.data(fromPropertyList: datum.untyped, format: .binary, options: 0) {
        outcomes.append(("PropertyListDecoder", outcome { try PropertyListDecoder().decode(Model.self, from: plist) }))
    }
    representations += outcomes.count - 1
    let decoderView = outcomes[0].1
    let expected = outcomes[1].1
    return outcomes.dropFirst(2).compactMap { name, found in
        // The Codable bridge is compared with what a Decoder can show of the same data.
        let reference = name.hasSuffix("Decoder") ? decoderView : expected
        guard found != reference else { return nil }
        return "\(Model.self) from \(name) disagrees with [String: Any] on \(json):\n  \(name): \(found)\n  [String: Any]: \(reference)"
    }
}

/// The top level as `[String: Any]` whose values stay Foundation objects.
private func foundationTop(_ dictionary: NSDictionary) -> [String: Any] {
    var result: [String: Any] = [:]
    for (key, value) in dictionary {
        guard let key = key as? NSString else { continue }
        result[String(key)] = value
    }
    return result
}

@Suite("Every input representation agrees (issue 37)")
struct DifferentialTests {
    /// Set MAPPINGKIT_DIFFERENTIAL_SEED to replay a run, or to explore another.
    static let seed: UInt64 = ProcessInfo.processInfo.environment["MAPPINGKIT_DIFFERENTIAL_SEED"].flatMap { UInt64($0) } ?? 0x37_2026

    @Test("random and extreme data for a zoo of models: the same model or the same errors from every representation")
    func everyRepresentationAgrees() {
        var generator = Generator(random: SplitMix64(seed: Self.seed))
        var found: [String] = []
        var representations = 0
        let cases = 1_500
        for _ in 0..<cases {
            found += disagreements(Zoo.self, generator.zoo(), representations: &representations)
            found += disagreements(ZooLegacy.self, generator.legacy(), representations: &representations)
            if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
                found += disagreements(ZooKeeper.self, generator.keeper(), representations: &representations)
            }
        }
        print("differential: seed \(Self.seed), \(3 * cases) cases, \(representations) mappings, \(found.count) disagreements")
        let byRepresentation = Dictionary(grouping: found) { String($0.split(separator: " disagrees")[0]) }.mapValues(\.count)
        print("differential disagreements by representation: \(byRepresentation.sorted { $0.key < $1.key })")
        if let path = ProcessInfo.processInfo.environment["MAPPINGKIT_DIFFERENTIAL_OUT"] {
            try? found.joined(separator: "\n\n").write(toFile: path, atomically: true, encoding: .utf8)
        }
        #expect(Array(found.prefix(5)) == [], "seed \(Self.seed)")
    }
}
