import Foundation
import MappingKit

/// A value a schema describes, as a generated model holds it.
struct SchemaValue {
    /// The type, without the `?` of an optional.
    var type: String
    var isOptional = false
    /// The adapter the property is mapped with.
    var adapter: String?
    var isHashable = false
    /// The rules the property's configuration gives it: `lossy`, `singleValueAsArray`, `emptyStringAsNil`.
    var rules: [String] = []
    /// A value of the type written as JSON, as a Swift expression (`nil`: not one it writes).
    var literal: (Any) -> String?
    /// The initial value where the schema gives none; `nil` when the type has none (`Any`).
    var empty: String?
    /// The ``TypeChoice`` a protocol-typed value is chosen by, as generated code spells it.
    var choice: String?
    /// The `@available` attribute of the releases that have the type (`Int128`, `Duration`).
    var availability: String?

    /// The type with the `?` of an optional: `Int?`, `(any Figure)?`.
    var spelled: String {
        guard isOptional else { return type }
        return type.hasPrefix("any ") ? "(\(type))?" : type + "?"
    }

    static func any(_ empty: String? = nil) -> SchemaValue {
        SchemaValue(type: "Any", literal: { SchemaValue.anyLiteral($0) }, empty: empty)
    }

    /// A JSON value as an `Any`'s initial value (`null` inside an array or an object has none).
    static func anyLiteral(_ value: Any) -> String? {
        switch value {
        case let value as Bool: return value ? "true" : "false"
        case let value as String: return ModelPlan.stringLiteral(value)
        case let array as [Any]:
            let elements = array.map(anyLiteral)
            guard elements.allSatisfy({ $0 != nil }) else { return nil }
            return "[" + elements.compactMap { $0 }.joined(separator: ", ") + "] as [Any]"
        case let object as [String: Any]:
            guard !object.isEmpty else { return "[:] as [String: Any]" }
            let members = object.keys.sorted().map { key in object[key].flatMap(anyLiteral).map { "\(ModelPlan.stringLiteral(key)): \($0)" } }
            guard members.allSatisfy({ $0 != nil }) else { return nil }
            return "[" + members.compactMap { $0 }.joined(separator: ", ") + "] as [String: Any]"
        default: return LeafSchemas.numberText(value)
        }
    }

    /// The property declaration for this value: its default, or the type's empty value.
    func property(named name: String, default value: Any?) -> SchemaDeclaration.Model.Property {
        // `null` is an optional's `nil`, or a value of a type that takes it (an untagged enum's case).
        if let value, !(value is NSNull) || !isOptional, var initial = literal(value) {
            // `URL(string: "…")!` checked here: an optional takes the optional as it is.
            if isOptional, initial.hasSuffix(")!") { initial.removeLast() }
            return SchemaDeclaration.Model.Property(name: name, type: spelled, initial: initial)
        }
        if isOptional || empty == nil {
            var optional = self
            optional.isOptional = true
            return SchemaDeclaration.Model.Property(name: name, type: optional.spelled, initial: nil)
        }
        return SchemaDeclaration.Model.Property(name: name, type: type, initial: empty)
    }
}

/// Where a value sits: a property or a non-optional array property's elements take an adapter;
/// values deeper down do not.
enum SchemaPosition {
    case property, element, deep
}

/// The Swift type of each property schema (``SchemaReader``'s value half).
struct SchemaTypes {
    let reader: SchemaReader

