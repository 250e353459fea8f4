import Dispatch
import Foundation
import MappingKit
import Testing

private struct Racer: Mappable, Equatable {
    var lane = 0
    var name = ""
    var splits: [Double] = []
    var coach: Coach?
}

private struct Coach: Mappable, Equatable {
    var name = ""
}

private struct Runner: Mappable, Equatable {
    var name = ""
}

@Suite("Plan cache")
struct PlanCacheTests {
    @Test("many threads mapping a type for the first time at once all get correct results")
    func concurrentFirstUse() throws {
        let iterations = 2_000
        let failures = Counter()
        DispatchQueue.concurrentPerform(iterations: iterations) { index in
            let input: [String: Any] = [
                "lane": index, "name": "r\(index)", "splits": [Double(index), 1.5], "coach": ["name": "c\(index)"],
            ]
            let expected = Racer(lane: index, name: "r\(index)", splits: [Double(index), 1.5], coach: Coach(name: "c\(index)"))
            guard let racer = try? mapped(Racer.self, input), racer == expected,
                  let back = try? racer.dictionaryRepresentation(), (try? mapped(Racer.self, back)) == expected
            else {
                failures.increment()
                return
            }
        }
        #expect(failures.value == 0)
    }

    @Test("concurrent tasks share plans safely")
    func tasks() async throws {
        let results = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<64 {
                group.addTask {
                    let racer = try? mapped(Racer.self, ["lane": index, "coach": ["name": "x"]])
                    return racer == Racer(lane: index, coach: Coach(name: "x"))
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results.count == 64)
        #expect(results.allSatisfy { $0 })
    }
}

/// The factor a computed configuration captures when it is built.
private let currentFactor = Locked(1)

/// A thread-safe value for the test above.
private final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func withLock<Result>(_ body: (inout Value) -> Result) -> Result { lock.withLock { body(&value) } }
}

private struct Scaled: Mappable {
    var count = 0
    var seenFactor = 0

    /// Built anew on every call, with closures that capture the factor of that moment.
    static var mappingConfiguration: MappingConfiguration {
        let factor = currentFactor.withLock { $0 }
        return MappingConfiguration(for: Scaled.self) { map in
            map.map(\.count, using: Adapter<Int>(from: Int.self) { $0 * factor } encode: { $0 / factor })
            map.defaultValue(\.seenFactor, whenMissing: -factor)
            map.didMap { $0.seenFactor *= -1 }
        }
    }
}

@Suite("Plan cache: configurations built on every call")
struct ComputedConfigurationTests {
    @Test("every call runs its own closures and values, on a plan compiled once for their structure")
    func binding() throws {
        currentFactor.withLock { $0 = 2 }
        let doubled = try mapped(Scaled.self, ["count": 5])
        currentFactor.withLock { $0 = 3 }
        let tripled = try mapped(Scaled.self, ["count": 5])
        #expect(doubled.count == 10 && doubled.seenFactor == 2)
        #expect(tripled.count == 15 && tripled.seenFactor == 3)
        #expect(Plain(try tripled.dictionaryRepresentation()) == Plain(["count": 5, "seenFactor": 3]))
        currentFactor.withLock { $0 = 1 }
    }

    @Test("one type under different configurations, alternately: each call finds the plan of its own")
    func alternatingConfigurations() throws {
        let byKey = Mapper()
        byKey.register(MappingConfiguration(for: Runner.self) { $0.map(\.name, to: "runner_name") }, for: Runner.self)
        for _ in 0..<3 {
            #expect(try Runner(dictionary: ["name": "Ann", "runner_name": "Bo"]) == Runner(name: "Ann"))
            #expect(try byKey.map(["name": "Ann", "runner_name": "Bo"], to: Runner.self) == Runner(name: "Bo"))
            #expect(Plain(try Runner(name: "Cy").dictionaryRepresentation()) == Plain(["name": "Cy"]))
            #expect(Plain(try byKey.dictionaryRepresentation(of: Runner(name: "Cy"))) == Plain(["runner_name": "Cy"]))
        }
    }
}
