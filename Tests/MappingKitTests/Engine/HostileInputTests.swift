import Foundation
import MappingKit
import Testing

private final class Link: Mappable {
    var name = "start"
    var next: Link?
    required init() {}
}

/// One property of every kind hostile input aims at.
private struct Zoo: Mappable {
    var int = 1
    var int8: Int8 = 2
    var int64: Int64 = 3
    var uint64: UInt64 = 4
    var double = 5.5
    var float: Float = 6.5
    var bool = true
    var text = "text"
    var link = Link()
    var links: [Link] = []
    var tags: Set<String> = []
    var counts: [String: Int] = [:]
    var raw: [String: Any] = [:]
    var list: [Any] = []
    var unmapped = UnmappedValues()
}

/// A hostile input, the full error it must give, and (implicitly) a model left as it was.
struct HostileCase: Sendable, CustomTestStringConvertible {
    let name: String
    let input: @Sendable () -> [String: Any]
    let error: String

    var testDescription: String { name }
}

private func selfContaining() -> NSMutableDictionary {
    let dictionary = NSMutableDictionary()
    dictionary["name"] = "loop"
    dictionary["next"] = dictionary
    return dictionary
}

private func selfContainingArray() -> NSMutableArray {
    let array = NSMutableArray()
    array.add(array)
    return array
}

