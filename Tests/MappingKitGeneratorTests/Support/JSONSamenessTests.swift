import Foundation
import Testing

@Suite("JSONSameness: the tests' own comparison")
struct JSONSamenessTests {
    @Test("differences are found and named by path", arguments: [
        (#"{"a": 1}"#, #"{"a": 1.0}"#, nil),
        (#"{"a": 1}"#, #"{"a": true}"#, "$.a: expected 1, found true"),
        (#"{"a": null}"#, #"{}"#, "$: keys missing [\"a\"], extra []"),
        (#"{"a": [1, 2]}"#, #"{"a": [1]}"#, "$.a: 2 elements, found 1"),
        (#"{"a": -65.613616999999977}"#, #"{"a": -65.61361699999998}"#, nil),
        (#"{"a": 0.1}"#, #"{"a": 0.10000000000000002}"#, "$.a: expected 0.1, found Decimal 0.10000000000000002"),
        (#"{"a": "x"}"#, #"{"a": "y"}"#, "$.a: expected \"x\", found \"y\""),
    ] as [(String, String, String?)])
    func differences(expected: String, found: String, difference: String?) throws {
        let left = try JSONSerialization.jsonObject(with: Data(expected.utf8))
        let right = try JSONSerialization.jsonObject(with: Data(found.utf8))
        #expect(JSONSameness.difference(left, right) == difference)
    }
}
