import Foundation
import MappingKit

/// `--set realistic`: the realistic twitter models (`RealisticModels.swift`) against their
/// strings-only twin and JSONDecoder; the benchmark's own models on documents whose keys come
/// in order, reversed and shuffled; and one URL per object against `URL(string:)` alone.
func runRealisticSet() throws {
    let data = try load("twitter.json")
    let statuses = 100
    let realistic = try RealisticFeed(json: data)
    let plain = try PlainFeed(json: data)
    check(realistic.statuses.count == statuses && plain.statuses.count == statuses, "realistic: not 100 statuses")
    check(try realisticDecoder().decode(RealisticFeed.self, from: data) == realistic, "realistic: JSONDecoder disagrees")
    check(realistic.statuses.map { $0.user.profileImageUrl?.absoluteString } == plain.statuses.map(\.user.profileImageUrl),
          "realistic: the URLs differ from their text")
    check(try RealisticFeed(json: realistic.jsonData()) == realistic, "realistic: the models do not read back")

    var harness = Harness(rounds: rounds, only: option("--only"))
    harness.add("realistic models, from Data", objects: statuses) { try RealisticFeed(json: data).statuses.count }
    harness.add("strings-only twin, from Data", objects: statuses) { try PlainFeed(json: data).statuses.count }
    harness.add("realistic models, JSONDecoder, from Data", objects: statuses) {
        try realisticDecoder().decode(RealisticFeed.self, from: data).statuses.count
    }
    harness.beginGroup()
    harness.add("realistic models, jsonData", objects: statuses) { try realistic.jsonData().count }
    harness.add("strings-only twin, jsonData", objects: statuses) { try plain.jsonData().count }

    // Each document's keys as they come, reversed, and shuffled (the same order every run).
    let citm = try load("citm_catalog.json")
    let catalog = try Catalog(json: citm)
    let citmObjects = catalog.events.count + catalog.performances.count
    let orders: [(String, (Data) -> Data)] = [
        ("keys in order", { $0 }), ("keys reversed", KeyOrder.reversed.rewrite), ("keys shuffled", KeyOrder.shuffled(seed: 41).rewrite),
    ]
    func addKeyOrderRows(_ name: String, _ document: Data, objects: Int, _ read: @escaping (Data) throws -> Int) throws {
        harness.beginGroup()
        let expected = try read(document)
        for (order, rewrite) in orders {
            let rewritten = rewrite(document)
            check(try read(rewritten) == expected, "realistic: \(name) with \(order) reads otherwise")
            harness.add("\(name), \(order)", objects: objects) { try read(rewritten) }
        }
    }
    let feed = try TwitterFeed(json: data)
    try addKeyOrderRows("twitter models", data, objects: statuses) { try TwitterFeed(json: $0) == feed ? 1 : 0 }
    try addKeyOrderRows("realistic models", data, objects: statuses) { try RealisticFeed(json: $0) == realistic ? 1 : 0 }
    try addKeyOrderRows("citm models", citm, objects: citmObjects) { try Catalog(json: $0) == catalog ? 1 : 0 }

    // One URL per object: what reading a URL costs beyond reading its text, against
    // `URL(string:)` on the same texts.
    struct Link: Mappable { var url: URL? }
    struct LinkText: Mappable { var url: String? }
    let texts = plain.statuses.flatMap { [$0.user.profileImageUrl, $0.user.profileImageUrlHttps, $0.user.profileBackgroundImageUrl, $0.user.profileBannerUrl] }
        .compactMap { $0 }
    let links = Data(try JSONValue.data(texts.map { ["url": $0] }))
    check(try Link.array(json: links).map { $0.url?.absoluteString } == texts, "realistic: URLs do not read as their text")
    let linked = try Link.array(json: links)
    harness.beginGroup()
    harness.add("one URL per object, from Data", objects: texts.count) { try Link.array(json: links).count }
    harness.add("one String per object, from Data", objects: texts.count) { try LinkText.array(json: links).count }
    harness.add("URL(string:) alone", objects: texts.count) { texts.compactMap(URL.init(string:)).count }
    let linkTexts = try LinkText.array(json: links)
    harness.beginGroup()
    harness.add("one URL per object, jsonData", objects: texts.count) { try linked.jsonData().count }
    harness.add("one String per object, jsonData", objects: texts.count) { try linkTexts.jsonData().count }

    try harness.run()
    harness.printTable(title: "realistic models (twitter.json, \(statuses) statuses; citm: \(citmObjects) objects; \(texts.count) URLs)", ratios: [
        ("realistic models, from Data", "strings-only twin, from Data"),
        ("realistic models, JSONDecoder, from Data", "realistic models, from Data"),
        ("realistic models, jsonData", "strings-only twin, jsonData"),
        ("twitter models, keys reversed", "twitter models, keys in order"),
        ("twitter models, keys shuffled", "twitter models, keys in order"),
        ("realistic models, keys reversed", "realistic models, keys in order"),
        ("realistic models, keys shuffled", "realistic models, keys in order"),
        ("citm models, keys reversed", "citm models, keys in order"),
        ("citm models, keys shuffled", "citm models, keys in order"),
    ])
    let perURL = harness.median("one URL per object, from Data") - harness.median("one String per object, from Data")
    print("\n| per URL read, beyond its text | \(String(format: "%.0f", perURL)) ns | \(String(format: "%.2f", perURL / harness.median("URL(string:) alone")))× URL(string:) |")
    let perWrite = harness.median("one URL per object, jsonData") - harness.median("one String per object, jsonData")
    print("| per URL written, beyond its text | \(String(format: "%.0f", perWrite)) ns |")
    print("| realistic models, from Data | \(String(format: "%.0f", Double(data.count) / (harness.median("realistic models, from Data") * Double(statuses)) * 1000)) MB/s |")
}
