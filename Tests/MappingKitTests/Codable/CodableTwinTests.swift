import Foundation
import MappingKit
import Testing

// Issue 58 (first part): the same shape declared twice, once with Swift's synthesized Codable and
// once as `MappableCodable` with no configuration, decoded from the same bad input: the same
// `DecodingError` case at the same coding path. (The full differential over every coder option
// is the rest of issue 58.)

private struct Point: Codable, Equatable {
    var x = 0
    var y = 0
}

private enum Color: String, Codable {
    case red, green
}

private struct Synthesized: Codable {
    var point: Point?
    var color: Color?
    var id: UUID?
    var small: Int8?
    var count: Int?
    var unsigned: UInt64?
    var points: Set<Point.Key>?
}

private struct Twin: MappableCodable {
    var point: Point?
    var color: Color?
    var id: UUID?
    var small: Int8?
    var count: Int?
    var unsigned: UInt64?
    var points: Set<Point.Key>?
}

extension Point {
    /// A Codable struct that is `Hashable`, for a set.
    struct Key: Codable, Hashable {
        var k = 0
    }
}

/// A `DecodingError`'s case and coding path, as a test compares them.
private func shape(of error: any Error) -> String {
    func path(_ context: DecodingError.Context) -> String {
        context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }
    switch error as? DecodingError {
    case .typeMismatch(_, let context)?: return "typeMismatch@\(path(context))"
    case .valueNotFound(_, let context)?: return "valueNotFound@\(path(context))"
    case .keyNotFound(let key, let context)?: return "keyNotFound(\(key.stringValue))@\(path(context))"
    case .dataCorrupted(let context)?: return "dataCorrupted@\(path(context))"
    default: return "\(error)"
    }
}

@Suite("Codable twins: MappableCodable's errors are the synthesized conformance's")
struct CodableTwinTests {
    @Test("the same DecodingError case at the same path, for null, bad content and the wrong kind", arguments: [
        // Cause 3: `null` for a Codable-typed value is valueNotFound.
        #"{"point": {"x": null}}"#,
        #"{"points": [null]}"#,
        // Cause 4: the right kind, with content that does not fit, is dataCorrupted.
        #"{"color": "blue"}"#,
        #"{"id": "not-a-uuid"}"#,
        #"{"small": 300}"#,
        #"{"count": 2.5}"#,
        #"{"unsigned": -1}"#,
        // Another kind is typeMismatch.
        #"{"count": "x"}"#,
        #"{"color": 5}"#,
        #"{"point": [1]}"#,
    ])
    func sameErrors(json: String) throws {
        let data = Data(json.utf8)
        let expected = try #require(throws: (any Error).self) { try JSONDecoder().decode(Synthesized.self, from: data) }
        let found = try #require(throws: (any Error).self) { try JSONDecoder().decode(Twin.self, from: data) }
        // Listed exemption: this Foundation's JSONDecoder reports a number that does not fit its
        // type at the document's root (`dataCorrupted@`); MappingKit names the property's path.
        if shape(of: expected) == "dataCorrupted@" {
            let key = try #require(try jsonDictionary(json).keys.first)
            #expect(shape(of: found) == "dataCorrupted@\(key)", "\(found)")
            return
        }
        #expect(shape(of: found) == shape(of: expected), "\(found)")
    }
}
