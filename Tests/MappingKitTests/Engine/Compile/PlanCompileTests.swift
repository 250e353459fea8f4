import Foundation
@testable import MappingKit
import Testing

private struct Nameless: Mappable, Equatable {
    var K = 0
    var kelvin = 0
}

/// What a plan works out once, when it compiles, made cheap for the first mapping of a type
/// (issue 59): each answer must be the one the plain way (a set, a merged copy) gives.
@Suite("A plan's compile: shared keys, adapters, field rules")
struct PlanCompileTests {
    @Test("a key occurring twice is found pairwise as a set finds it, canonical equivalence included, and past 32 keys through a set",
          arguments: [
              ([String](), false),
              (["a"], false),
              (["a", "b", "c"], false),
              (["id", "name", "id"], true),
              (["K", "\u{212A}"], true),
              (["caf\u{E9}", "cafe\u{301}"], true),
              (["abc", "abcd", "ab"], false),
              ((0..<40).map { "key\($0)" }, false),
              ((0..<40).map { "key\($0)" } + ["key7"], true),
              ((0..<40).map { "key\($0)" } + ["\u{212A}", "K"], true),
          ])
    func repeats(texts: [String], expected: Bool) {
        #expect(PlanShape.Keys.repeats(texts) == expected)
        #expect(PlanShape.Keys.repeats(texts) == (Set(texts).count != texts.count))
    }

    @Test("two properties whose keys are canonically equivalent share a key: the plan says so, and the first one written wins")
    func canonicallyEquivalentKeys() throws {
        let configuration = MappingConfiguration(for: Nameless.self) { map in
            map.map(\.kelvin, to: "\u{212A}")
        }
        let plan = try PlanCache.plan(for: Nameless.self, configuration: configuration)
        #expect(plan.sharesKeys)
        let written = try Nameless(K: 1, kelvin: 2).dictionaryRepresentation(configuration: configuration)
        #expect(written.count == 1)
        #expect(written["K"] as? Int == 1)
    }

    @Test("adapters overridden by none, or overriding none, are the other side as it is")
    func adaptersOverridden() {
        let none = ValueAdapters()
        var some = ValueAdapters()
        some.adding(Adapter<Date>.unixSeconds)
        #expect(none.overridden(by: none) == none)
        #expect(some.overridden(by: none) == some)
        #expect(none.overridden(by: some) == some)
        #expect(some.overridden(by: some) == some)
    }

    @Test("a field's rules are boxed only when there are some")
    func ruleBox() {
        #expect(FieldRuleBox<Int>.boxing([], FieldDefaults()) == nil)
        #expect(FieldRuleBox<Int>.boxing([], FieldDefaults(whenMissing: 1))?.defaults.whenMissing as? Int == 1)
        #expect(FieldRuleBox<Int>.boxing([], FieldDefaults(whenNull: 2))?.defaults.whenNull as? Int == 2)
        #expect(FieldRuleBox<Int>.boxing([.that("is small") { $0 < 3 }], FieldDefaults())?.requirements.count == 1)
    }
}
