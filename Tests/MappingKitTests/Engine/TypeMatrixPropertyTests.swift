import Foundation
import MappingKit
import Testing

// The type matrix (issue 23): every supported property type, with extreme and random values,
// through every path a model is written and read back by. Each value written must read back
// equal, or the write must throw: never a value changed on the way back. Seeded, so a failure
// is reproduced by its seed. Dates, with each built-in adapter, are DateRoundTripTests';
// SQLite is MappingKitSQLiteTests' SQLiteTypeMatrixTests.

/// A property type of the matrix: its zero, extreme values and a random one.
private protocol MatrixValue: Hashable, Sendable {
    static var zero: Self { get }
    static var extremes: [Self] { get }
    static func random(_ random: inout SplitMix64) -> Self
    /// Equal as the model holds them: floating-point values by their bits (`-0.0` is not `0.0`).
    static func same(_ left: Self, _ right: Self) -> Bool
}

extension MatrixValue {
    static func same(_ left: Self, _ right: Self) -> Bool { left == right }
}

extension MatrixValue where Self: FixedWidthInteger {
    static var zero: Self { 0 }
    static var extremes: [Self] { [.min, .max, 0, 1, .min + 1, .max - 1, Self(truncatingIfNeeded: -1)] }
    static func random(_ random: inout SplitMix64) -> Self {
        // Small, 32-bit and full-width values, evenly. Full width takes two words; a type of 64
        // bits or fewer keeps the low one (the smart shift drops the high one entirely).
        switch random.next() % 3 {
        case 0: Self(truncatingIfNeeded: Int64(bitPattern: random.next()) % 1_000)
        case 1: Self(truncatingIfNeeded: Int32(truncatingIfNeeded: random.next()))
        default: (Self(truncatingIfNeeded: random.next()) << 64) | Self(truncatingIfNeeded: random.next())
        }
    }
}

extension Int8: MatrixValue {}
extension Int16: MatrixValue {}
extension Int32: MatrixValue {}
extension Int64: MatrixValue {}
extension Int: MatrixValue {}
extension UInt8: MatrixValue {}
extension UInt16: MatrixValue {}
extension UInt32: MatrixValue {}
extension UInt64: MatrixValue {}
extension UInt: MatrixValue {}
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
extension Int128: MatrixValue {}
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
extension UInt128: MatrixValue {}

extension Double: MatrixValue {
    static var extremes: [Double] {
        [.greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude, .leastNormalMagnitude, -0.0, 0.1,
         0x1p53 + 2, 0x1p64, 1e22, 1e23, .infinity, .nan, 123_456_789.123_456_79]
    }
    static func random(_ random: inout SplitMix64) -> Double {
        random.next() % 2 == 0 ? Double(bitPattern: random.next()) : Double(Int64(bitPattern: random.next()) % 1_000_000) / 100
    }
    static func same(_ left: Double, _ right: Double) -> Bool { left.bitPattern == right.bitPattern }
}

extension Float: MatrixValue {
    static var extremes: [Float] {
        [.greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude, .leastNormalMagnitude, -0.0, 0.1, 16_777_216, .nan]
    }
    static func random(_ random: inout SplitMix64) -> Float {
        random.next() % 2 == 0 ? Float(bitPattern: UInt32(truncatingIfNeeded: random.next())) : Float(Int32(truncatingIfNeeded: random.next()) % 100_000) / 100
    }
    static func same(_ left: Float, _ right: Float) -> Bool { left.bitPattern == right.bitPattern }
}

extension Decimal: MatrixValue {
    static var extremes: [Decimal] {
        [.greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude, Decimal(string: "340282366920938463463374607431768211455") ?? 0,
         Decimal(string: "19.99") ?? 0, Decimal(string: "0.000000000000000000000000000000000000001") ?? 0, .nan]
    }
    static func random(_ random: inout SplitMix64) -> Decimal {
        let significand = Decimal(random.next() >> UInt64(random.next() % 64))
        let exponent = Int(random.next() % 61) - 30
        return Decimal(sign: random.next() % 2 == 0 ? .plus : .minus, exponent: exponent, significand: significand)
    }
}

extension Bool: MatrixValue {
    static var zero: Bool { false }
    static var extremes: [Bool] { [true, false] }
    static func random(_ random: inout SplitMix64) -> Bool { random.next() % 2 == 0 }
}

