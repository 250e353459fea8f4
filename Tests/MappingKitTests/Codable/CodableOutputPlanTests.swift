import Foundation
@testable import MappingKit
import Testing

// Writing into an `Encoder` straight from the plan (CodableOutput+Plan.swift) must give what
// writing the representation gives. The first encode of a type goes through its representation
// (which tells the plan that the type has no override); every later one is written from the
// plan. So each test encodes twice and compares, besides checking the output itself.

private struct Leaf: Mappable, Equatable, Hashable {
    var id = 0
    var ratio = 0.0
}

private final class Node: Mappable {
    var name = ""
    required init() {}
}

private struct Everything: MappableCodable {
    var int = 0
    var text = ""
    var flag = false
    var maybeInt: Int?
    var maybeText: String?
    var maybeFlag: Bool? = true
    var count: Int? = 5
    var big = 0.0
    var when = Date(timeIntervalSince1970: 0)
    var price = Decimal(0)
    var leaf = Leaf()
    var leaves: [Leaf] = []
    var leafSet: Set<Leaf> = []
    var node = Node()
    var maybeLeaf: Leaf?
    var table: [String: Int] = [:]
    var numbers: [Int] = []
    var words: [String] = []
    var flags: [Bool] = []
    var stamp = Date(timeIntervalSince1970: 0)

    static let mappingConfiguration = MappingConfiguration(for: Everything.self) { map in
        map.map(\.stamp, using: .iso8601)
    }
}

private struct Measure: MappableCodable {
    var name = ""
    var leaves: [Leaf] = []
}

private func sample() -> Everything {
    var model = Everything()
    model.int = -7
    model.text = "a\"b"
    model.flag = true
    model.maybeText = "here"
    model.maybeFlag = nil
    model.count = nil
    model.big = 0x1p60
    model.when = Date(timeIntervalSinceReferenceDate: 1.5)
    model.price = Decimal(string: "12.34") ?? 0
    model.leaf = Leaf(id: 1, ratio: 0.5)
    model.leaves = [Leaf(id: 2, ratio: -0.25), Leaf(id: 3, ratio: 1e300)]
    model.leafSet = [Leaf(id: 4, ratio: 0)]
    model.node.name = "n"
    model.table = ["k": 9]
    model.numbers = [1, 2]
    model.words = ["x", ""]
    model.flags = [false, true]
    model.stamp = Date(timeIntervalSince1970: 1_392_283_800)
    return model
}

/// The same encoder's output for `value`, twice: through the representation, then the plan.
private func encodedTwice(_ value: some Encodable, with encode: (any Encodable) throws -> Data) rethrows -> (String, String) {
    (String(decoding: try encode(value), as: UTF8.self), String(decoding: try encode(value), as: UTF8.self))
}

/// The innermost `EncodingError`'s path and description (the outer ones name the encoded value,
/// a private type whose printed name differs between runs).
private func innermost(_ error: any Error) -> String {
    guard case EncodingError.invalidValue(_, let context) = error else { return "\(error)" }
    if let underlying = context.underlyingError, underlying is EncodingError { return innermost(underlying) }
    return "\(context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }): \(context.debugDescription)"
}

/// What each of two encodings of `value` failed with (``innermost(_:)``): through the
/// representation, then the plan.
private func failuresOfTwoEncodings(_ value: some Encodable, with encode: (any Encodable) throws -> Data) -> [String] {
    (0..<2).compactMap { _ in
        do {
            _ = try encode(value)
            return nil
        } catch {
            return innermost(error)
        }
    }
}

@Suite("Writing into an Encoder straight from the plan")
struct CodableOutputPlanTests {
    @Test("JSONEncoder: the plan writes what the representation writes, every kind of property")
    func jsonEncoder() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let (first, second) = try encodedTwice(sample()) { try encoder.encode($0) }
        #expect(first == second)
        #expect(second == """
            {"big":1152921504606846976,"count":null,"flag":true,"flags":[false,true],"int":-7,"leaf":{"id":1,"ratio":0.5},"leafSet":[{"id":4,"ratio":0}],\
            "leaves":[{"id":2,"ratio":-0.25},{"id":3,"ratio":1e+300}],"maybeFlag":null,"maybeText":"here","node":{"name":"n"},"numbers":[1,2],\
            "price":12.34,"stamp":"2014-02-13T09:30:00Z","table":{"k":9},"text":"a\\"b","when":1.5,"words":["x",""]}
            """)
        let plan = try PlanCache.plan(for: Everything.self, configuration: MappingContext().declaredConfiguration(for: Everything.self))
        #expect(plan.coderKeys?.count == 20)
        let back = try JSONDecoder().decode(Everything.self, from: Data(second.utf8))
        #expect(back.leaves == sample().leaves)
        #expect(back.big == 0x1p60)
        #expect(back.count == nil)
    }

    @Test("PropertyListEncoder: the same property list both ways")
    func propertyListEncoder() throws {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .xml
        let (first, second) = try encodedTwice(sample()) { try encoder.encode($0) }
        #expect(first == second)
        #expect(second.contains("<key>leaves</key>"))
    }

    @Test("a problem of the representation is reported whole, with its path, the second time too")
    func representationProblem() throws {
        var model = Measure()
        model.leaves = [Leaf(id: 1, ratio: 1), Leaf(id: 2, ratio: .nan)]
        let messages = failuresOfTwoEncodings(model) { try JSONEncoder().encode($0) }
        #expect(messages.count == 2)
        #expect(messages.first == messages.last)
        #expect(messages.first == #"["leaves", "[1]", "ratio"]: leaves[1].ratio: expected a finite Double, found Double nan"#)
    }

    @Test("a value the encoder cannot keep is refused the second time as the first")
    func encoderRefusal() throws {
        var model = Measure()
        model.leaves = [Leaf(id: 1, ratio: 0), Leaf(id: 2, ratio: -0.0)]
        let messages = failuresOfTwoEncodings(model) { try PropertyListEncoder().encode($0) }
        #expect(messages.count == 2)
        #expect(messages.first == messages.last)
        #expect(messages.first == """
            ["leaves", "[1]", "ratio"]: leaves[1].ratio: expected a Double PropertyListEncoder's binary form keeps \
            (it merges -0.0 with 0.0; the .xml form keeps it), found Double -0.0
            """)
    }
}
