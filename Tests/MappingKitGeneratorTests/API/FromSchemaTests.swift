import Foundation
import GeneratedCanada
import GeneratedCitmCatalog
import GeneratedFromSchemaCanada
import GeneratedFromSchemaCitmCatalog
import GeneratedFromSchemaTwitter
import GeneratedFromSchemaZoo
import GeneratedTwitter
import MappingKit
import MappingKitGenerator
import Testing
import TestSupport

/// The models of a schema document, checked in (Tests/Generated/FromSchema), beside the
/// document they were generated from (Tests/Generated/Samples/Schemas).
struct SchemaRoundTrip: Sendable, CustomTestStringConvertible {
    let schemaFile: String
    let options: GeneratorOptions
    let source: String
    /// The compiled models' document, as the schema was made (`Mapper.jsonSchemaData(for:)`).
    let schema: @Sendable () throws -> Data
    /// The document the schema file holds, where these tests can make it: the sample models'
    /// (the zoo's is held to its models in MappingKitTests, `SchemaZooDocumentTests`).
    var original: (@Sendable () throws -> Data)?
    /// What the schema says that no generated model can say again, left out of the comparison:
    /// a requirement's description, whose check is the user's code (`.that("0 to 150") { … }`).
    var unrecoverable: [(path: [String], key: String)] = []

    var testDescription: String { schemaFile }

    /// `document` without what no model can say again, written as the models write theirs.
    func withoutUnrecoverable(_ document: Data) throws -> String {
        guard !unrecoverable.isEmpty else { return String(decoding: document, as: UTF8.self) }
        var value = try JSONValue.parse(document)
        for (path, key) in unrecoverable { value = Self.removing(key, at: path[...], in: value) }
        return String(decoding: try JSONValue.data(value, options: [.prettyPrinted, .sortedKeys]), as: UTF8.self) + "\n"
    }

    private static func removing(_ key: String, at path: ArraySlice<String>, in value: Any) -> Any {
        guard var object = value as? [String: Any] else { return value }
        guard let step = path.first else {
            object[key] = nil
            return object
        }
        object[step] = object[step].map { removing(key, at: path.dropFirst(), in: $0) }
        return object
    }

    static let all = [
        SchemaRoundTrip(
            schemaFile: "Tests/Generated/Samples/Schemas/zoo.schema.json",
            options: GeneratorOptions(access: .package),
            source: "Tests/Generated/FromSchema/Zoo/Zoo.swift",
            schema: {
                var types: [any Mappable.Type] = [
                    ZooScalars.self, ZooDates.self, ZooPaths.self, ZooLoosePaths.self, ZooTagged.self, ZooCollections.self, ZooRules.self, ZooOpen.self,
                    ZooWide.self, ZooPayloads.self, ZooUntagged.self, ZooChoices.self, ZooFoundation.self,
                ]
                if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) { types.append(ZooModern.self) }
                return try Mapper().jsonSchemaData(for: types)
            },
            unrecoverable: [(["$defs", "ZooChoices", "properties", "age"], "description")]
        ),
        SchemaRoundTrip(
            schemaFile: "Tests/Generated/Samples/Schemas/twitter.schema.json",
            options: GeneratorOptions(access: .package),
            source: "Tests/Generated/FromSchema/Twitter/Twitter.swift",
            schema: { try Mapper().jsonSchemaData(for: GeneratedFromSchemaTwitter.Twitter.self) },
            original: { try Mapper().jsonSchemaData(for: GeneratedTwitter.Twitter.self) }
        ),
        SchemaRoundTrip(
            schemaFile: "Tests/Generated/Samples/Schemas/citm_catalog.schema.json",
            options: GeneratorOptions(access: .package),
            source: "Tests/Generated/FromSchema/CitmCatalog/CitmCatalog.swift",
            schema: { try Mapper().jsonSchemaData(for: GeneratedFromSchemaCitmCatalog.CitmCatalog.self) },
            original: { try Mapper().jsonSchemaData(for: GeneratedCitmCatalog.CitmCatalog.self) }
        ),
        SchemaRoundTrip(
            schemaFile: "Tests/Generated/Samples/Schemas/canada.schema.json",
            options: GeneratorOptions(access: .package),
            source: "Tests/Generated/FromSchema/Canada/Canada.swift",
            schema: { try Mapper().jsonSchemaData(for: GeneratedFromSchemaCanada.Canada.self) },
            original: { try Mapper().jsonSchemaData(for: GeneratedCanada.Canada.self) }
        ),
    ]
}

@Suite("Models generated from a JSON Schema")
struct FromSchemaTests {
    @Test("the checked-in models are what --from-schema writes for the document (Tests/Generated/regenerate.sh)", arguments: SchemaRoundTrip.all)
    func generatedSource(_ roundTrip: SchemaRoundTrip) throws {
        let file = PackagePaths.root.appendingPathComponent(roundTrip.schemaFile)
        let source = try ModelGenerator(options: roundTrip.options).source(forSchema: Sample(name: file.lastPathComponent, data: Data(contentsOf: file)))
        let checkedIn = try String(contentsOf: PackagePaths.root.appendingPathComponent(roundTrip.source), encoding: .utf8)
        #expect(source == checkedIn)
    }

    @Test("the checked-in schema of each sample is its compiled models' (MAPPINGKIT_REGENERATE=1 writes it)", arguments: SchemaRoundTrip.all.filter { $0.original != nil })
    func checkedInSchema(_ roundTrip: SchemaRoundTrip) throws {
        let file = PackagePaths.root.appendingPathComponent(roundTrip.schemaFile)
        let document = try (roundTrip.original?() ?? Data()) + Data("\n".utf8)
        if ProcessInfo.processInfo.environment["MAPPINGKIT_REGENERATE"] != nil { try document.write(to: file) }
        #expect(String(decoding: try Data(contentsOf: file), as: UTF8.self) == String(decoding: document, as: UTF8.self))
    }