extension String: MatrixValue {
    static var zero: String { "" }
    static var extremes: [String] {
        ["", " ", "\u{0}", "\"\\/\u{8}\u{c}\n\r\t", "é", "e\u{301}", "👩‍👩‍👧", "\u{7f}\u{80}\u{ffff}", "\u{10ffff}", "null", "42", "true"]
    }
    static func random(_ random: inout SplitMix64) -> String {
        let ranges: [ClosedRange<UInt32>] = [0...0x7f, 0x80...0x7ff, 0x800...0xd7ff, 0xe000...0xffff, 0x1_0000...0x10_ffff]
        var text = ""
        for _ in 0..<random.next() % 16 {
            let range = ranges[Int(random.next() % UInt64(ranges.count))]
            if let scalar = Unicode.Scalar(range.lowerBound + UInt32(random.next() % UInt64(range.count))) {
                text.unicodeScalars.append(scalar)
            }
        }
        return text
    }
}

extension URL: MatrixValue {
    static var zero: URL { URL(fileURLWithPath: "/") }
    static var extremes: [URL] {
        ["https://example.com", "https://example.com/a%20b?q=1&r=%C3%A9#frag", "relative/path", "mailto:ann@example.com",
         "file:///tmp/x", "https://[::1]:8080/", "https://user:pw@example.com/"].compactMap(URL.init(string:))
    }
    static func random(_ random: inout SplitMix64) -> URL {
        let characters = Array("abcXYZ019-._~%20")
        let path = (0..<random.next() % 12).map { _ in String(characters[Int(random.next() % UInt64(characters.count))]) }.joined()
        return URL(string: "https://example.com/" + path.replacingOccurrences(of: "%", with: "%25")) ?? zero
    }
}

extension UUID: MatrixValue {
    static var zero: UUID { UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)) }
    static var extremes: [UUID] { [zero, UUID(uuid: (255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255))] }
    static func random(_ random: inout SplitMix64) -> UUID {
        let (high, low) = (random.next(), random.next())
        return withUnsafeBytes(of: (high, low)) { bytes in
            UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                        bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
        }
    }
}

extension Data: MatrixValue {
    static var zero: Data { Data() }
    static var extremes: [Data] { [Data(), Data([0]), Data([255, 254, 0, 1]), Data(repeating: 0xAB, count: 257)] }
    static func random(_ random: inout SplitMix64) -> Data { Data((0..<random.next() % 40).map { _ in UInt8(truncatingIfNeeded: random.next()) }) }
}

private enum Kind: String, CaseIterable, MatrixValue {
    case small, large = "LARGE", spaced = "with space", empty = ""
    static var zero: Kind { .small }
    static var extremes: [Kind] { allCases }
    static func random(_ random: inout SplitMix64) -> Kind { allCases[Int(random.next() % UInt64(allCases.count))] }
}

private enum Level: Int, CaseIterable, MatrixValue {
    case low = -1, mid = 0, high = 9_007_199_254_740_993
    static var zero: Level { .mid }
    static var extremes: [Level] { allCases }
    static func random(_ random: inout SplitMix64) -> Level { allCases[Int(random.next() % UInt64(allCases.count))] }
}

/// A nested model.
private struct Inner: MappableCodable, MatrixValue {
    var id = 0
    var name = ""
    var ratio = 0.0
    static var zero: Inner { Inner() }
    static var extremes: [Inner] { [Inner(), Inner(id: .max, name: "\u{0}", ratio: -0.0)] }
    static func random(_ random: inout SplitMix64) -> Inner {
        Inner(id: .random(&random), name: .random(&random), ratio: Double(Int64(bitPattern: random.next()) % 10_000) / 7)
    }
    static func same(_ left: Inner, _ right: Inner) -> Bool {
        left.id == right.id && left.name == right.name && left.ratio.bitPattern == right.ratio.bitPattern
    }
}

/// One type in every shape a property takes: alone, optional, in an array, a set, a
/// dictionary's values and an optional array.
private struct Box<Value: MatrixValue>: MappableCodable {
    var value = Value.zero
    var maybe: Value?
    var list: [Value] = []
    var unique: Set<Value> = []
    var keyed: [String: Value] = [:]
    var maybeList: [Value]?

