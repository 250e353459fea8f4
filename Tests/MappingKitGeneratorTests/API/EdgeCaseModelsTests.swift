import Foundation
@testable import GeneratedEdgeCases
import MappingKit
import MappingKitGenerator
import Testing

/// The checked-in edge cases (`Tests/Generated/Samples`): keys that are keywords, not
/// identifiers, or hold dots; names that collide; every inferred type. Their models compile in
/// every build, and these tests keep them current and check that both samples round-trip.
@Suite("Models generated from the edge-case samples")
struct EdgeCaseModelsTests {
    static let sampleFiles = ["edge-cases-1.json", "edge-cases-2.json"]

    static func samples() throws -> [Sample] {
        try sampleFiles.map { file in
            Sample(name: file, data: try Data(contentsOf: Paths.packageRoot.appendingPathComponent("Tests/Generated/Samples/\(file)")))
        }
    }

    @Test("the checked-in models are what the generator writes today")
    func checkedInModelsAreCurrent() throws {
        let generated = try ModelGenerator(options: GeneratorOptions(name: "EdgeCases", stashesUndefinedKeys: true)).source(for: try Self.samples())
        let checkedIn = try String(contentsOf: Paths.packageRoot.appendingPathComponent("Tests/Generated/EdgeCases/EdgeCases.swift"), encoding: .utf8)
        #expect(generated == checkedIn, "regenerate the checked-in models with Tests/Generated/regenerate.sh")
    }

    @Test("each sample maps into the models and writes back exactly", arguments: sampleFiles)
    func roundTrip(file: String) throws {
        try Self.expectRoundTrip(EdgeCases.self, file: file)
    }

    /// `file` maps into `Model` from the dictionary and from JSON, and writes back exactly.
    static func expectRoundTrip<Model: Mappable>(_: Model.Type, file: String) throws {
        let json = try Data(contentsOf: Paths.packageRoot.appendingPathComponent("Tests/Generated/Samples/\(file)"))
        let input = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let model = try Model(dictionary: input)
        #expect(JSONSameness.difference(input, try model.dictionaryRepresentation()) == nil)
        let fromJSON = try Model(json: json)
        #expect(JSONSameness.difference(input, try JSONSerialization.jsonObject(with: try fromJSON.jsonData())) == nil)
    }

    @Test("the values arrive typed: renamed keys, dates, decimals, the key named like the stash")
    func values() throws {
        let json = try Data(contentsOf: Paths.packageRoot.appendingPathComponent("Tests/Generated/Samples/edge-cases-1.json"))
        let model = try EdgeCases(json: json)
        #expect(model.userName == "ann" && model.default == true && model._2x == 2.5 && model.aB == "dot" && model.eyeColor == "blue")
        #expect(model.userId == 1 && model.userID == 2 && model.unmapped == "kept" && model.`self` == "me")
        #expect(model.url == URL(string: "https://example.com/a"))
        #expect(model.created == Date(timeIntervalSince1970: 1_392_283_800))
        #expect(model.huge == Decimal(string: "123456789012345678901234567890"))
        #expect(model.big == 3_000_000_000 && model.bigger == UInt64.max && model.ratio == 1)
        #expect(model.local == Date(timeIntervalSince1970: 1_392_280_200))
        #expect(model.tags == ["2014-01-01": [1, 2]])
        #expect(model.nested.innerValue.deep.map(\.x) == [1, nil])
        #expect(model.unmappedValues == ["nothing": NSNull()])
    }
}