    @Test("schema → generated models → schema gives the document back", arguments: SchemaRoundTrip.all)
    func roundTrip(_ roundTrip: SchemaRoundTrip) throws {
        let original = try roundTrip.withoutUnrecoverable(Data(contentsOf: PackagePaths.root.appendingPathComponent(roundTrip.schemaFile)))
        let again = String(decoding: try roundTrip.schema(), as: UTF8.self) + "\n"
        #expect(again == original)
        // MAPPINGKIT_ROUNDTRIP_OUT=folder writes the document the models give, to compare.
        if again != original, let folder = ProcessInfo.processInfo.environment["MAPPINGKIT_ROUNDTRIP_OUT"] {
            try Data(again.utf8).write(to: URL(fileURLWithPath: folder).appendingPathComponent(URL(fileURLWithPath: roundTrip.schemaFile).lastPathComponent))
        }
    }
}

extension FromSchemaTests {
    @Test("the docs' example: required keys raised, the others allowed to be missing, keys in snake_case")
    func login() throws {
        let schema = #"""
            {"title": "Login", "type": "object", "required": ["user_name"],
             "properties": {"user_name": {"type": "string"}, "attempts": {"type": "integer", "default": 0}}}
            """#
        let source = try ModelGenerator().source(forSchema: Sample(name: "login.schema.json", data: Data(schema.utf8)))
        #expect(source == #"""
            // Generated by `mappingkit-generate --from-schema login.schema.json`.
            // Map with MappingKit: `try Model(json: data)`, `try model.jsonData()`; `Model.jsonSchema()` describes it again.

            import MappingKit

            /// The schema's root object.
            struct Login: Mappable {
                var userName: String = ""
                var attempts: Int = 0

                static let mappingConfiguration = MappingConfiguration(for: Login.self) { map in
                    map.keyStrategy = .snakeCase
                    map.missingKeys = .raise
                    map.allowsMissing(\.attempts)
                }
            }

            """#)
    }

    @Test("an OpenAPI 3.1 document's components: formats, enums, null, references, a choice of payloads as an untagged enum; what no model says is listed in the header")
    func openAPI() throws {
        let schema = #"""
            {"openapi": "3.1.0", "info": {"title": "Pets", "version": "1"}, "paths": {},
             "components": {"schemas": {
              "Pet": {"type": "object", "required": ["id", "name"], "properties": {
                "id": {"type": "integer", "format": "int64"},
                "name": {"type": "string"},
                "tag": {"type": ["string", "null"]},
                "born": {"type": "string", "format": "date"},
                "seen": {"type": "string", "format": "date-time"},
                "home": {"type": "string", "format": "uri"},
                "status": {"type": "string", "enum": ["available", "pending", "sold-out"]},
                "owner": {"$ref": "#/components/schemas/Owner"},
                "photos": {"type": "array", "items": {"type": "string", "format": "uri"}},
                "code": {"type": "string", "pattern": "^[A-Z]{3}$"},
                "weight": {"type": "number", "format": "float"},
                "extra": {"oneOf": [{"type": "string"}, {"type": "integer"}]}
              }},
              "Owner": {"type": "object", "properties": {"email": {"type": "string"}, "nicknames": {"type": "object", "additionalProperties": {"type": "string"}}}}
             }}}
            """#
        let source = try ModelGenerator().source(forSchema: Sample(name: "petstore.json", data: Data(schema.utf8)))
        #expect(source == #"""
            // Generated by `mappingkit-generate --from-schema petstore.json`.
            // Map with MappingKit: `try Model(json: data)`, `try model.jsonData()`; `Model.jsonSchema()` describes it again.
            // Not said by these models (each place is looser than the schema there):
            // - Pet.code: pattern not checked by the model's String

            import Foundation
            import MappingKit

            /// `Owner` in the schema's definitions.
            struct Owner: Mappable {
                var email: String?
                var nicknames: [String: String]?
            }

            /// `Pet` in the schema's definitions.
            struct Pet: Mappable {
                var id: Int64 = 0
                var name: String = ""
                var born: Date?
                var code: String?
                var extra: Extra?
                var home: URL?
                var owner: Owner?
                var photos: [URL]?
                var seen: Date?
                var status: Status?
                var tag: String?
                var weight: Float?

                static let mappingConfiguration = MappingConfiguration(for: Pet.self) { map in
                    map.map(\.born, using: .iso8601Date)
                    map.map(\.seen, using: .iso8601)
                    map.missingKeys = .raise
                }
            }

            enum Extra: TaggedEnum {
                case string(String)
                case integer(Int)

                static var tagging: EnumTagging { .untagged }
            }

            enum Status: String, CaseIterable, Sendable {
                case available
                case pending
                case soldOut = "sold-out"
            }

            """#)
    }

    @Test("a document that describes no object and defines nothing is an error that says so")
    func nothingToGenerate() throws {
        let scalar = #expect(throws: GeneratorError.self) {
            try ModelGenerator().source(forSchema: Sample(name: "string.schema.json", data: Data(#"{"type": "string"}"#.utf8)))
        }
        #expect(scalar?.message == "expected a schema of an object, or definitions ($defs, components/schemas) to generate models of")
        let array = #expect(throws: GeneratorError.self) {
            try ModelGenerator().source(forSchema: Sample(name: "list.schema.json", data: Data("[]".utf8)))
        }
        #expect(array?.message == "list.schema.json: expected a JSON Schema object")
    }
}
