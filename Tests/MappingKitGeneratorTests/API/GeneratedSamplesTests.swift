import Foundation
import GeneratedCanada
import GeneratedCitmCatalog
import GeneratedTwitter
import MappingKit
import MappingKitGenerator
import Testing

/// One real-world sample, the options its checked-in models were generated with, and how to map
/// it into them and back.
struct GeneratedSample: Sendable, CustomTestStringConvertible {
    let file: String
    let options: GeneratorOptions
    /// The checked-in generated source, from the package's root.
    let source: String
    /// Maps the sample into its models, from the dictionary and from the JSON bytes, and gives
    /// both written back, with a few values to check.
    let roundTrip: @Sendable (_ dictionary: [String: Any], _ json: Data) throws -> (dictionary: [String: Any], json: Data, facts: [String])
    let facts: [String]
    /// The compiled models' JSON Schema.
    let schema: @Sendable () throws -> [String: Any]

    var testDescription: String { file }

    static let all = [
        GeneratedSample(
            file: "twitter.json",
            options: GeneratorOptions(name: "Twitter", access: .public, stashesUndefinedKeys: true),
            source: "Tests/Generated/Twitter/Twitter.swift",
            roundTrip: { dictionary, json in
                let model = try Twitter(dictionary: dictionary)
                let fromJSON = try Twitter(json: json)
                let facts = [
                    "\(model.statuses.count) statuses, \(fromJSON.statuses.count) from JSON",
                    "first: \(model.statuses[0].user.screenName), id \(model.statuses[0].id), \(model.statuses[0].createdAt)",
                    "retweets: \(model.statuses.count { $0.retweetedStatus != nil })",
                ]
                return (try model.dictionaryRepresentation(), try fromJSON.jsonData(), facts)
            },
            facts: ["100 statuses, 100 from JSON", "first: ayuu0123, id 505874924095815700, 2014-08-31 00:29:15 +0000", "retweets: 73"],
            schema: { try Twitter.jsonSchema() }
        ),
        GeneratedSample(
            file: "citm_catalog.json",
            options: GeneratorOptions(name: "CitmCatalog", kind: .finalClass, access: .public, stashesUndefinedKeys: true),
            source: "Tests/Generated/CitmCatalog/CitmCatalog.swift",
            roundTrip: { dictionary, json in
                let model = try CitmCatalog(dictionary: dictionary)
                let fromJSON = try CitmCatalog(json: json)
                let facts = [
                    "\(model.events.count) events, \(fromJSON.performances.count) performances from JSON",
                    "event 138586341: \(model.events["138586341"]?.name ?? "none")",
                    "prices: \(model.performances.reduce(0) { $0 + $1.prices.count })",
                ]
                return (try model.dictionaryRepresentation(), try fromJSON.jsonData(), facts)
            },
            facts: ["184 events, 243 performances from JSON", "event 138586341: 30th Anniversary Tour", "prices: 907"],
            schema: { try CitmCatalog.jsonSchema() }
        ),
        GeneratedSample(
            file: "canada.json",
            options: GeneratorOptions(name: "Canada", access: .package, stashesUndefinedKeys: true),
            source: "Tests/Generated/Canada/Canada.swift",
            roundTrip: { dictionary, json in
                let model = try Canada(dictionary: dictionary)
                let fromJSON = try Canada(json: json)
                let points = fromJSON.features.flatMap(\.geometry.coordinates).flatMap { $0 }
                let facts = [
                    "\(model.features.count) feature: \(model.features[0].properties.name)",
                    "\(points.count) points from JSON, first \(points[0])",
                ]
                return (try model.dictionaryRepresentation(), try fromJSON.jsonData(), facts)
            },
            facts: ["1 feature: Canada", "55563 points from JSON, first [-65.61361699999998, 43.42027300000001]"],
            schema: { try Canada.jsonSchema() }
        ),
    ]
}

/// Without `../shared/data` the generated models are still compiled (they are targets of the
/// package), but not compared or mapped.
@Suite("Models generated from the real-world samples")
struct GeneratedSamplesTests {
    @Test("the checked-in models are what the generator writes today", .needs(.data), arguments: GeneratedSample.all)
    func checkedInModelsAreCurrent(sample: GeneratedSample) throws {
        let data = try Data(contentsOf: Paths.data.appendingPathComponent(sample.file))
        let generated = try ModelGenerator(options: sample.options).source(for: [Sample(name: sample.file, data: data)])
        let checkedIn = try String(contentsOf: Paths.packageRoot.appendingPathComponent(sample.source), encoding: .utf8)
        let lines = (generated.split(separator: "\n", omittingEmptySubsequences: false), checkedIn.split(separator: "\n", omittingEmptySubsequences: false))
        let firstDifference = zip(lines.0, lines.1).enumerated().first { $0.element.0 != $0.element.1 }
        #expect(generated == checkedIn, """
            \(sample.source) is stale at line \((firstDifference?.offset ?? min(lines.0.count, lines.1.count)) + 1):
              generated:  \(firstDifference?.element.0 ?? "")
              checked in: \(firstDifference?.element.1 ?? "")
            regenerate the checked-in models with Tests/Generated/regenerate.sh
            """)
    }

    @Test("mappingkit-generate --schema gives what the compiled models' jsonSchema() gives", .needs(.data), arguments: GeneratedSample.all)
    func schemaMatchesCompiledModels(sample: GeneratedSample) throws {
        let data = try Data(contentsOf: Paths.data.appendingPathComponent(sample.file))
        let generated = try ModelGenerator(options: sample.options).jsonSchema(for: [Sample(name: sample.file, data: data)])
        #expect(JSONSameness.difference(try sample.schema(), generated) == nil)
    }

    @Test("each sample maps into its models and, under .stash, writes back exactly", .needs(.data), arguments: GeneratedSample.all)
    func roundTrip(sample: GeneratedSample) throws {
        let json = try Data(contentsOf: Paths.data.appendingPathComponent(sample.file))
        let input = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let back = try sample.roundTrip(input, json)
        #expect(back.facts == sample.facts)
        #expect(JSONSameness.difference(input, back.dictionary) == nil)
        let written = try JSONSerialization.jsonObject(with: back.json)
        #expect(JSONSameness.difference(input, written) == nil)
    }
}
