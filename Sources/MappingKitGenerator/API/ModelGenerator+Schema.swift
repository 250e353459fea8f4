import Foundation
import MappingKit

extension ModelGenerator {
    /// Swift source for models of a JSON Schema document (draft 2020-12; an OpenAPI 3.1
    /// document's `components/schemas`): a model for the root object, when the document
    /// describes one (named by its `title`, else ``GeneratorOptions/name``), and one for each
    /// definition (`$defs`, by its name), with the configuration that maps what the schema says.
    /// `mappingkit-generate --from-schema` runs it.
    ///
    /// ```swift
    /// let source = try ModelGenerator().source(forSchema: Sample(name: "login.schema.json", data: Data(#"""
    ///     {"title": "Login", "type": "object", "required": ["user_name"],
    ///      "properties": {"user_name": {"type": "string"}, "attempts": {"type": "integer", "default": 0}}}
    ///     """#.utf8)))
    /// ```
    ///
    /// gives
    ///
    /// ```swift
    /// /// The schema's root object.
    /// struct Login: Mappable {
    ///     var userName: String = ""
    ///     var attempts: Int = 0
    ///
    ///     static let mappingConfiguration = MappingConfiguration(for: Login.self) { map in
    ///         map.keyStrategy = .snakeCase
    ///         map.missingKeys = .raise
    ///         map.allowsMissing(\.attempts)
    ///     }
    /// }
    /// ```
    ///
    /// A schema MappingKit wrote (`Model.jsonSchema()`, `Mapper.jsonSchema(for:)`) comes back as
    /// models whose schema is that document again: each leaf type, adapter, key path, positional
    /// model, tagged enum and rule that shows in it is read back. Others' schemas take the same
    /// path, with their formats (`date-time`, `date`, `uri`, `uuid`, `int32`, `float`, base64 content).
    /// Where a model cannot say what the schema says (a pattern of its own, a `oneOf` of
    /// values that is no tagged enum, a constraint on a whole object), the place is looser and
    /// the file's header lists it.
    public func source(forSchema schema: Sample) throws(GeneratorError) -> String {
        let document: Any
        do {
            document = try JSONValue.parse(schema.data)
        } catch {
            throw GeneratorError("\(schema.name): \(error)")
        }
        guard let object = document as? [String: Any] else { throw GeneratorError("\(schema.name): expected a JSON Schema object") }
        try checkName()
        let reader = SchemaReader(options: options)
        try reader.read(object)
        return SchemaSourceWriter(options: options, schemaName: schema.name).source(for: reader)
    }
}