    func value(of schema: [String: Any], key: String, owner: String, position: SchemaPosition) -> SchemaValue {
        var schema = schema
        schema["default"] = nil
        if schema["nullable"] as? Bool == true {
            schema["nullable"] = nil
            return optional(value(of: schema, key: key, owner: owner, position: position))
        }
        if let types = schema["type"] as? [String], types.count == 2, let other = types.first(where: { $0 != "null" }), types.contains("null") {
            schema["type"] = other
            return optional(value(of: schema, key: key, owner: owner, position: position))
        }
        if let reference = schema["$ref"] as? String {
            guard let name = reader.referencedType(reference) else {
                reader.note("\(owner).\(key): the reference \(reference) is to no definition in the document: Any")
                return .any()
            }
            return SchemaValue(type: name, literal: { _ in "\(name)()" }, empty: "\(name)()")
        }
        if let leaf = LeafSchemas.leaf(matching: schema) {
            return value(of: leaf, key: key, owner: owner, position: position)
        }
        if let references = schema["oneOf"] as? [[String: Any]], schema.count == 1, let choice = reader.typeChoice(of: references) {
            guard position != .deep else {
                reader.note("\(owner).\(key): a type chosen per value, deeper than a property or its array's elements: Any")
                return .any()
            }
            let literal: (Any) -> String? = { value in
                ((value as? [String: Any])?[choice.key] as? String).flatMap { tag in choice.types.first { $0.value == tag } }.map { "\($0.type)()" }
            }
            return SchemaValue(type: "any \(choice.protocolName)", literal: literal, empty: choice.types.first.map { "\($0.type)()" }, choice: choice.source)
        }
        if let choices = (schema["anyOf"] ?? schema["oneOf"]) as? [[String: Any]] {
            return value(ofChoices: choices, schema: schema, key: key, owner: owner, position: position)
        }
        if let values = schema["enum"] as? [Any] {
            guard let name = try? reader.enumType(for: schema, key: key, make: { name throws(GeneratorError) in reader.rawEnum(values, named: name).map(SchemaDeclaration.rawEnum) }) else {
                reader.note("\(owner).\(key): an enum of values of several kinds: Any")
                return .any()
            }
            let rawEnum = reader.enumDeclarations.compactMap { if case .rawEnum(let found) = $0, found.name == name { found } else { nil } }.first
            let cases = rawEnum?.cases ?? []
            let literal: (Any) -> String? = { value in
                guard let index = values.firstIndex(where: { LeafSchemas.canonicalText($0) == LeafSchemas.canonicalText(value) }), index < cases.count else { return nil }
                return "\(name).\(cases[index].name)"
            }
            return SchemaValue(type: name, isHashable: true, literal: literal, empty: cases.first.map { "\(name).\($0.name)" })
        }
        switch schema["type"] as? String {
        case "array": return array(schema, key: key, owner: owner, position: position)
        case "object": return object(schema, key: key, owner: owner)
        case "string", "integer", "number", "boolean": return formatted(schema, key: key, owner: owner, position: position)
        default:
            let described = schema.keys.filter { !["description", "title", "$comment", "examples"].contains($0) }
            if !described.isEmpty { reader.note("\(owner).\(key): \(described.sorted().joined(separator: ", ")) not generated: Any") }
            return .any()
        }
    }

    private func optional(_ value: SchemaValue) -> SchemaValue {
        var value = value
        value.isOptional = true
        return value
    }

    private func value(of leaf: Leaf, key: String, owner: String, position: SchemaPosition) -> SchemaValue {
        if ["Date", "URL", "UUID", "Data", "Decimal", "NSNumber", "NSNull"].contains(leaf.type) { reader.foundationUsed() }
        // Deeper than a property's own adapter reaches, the model converts every value of the
        // type (`map.convert`), when no other adapter of the type is wanted there.
        if let adapter = leaf.adapter, position == .deep, !reader.converts(leaf.type, using: adapter) {
            reader.note("\(owner).\(key): a \(leaf.type) this deep, in another form than the model's other \(leaf.type)s: String")
            return SchemaValue(type: "String", isHashable: true, literal: { ($0 as? String).map(ModelPlan.stringLiteral) }, empty: "\"\"")
        }
        let empty: String? = switch leaf.type {
        case "Bool": "false"
        case "String": "\"\""
        case "Float", "Double": "0.0"
        case "Decimal": "Decimal()"
        case "Duration": "Duration.zero"
        case "NSNumber": "NSNumber(value: 0)"
        case "NSNull": "NSNull()"
        case "Data": "Data()"
        case "Date": "Date(timeIntervalSince1970: 0)"
        case "URL": #"URL(fileURLWithPath: "/")"#
        case "UUID": "UUID()"
        default: "0"
        }
        return SchemaValue(type: leaf.type, adapter: leaf.adapter, isHashable: leaf.isHashable, literal: leaf.literal, empty: empty, availability: leaf.availability)
    }

