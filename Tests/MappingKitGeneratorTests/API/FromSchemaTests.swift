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

    var testDescription: String { schemaFile }

    static let all = [
        SchemaRoundTrip(
            schemaFile: "Tests/Generated/Samples/Schemas/zoo.schema.json",
            options: GeneratorOptions(access: .package),
            source: "Tests/Generated/FromSchema/Zoo/Zoo.swift",
            schema: {
                try Mapper().jsonSchemaData(for: [
                    ZooScalars.self, ZooDates.self, ZooPaths.self, ZooLoosePaths.self, ZooTagged.self, ZooCollections.self, ZooRules.self, ZooOpen.self,
                ])
            }
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
        let original = try String(contentsOf: PackagePaths.root.appendingPathComponent(roundTrip.schemaFile), encoding: .utf8)
        let again = String(decoding: try roundTrip.schema(), as: UTF8.self) + "\n"
        #expect(again == original)
        // MAPPINGKIT_ROUNDTRIP_OUT=folder writes the document the models give, to compare.
        if again != original, let folder = ProcessInfo.processInfo.environment["MAPPINGKIT_ROUNDTRIP_OUT"] {
            try Data(again.utf8).write(to: URL(fileURLWithPath: folder).appendingPathComponent(URL(fileURLWithPath: roundTrip.schemaFile).lastPathComponent))
        }
    }
}
