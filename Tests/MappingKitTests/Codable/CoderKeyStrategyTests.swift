import Foundation
import MappingKit
import Testing

/// A model with a key strategy of its own.
private struct Account: MappableCodable, Equatable {
    var createdAt = 0
    var displayName = ""
    var owner = Owner()
    static let mappingConfiguration = MappingConfiguration(for: Account.self) { $0.keyStrategy = .snakeCase }
}

/// A nested model that sets no strategy: its parent's reaches it.
private struct Owner: MappableCodable, Equatable {
    var firstName = ""
}

/// A model with no strategy: a decoder's is followed as Codable follows it.
private struct Unconfigured: MappableCodable, Equatable {
    var createdAt = 0
    var displayName: String?
}

/// A key the configuration names, as a `CodingKeys` raw value would.
private struct Named: MappableCodable, Equatable {
    var userId = ""
    static let mappingConfiguration = MappingConfiguration(for: Named.self) { $0.map(\.userId, to: "user_id") }
}

/// Issue 62, item 9: a coder's key strategy and the model's.
@Suite("A coder's key strategy and the model's")
struct CoderKeyStrategyTests {
    private static var snakeJSON: Data { Data(#"{"created_at": 5, "display_name": "Ann", "owner": {"first_name": "Bo"}}"#.utf8) }

    private static func snakeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return decoder
    }

    @Test("the coder's strategy alone: read and written as the synthesized Codable conformance does")
    func coderOnly() throws {
        #expect(try Self.snakeDecoder().decode(Unconfigured.self, from: Self.snakeJSON) == Unconfigured(createdAt: 5, displayName: "Ann"))
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = .sortedKeys
        #expect(try String(decoding: encoder.encode(Unconfigured(createdAt: 5, displayName: "Ann")), as: UTF8.self)
            == #"{"created_at":5,"display_name":"Ann"}"#)
    }

    @Test("the model's strategy alone: a plain coder reads and writes the model's keys, nested models' too")
    func modelOnly() throws {
        let expected = Account(createdAt: 5, displayName: "Ann", owner: Owner(firstName: "Bo"))
        #expect(try JSONDecoder().decode(Account.self, from: Self.snakeJSON) == expected)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(try String(decoding: encoder.encode(expected), as: UTF8.self)
            == #"{"created_at":5,"display_name":"Ann","owner":{"first_name":"Bo"}}"#)
    }

    @Test("both: the decoder converted the keys the model converts again, refused with both keys named, never read as nothing")
    func both() throws {
        let message = #"created_at: configuration of Account: the decoder holds "createdAt" where the model reads "created_at": "#
            + "the decoder's keyDecodingStrategy converted the input's keys, and the model's own key (its key strategy, "
            + "or a key its configuration names) converts them again; set one of the two"
        let topLevel = Data(#"{"created_at": 5, "display_name": "Ann"}"#.utf8)
        do {
            _ = try Self.snakeDecoder().decode(Account.self, from: topLevel)
            Issue.record("decoded")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.map(\.stringValue) == ["created_at"])
            #expect((context.underlyingError as? MappingError)?.description == message)
            #expect((context.underlyingError as? MappingError)?.issues.map(\.kind) == [.configuration])
        }
        // In an array, under the array's element path.
        do {
            _ = try Self.snakeDecoder().decode([Account].self, from: Data("[".utf8) + topLevel + Data("]".utf8))
            Issue.record("decoded")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.map(\.stringValue) == ["Index 0", "created_at"])
        }
    }

    @Test("a key the configuration names, as a CodingKeys raw value under convertFromSnakeCase: refused, not left empty")
    func namedKey() throws {
        #expect(try JSONDecoder().decode(Named.self, from: Data(#"{"user_id": "u1"}"#.utf8)) == Named(userId: "u1"))
        do {
            _ = try Self.snakeDecoder().decode(Named.self, from: Data(#"{"user_id": "u1"}"#.utf8))
            Issue.record("decoded")
        } catch DecodingError.dataCorrupted(let context) {
            #expect((context.underlyingError as? MappingError)?.description
                == #"user_id: configuration of Named: the decoder holds "userId" where the model reads "user_id": "#
                + "the decoder's keyDecodingStrategy converted the input's keys, and the model's own key (its key strategy, "
                + "or a key its configuration names) converts them again; set one of the two")
        }
    }

    @Test("in a nested model alone, seen in the nested object")
    func nested() throws {
        do {
            _ = try Self.snakeDecoder().decode(Account.self, from: Data(#"{"owner": {"first_name": "Bo"}}"#.utf8))
            Issue.record("decoded")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.map(\.stringValue) == ["owner", "first_name"])
            #expect((context.underlyingError as? MappingError)?.issues.map(\.path) == ["owner.first_name"])
        }
    }

    @Test("a key genuinely absent is still absent, and an input that holds the name itself is read as any input: nothing converted it")
    func absent() throws {
        #expect(try Self.snakeDecoder().decode(Account.self, from: Data("{}".utf8)) == Account())
        #expect(try JSONDecoder().decode(Account.self, from: Data(#"{"display_name": "Ann"}"#.utf8)) == Account(displayName: "Ann"))
        let camel = Data(#"{"createdAt": 5, "owner": {"firstName": "Bo"}}"#.utf8)
        #expect(try JSONDecoder().decode(Account.self, from: camel) == Account())
        #expect(try JSONDecoder().decode(Account.self, from: camel) == Account(dictionary: JSONSerialization.jsonObject(with: camel) as? [String: Any] ?? [:]))
    }
}
