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
            guard let racer = try? Racer(dictionary: input), racer == expected,
                  let back = try? racer.dictionaryRepresentation(), (try? Racer(dictionary: back)) == expected
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
                    let racer = try? Racer(dictionary: ["lane": index, "coach": ["name": "x"]])
                    return racer == Racer(lane: index, coach: Coach(name: "x"))
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results.count == 64)
        #expect(results.allSatisfy { $0 })
    }
}
