import Foundation
import MappingKit

/// The JSON Schema of the models the generator writes, for `mappingkit-generate --schema`: what
/// `Model.jsonSchema()` gives for them once compiled, worked out from the same plans the source
/// is written from (a generated model maps its keys as they are, keeps missing keys' defaults and
/// allows other keys, so only each value's type and default decide its schema).
/// `MappingKitGeneratorTests` compares the two on every checked-in sample: the library's schema,
/// read off the compiled plan, stays the one truth, and this is held to it.
struct SchemaWriter {
    let plans: [ModelPlan]
    let name: (ObjectNode) -> String

    /// The document for the first plan, the top type.
    func document() -> [String: Any] {
        guard let top = plans.first else { return [:] }
        var document: [String: Any] = ["$schema": "https://json-schema.org/draft/2020-12/schema", "title": top.typeName]
        for (key, value) in object(top) { document[key] = value }
        let definitions = plans.dropFirst().filter { $0.node.names == nil }.map { ($0.typeName, object($0) as Any) }
        if !definitions.isEmpty { document["$defs"] = Dictionary(uniqueKeysWithValues: definitions) }
        return document
    }

    private func object(_ plan: ModelPlan) -> [String: Any] {
        var properties: [String: Any] = [:]
        for property in plan.properties {
            var schema = schema(of: property.type)
            if property.isOptional {
                if !schema.isEmpty { schema = ["anyOf": [schema, ["type": "null"]]] }
            } else if let initial = initialValue(of: property.type) {
                schema["default"] = initial
            }
            properties[property.key] = schema
        }
        // An internally tagged case's payload holds its tag beside its own keys, as the library
        // describes a model read with a discriminator.
        if let (variants, tag) = plan.node.union, variants.content == nil {
            properties[variants.key] = ["const": tag]
            return ["type": "object", "properties": properties, "required": [variants.key]]
        }
        return ["type": "object", "properties": properties]
    }

    private func schema(of type: SwiftType) -> [String: Any] {
        switch type {
        case .bool: return LeafSchemas.schema(of: Bool.self, using: nil)
        case .integer(let name):
            switch name {
            case "UInt64": return LeafSchemas.schema(of: UInt64.self, using: nil)
            case "Int64": return LeafSchemas.schema(of: Int64.self, using: nil)
            default: return LeafSchemas.schema(of: Int.self, using: nil)
            }
        case .double: return LeafSchemas.schema(of: Double.self, using: nil)
        case .decimal: return LeafSchemas.schema(of: Decimal.self, using: .decimal)
        case .string: return LeafSchemas.schema(of: String.self, using: nil)
        case .url: return LeafSchemas.schema(of: URL.self, using: nil)
        case .date(let form): return Self.schema(of: form)
        case .model(let node):
            let target = name(node.resolved)
            return ["$ref": target == plans.first?.typeName ? "#" : "#/$defs/\(target)"]
        case .union(_, let variants):
            // As `TaggedEnumCodec` describes an internally tagged enum whose cases are models:
            // each case's tag, and for the fallback any tag no case has.
            let cases = UnionCases(variants)
            let known = cases.cases.map(\.tag)
            var choices: [Any] = zip(cases.cases, variants.payloads).map { entry, payload in
                // Adjacently tagged, the content is the payload model; internally, the model's
                // object holds the tag too.
                guard let content = variants.content else { return ["$ref": "#/$defs/\(name(payload.node))"] as [String: Any] }
                return [
                    "type": "object", "required": [variants.key, content],
                    "properties": [variants.key: ["const": entry.tag], content: ["$ref": "#/$defs/\(name(payload.node))"]],
                ] as [String: Any]
            }
            choices.append(["type": "object", "required": [variants.key], "properties": [variants.key: ["type": "string", "not": ["enum": known]]]])
            return ["anyOf": choices]
        case .array(let element, let optional):
            var items = schema(of: element)
            if optional, !items.isEmpty { items = ["anyOf": [items, ["type": "null"]]] }
            return element.isAny ? ["type": "array"] : ["type": "array", "items": items]
        case .map(let value, let optional):
            var values = schema(of: value)
            if optional, !values.isEmpty { values = ["anyOf": [values, ["type": "null"]]] }
            return value.isAny ? ["type": "object"] : ["type": "object", "additionalProperties": values]
        case .emptyObject: return ["type": "object"]
        case .any: return [:]
        }
    }

    /// The adapter's own schema, as the library gives it for a model with this adapter.
    private static func schema(of form: DateForm) -> [String: Any] {
        LeafSchemas.schema(of: Date.self, using: form.adapter)
    }

    /// A property's value in a fresh model, as JSON.
    private func initialValue(of type: SwiftType) -> Any? {
        switch type {
        case .bool: false
        case .integer, .decimal: 0
        case .double: 0.0
        case .string: ""
        case .date(let form): form.epochText
        case .model(let node): plans.first { $0.node === node.resolved }.map(initialObject)
        case .union(_, let variants): [variants.key: ""]
        case .array: [Any]()
        case .map, .emptyObject: [String: Any]()
        case .url, .any: nil
        }
    }

    private func initialObject(_ plan: ModelPlan) -> [String: Any] {
        var object: [String: Any] = [:]
        for property in plan.properties where !property.isOptional {
            object[property.key] = initialValue(of: property.type)
        }
        return object
    }
}
