import Foundation
import MappingKit
import Testing

private final class Graph: Mappable {
    var kids: [Graph] = []
    required init() {}
}

/// 40 properties and a recursive array: a large model per level of nesting.
private struct Wide: Mappable {
    var a0 = "", a1 = "", a2 = "", a3 = "", a4 = "", a5 = "", a6 = "", a7 = "", a8 = "", a9 = ""
    var b0 = "", b1 = "", b2 = "", b3 = "", b4 = "", b5 = "", b6 = "", b7 = "", b8 = "", b9 = ""
    var c0 = "", c1 = "", c2 = "", c3 = "", c4 = "", c5 = "", c6 = "", c7 = "", c8 = "", c9 = ""
    var d0 = "", d1 = "", d2 = "", d3 = "", d4 = "", d5 = "", d6 = "", d7 = "", d8 = "", d9 = ""
    var next: [Wide] = []
}

/// A graph whose dictionary shares its sub-graphs: 2^levels models from a few hundred bytes.
private func sharedGraph(levels: Int) -> [String: Any] {
    var graph: [String: Any] = [:]
    for _ in 0..<levels { graph = ["kids": [graph, graph]] }
    return graph
}

@Suite("Work limits: runaway input is an error that names the limit")
struct MappingLimitsTests {
    @Test("shared sub-graphs stop at the model limit, at once, with one problem")
    func models() {
        let error = mappingError { _ = try mapped(Graph.self, sharedGraph(levels: 30), limits: MappingLimits(maximumModels: 1_000)) }
        #expect(error?.issues.count == 1)
        #expect(error?.issues.first?.description.hasSuffix(
            "expected at most 1000 models in one call (MappingLimits.maximumModels), found more") == true)
    }

    @Test("the defaults hold a real graph and refuse a runaway one")
    func defaults() throws {
        let graph = try mapped(Graph.self, sharedGraph(levels: 10))
        #expect(graph.kids.count == 2)
        #expect(MappingLimits.default == MappingLimits(
            maximumDepth: 64, maximumModels: 10_000_000, maximumValues: 100_000_000))
    }

    @Test("collection elements count against the value limit")
    func values() {
        let error = mappingError {
            _ = try mapped(Graph.self, ["kids": Array(repeating: [String: Any](), count: 2_000)],
                          limits: MappingLimits(maximumValues: 1_000))
        }
        #expect(error?.description == "kids: expected at most 1000 collection elements in one call (MappingLimits.maximumValues), found more")
    }

    @Test("a mapper's limits apply to every call through it, both ways")
    func mapper() throws {
        let mapper = Mapper(limits: MappingLimits(maximumModels: 10))
        let error = mappingError { _ = try mapper.map(sharedGraph(levels: 5), to: Graph.self) }
        #expect(error?.issues.first?.expected == "at most 10 models in one call (MappingLimits.maximumModels)")
        let graph = try mapped(Graph.self, sharedGraph(levels: 5))
        let writing = mappingError { _ = try mapper.dictionaryRepresentation(of: graph) }
        #expect(writing?.issues.first?.expected == "at most 10 models in one call (MappingLimits.maximumModels)")
        #expect(try graph.dictionaryRepresentation(limits: MappingLimits(maximumModels: 63)).count == 1)
    }

    @Test("arrays of models share one budget per call")
    func arrays() {
        let error = mappingError {
            _ = try mappedArray(Graph.self, Array(repeating: sharedGraph(levels: 3), count: 10), limits: MappingLimits(maximumModels: 40))
        }
        #expect(error?.issues.first?.expected == "at most 40 models in one call (MappingLimits.maximumModels)")
        #expect(error?.path.hasPrefix("[2]") == true)
    }

    @Test("the depth limit is a limit too")
    func depth() {
        var input: [String: Any] = [:]
        for _ in 0..<10 { input = ["kids": [input]] }
        let error = mappingError { _ = try mapped(Graph.self, input, limits: MappingLimits(maximumDepth: 5)) }
        #expect(error?.description == "kids[0].kids[0].kids[0].kids[0].kids[0].kids[0]: expected at most 5 levels of nested models, found deeper nesting (a reference cycle or runaway input)")
    }

    @Test("a 40-property model nested 44 levels on a 512 KB thread: mapped, or an error before the stack runs out")
    func wideModels() async throws {
        let outcomes = Outcomes()
        await onThread {
            var input: [String: Any] = ["a0": "leaf"]
            for _ in 0..<44 { input = ["a0": "x", "next": [input]] }
            outcomes.record(mappingOutcome { _ = try mapped(Wide.self, input).dictionaryRepresentation() })
        }
        #expect(outcomes.values == ["mapped"] || outcomes.values == ["out of stack"])
    }
}
