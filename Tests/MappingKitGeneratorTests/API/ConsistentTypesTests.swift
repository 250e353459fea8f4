import Foundation
import MappingKitGenerator
import Testing

/// Issue 62, item 2: the same format gives the same type; names Swift can declare are kept.
@Suite("Consistent types and names")
struct ConsistentTypesTests {
    @Test("ISO 8601 texts with milliseconds are dates whether the milliseconds are .000 or not", arguments: [
        ([#"{"a": "2015-05-22T14:56:29.000Z"}"#, #"{"a": "2015-05-22T14:56:29.123Z"}"#], #"var a = Date(timeIntervalSince1970: 0) | map.map(\.a, using: .date(format: "yyyy-MM-dd'T'HH:mm:ss.SSS'Z'"))"#),
        ([#"{"a": "2015-05-22T14:56:29.000Z"}"#], #"var a = Date(timeIntervalSince1970: 0) | map.map(\.a, using: .date(format: "yyyy-MM-dd'T'HH:mm:ss.SSS'Z'"))"#),
        ([#"{"a": "2015-05-22T14:56:29.123Z"}"#], #"var a = Date(timeIntervalSince1970: 0) | map.map(\.a, using: .iso8601)"#),
        // Written back unchanged by no one adapter: text stays text.
        ([#"{"a": "2015-05-22T14:56:29.000Z"}"#, #"{"a": "2015-05-22T14:56:29Z"}"#], #"var a = """#),
    ])
    func milliseconds(samples: [String], expected: String) throws {
        #expect(try propertyA(samples) == expected)
    }

    @Test("a key named self is the property `self`, in backticks, as Swift declares it")
    func selfKey() throws {
        let source = try generated([#"{"self": "https://api.example.com/1", "id": 1}"#])
        #expect(source.contains("    var `self`: URL?\n"))
        #expect(!source.contains("self2"))
    }

    @Test("texts under a name that says their keys are the user's own are a [String: String], unless the samples show the keys fixed")
    func freeFormKeys() throws {
        let one = try generated([#"{"metadata": {"order_id": "6735", "user_ref": "u_12"}}"#])
        #expect(one.contains("    var metadata: [String: String] = [:]\n"))
        let varying = try generated([#"{"labels": {"app": "web"}}"#, #"{"labels": {"tier": "db"}}"#])
        #expect(varying.contains("    var labels: [String: String] = [:]\n"))
        let fixed = try generated([#"{"metadata": {"kind": "a", "lang": "en"}}"#, #"{"metadata": {"kind": "b", "lang": "fr"}}"#])
        #expect(fixed.contains("    var metadata = Metadata()\n"))
        let numbers = try generated([#"{"metadata": {"count": 1}}"#])
        #expect(numbers.contains("    var metadata = Metadata()\n"))
    }
}
