import Foundation
import MappingKit

/// Reads a JSON Schema document (draft 2020-12, or an OpenAPI 3.1 document's
/// `components/schemas`) into the models that map what it describes.
///
/// It reads MappingKit's own schemas back exactly (the tests hold schema → models → schema to
/// the same document): each leaf by the library's own schema of it (``LeafSchemas``); an object
/// described in place, not as a `$ref`, as the key paths MappingKit writes such objects for;
/// `anyOf` a value or `null` as an optional; `anyOf` tagged objects as a ``TaggedEnum``; `required`
/// as missing keys raised; `additionalProperties: false` as undefined keys raised; `default` as
/// the initial value. Others' schemas take the same path, with their formats (`date-time`,
/// `date`, `uri`, `uuid`, `int32`…) where no leaf matches; what no model can say (a pattern of
/// its own, a `oneOf` of values) becomes a looser type and a note, never silently.
final class SchemaReader {
    let options: GeneratorOptions
    /// The definitions, by the name a `$ref` gives them.
    private var definitions: [String: [String: Any]] = [:]
    /// The JSON pointer prefix of a reference to a definition.
    private let referencePrefixes = ["#/$defs/", "#/definitions/", "#/components/schemas/"]
    private var typeNames: [String: String] = [:]
    private var usedTypeNames = Naming.reservedTypes
    /// The document's root as a model, when it is an object.
    private var rootName: String?
    /// Enums made for values described in place, by their schema's text: one type each.
    private var enumNames: [String: String] = [:]
    private(set) var declarations: [SchemaDeclaration] = []
    var enumDeclarations: [SchemaDeclaration] = []
    /// What the models cannot say of the schema, one line each.
    private(set) var notes: [String] = []
    private(set) var usesFoundation = false
    /// The adapters the model being read converts every value of a type with (`map.convert`),
    /// by the type's name: values deeper than a property's own adapter reaches.
    private(set) var conversions: [(type: String, adapter: String)] = []
    /// A value deeper than a property (a tagged enum's optional payload value) takes `""` as
    /// `nil`: the model being read says `map.emptyStringsAsNil = true`, which reaches it.
    var readsEmptyTextAsNil = false

    /// A choice of models by a key of their object (`oneOf` references whose definitions each
    /// hold the key as a constant): MappingKit's ``TypeChoice/byKey(_:_:)``.
    struct Choice {
        var protocolName: String
        var key: String
        var types: [(value: String, type: String)]
        /// The `TypeChoice` expression.
        var source: String {
            ".byKey(\(ModelPlan.stringLiteral(key)), [" + types.map { "\(ModelPlan.stringLiteral($0.value)): \($0.type).self" }.joined(separator: ", ") + "])"
        }
    }

    /// The choices met so far, by their references' text.
    private var choices: [String: Choice] = [:]
    /// For each model a choice chooses among: its protocols, and the key the choice writes.
    private(set) var choiceMembership: [String: (protocols: [String], key: String)] = [:]

    init(options: GeneratorOptions) {
        self.options = options
    }

    /// Reads `document`: its root (when it describes an object), then each definition, by name.
    func read(_ document: [String: Any]) throws(GeneratorError) {
        var root: [String: Any]? = document
        if document["openapi"] != nil {
            root = nil
            definitions = ((document["components"] as? [String: Any])?["schemas"] as? [String: Any] ?? [:]).compactMapValues { $0 as? [String: Any] }
        } else {
            for key in ["$defs", "definitions"] {
                for (name, schema) in document[key] as? [String: Any] ?? [:] {
                    if let schema = schema as? [String: Any] { definitions[name] = schema }
                }
            }
        }
        if let root, root["properties"] != nil || root["type"] as? String == "object" {
            let name = (root["title"] as? String).map(typeName(for:)) ?? options.name
            usedTypeNames.insert(name)
            rootName = name
        } else {
            root = nil
        }
        guard root != nil || !definitions.isEmpty else {
            throw GeneratorError("expected a schema of an object, or definitions ($defs, components/schemas) to generate models of")
        }
        for name in definitions.keys.sorted() { typeNames[name] = typeName(for: name) }
        if let root { findChoices(in: root, hint: "choice") }
        for name in definitions.keys.sorted() { findChoices(in: definitions[name] as Any, hint: "choice") }
        if let root, let rootName { try declare(root, named: rootName, origin: "") }
        for name in definitions.keys.sorted() {
            guard let schema = definitions[name], let typeName = typeNames[name] else { continue }
            try declare(schema, named: typeName, origin: "`\(name)`")
        }
    }