    static func random(_ random: inout SplitMix64, extreme: Value?) -> Box {
        func one() -> Value {
            random.next() % 4 == 0 ? Value.extremes[Int(random.next() % UInt64(Value.extremes.count))] : Value.random(&random)
        }
        var box = Box()
        box.value = extreme ?? one()
        box.maybe = random.next() % 3 == 0 ? nil : one()
        box.list = (0..<random.next() % 4).map { _ in one() }
        box.unique = Set((0..<random.next() % 4).map { _ in one() })
        box.keyed = Dictionary((0..<random.next() % 3).map { index in ("k\(index)", one()) }, uniquingKeysWith: { first, _ in first })
        box.maybeList = random.next() % 2 == 0 ? nil : (0..<random.next() % 3).map { _ in one() }
        return box
    }

    static func same(_ left: Box, _ right: Box) -> Bool {
        func all(_ left: [Value], _ right: [Value]) -> Bool { left.count == right.count && zip(left, right).allSatisfy(Value.same) }
        func sets(_ left: Set<Value>, _ right: Set<Value>) -> Bool {
            left.count == right.count && left.allSatisfy { element in right.contains { Value.same(element, $0) } }
        }
        return Value.same(left.value, right.value)
            && (left.maybe == nil) == (right.maybe == nil) && zip([left.maybe].compactMap { $0 }, [right.maybe].compactMap { $0 }).allSatisfy(Value.same)
            && all(left.list, right.list)
            && sets(left.unique, right.unique)
            && left.keyed.keys.sorted() == right.keyed.keys.sorted() && left.keyed.allSatisfy { key, value in right.keyed[key].map { Value.same(value, $0) } ?? false }
            && (left.maybeList == nil) == (right.maybeList == nil) && all(left.maybeList ?? [], right.maybeList ?? [])
    }
}

/// Optionals whose defaults are not `nil`: `nil` must come back as `nil`, not as the default.
private struct Defaults: MappableCodable, Equatable {
    var count: Int? = 5
    var name: String? = "x"
    var list: [Int]? = [1]
    var inner: Inner? = Inner(id: 1, name: "default", ratio: 0.5)

    static func random(_ random: inout SplitMix64) -> Defaults {
        var model = Defaults()
        if random.next() % 2 == 0 { model.count = random.next() % 2 == 0 ? nil : .random(&random) }
        if random.next() % 2 == 0 { model.name = random.next() % 2 == 0 ? nil : .random(&random) }
        if random.next() % 2 == 0 { model.list = random.next() % 2 == 0 ? nil : [.random(&random)] }
        if random.next() % 2 == 0 { model.inner = random.next() % 2 == 0 ? nil : .random(&random) }
        return model
    }
}

/// Untyped values, stashed.
private struct Stash: MappableCodable {
    var name = ""
    var unmapped = UnmappedValues()
    static let mappingConfiguration = MappingConfiguration(for: Stash.self) { $0.undefinedKeys = .stash }

    static func random(_ random: inout SplitMix64) -> Stash {
        func value(depth: Int) -> Any {
            switch random.next() % (depth > 2 ? 9 : 11) {
            case 0: return NSNull()
            case 1: return random.next() % 2 == 0
            case 2: return Int(truncatingIfNeeded: Int64(bitPattern: random.next()) >> (random.next() % 64))
            case 3: return UInt64.max - random.next() % 3
            case 4:
                let double = Double.random(&random)
                return double.isFinite ? double : 0.5
            case 5: return String.random(&random)
            case 6: return Decimal(string: "18446744073709551616") ?? 0
            case 7: return Int64.min
            case 8: return Double(Int64(bitPattern: random.next()) % 1_000)
            case 9: return (0..<random.next() % 3).map { _ in value(depth: depth + 1) }
            default: return Dictionary((0..<random.next() % 3).map { ("k\($0)", value(depth: depth + 1)) }, uniquingKeysWith: { first, _ in first })
            }
        }
        var stash = Stash()
        stash.name = .random(&random)
        stash.unmapped = UnmappedValues(Dictionary((0..<random.next() % 5).map { ("u\($0)", value(depth: 0)) }, uniquingKeysWith: { first, _ in first }))
        return stash
    }
}

