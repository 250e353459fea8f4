import Foundation
@testable import MappingKit
import Testing

// Which nested models a plan maps onto their declared defaults (issue 44, item 5): decided once,
// when the plan compiles, by comparing a fresh model's nested value with its type's `init()`.

private struct Padded: Mappable {
    var flag = false
    var count = 0
    var label = ""
    var maybe: Int?
    var tags: [String] = []
    var long = "a literal string longer than fifteen bytes"
}

private final class Owner: Mappable {
    nonisolated(unsafe) static let shared = Owner()
    var name = ""
    required init() {}
}

private struct Holder: Mappable {
    var same = Padded()
    var named = Padded(label: "x")
    var none: Padded?
    var some: Padded? = Padded()
    var own = Owner()
    var shared = Owner.shared
    var plain = 0
}

@Suite("Nested defaults in a plan")
struct NestedDefaultPlanTests {
    @Test("a struct like init()'s (padding and literals alike) is made fresh; any other default, or a class instance of its own, is mapped onto")
    func flags() throws {
        let plan = try PlanCache.plan(for: Holder.self, configuration: Holder.mappingConfiguration)
        #expect(plan.fields.map(\.name) == ["same", "named", "none", "some", "own", "shared", "plain"])
        #expect(plan.fields.map(\.holdsModel) == [true, true, true, true, true, true, false])
        #expect(plan.fields.map(\.mergesDefault) == [false, true, false, true, true, false, false])
    }
}
