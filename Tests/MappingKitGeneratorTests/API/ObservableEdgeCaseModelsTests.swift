import Foundation
@testable import GeneratedObservableEdgeCases
import MappingKit
import MappingKitGenerator
import Observation
import Testing

/// The edge-case samples generated as `@Observable` classes (`--observable`): they compile in
/// every build, map both samples in and back exactly, and tell observers when updated in place.
@Suite("Observable models generated from the edge-case samples")
struct ObservableEdgeCaseModelsTests {
    @Test("the checked-in models are what the generator writes today")
    func checkedInModelsAreCurrent() throws {
        let options = GeneratorOptions(name: "ObservableEdgeCases", stashesUndefinedKeys: true, observable: true)
        let generated = try ModelGenerator(options: options).source(for: try EdgeCaseModelsTests.samples())
        let path = "Tests/Generated/ObservableEdgeCases/ObservableEdgeCases.swift"
        let checkedIn = try String(contentsOf: Paths.packageRoot.appendingPathComponent(path), encoding: .utf8)
        #expect(generated == checkedIn, "regenerate the checked-in models with Tests/Generated/regenerate.sh")
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("each sample maps into the models and writes back exactly", arguments: EdgeCaseModelsTests.sampleFiles)
    func roundTrip(file: String) throws {
        try EdgeCaseModelsTests.expectRoundTrip(ObservableEdgeCases.self, file: file)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("an update in place tells the observers of what it set")
    func updateNotifies() throws {
        let json = try Data(contentsOf: Paths.packageRoot.appendingPathComponent("Tests/Generated/Samples/edge-cases-1.json"))
        let model = try ObservableEdgeCases(json: json)
        let changed = Flag()
        withObservationTracking { _ = model.userName } onChange: { changed.set() }
        try model.update(from: ["user_name": "bea"])
        #expect(model.userName == "bea")
        #expect(changed.isSet)
    }
}

private final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}