private let cases: [HostileCase] = [
    HostileCase(name: "an array where a model belongs", input: { ["link": [1, 2]] },
                error: "link: expected Link (a dictionary), found Array of 2 elements"),
    HostileCase(name: "a dictionary where an array belongs", input: { ["tags": ["a": 1]] },
                error: "tags: expected Array, found Dictionary of 1 key"),
    HostileCase(name: "a string where a dictionary of Int belongs", input: { ["counts": "many"] },
                error: #"counts: expected Dictionary, found String "many""#),
    HostileCase(name: "NSNull for a non-optional", input: { ["int": NSNull()] }, error: "int: expected Int, found null"),
    HostileCase(name: "NSNull inside a set", input: { ["tags": ["a", NSNull()]] }, error: "tags[1]: expected String, found null"),
    HostileCase(name: "Optional.none in an Any", input: { ["text": String?.none as Any] }, error: "text: expected String, found null"),
    HostileCase(name: "NSNumber bool into Int", input: { ["int": NSNumber(value: true)] }, error: "int: expected Int, found Bool true"),
    HostileCase(name: "NSNumber fraction into Int", input: { ["int": NSNumber(value: 2.5)] }, error: "int: expected Int, found Double 2.5"),
    HostileCase(name: "NSNumber 300 into Int8", input: { ["int8": NSNumber(value: Int16(300))] },
                error: "int8: expected Int8 in -128...127, found Int 300"),
    HostileCase(name: "NSNumber UInt64.max into Int64", input: { ["int64": NSNumber(value: UInt64.max)] },
                error: "int64: expected Int64 in -9223372036854775808...9223372036854775807, found UInt64 18446744073709551615"),
    HostileCase(name: "negative NSNumber into UInt64", input: { ["uint64": NSNumber(value: Int8(-1))] },
                error: "uint64: expected UInt64 in 0...18446744073709551615, found Int -1"),
    HostileCase(name: "2^63 as text", input: { ["int": "9223372036854775808"] },
                error: #"int: expected Int in -9223372036854775808...9223372036854775807, found String "9223372036854775808""#),
    HostileCase(name: "2^63 as a Double", input: { ["int": 9_223_372_036_854_775_808.0] },
                error: "int: expected Int in -9223372036854775808...9223372036854775807, found Double 9.223372036854776e+18"),
    HostileCase(name: "2^63 as a UInt64", input: { ["int": UInt64(1) << 63] },
                error: "int: expected Int in -9223372036854775808...9223372036854775807, found UInt64 9223372036854775808"),
    HostileCase(name: "2^63 as a Decimal", input: { ["int": Decimal(string: "9223372036854775808") ?? 0] },
                error: "int: expected Int in -9223372036854775808...9223372036854775807, found Decimal 9223372036854775808"),
    HostileCase(name: "1e400 as text into Double", input: { ["double": "1e400"] },
                error: #"double: expected Double in ±1.7976931348623157e+308, found String "1e400""#),
    HostileCase(name: "nan as text into Double", input: { ["double": "nan"] }, error: #"double: expected Double, found String "nan""#),
    HostileCase(name: "inf as text into Double", input: { ["double": "inf"] }, error: #"double: expected Double, found String "inf""#),
    HostileCase(name: "an integer text a Double cannot hold", input: { ["double": "18446744073709551615"] },
                error: #"double: expected Double without loss of precision, found String "18446744073709551615""#),
    HostileCase(name: "a NUL and garbage after a number", input: { ["double": "42\u{0}abc"] },
                error: #"double: expected Double, found String "42\0abc""#),
    HostileCase(name: "hexadecimal text", input: { ["double": "0x1p3"] }, error: #"double: expected Double, found String "0x1p3""#),
    HostileCase(name: "a native NaN", input: { ["double": Double.nan] }, error: "double: expected a finite Double, found Double nan"),
    HostileCase(name: "a native infinity", input: { ["double": -Double.infinity] },
                error: "double: expected a finite Double, found Double -inf"),
    HostileCase(name: "1e39 as text into Float", input: { ["float": "1e39"] },
                error: #"float: expected Float in ±3.4028235e+38, found String "1e39""#),
    HostileCase(name: "1e39 as a number into Float", input: { ["float": 1e39] },
                error: "float: expected Float in ±3.4028235e+38, found Double 1e+39"),
    HostileCase(name: "a number where a Bool belongs", input: { ["bool": 2] }, error: "bool: expected Bool, found Int 2"),
    HostileCase(name: "an NSMutableDictionary that contains itself, for a model", input: { ["link": selfContaining()] },
                error: "link: expected Link (a dictionary), found NSMutableDictionary of 2 keys that contains itself"),
    HostileCase(name: "an NSMutableDictionary that contains itself, for a String", input: { ["text": selfContaining()] },
                error: "text: expected String, found NSMutableDictionary of 2 keys that contains itself"),
    HostileCase(name: "an NSMutableDictionary that contains itself, for [String: Any]", input: { ["raw": selfContaining()] },
                error: "raw: expected Dictionary, found NSMutableDictionary of 2 keys that contains itself"),
    HostileCase(name: "an NSMutableArray that contains itself, for an array of models", input: { ["links": selfContainingArray()] },
                error: "links: expected Array, found NSMutableArray of 1 element that contains itself"),
    HostileCase(name: "an NSMutableArray that contains itself, for [Any]", input: { ["list": selfContainingArray()] },
                error: "list: expected Array, found NSMutableArray of 1 element that contains itself"),
    HostileCase(name: "a cycle one level down", input: { ["link": ["next": selfContaining()]] },
                error: "link.next: expected Link (a dictionary), found NSMutableDictionary of 2 keys that contains itself"),
    HostileCase(name: "models nested beyond the depth limit", input: {
        var input: [String: Any] = ["name": "leaf"]
        for _ in 0..<100 { input = ["next": input] }
        return ["link": input]
    }, error: "link" + String(repeating: ".next", count: 64) + ": expected at most 64 levels of nested models, found deeper nesting (a reference cycle or runaway input)"),
    // The first 999, then where reading stopped: 1,000 (MappingLimits.maximumProblems; issue 45).
    HostileCase(name: "a million bad elements, the first 999 reported", input: { ["links": Array(repeating: 0, count: 1_000_000)] },
                error: "1000 problems"),
]

@Suite("Hostile input: every problem an error with its path, the model unchanged")
struct HostileInputTests {
    @Test("hostile values", arguments: cases)
    func hostile(_ hostile: HostileCase) throws {
        var zoo = Zoo()
        zoo.links = [Link()]
        let before = try Plain(zoo.dictionaryRepresentation())
        let input = hostile.input()
        defer { breakCycles(in: input) }
        let error = mappingError { try zoo.update(from: input) }
        let description = error?.description ?? ""
        if hostile.error.hasSuffix(" problems") {
            #expect(description.hasPrefix(hostile.error + ":\n  links[0]: expected Link (a dictionary), found Int 0\n"))
        } else {
            #expect(description == hostile.error)
        }
        #expect(try Plain(zoo.dictionaryRepresentation()) == before)
    }

    @Test("every NSNumber storage kind is read by its kind, never rounded", arguments: [
        (NSNumber(value: Int8(-5)), "uint64: expected UInt64 in 0...18446744073709551615, found Int -5"),
        (NSNumber(value: UInt8(200)), "int8: expected Int8 in -128...127, found Int 200"),
        (NSNumber(value: Int16(300)), "int8: expected Int8 in -128...127, found Int 300"),
        (NSNumber(value: UInt16(300)), "int8: expected Int8 in -128...127, found Int 300"),
        (NSNumber(value: Int32(-70_000)), "int8: expected Int8 in -128...127, found Int -70000"),
        (NSNumber(value: UInt32(70_000)), "int8: expected Int8 in -128...127, found Int 70000"),
        (NSNumber(value: Int64.min), "int8: expected Int8 in -128...127, found Int -9223372036854775808"),
        (NSNumber(value: UInt64.max), "int8: expected Int8 in -128...127, found UInt64 18446744073709551615"),
        (NSNumber(value: Float(2.5)), "int8: expected Int8, found Double 2.5"),
        (NSNumber(value: 1e300), "float: expected Float in ±3.4028235e+38, found Double 1e+300"),
        (NSNumber(value: false), "int8: expected Int8, found Bool false"),
    ] as [(NSNumber, String)])
    func numbers(number: NSNumber, error: String) {
        let key = String(error.prefix { $0 != ":" })
        var zoo = Zoo()
        let message = mappingError { try zoo.update(from: [key: number]) }
        #expect(message?.description == error)
        #expect(zoo.int8 == 2 && zoo.uint64 == 4 && zoo.float == 6.5)
    }

    @Test("odd keys are kept exactly under .stash and named exactly under .raise")
    func oddKeys() throws {
        let odd: [String: Any] = ["": 1, "a.b": 2, "'q'": 3, "\u{0}": 4, "e\u{301}": 5, "🙂": [NSNull()]]
        let stashed = try mapped(Zoo.self, odd, undefinedKeys: .stash)
        #expect(stashed.unmapped == UnmappedValues(odd))
        #expect(try Plain(stashed.dictionaryRepresentation()).description.contains(#""🙂": [null]"#))
        let error = mappingError { _ = try mapped(Zoo.self, odd, undefinedKeys: .raise) }
        #expect(error?.issues.map(\.path) == [#"[""]"#, #"["\0"]"#, #"["\'q\'"]"#, #"["a.b"]"#, #"["é"]"#, #"["🙂"]"#])
    }

    @Test("a cyclic Foundation container in an undefined key is described, not walked forever")
    func stashedCycle() throws {
        let loop = selfContaining()
        defer { breakCycles(in: loop) }
        let zoo = try mapped(Zoo.self, ["loop": loop], undefinedKeys: .stash)
        #expect(zoo.unmapped.description == "UnmappedValues([\"loop\": NSMutableDictionary of 2 keys that contains itself])")
    }

    @Test("deeply nested untyped values: description and equality walk without recursion", arguments: [
        (300, 512 * 1024), (100_000, 64 * 1024 * 1024),
    ])
    func deepUntyped(levels: Int, stackSize: Int) async throws {
        let outcome = Counter()
        // 300 levels on a 512 KB thread, the issue's case; 100,000 on a thread large enough for
        // Swift to free such an array at all (it releases nested arrays recursively).
        await onThread(stackSize: stackSize) {
            var deep: Any = 1
            for _ in 0..<levels { deep = [deep] }
            let stash = UnmappedValues(["deep": deep])
            if stash == UnmappedValues(["deep": deep]) { outcome.increment() }
            if stash.description.hasPrefix("UnmappedValues([\"deep\": [[[") { outcome.increment() }
        }
        #expect(outcome.value == 2)
    }
}
