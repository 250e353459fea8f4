import Foundation
@testable import MappingKit
import Testing

private struct Pair: Mappable {
    var a = 0
    var b = 0
}

private struct Batch: Mappable {
    var items: [Pair] = []
}

/// ``MappingLimits/maximumProblems`` (issue 45, item 2): an error holds at most that many
/// problems, the first ones met, in input order, and last the one that says reading stopped there.
@Suite("Problems per error")
struct ProblemLimitTests {
    private static let limits = MappingLimits(maximumProblems: 5)

    private static func badPairs(_ count: Int) -> String {
        "[" + (0..<count).map { _ in #"{"a": "x", "b": "y"}"# }.joined(separator: ",") + "]"
    }

    @Test("an array of bad objects stops at the cap: the first problems in input order, then where reading stopped")
    func arrayOfBadObjects() throws {
        let expected = """
            5 problems:
              items[0].a: expected Int, found String "x"
              items[0].b: expected Int, found String "y"
              items[1].a: expected Int, found String "x"
              items[1].b: expected Int, found String "y"
              items: expected at most 5 problems in one error (MappingLimits.maximumProblems), found more
            """
        let json = #"{"items": \#(Self.badPairs(1_000))}"#
        for _ in 0..<2 {
            #expect(mappingError { _ = try Batch(json: json, limits: Self.limits) }?.description == expected)
        }
        let dictionary = try JSONValue.parse(json) as? [String: Any] ?? [:]
        #expect(mappingError { _ = try Batch(dictionary: dictionary, limits: Self.limits) }?.description == expected)
    }

    @Test("a top-level array of bad objects stops at the cap")
    func topLevelArray() {
        let error = mappingError { _ = try Pair.array(json: Data(Self.badPairs(1_000).utf8), limits: Self.limits) }
        #expect(error?.issues.count == 5)
        #expect(error?.issues.last?.description == "expected at most 5 problems in one error (MappingLimits.maximumProblems), found more")
        #expect(error?.issues.first?.path == "[0].a")
    }

    @Test("undefined keys under .raise stop at the cap")
    func undefinedKeys() {
        let keys = (0..<200).map { #""k\#($0)": 1"# }.joined(separator: ",")
        let error = mappingError { _ = try Pair(json: #"{"a": 1, "b": 2, \#(keys)}"#, undefinedKeys: .raise, limits: Self.limits) }
        #expect(error?.issues.count == 5)
        #expect(error?.issues.last?.description == "expected at most 5 problems in one error (MappingLimits.maximumProblems), found more")
    }

    @Test("the defaults: 1,000 problems, 100 under .untrusted; an error at the cap is not cut")
    func defaults() {
        #expect(MappingLimits.default.maximumProblems == 1_000)
        #expect(MappingLimits.untrusted.maximumProblems == 100)
        let error = mappingError { _ = try Pair.array(json: Data(Self.badPairs(2).utf8), limits: MappingLimits(maximumProblems: 4)) }
        #expect(error?.issues.count == 4)
    }

    /// The issue's hostile case: 300,000 objects with two bad values each (5.4 MB). Measured, not
    /// asserted on time: the figure goes in the session note.
    @Test("300,000 bad objects under the default cap: one error of 1,000 problems")
    func hostileArray() throws {
        let data = Data(Self.badPairs(300_000).utf8)
        let start = DispatchTime.now().uptimeNanoseconds
        let error = mappingError { _ = try Pair.array(json: data) }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        #expect(error?.issues.count == 1_000)
        print("hostile array: \(data.count) bytes, \(error?.issues.count ?? 0) problems, description \(error?.description.utf8.count ?? 0) bytes, \(elapsed) ms")
    }
}
