import Foundation
import MappingKit
import Testing

/// A configuration an override kept, to use after its call.
private let kept = LockedConfiguration()

private final class LockedConfiguration: @unchecked Sendable {
    private let lock = NSLock()
    private var configuration: MappingConfiguration?
    var value: MappingConfiguration? {
        get { lock.withLock { configuration } }
        set { lock.withLock { configuration = newValue } }
    }
}

private struct Keeper: Mappable, Equatable {
    var name = ""

    mutating func update(from dictionary: [String: Any], configuration: MappingConfiguration) throws {
        kept.value = configuration
        try defaultUpdate(from: dictionary, configuration: configuration)
    }
}

private struct Leaf: Mappable, Equatable {
    var id = 0
}

private struct Branch: Mappable, Equatable {
    var leaves: [Leaf] = []

    /// Maps with a configuration of its own making, as an override may.
    mutating func update(from dictionary: [String: Any], configuration: MappingConfiguration) throws {
        try defaultUpdate(from: dictionary, configuration: MappingConfiguration())
    }
}

@Suite("The call an override runs in: per-call state is not part of a configuration")
struct CurrentCallTests {
    @Test("a configuration an override keeps carries nothing of its call: used later, it starts a call of its own")
    func keptConfiguration() throws {
        let limits = MappingLimits(maximumModels: 1)
        #expect(try Keeper(dictionary: ["name": "a"], limits: limits) == Keeper(name: "a"))
        let configuration = try #require(kept.value)
        // The call that model counted against is over: this one counts from zero.
        var again = Keeper()
        try again.defaultUpdate(from: ["name": "b"], configuration: configuration)
        #expect(again == Keeper(name: "b"))
    }

    @Test("an override that maps with a configuration of its own making stays inside its call's limits")
    func overrideKeepsTheCallsLimits() throws {
        let input: [String: Any] = ["leaves": [["id": 1], ["id": 2], ["id": 3]]]
        #expect(try Branch(dictionary: input) == Branch(leaves: [Leaf(id: 1), Leaf(id: 2), Leaf(id: 3)]))
        #expect(mappingError { _ = try Branch(dictionary: input, limits: MappingLimits(maximumModels: 2)) }?.description
            == "leaves[1]: expected at most 2 models in one call (MappingLimits.maximumModels), found more")
    }
}
