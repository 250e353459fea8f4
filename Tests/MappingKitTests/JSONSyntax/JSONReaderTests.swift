import Foundation
import MappingKit
import Testing

@Suite("JSON syntax errors")
struct JSONReaderTests {
    @Test("every syntax error says where, in the value's path and in the text, what was expected and what was found", arguments: [
        ("", "expected a JSON value, found end of input at line 1, column 1 (byte 0)"),
        ("   ", "expected a JSON value, found end of input at line 1, column 4 (byte 3)"),
        ("{", "expected a key or '}', found end of input at line 1, column 2 (byte 1)"),
        (#"{"a""#, "expected ':' after an object key, found end of input at line 1, column 5 (byte 4)"),
        (#"{"a":"#, "a: expected a JSON value, found end of input at line 1, column 6 (byte 5)"),
        (#"{"a":1"#, "expected ',' or '}' after an object member, found end of input at line 1, column 7 (byte 6)"),
        (#"{"a":1,}"#, "expected a key (a string), found '}' at line 1, column 8 (byte 7)"),
        ("[1,]", "[1]: expected a JSON value, found ']' at line 1, column 4 (byte 3)"),
        ("[1 2]", "expected ',' or ']' after an array element, found '2' at line 1, column 4 (byte 3)"),
        (#"{"a" 1}"#, "expected ':' after an object key, found '1' at line 1, column 6 (byte 5)"),
        ("{a:1}", "expected a key (a string), found 'a' at line 1, column 2 (byte 1)"),
        ("[01]", "[0]: expected no leading zeros ('.', 'e' or the end of the number after 0), found '1' at line 1, column 3 (byte 2)"),
        ("[-]", "[0]: expected a digit after '-', found ']' at line 1, column 3 (byte 2)"),
        ("[1.]", "[0]: expected a digit after '.', found ']' at line 1, column 4 (byte 3)"),
        ("[.5]", "[0]: expected a JSON value, found '.' at line 1, column 2 (byte 1)"),
        ("[1e]", "[0]: expected a digit in the exponent, found ']' at line 1, column 4 (byte 3)"),
        ("[NaN]", "[0]: expected a JSON value, found 'N' at line 1, column 2 (byte 1)"),
        ("[Infinity]", "[0]: expected a JSON value, found 'I' at line 1, column 2 (byte 1)"),
        ("[-Infinity]", "[0]: expected a digit after '-', found 'I' at line 1, column 3 (byte 2)"),
        ("[tru]", "[0]: expected true, false or null, found 't' at line 1, column 2 (byte 1)"),
        ("[\"a\nb\"]", "[0]: expected a string character (control characters must be escaped), found control character U+000A at line 1, column 4 (byte 3)"),
        (#"["\x"]"#, #"[0]: expected an escape (\" \\ \/ \b \f \n \r \t or \uXXXX), found 'x' at line 1, column 4 (byte 3)"#),
        (#"["\u12"]"#, #"[0]: expected four hexadecimal digits after \u, found '"' at line 1, column 7 (byte 6)"#),
        (#"["\uDC00"]"#, #"[0]: expected a high surrogate before \uDC00, found a lone surrogate \uDC00 at line 1, column 3 (byte 2)"#),
        (#"["\uD800x"]"#, #"[0]: expected a low surrogate after \uD800, found a lone surrogate \uD800 at line 1, column 3 (byte 2)"#),
        ("[1] [2]", "expected the end of the input after the top-level value, found '[' at line 1, column 5 (byte 4)"),
        ("{} x", "expected the end of the input after the top-level value, found 'x' at line 1, column 4 (byte 3)"),
        ("\u{FEFF}[]", "expected a JSON value, found byte 0xEF at line 1, column 1 (byte 0)"),
        ("[1,\n  2,\n  ]", "[2]: expected a JSON value, found ']' at line 3, column 3 (byte 11)"),
        (#"["é", x]"#, "[1]: expected a JSON value, found 'x' at line 1, column 7 (byte 7)"),
    ] as [(ShownText, String)])
    func syntaxErrors(json: ShownText, message: String) {
        #expect(mappingError { _ = try JSONValue.parse(json.text) }?.description == message)
    }

    @Test("invalid UTF-8 is an error at its first byte", arguments: [
        ([0x5B, 0x22, 0xFF, 0x22, 0x5D], "[0]: expected UTF-8 text, found invalid UTF-8 byte 0xFF at line 1, column 3 (byte 2)"),
        ([0x5B, 0x22, 0xC3, 0x22, 0x5D], "[0]: expected UTF-8 text, found an invalid UTF-8 sequence at line 1, column 3 (byte 2)"),
        ([0x5B, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x5D], "[0]: expected UTF-8 text, found an invalid UTF-8 sequence at line 1, column 3 (byte 2)"),
        ([0x5B, 0x22, 0xC0, 0xAF, 0x22, 0x5D], "[0]: expected UTF-8 text, found invalid UTF-8 byte 0xC0 at line 1, column 3 (byte 2)"),
    ] as [([UInt8], String)])
    func invalidUTF8(bytes: [UInt8], message: String) {
        #expect(mappingError { _ = try JSONValue.parse(Data(bytes)) }?.description == message)
    }

    @Test("every escape reads as its character, at one, two, three and four UTF-8 bytes")
    func escapes() throws {
        let value = try JSONValue.parse(#"["\" \\ \/ \b \f \n \r \t \u0041 \u00e9 \u20AC \ud83d\ude00 plain é"]"#)
        #expect(Plain(value) == .array([.string("\" \\ / \u{8} \u{C} \n \r \t A é € 😀 plain é")]))
    }

    @Test("the location is a value of its own")
    func location() throws {
        let issue = try #require(mappingError { _ = try JSONValue.parse("{\n  \"a\": [1, 2,]\n}") }?.issues.first)
        #expect(issue.location == JSONLocation(line: 2, column: 14, offset: 15))
        #expect(issue.expected == "a JSON value")
        #expect(issue.found == "']' at line 2, column 14 (byte 15)")
    }

    @Test("nesting is bounded: a million brackets are an error, not a stack overflow", arguments: [
        String(repeating: "[", count: 1_000_000),
        String(repeating: #"{"a":"#, count: 100_000),
    ])
    func nesting(json: String) async {
        let outcomes = Outcomes()
        await onThread(stackSize: 8 << 20) {
            outcomes.record(mappingOutcome { _ = try JSONValue.parse(json) })
        }
        // On a 512 KB thread, a debug build's frames may use up the stack first: that is an error too.
        await onThread {
            outcomes.record(mappingOutcome { _ = try JSONValue.parse(json) })
        }
        let (found, offset) = json.hasPrefix("[") ? ("'['", 512) : ("'{'", 2560)
        let path = json.hasPrefix("[") ? String(repeating: "[0]", count: 512) : "a" + String(repeating: ".a", count: 511)
        let limit = "\(path): expected at most 512 nested arrays and objects (MappingLimits.maximumNesting), found \(found) at line 1, column \(offset + 1) (byte \(offset))"
        #expect(outcomes.values.first == limit)
        #expect(outcomes.values.last == limit || outcomes.values.last == "out of stack")
    }

    // (2,500 levels: Swift itself frees nested arrays recursively, and much deeper values would
    // overflow a 512 KB stack when they are released, whatever writes them.)
    @Test("writing untyped values deeper than the limit is an error, on any thread, not a stack overflow")
    func deepWriting() async {
        let outcomes = Outcomes()
        await onThread {
            var value: Any = 1
            for _ in 0..<511 { value = [value] }
            outcomes.record(mappingOutcome { _ = try JSONValue.data(value) })
            for _ in 0..<2_000 { value = [value] }
            outcomes.record(String(mappingOutcome { _ = try JSONValue.data(value) }.suffix(100)))
        }
        #expect(outcomes.values.first == "mapped" || outcomes.values.first == "out of stack")
        #expect(outcomes.values.last == "expected at most 512 nested JSON arrays and objects (MappingLimits.maximumNesting), found more"
            || outcomes.values.last == "out of stack")
    }

    @Test("512 levels parse; the limit is the caller's to change")
    func nestingLimit() throws {
        let deep = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        _ = try JSONValue.parse(deep)
        #expect(mappingError { _ = try JSONValue.parse(deep, limits: MappingLimits(maximumNesting: 100)) }?.issues.first?.location?.offset == 100)
    }

    @Test("untyped values are native Swift values, never NSNumber")
    func nativeValues() throws {
        let value = try #require(try JSONValue.parse(#"{"i": -7, "u": 18446744073709551615, "d": 2.5, "b": true, "s": "x", "n": null, "a": [1]}"#) as? [String: Any])
        #expect(value["i"].map { "\(type(of: $0))" } == "\(Int.self)")
        #expect(value["u"].map { "\(type(of: $0))" } == "\(UInt64.self)")
        #expect(value["d"].map { "\(type(of: $0))" } == "\(Double.self)")
        #expect(value["b"].map { "\(type(of: $0))" } == "\(Bool.self)")
        #expect(value["s"].map { "\(type(of: $0))" } == "\(String.self)")
        #expect(value["n"].map { "\(type(of: $0))" } == "\(NSNull.self)")
        #expect(value["a"].map { "\(type(of: $0))" } == "\([Any].self)")
        #expect(Plain(value) == .object([
            "i": .int(-7), "u": .uint64(18_446_744_073_709_551_615), "d": .double(2.5), "b": .bool(true), "s": .string("x"),
            "n": .null, "a": .array([.int(1)]),
        ]))
    }
}
