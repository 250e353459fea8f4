import Foundation
import MappingKit
import Testing

private enum Tier: String {
    case free, pro
}

private enum Figure: TaggedEnum {
    case circle(radius: Double)
}

private struct Strict: Mappable {
    var id = 0
    var small: Int8 = 0
    var whole = 0
    var ratio = 0.0
    var flag = false
    var tier = Tier.free
    var figure = Figure.circle(radius: 0)
    var age = 0
    var items: [Strict] = []
    var name = ""

    static let mappingConfiguration = MappingConfiguration(for: Strict.self) { map in
        map.require(\.id, .exists)
        map.require(\.age, .that("at most 150") { $0 <= 150 })
        map.map(\.name, using: Adapter<String>(from: String.self) { text in
            guard text != "bad" else { throw NameError() }
            return text
        } encode: { $0 })
    }
}

private struct NameError: Error, CustomStringConvertible {
    var description: String { "not a name" }
}

private struct Closed: Mappable {
    var id = 0
    static let mappingConfiguration = MappingConfiguration(for: Closed.self) { map in
        map.undefinedKeys = .raise
    }
}

private struct Unsupported: Mappable {
    var when = DispatchTime.now()
}

/// Issue 62, item 4: a kind to switch on, and the path as steps, beside the words.
@Suite("An issue's kind and its path as steps")
struct MappingErrorKindTests {
    private func issue(_ json: String, as type: (some Mappable).Type = Strict.self) -> MappingError.Issue? {
        do {
            _ = try type.init(json: json)
            return nil
        } catch let error as MappingError {
            return error.issues.first
        } catch {
            return nil
        }
    }

    @Test("every kind of problem says which it is", arguments: [
        (#"{"small": 1}"#, MappingError.Issue.Kind.missingKey, "id: required, missing"),
        (#"{"id": 1, "flag": "yes"}"#, .typeMismatch, #"flag: expected Bool, found String "yes""#),
        (#"{"id": 1, "whole": null}"#, .nullValue, "whole: expected Int, found null"),
        (#"{"id": 1, "small": 300}"#, .outOfRange, "small: expected Int8 in -128...127, found Int 300"),
        (#"{"id": 1, "ratio": 9007199254740993}"#, .inexact, "ratio: expected Double without loss of precision, found Int 9007199254740993"),
        (#"{"id": 1, "tier": "gold"}"#, .unknownRawValue, #"tier: expected a raw value of Tier, found String "gold""#),
        (#"{"id": 1, "figure": {"square": {}}}"#, .unknownTag, #"figure: expected a case of Figure (one of "circle"), found String "square""#),
        (#"{"id": 1, "age": 200}"#, .unmetRequirement, "age: requirement failed: expected at most 150, found Int 200"),
        (#"{"id": 1, "name": "bad"}"#, .thrown, "name: not a name"),
        (#"{"id": 1,}"#, .invalidSyntax, "expected a key (a string), found '}' at line 1, column 10 (byte 9)"),
    ])
    func kinds(json: String, kind: MappingError.Issue.Kind, description: String) throws {
        let found = try #require(issue(json))
        #expect(found.kind == kind)
        #expect(found.description == description)
    }

    @Test("undefined keys, limits and configuration mistakes have kinds of their own")
    func structuralKinds() throws {
        #expect(issue(#"{"id": 1, "extra": 2}"#, as: Closed.self)?.kind == .undefinedKey)
        // JSON nested past MappingLimits.maximumNesting (at its place), and models past 64 levels.
        let deepJSON = #"{"id": 1, "items": "# + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + "}"
        #expect(issue(deepJSON)?.kind == .limitExceeded)
        #expect(issue(deepJSON)?.location != nil)
        let deepModels = String(repeating: #"{"id": 1, "items": ["#, count: 70) + String(repeating: "]}", count: 70)
        #expect(issue(deepModels)?.kind == .limitExceeded)
        #expect(issue("{}", as: Unsupported.self)?.kind == .configuration)
    }

    @Test("the path as steps, keys and indexes, matching the text")
    func pathComponents() throws {
        let found = try #require(issue(#"{"id": 1, "items": [{"id": 2}, {"id": 3, "flag": "x"}]}"#))
        #expect(found.path == "items[1].flag")
        #expect(found.pathComponents == [.key("items"), .index(1), .key("flag")])
        #expect(found.kind == .typeMismatch)
    }
}
