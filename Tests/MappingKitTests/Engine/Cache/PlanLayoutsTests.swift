import Foundation
@testable import MappingKit
import Testing

private struct Gauge: Mappable, Equatable {
    var label = ""
    var reading = 0
    var tags: [String] = []
}

/// The factor the next configuration's adapter multiplies by.
private let nextFactor = LockedFactor()

private final class LockedFactor: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 1
    func set(_ factor: Int) { lock.withLock { value = factor } }
    func get() -> Int { lock.withLock { value } }
}

/// Same structure on every call, new closures: each configuration binds the compiled plan anew.
private struct Scaled: Mappable, Equatable {
    var label = ""
    var reading = 0

    static var mappingConfiguration: MappingConfiguration {
        let factor = nextFactor.get()
        return MappingConfiguration(for: Scaled.self) { map in
            map.map(\.reading, using: Adapter<Int>(from: Int.self) { $0 * factor } encode: { $0 / factor })
        }
    }
}

@Suite("Plan layouts: what each format works out once per plan")
struct PlanLayoutsTests {
    @Test("every layout type has a slot of its own, below the capacity")
    func slots() {
        let slots = [JSONLayout.slot, CodableLayout.slot, SurveyLayout.slot]
        #expect(Set(slots).count == slots.count)
        #expect(slots.allSatisfy { (0..<PlanLayouts.capacity).contains($0) })
    }

    @Test("a layout is made once per plan and then found, the same object")
    func madeOnce() throws {
        let plan = try PlanCache.plan(for: Gauge.self, configuration: Gauge.mappingConfiguration)
        let first = plan.json
        #expect(plan.json === first)
        #expect(plan.codable === plan.codable)
        #expect(plan.surveyed == [])
        #expect(try Gauge(json: Data(#"{"label":"a","reading":3,"tags":["x"]}"#.utf8)) == Gauge(label: "a", reading: 3, tags: ["x"]))
        #expect(plan.json === first)
    }

    @Test("a bound plan's JSON layout calls its own adapter, and shares the calls of the fields it kept")
    func boundPlans() throws {
        nextFactor.set(2)
        let doubled = try Scaled(json: Data(#"{"label":"a","reading":5}"#.utf8))
        let doubledPlan = try PlanCache.plan(for: Scaled.self, configuration: Scaled.mappingConfiguration)
        nextFactor.set(3)
        let tripled = try Scaled(json: Data(#"{"label":"a","reading":5}"#.utf8))
        let tripledPlan = try PlanCache.plan(for: Scaled.self, configuration: Scaled.mappingConfiguration)
        let written = String(decoding: try tripled.jsonData(), as: UTF8.self)
        nextFactor.set(1)
        #expect(doubled == Scaled(label: "a", reading: 10))
        #expect(tripled == Scaled(label: "a", reading: 15))
        #expect(written == #"{"label":"a","reading":5}"#)
        #expect(doubledPlan !== tripledPlan)
        #expect(doubledPlan.shape === tripledPlan.shape)
        // `label` is the same field in both plans, so the same JSON calls; `reading` was rebound.
        #expect(doubledPlan.json.fields[0].toOpaque() == tripledPlan.json.fields[0].toOpaque())
        #expect(doubledPlan.json.fields[1].toOpaque() != tripledPlan.json.fields[1].toOpaque())
    }
}