    // MARK: Types

    /// A type name of its own for a definition's name or a title: the name itself when it is one.
    func typeName(for name: String) -> String {
        let isIdentifier = name.first.map { $0 == "_" || $0.isLetter } == true && name.allSatisfy { $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }
        var candidate = isIdentifier && !Naming.keywords.contains(name) ? name : Naming.typeName(for: name, isElement: false)
        if options.typePrefix.isEmpty == false { candidate = options.typePrefix + candidate }
        return unique(candidate, in: &usedTypeNames)
    }

    private func declare(_ schema: [String: Any], named name: String, origin: String) throws(GeneratorError) {
        if let values = schema["enum"] as? [Any], let rawEnum = rawEnum(values, named: name) {
            declarations.append(.rawEnum(rawEnum))
            return
        }
        if let positional = positionalItems(of: schema) {
            declarations.append(.model(positionalModel(positional, named: name, origin: origin)))
            return
        }
        guard schema["properties"] != nil || schema["type"] as? String == "object" else {
            note("\(origin.isEmpty ? "the root" : origin) is no object: \(name) is generated as an empty model")
            declarations.append(.model(SchemaDeclaration.Model(name: name, origin: origin)))
            return
        }
        declarations.append(.model(try model(schema, named: name, origin: origin)))
    }

    /// The type a `$ref` names.
    func referencedType(_ reference: String) -> String? {
        if reference == "#" { return rootName }
        for prefix in referencePrefixes where reference.hasPrefix(prefix) {
            let pointer = String(reference.dropFirst(prefix.count))
            let name = (pointer.removingPercentEncoding ?? pointer).replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            return typeNames[name]
        }
        return nil
    }

    /// The definition a `$ref` names, for a default's model.
    func referencedSchema(_ reference: String) -> [String: Any]? {
        for prefix in referencePrefixes where reference.hasPrefix(prefix) {
            return definitions[String(reference.dropFirst(prefix.count))]
        }
        return nil
    }

    /// The choice `references` (a `oneOf`) make, when each is a definition holding one key as a
    /// required constant. Made once per set of references, before the models are declared.
    func typeChoice(of references: [[String: Any]], hint: String = "choice") -> Choice? {
        let targets = references.compactMap { reference in (reference["$ref"] as? String).map { ($0, referencedSchema($0)) } }
        guard targets.count == references.count, references.allSatisfy({ $0.count == 1 }), !targets.isEmpty,
              let text = LeafSchemas.canonicalText(targets.map(\.0)) else { return nil }
        if let known = choices[text] { return known }
        let properties = targets.map { ($0.1?["properties"] as? [String: Any]) ?? [:] }
        let required = targets.map { Set(($0.1?["required"] as? [String]) ?? []) }
        guard let key = properties.first?.keys.sorted().first(where: { key in
            zip(properties, required).allSatisfy { ($0.0[key] as? [String: Any])?["const"] is String && $0.1.contains(key) }
        }) else { return nil }
        var types: [(value: String, type: String)] = []
        for (index, target) in targets.enumerated() {
            guard let value = (properties[index][key] as? [String: Any])?["const"] as? String, let type = referencedType(target.0) else { return nil }
            types.append((value, type))
        }
        let name = typeName(for: Naming.typeName(for: hint, isElement: true))
        let choice = Choice(protocolName: name, key: key, types: types)
        choices[text] = choice
        enumDeclarations.append(.choice(name: name))
        for entry in types { choiceMembership[entry.type, default: ([], key)].protocols.append(name) }
        return choice
    }

    /// Finds the choices `schema` makes anywhere, so that their models know them when declared;
    /// each protocol named after the property it is first met under (`figures` → `Figure`).
    func findChoices(in schema: Any, hint: String) {
        if let object = schema as? [String: Any] {
            if let references = object["oneOf"] as? [[String: Any]] { _ = typeChoice(of: references, hint: hint) }
            for key in object.keys.sorted() {
                guard let value = object[key] else { continue }
                if key == "properties", let properties = value as? [String: Any] {
                    for name in properties.keys.sorted() { findChoices(in: properties[name] as Any, hint: name) }
                } else {
                    findChoices(in: value, hint: hint)
                }
            }
        } else if let array = schema as? [Any] {
            for value in array { findChoices(in: value, hint: hint) }
        }
    }