    /// `anyOf`: a value or `null`; `""` beside an optional text (empty text as nil); one value
    /// beside an array (a single value as an array); tagged objects (a tagged enum).
    private func value(ofChoices choices: [[String: Any]], schema: [String: Any], key: String, owner: String, position: SchemaPosition) -> SchemaValue {
        let values = choices.filter { $0["type"] as? String != "null" }
        if values.count == 1, choices.count == 2 {
            return optional(value(of: values[0], key: key, owner: owner, position: position))
        }
        if choices.count == 2, choices[1]["const"] as? String == "", choices[1].count == 1 {
            var text = value(of: choices[0], key: key, owner: owner, position: position)
            if text.isOptional, text.type == "String", position == .property {
                text.rules.append("emptyStringAsNil")
                return text
            }
            // Deeper, only a tagged enum's optional payload value is described so: the model's
            // tree-wide policy reaches it.
            if text.isOptional, position == .deep {
                reader.readsEmptyTextAsNil = true
                return text
            }
        }
        if choices.count == 2, choices[0]["type"] as? String == "array", Self.isSingleValue(choices[1]) {
            var collection = value(of: choices[0], key: key, owner: owner, position: position)
            collection.rules.append("singleValueAsArray")
            return collection
        }
        if let tagged = TaggedSchemas(types: self).value(of: choices, key: key, owner: owner) {
            return tagged
        }
        reader.note("\(owner).\(key): a choice of \(choices.count) schemas that is no optional, no tagged enum: Any")
        return .any()
    }

    /// How MappingKit describes a lossy array: the prefix, the type it keeps, the suffix.
    private static let lossyPrefix = "elements that do not map to "
    private static let lossySuffix = " are dropped"

    /// `{"allOf": [element, {"not": {"type": "array"}}]}` (or the `not` alone): what a collection
    /// that boxes one value takes beside its array.
    private static func isSingleValue(_ schema: [String: Any]) -> Bool {
        let notArray = { (part: [String: Any]) in (part["not"] as? [String: Any])?["type"] as? String == "array" && part.count == 1 }
        if notArray(schema) { return true }
        guard let parts = schema["allOf"] as? [[String: Any]], parts.count == 2, schema.count == 1 else { return false }
        return notArray(parts[1])
    }

    private func array(_ schema: [String: Any], key: String, owner: String, position: SchemaPosition) -> SchemaValue {
        if let description = schema["description"] as? String, description.hasPrefix(Self.lossyPrefix), description.hasSuffix(Self.lossySuffix), schema["items"] == nil {
            // A lossy array: the type it keeps, when the description names one this document has.
            let kept = String(description.dropFirst(Self.lossyPrefix.count).dropLast(Self.lossySuffix.count))
            let known = LeafSchemas.all.contains { $0.type == kept && $0.adapter == nil } || reader.declaresType(kept)
            if !known { reader.note("\(owner).\(key): a lossy array of \(kept), a type the document does not describe: [Any]") }
            let element = known ? kept : "Any"
            if ["Decimal", "URL", "UUID"].contains(element) { reader.foundationUsed() }
            return SchemaValue(type: "[\(element)]", rules: ["lossy"], literal: { _ in "[]" }, empty: "[]")
        }
        guard let items = schema["items"] as? [String: Any] else {
            if schema["prefixItems"] != nil { reader.note("\(owner).\(key): an array of fixed items in place: [Any]") }
            return SchemaValue(type: "[Any]", literal: { _ in "[]" }, empty: "[]")
        }
        let element = value(of: items, key: key, owner: owner, position: position == .property ? .element : .deep)
        let spelled = element.spelled
        let isSet = schema["uniqueItems"] as? Bool == true && element.isHashable && !element.isOptional
        if schema["uniqueItems"] as? Bool == true, !isSet { reader.note("\(owner).\(key): unique items of a type that is not Hashable: an array") }
        let literal: (Any) -> String? = { value in
            guard let array = value as? [Any] else { return nil }
            let elements = array.map { $0 is NSNull ? "nil" : element.literal($0) }
            guard elements.allSatisfy({ $0 != nil }) else { return nil }
            return "[" + elements.compactMap { $0 }.joined(separator: ", ") + "]"
        }
        return SchemaValue(
            type: isSet ? "Set<\(spelled)>" : "[\(spelled)]", adapter: element.adapter, literal: literal, empty: "[]", choice: element.choice,
            availability: element.availability
        )
    }