/// The paths a model is written and read back by.
private enum Path: String, CaseIterable {
    case dictionary, json, jsonSerialization, jsonEncoder, propertyListEncoder
}

/// What a run of one type found: failures (a value changed) and refusals (a write threw).
private struct Tally {
    var cases = 0
    var failures: [String] = []
    var refusals: [Path: Int] = [:]

    mutating func roundTrip<Model: MappableCodable>(
        _ model: Model,
        same: (Model, Model) -> Bool,
        label: String,
        paths: [Path] = Path.allCases
    ) {
        for path in paths {
            cases += 1
            let written: () throws -> Model
            do {
                switch path {
                case .dictionary:
                    let dictionary = try model.dictionaryRepresentation()
                    written = { try Model(dictionary: dictionary) }
                case .json:
                    let data = try model.jsonData()
                    written = { try Model(json: data) }
                case .jsonSerialization:
                    let data = try model.jsonData()
                    written = { try Model(dictionary: JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]) }
                case .jsonEncoder:
                    let data = try JSONEncoder().encode(model)
                    written = { try JSONDecoder().decode(Model.self, from: data) }
                case .propertyListEncoder:
                    let data = try PropertyListEncoder().encode(model)
                    written = { try PropertyListDecoder().decode(Model.self, from: data) }
                }
            } catch {
                refusals[path, default: 0] += 1
                continue
            }
            do {
                let back = try written()
                if !same(model, back) { failures.append("\(label) \(path): \(model) came back as \(back)") }
            } catch {
                failures.append("\(label) \(path): \(model) was written but does not read back: \(error)")
            }
        }
    }
}

/// Numbers through JSONEncoder come back by value: JSON text cannot tell `3.0` from `3` to a
/// `Decoder` (README: the Codable bridge). Elsewhere untyped values keep their kind.
private func sameByValue(_ left: UnmappedValues, _ right: UnmappedValues) -> Bool {
    func normalized(_ value: Any) -> Any {
        if let array = value as? [Any] { return array.map(normalized) }
        if let dictionary = value as? [String: Any] { return dictionary.mapValues(normalized) }
        if value is Bool || value is NSNull || value is String { return value }
        if let double = value as? Double, let integer = Int(exactly: double) { return integer }
        if let decimal = value as? Decimal, let integer = Int("\(decimal)") { return integer }
        if let decimal = value as? Decimal, let integer = UInt64("\(decimal)") { return integer }
        if let unsigned = value as? UInt64, let integer = Int(exactly: unsigned) { return integer }
        return value
    }
    return UnmappedValues(left.dictionary.mapValues(normalized)) == UnmappedValues(right.dictionary.mapValues(normalized))
}

/// Prints what a test checked, so a run's log reports the counts.
private func report(_ name: String, _ tallies: [Tally]) {
    let cases = tallies.map(\.cases).reduce(0, +)
    let refused = tallies.map { $0.refusals.values.reduce(0, +) }.reduce(0, +)
    let failures = tallies.map(\.failures.count).reduce(0, +)
    print("type matrix, \(name): \(cases) round trips, \(refused) writes refused, \(failures) values changed")
}

@Suite("The type matrix: every property type, extreme and random values, every path (issue 23)")
struct TypeMatrixPropertyTests {
    static let casesPerType = 150

    private func run<Value: MatrixValue>(_: Value.Type, seed: UInt64) -> Tally {
        var random = SplitMix64(seed: seed)
        var tally = Tally()
        for extreme in Value.extremes {
            tally.roundTrip(Box<Value>.random(&random, extreme: extreme), same: Box.same, label: "\(Value.self) seed \(seed)")
        }
        for _ in 0..<Self.casesPerType {
            tally.roundTrip(Box<Value>.random(&random, extreme: nil), same: Box.same, label: "\(Value.self) seed \(seed)")
        }
        return tally
    }

