import Foundation
import MappingKit
import MappingKitSQLite
import Testing

// The type matrix through SQLite (issue 23; MappingKitTests' TypeMatrixPropertyTests has the
// other paths): every supported property type, extreme and random values, imported row by row
// and read back with all(). Each row reads back equal, or its import throws.

private enum Tint: String, CaseIterable {
    case red, dark = "DARK BLUE", none = ""
}

private struct Part: Mappable, Equatable {
    var name = ""
    var weight = 0.0
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
private final class MatrixRow: Mappable {
    var id = 0
    var tiny: Int8 = 0
    var wide: Int64 = 0
    var unsigned: UInt64 = 0
    var huge: Int128 = 0
    var hugeUnsigned: UInt128 = 0
    var single: Float = 0
    var double = 0.0
    var decimal = Decimal(0)
    var span = Duration.zero
    var flag = false
    var text = ""
    var link: URL?
    var uuid = UUID()
    var bytes = Data()
    var tint = Tint.red
    var created = Date(timeIntervalSince1970: 0)
    var stamp = Date(timeIntervalSince1970: 0)
    var maybe: Int? = 5
    var list: [Int] = []
    var tags: Set<String> = []
    var scores: [String: Double] = [:]
    var part = Part()
    var parts: [Part]? = []
    var unmapped = UnmappedValues()
    required init() {}

    static let mappingConfiguration = MappingConfiguration(for: MatrixRow.self) { map in
        map.identity(\.id)
        map.map(\.created, using: .iso8601)
        map.map(\.stamp, using: .unixMilliseconds)
        map.undefinedKeys = .stash
    }

