@testable import MappingKit
import Testing

/// The atomic words behind the lock-free tables, on every release (they replace
/// `Synchronization.Atomic`, which needs macOS 15 / iOS 18).
@Suite("Engine: atomic words")
struct AtomicWordsTests {
    @Test("Words start at 0; stores, loads, exchanges and adds act on their own word")
    func singleThread() {
        let words = AtomicWords(count: 3)
        #expect((0..<3).map { words.loadAcquiring($0) } == [0, 0, 0])
        words.storeRelaxed(7, at: 1)
        #expect(words.compareExchange(expected: 0, desired: 5, at: 2) == (true, 0))
        #expect(words.compareExchange(expected: 0, desired: 9, at: 2) == (false, 5))
        #expect(words.add(UInt.max, at: 0) == UInt.max)
        #expect(words.add(2, at: 0) == 1)
        #expect((0..<3).map { words.loadRelaxed($0) } == [1, 7, 5])
    }

    @Test("8 tasks adding 10,000 times each: no add is lost; one compare-exchange of 8 wins")
    func concurrent() async {
        let words = AtomicWords(count: 2)
        let winners = await withTaskGroup(of: Bool.self) { group in
            for task in 1...8 {
                group.addTask {
                    for _ in 0..<10_000 { _ = words.add(1) }
                    return words.compareExchange(expected: 0, desired: UInt(task), at: 1).exchanged
                }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(words.loadAcquiring() == 80_000)
        #expect(winners == 1)
        #expect((1...8).contains(Int(words.loadAcquiring(1))))
    }
}