    @Test("integers, Int8 through UInt")
    func integers() {
        let tallies = [
            run(Int8.self, seed: 1), run(Int16.self, seed: 2), run(Int32.self, seed: 3), run(Int64.self, seed: 4), run(Int.self, seed: 5),
            run(UInt8.self, seed: 6), run(UInt16.self, seed: 7), run(UInt32.self, seed: 8), run(UInt64.self, seed: 9), run(UInt.self, seed: 10),
        ]
        for tally in tallies {
            #expect(Array(tally.failures.prefix(5)) == [])
            #expect(tally.refusals == [:])
        }
        report("integers", tallies)
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test("integers, Int128 and UInt128")
    func wideIntegers() {
        // Property lists have no integers past 64 bits: a dictionary holds their digits, and
        // `PropertyListEncoder` refuses them, as it does for the synthesized conformance (issue 58).
        let wide = [run(Int128.self, seed: 11), run(UInt128.self, seed: 12)]
        for tally in wide {
            #expect(Array(tally.failures.prefix(5)) == [])
            #expect(Array(tally.refusals.keys) == [.propertyListEncoder])
        }
        report("128-bit integers", wide)
    }

    @Test("floating point and Decimal: only what no format holds (NaN, infinities) is refused")
    func numbers() {
        let tallies = [run(Double.self, seed: 20), run(Float.self, seed: 21), run(Decimal.self, seed: 22)]
        report("floating point and Decimal", tallies)
        for tally in tallies {
            #expect(Array(tally.failures.prefix(5)) == [])
            // Every path refuses the models holding a NaN or an infinity; PropertyListEncoder's
            // binary form those holding -0.0 too.
            let others = Set(tally.refusals.filter { $0.key != .propertyListEncoder }.values)
            #expect(others.count <= 1)
            #expect((tally.refusals[.propertyListEncoder] ?? 0) >= (others.first ?? 0))
        }
    }

    @Test("Bool, String, URL, UUID, Data, raw-value enums and nested models")
    func values() {
        let tallies = [
            run(Bool.self, seed: 30), run(String.self, seed: 31), run(URL.self, seed: 32), run(UUID.self, seed: 33),
            run(Kind.self, seed: 35), run(Level.self, seed: 36),
        ]
        for tally in tallies {
            #expect(Array(tally.failures.prefix(5)) == [])
            #expect(tally.refusals == [:])
        }
        // Inner's `-0.0` ratios are refused by PropertyListEncoder's binary form, and only there.
        let inner = run(Inner.self, seed: 37)
        #expect(Array(inner.failures.prefix(5)) == [])
        #expect(Array(inner.refusals.keys) == [.propertyListEncoder])
        // JSON has no bytes: `Data` goes into JSON only through an adapter (`.base64`), and
        // `jsonData()` refuses it without one; coders write it with their own strategies.
        let data = run(Data.self, seed: 34)
        #expect(Array(data.failures.prefix(5)) == [])
        #expect(data.refusals == [.json: Self.casesPerType + Data.extremes.count, .jsonSerialization: Self.casesPerType + Data.extremes.count])
        report("other values", tallies + [inner, data])
    }

    @Test("optionals whose defaults are not nil, and stashed untyped values")
    func optionalsAndStash() {
        var random = SplitMix64(seed: 40)
        var tally = Tally()
        for _ in 0..<Self.casesPerType * 4 {
            tally.roundTrip(Defaults.random(&random), same: ==, label: "Defaults")
        }
        #expect(Array(tally.failures.prefix(5)) == [])
        #expect(tally.refusals == [:])
        // Through MappingKit's own paths untyped values keep their kind; a Decoder hands back a
        // whole number as an integer, whatever it was written as (the README's Codable bridge),
        // so there they are compared by value. JSONSerialization's kinds are its own (a Double
        // with many digits is an NSDecimalNumber): untyped values are not compared through it.
        var kinds = Tally()
        var values = Tally()
        for _ in 0..<Self.casesPerType * 4 {
            let stash = Stash.random(&random)
            kinds.roundTrip(stash, same: { $0.name == $1.name && $0.unmapped == $1.unmapped }, label: "Stash", paths: [.dictionary, .json])
            values.roundTrip(stash, same: { $0.name == $1.name && sameByValue($0.unmapped, $1.unmapped) }, label: "Stash",
                             paths: [.jsonEncoder, .propertyListEncoder])
        }
        #expect(Array(kinds.failures.prefix(5)) == [])
        #expect(kinds.refusals == [:])
        #expect(Array(values.failures.prefix(5)) == [])
        report("optionals with non-nil defaults", [tally])
        report("stashed values (kinds kept; through coders, by value)", [kinds, values])
    }
}