    /// Every property, as the model holds it (floating point by its bits).
    var fields: [String] {
        [
            "\(id)", "\(tiny)", "\(wide)", "\(unsigned)", "\(huge)", "\(hugeUnsigned)", "\(single.bitPattern)", "\(double.bitPattern)",
            "\(decimal)", "\(span._high) \(span._low)", "\(flag)", text.debugDescription, "\(link as Any)", "\(uuid)", bytes.base64EncodedString(), tint.rawValue,
            "\(created.timeIntervalSinceReferenceDate.bitPattern)", "\(stamp.timeIntervalSinceReferenceDate.bitPattern)", "\(maybe as Any)",
            "\(list)", "\(tags.sorted())", "\(scores.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value.bitPattern)" })",
            "\(part.name.debugDescription):\(part.weight.bitPattern)", "\(parts.map { $0.map { "\($0.name):\($0.weight.bitPattern)" } } as Any)",
            // A mapped optional's null is kept with the stash, as a dictionary's would be.
            "\(UnmappedValues(unmapped.dictionary.filter { !["maybe", "parts", "link"].contains($0.key) }))",
        ]
    }
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
private func randomRow(id: Int, _ random: inout SplitMix64) -> MatrixRow {
    func pick<Value>(_ extremes: [Value], _ other: () -> Value) -> Value {
        random.next() % 4 == 0 ? extremes[Int(random.next() % UInt64(extremes.count))] : other()
    }
    func text() -> String {
        String(String.UnicodeScalarView((0..<random.next() % 12).compactMap { _ in Unicode.Scalar(UInt32(random.next() % 0x3_0000)) }))
    }
    func finite() -> Double {
        let value = Double(bitPattern: random.next())
        return value.isFinite ? value : Double(random.next() % 1_000) / 8
    }
    let row = MatrixRow()
    row.id = id
    row.tiny = pick([.min, .max, 0]) { Int8(truncatingIfNeeded: random.next()) }
    row.wide = pick([.min, .max, 0]) { Int64(bitPattern: random.next()) }
    row.unsigned = pick([.max, 0, UInt64(Int64.max) + 1]) { random.next() }
    row.huge = pick([.min, .max, 0]) { Int128(truncatingIfNeeded: (UInt128(random.next()) << 64) | UInt128(random.next())) }
    row.hugeUnsigned = pick([.max, 0]) { (UInt128(random.next()) << 64) | UInt128(random.next()) }
    row.single = pick([.greatestFiniteMagnitude, .leastNonzeroMagnitude, -0.0, 0.1]) {
        let value = Float(bitPattern: UInt32(truncatingIfNeeded: random.next()))
        return value.isFinite ? value : 0.5
    }
    row.double = pick([.greatestFiniteMagnitude, .leastNonzeroMagnitude, -0.0, 0x1p64, 0.1]) { finite() }
    row.decimal = pick([.greatestFiniteMagnitude, -.greatestFiniteMagnitude, Decimal(string: "19.99") ?? 0]) {
        Decimal(sign: random.next() % 2 == 0 ? .plus : .minus, exponent: Int(random.next() % 41) - 20, significand: Decimal(random.next() >> (random.next() % 64)))
    }
    row.span = pick([Duration(_high: .max, low: .max), Duration(_high: .min, low: 0), .zero]) {
        Duration(_high: Int64(bitPattern: random.next()) >> (random.next() % 64), low: random.next())
    }
    row.flag = random.next() % 2 == 0
    row.text = pick(["", "\u{0}", "null", "👩‍👩‍👧", "'; DROP TABLE x; --"]) { text() }
    row.link = pick([nil, URL(string: "https://example.com/a%20b?q=%C3%A9"), URL(string: "relative/path")]) { URL(string: "https://example.com/\(random.next())") }
    row.uuid = UUID(uuidString: String(format: "%08X-0000-4000-8000-%012llX", UInt32(truncatingIfNeeded: random.next()), random.next() & 0xFFFF_FFFF_FFFF)) ?? UUID()
    row.bytes = Data((0..<random.next() % 24).map { _ in UInt8(truncatingIfNeeded: random.next()) })
    row.tint = Tint.allCases[Int(random.next() % 3)]
    row.created = Date(timeIntervalSince1970: Double(Int64(bitPattern: random.next()) % 4_000_000_000_000) / 1_000)
    row.stamp = pick([Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 199_634_266_848.522)]) {
        Date(timeIntervalSince1970: Double(Int64(bitPattern: random.next()) % 4_000_000_000_000) / 1_000)
    }
    row.maybe = pick([nil, 5, Int.min]) { Int(truncatingIfNeeded: random.next()) }
    row.list = (0..<random.next() % 4).map { _ in Int(truncatingIfNeeded: random.next()) }
    row.tags = Set((0..<random.next() % 4).map { _ in text() })
    row.scores = Dictionary((0..<random.next() % 3).map { ("k\($0)", finite()) }, uniquingKeysWith: { first, _ in first })
    row.part = Part(name: text(), weight: finite())
    row.parts = random.next() % 3 == 0 ? nil : (0..<random.next() % 3).map { _ in Part(name: text(), weight: finite()) }
    if random.next() % 2 == 0 {
        row.unmapped = UnmappedValues(["extra": random.next() % 2 == 0 ? NSNull() : Int64(bitPattern: random.next()), "note": text(), "ratio": finite()])
    }
    return row
}

@Suite("The type matrix through SQLite (issue 23)")
struct SQLiteTypeMatrixTests {
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test("300 random and extreme rows of every property type, imported one by one, read back equal or refused")
    func everyTypeThroughSQLite() throws {
        try withDatabase { path in
            let store = try SQLiteStore(path: path)
            var random = SplitMix64(seed: 0x5_23)
            var imported: [Int: [String]] = [:]
            var refused: [String] = []
            for id in 0..<300 {
                let row = randomRow(id: id, &random)
                do {
                    _ = try MatrixRow.array(from: [row.dictionaryRepresentation()], in: store)
                    imported[id] = row.fields
                } catch {
                    refused.append("\(id): \(error)")
                }
            }
            let back = try store.all(MatrixRow.self)
            #expect(back.count == imported.count)
            var failures: [String] = []
            for row in back where imported[row.id] != row.fields {
                let expected = imported[row.id] ?? []
                let differences = zip(expected, row.fields).filter { $0.0 != $0.1 }.map { "\($0.0) came back as \($0.1)" }
                failures.append("row \(row.id): \(differences)")
            }
            #expect(Array(failures.prefix(5)) == [])
            #expect(Array(refused.prefix(5)) == [])
            print("type matrix, SQLite: \(imported.count) rows imported and read back, \(refused.count) refused, \(failures.count) changed")
        }
    }
}
