import Foundation
@testable import MappingKit
import Testing

private final class Box {
    let value = 1
}

@Suite("Reading values from their existential container")
struct ExistentialPayloadTests {
    @Test("the types read this way come back exactly, as a cast would give them")
    func exactTypes() {
        #expect(ExistentialPayload.value(Int.self, in: -42 as Any) == -42)
        #expect(ExistentialPayload.value(Bool.self, in: true as Any) == true)
        #expect(ExistentialPayload.value(Double.self, in: 2.5 as Any) == 2.5)
        let long = String(repeating: "long string ", count: 10)
        #expect(ExistentialPayload.value(String.self, in: long as Any) == long)
        #expect(ExistentialPayload.value(String.self, in: "short" as Any) == "short")
        #expect(ExistentialPayload.value([Any].self, in: [1, "a"] as [Any] as Any)?.count == 2)
        #expect(ExistentialPayload.value([String: Any].self, in: ["a": 1] as [String: Any] as Any)?.count == 1)
    }

    @Test("any other type gives nil, and goes through a cast: other widths, optionals, NSNumber, classes, other arrays")
    func otherTypes() {
        #expect(ExistentialPayload.value(Int.self, in: Int8(1) as Any) == nil)
        #expect(ExistentialPayload.value(Int.self, in: Optional(1) as Any) == nil)
        #expect(ExistentialPayload.value(Int.self, in: NSNumber(value: 1) as Any) == nil)
        #expect(ExistentialPayload.value(Int.self, in: Box() as Any) == nil)
        #expect(ExistentialPayload.value(Bool.self, in: 1 as Any) == nil)
        #expect(ExistentialPayload.value([Any].self, in: [1, 2] as [Int] as Any) == nil)
        #expect(ExistentialPayload.value(String.self, in: NSString(string: "a") as Any) == nil)
        // A type this does not read at all, even when it matches.
        #expect(ExistentialPayload.value(Int8.self, in: Int8(1) as Any) == nil)
    }

    @Test("an NSNumber is read however it was erased (Swift stores the number itself); anything else is not")
    func numbers() {
        #expect(ExistentialPayload.number(in: NSNumber(value: 7) as Any)?.intValue == 7)
        #expect(ExistentialPayload.number(in: NSNumber(value: true) as Any)?.boolValue == true)
        let described: any CustomStringConvertible = NSNumber(value: 7)
        #expect(ExistentialPayload.number(in: described as Any)?.intValue == 7)
        let object: AnyObject = NSNumber(value: 8)
        #expect(ExistentialPayload.number(in: object as Any)?.intValue == 8)
        #expect(ExistentialPayload.number(in: 7 as Any) == nil)
        #expect(ExistentialPayload.number(in: NSString(string: "7") as Any) == nil)
    }
}

@Suite("Values made on first use")
struct LazyValueTests {
    @Test("many threads reading at once all get the value, which is kept once made")
    func concurrentReads() async {
        let made = Counter()
        let lazy = LazyValue<[Int]> {
            made.increment()
            return Array(0..<100)
        }
        let sums = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<64 { group.addTask { lazy.value.reduce(0, +) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(sums == Array(repeating: 4950, count: 64))
        let before = made.value
        #expect(lazy.value.count == 100)
        #expect(made.value == before)
        #expect(before >= 1)
    }
}
