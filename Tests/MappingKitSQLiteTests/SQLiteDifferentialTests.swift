import Foundation
import MappingKit
import MappingKitSQLite
import Testing

// Every input representation agrees (issue 37), the store's part: the same random data mapped
// from a dictionary, and imported into an SQLiteStore and read back as stored rows, gives the
// same model (MappingKitTests' DifferentialTests compares the other representations).

private let suffixed = Adapter<String>("suffixed", decode: { "\($0)_T" }, encode: { String($0.dropLast(2)) })
private let tenfold = Adapter<Int>("tenfold", from: Int.self, decode: { $0 * 10 }, encode: { $0 / 10 })

private struct Item: Mappable {
    var name = ""
    var count = 0
}

private final class Entry: Mappable {
    var id = 0
    var title = ""
    var score = 0.0
    var flag = false
    var nick: String?
    var website: URL?
    var tags: [String] = []
    var counts: [Int] = []
    var code: Int?
    var ratios: [String: Double] = [:]
    var items: [Item] = []
    var item: Item?
    var city = ""
    var created = Date(timeIntervalSince1970: 0)
    var seen = Date(timeIntervalSince1970: 0)
    var level = 0
    required init() {}

    static let mappingConfiguration = MappingConfiguration(for: Entry.self) { map in
        map.identity(\.id)
        map.map(\.title, to: "headline")
        map.emptyStringAsNil(\.nick)
        map.map(\.tags, using: suffixed)
        map.map(\.counts, using: tenfold)
        map.map(\.code, using: tenfold)
        map.map(\.city, to: "address.city")
        map.map(\.created, using: .iso8601)
        map.map(\.seen, using: .unixSeconds)
        map.defaultValue(\.level, whenMissing: 5)
    }
}

/// Random valid data for `Entry` number `id` (invalid data fails the import the way it fails a
/// dictionary's mapping: the same code reads both).
private func entry(id: Int, _ random: inout SplitMix64) -> [String: Any] {
    func below(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
    func text() -> String { (0..<below(5)).map { _ in ["a", "é", "😀", " ", "42", "\"", "zz"][below(7)] }.joined() }
    func double() -> Double {
        [0.0, -0.0, 0.1, 1e300, 1_764_307_200.123_456_1, Double(Int64(bitPattern: random.next()) % 10_000_000) / 7][below(6)]
    }
    func small() -> Int { below(2_001) - 1_000 }
    var input: [String: Any] = ["id": id]
    if below(5) > 0 { input["headline"] = text() }
    if below(5) > 0 { input["score"] = below(2) == 0 ? double() : small() }
    if below(5) > 0 { input["flag"] = below(2) == 0 }
    if below(5) > 0 { input["nick"] = below(3) == 0 ? "" : text() }
    if below(5) > 0 { input["website"] = ["https://example.com/a b", "https://x.example/z", "not a url"][below(3)] }
    if below(5) > 0 { input["tags"] = (0..<below(4)).map { _ in text() } }
    if below(5) > 0 { input["counts"] = (0..<below(4)).map { _ in small() } }
    if below(5) > 0 { input["code"] = below(4) == 0 ? NSNull() : small() }
    if below(5) > 0 { input["ratios"] = Dictionary((0..<below(3)).map { ("k\($0)", double()) }, uniquingKeysWith: { first, _ in first }) }
    if below(5) > 0 { input["items"] = (0..<below(3)).map { _ in ["name": text(), "count": small()] as [String: Any] } }
    if below(5) > 0 { input["item"] = below(4) == 0 ? NSNull() : ["name": text(), "count": small()] as [String: Any] }
    if below(5) > 0 { input["address"] = ["city": text()] }
    if below(5) > 0 { input["created"] = ["2014-02-13T09:30:00Z", "2014-02-13T09:30:00.25+01:00"][below(2)] }
    if below(5) > 0 { input["seen"] = below(2) == 0 ? small() : double() }
    if below(2) > 0 { input["level"] = small() }
    return input
}

@Suite("Every input representation agrees: stored rows (issue 37)")
struct SQLiteDifferentialTests {
    @Test("random data imported into SQLite and read back as rows is the model the dictionary makes")
    func storedRowsAgree() throws {
        try withDatabase { path in
            let store = try SQLiteStore(path: path)
            var random = SplitMix64(seed: 0x37_5)
            var expected: [Int: String] = [:]
            for id in 0..<300 {
                let input = entry(id: id, &random)
                expected[id] = String(decoding: try Entry(dictionary: input).jsonData(options: .sortedKeys), as: UTF8.self)
                _ = try Entry.array(from: [input], in: store)
            }
            let back = try store.all(Entry.self)
            #expect(back.count == expected.count)
            var disagreements: [String] = []
            for model in back {
                let found = String(decoding: try model.jsonData(options: .sortedKeys), as: UTF8.self)
                if found != expected[model.id] { disagreements.append("\(model.id): \(found)\nfrom the dictionary: \(expected[model.id] ?? "")") }
            }
            print("differential, SQLite rows: \(back.count) cases, \(disagreements.count) disagreements")
            #expect(Array(disagreements.prefix(3)) == [])
        }
    }
}