    private func object(_ schema: [String: Any], key: String, owner: String) -> SchemaValue {
        guard let values = schema["additionalProperties"] as? [String: Any] else {
            if schema["properties"] != nil { reader.note("\(owner).\(key): an object with properties in place, here no key path: [String: Any]") }
            return SchemaValue(type: "[String: Any]", literal: { _ in "[:]" }, empty: "[:]")
        }
        let value = value(of: values, key: key, owner: owner, position: .deep)
        let spelled = value.spelled
        let literal: (Any) -> String? = { json in
            guard let object = json as? [String: Any] else { return nil }
            if object.isEmpty { return "[:]" }
            let members = object.keys.sorted().map { member in (object[member] as? NSNull != nil ? "nil" : value.literal(object[member] as Any)).map { "\(ModelPlan.stringLiteral(member)): \($0)" } }
            guard members.allSatisfy({ $0 != nil }) else { return nil }
            return "[" + members.compactMap { $0 }.joined(separator: ", ") + "]"
        }
        return SchemaValue(type: "[String: \(spelled)]", literal: literal, empty: "[:]", availability: value.availability)
    }

    /// A scalar no leaf matches exactly: by its format, else by its type alone.
    private func formatted(_ schema: [String: Any], key: String, owner: String, position: SchemaPosition) -> SchemaValue {
        let type = schema["type"] as? String ?? ""
        let format = schema["format"] as? String
        var leafSchema: [String: Any] = [:]
        var leafType = type
        switch (type, format) {
        case ("string", "date-time"): leafSchema = LeafSchemas.schema(of: Date.self, using: .iso8601); leafType = "Date"
        case ("string", "date"): leafSchema = LeafSchemas.schema(of: Date.self, using: .iso8601Date); leafType = "Date"
        case ("string", "uri"), ("string", "uri-reference"), ("string", "iri"), ("string", "iri-reference"): leafType = "URL"
        case ("string", "uuid"): leafType = "UUID"
        case ("string", _) where schema["contentEncoding"] as? String == "base64": leafType = "Data"
        case ("integer", "int32"): leafType = "Int32"
        case ("integer", "int64"): leafType = "Int64"
        case ("number", "float"): leafType = "Float"
        default: break
        }
        let found = leafSchema.isEmpty
            ? LeafSchemas.all.first { $0.type == Self.swiftType(leafType) }
            : LeafSchemas.leaf(matching: leafSchema)
        guard let leaf = found else { return .any() }
        let checked = Set(schema.keys).subtracting(["type", "format", "description", "title", "examples", "$comment", "contentEncoding", "contentMediaType"])
        if !checked.isEmpty { reader.note("\(owner).\(key): \(checked.sorted().joined(separator: ", ")) not checked by the model's \(leaf.type)") }
        return value(of: leaf, key: key, owner: owner, position: position)
    }

    private static func swiftType(_ schemaType: String) -> String {
        switch schemaType {
        case "string": "String"
        case "integer": "Int"
        case "number": "Double"
        case "boolean": "Bool"
        default: schemaType
        }
    }
}