    /// Whether every value of `type` in the model being read can convert with `adapter`: none
    /// converts otherwise yet (then from now on it does).
    func converts(_ type: String, using adapter: String) -> Bool {
        if let chosen = conversions.first(where: { $0.type == type }) { return chosen.adapter == adapter }
        conversions.append((type, adapter))
        return true
    }

    /// Starts a model's conversions afresh, giving the last model's (and whether a deeper value
    /// took empty text as `nil`).
    func takeConversions() -> (adapters: [(type: String, adapter: String)], emptyTextAsNil: Bool) {
        defer {
            conversions = []
            readsEmptyTextAsNil = false
        }
        return (conversions, readsEmptyTextAsNil)
    }

    /// Whether a model or enum of this document is named `name`.
    func declaresType(_ name: String) -> Bool {
        typeNames.values.contains(name) || rootName == name
    }

    func note(_ line: String) {
        notes.append(line)
    }

    func foundationUsed() {
        usesFoundation = true
    }

    // MARK: Enums

    /// A `String` or `Int` raw-value enum of `values`, when they are all strings or all integers.
    func rawEnum(_ values: [Any], named name: String) -> SchemaDeclaration.RawEnum? {
        if let texts = values as? [String], !texts.isEmpty {
            var used = Naming.reservedProperties
            let cases = texts.map { text in
                let caseName = unique(Naming.propertyCandidates(for: text)[0], in: &used)
                return (name: Naming.declared(caseName), raw: caseName == text ? "" : ModelPlan.stringLiteral(text))
            }
            return SchemaDeclaration.RawEnum(name: name, rawType: "String", cases: cases)
        }
        let integers = values.compactMap { $0 as? Int }
        guard integers.count == values.count, !integers.isEmpty else { return nil }
        return SchemaDeclaration.RawEnum(name: name, rawType: "Int", cases: integers.map { (name: $0 < 0 ? "minus\(-$0)" : "value\($0)", raw: "\($0)") })
    }

    /// The enum type for values described in place (`enum`, tagged `anyOf`): one per schema,
    /// named for the key it was first met under.
    func enumType(for schema: [String: Any], key: String, make: (String) throws(GeneratorError) -> SchemaDeclaration?) throws(GeneratorError) -> String? {
        var described = schema
        described["default"] = nil
        described["description"] = nil
        guard let text = LeafSchemas.canonicalText(described) else { return nil }
        if let known = enumNames[text] { return known }
        let name = typeName(for: Naming.typeName(for: key, isElement: false))
        guard let declaration = try make(name) else {
            usedTypeNames.remove(name)
            return nil
        }
        enumNames[text] = name
        enumDeclarations.append(declaration)
        return name
    }

    func unique(_ name: String, in used: inout Set<String>) -> String {
        var candidate = name
        var suffix = 2
        while used.contains(candidate) {
            candidate = name + "\(suffix)"
            suffix += 1
        }
        used.insert(candidate)
        return candidate
    }

    // MARK: Positional models

    /// The items of a positional model's schema (an array of fixed items, or the object keyed
    /// by position MappingKit also reads), when `schema` is one.
    private func positionalItems(of schema: [String: Any]) -> [[String: Any]]? {
        let choices = schema["anyOf"] as? [[String: Any]] ?? [schema]
        guard let array = choices.first(where: { $0["type"] as? String == "array" }), let items = array["prefixItems"] as? [[String: Any]],
              choices.allSatisfy({ $0["type"] as? String == "array" || ($0["properties"] as? [String: Any]).map { Set($0.keys) == Set(items.indices.map(String.init)) } == true })
        else { return nil }
        return items
    }

    private func positionalModel(_ items: [[String: Any]], named name: String, origin: String) -> SchemaDeclaration.Model {
        var model = SchemaDeclaration.Model(name: name, origin: origin)
        let names = items.indices.map { "element\($0)" }
        for (index, item) in items.enumerated() {
            let value = SchemaTypes(reader: self).value(of: item, key: names[index], owner: name, position: .property)
            model.properties.append(value.property(named: names[index], default: item["default"]))
            if let adapter = value.adapter { model.configuration.append("map.map(\\.\(names[index]), using: \(adapter))") }
        }
        model.configuration.insert("map.positions(\(names.map { "\\.\($0)" }.joined(separator: ", ")))", at: 0)
        return model
    }
}
