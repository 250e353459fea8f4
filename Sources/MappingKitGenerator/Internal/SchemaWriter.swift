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
        let definitions = plans.dropFirst().map { ($0.typeName, object($0) as Any) }
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
        return ["type": "object", "properties": properties]
    }

    private func schema(of type: SwiftType) -> [String: Any] {
        switch type {
        case .bool: return LeafSchemaProbe.schema(LeafSchemaProbe.Bool.self)
        case .integer(let name):
            switch name {
            case "UInt64": return LeafSchemaProbe.schema(LeafSchemaProbe.UInt64.self)
            case "Int64": return LeafSchemaProbe.schema(LeafSchemaProbe.Int64.self)
            default: return LeafSchemaProbe.schema(LeafSchemaProbe.Int.self)
            }
        case .double: return LeafSchemaProbe.schema(LeafSchemaProbe.Double.self)
        case .decimal: return LeafSchemaProbe.schema(LeafSchemaProbe.Decimal.self)
        case .string: return LeafSchemaProbe.schema(LeafSchemaProbe.String.self)
        case .url: return LeafSchemaProbe.schema(LeafSchemaProbe.URL.self)
        case .date(let form): return Self.schema(of: form)
        case .model(let node):
            let target = name(node.resolved)
            return ["$ref": target == plans.first?.typeName ? "#" : "#/$defs/\(target)"]
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
        (try? DateSchemaProbe.schema(using: form)) ?? ["type": "string"]
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

/// One `Date` under a pattern adapter, for the schema the library gives it.
private struct DateSchemaProbe: Mappable {
    var value = Date(timeIntervalSince1970: 0)

    static func schema(using form: DateForm) throws -> [String: Any] {
        let adapter: Adapter<Date> = switch form {
        case .iso8601: .iso8601
        case .twitter: .date(format: "EEE MMM dd HH:mm:ss Z yyyy")
        case .offset(let pattern): .date(format: pattern.format, secondsFromGMT: pattern.offset)
        }
        let mapper = Mapper()
        mapper.register(MappingConfiguration(for: DateSchemaProbe.self) { $0.map(\.value, using: adapter) }, for: DateSchemaProbe.self)
        var schema = (try mapper.jsonSchema(for: DateSchemaProbe.self)["properties"] as? [String: Any])?["value"] as? [String: Any] ?? [:]
        schema["default"] = nil
        return schema
    }
}

/// Models of one property of a leaf type, whose compiled schema gives that type's schema: the
/// library's own, so that the generator keeps no second copy of it to drift.
private enum LeafSchemaProbe {
    struct Bool: Mappable { var value = false }
    struct Int: Mappable { var value = 0 }
    struct Int64: Mappable { var value: Swift.Int64 = 0 }
    struct UInt64: Mappable { var value: Swift.UInt64 = 0 }
    struct Double: Mappable { var value = 0.0 }
    struct Decimal: Mappable { var value = Foundation.Decimal() }
    struct String: Mappable { var value = "" }
    struct URL: Mappable { var value = Foundation.URL(fileURLWithPath: "/") }

    /// The schema of `Probe`'s one property, without its default.
    static func schema<Probe: Mappable>(_: Probe.Type) -> [Swift.String: Any] {
        var schema = ((try? Probe.jsonSchema())?["properties"] as? [Swift.String: Any])?["value"] as? [Swift.String: Any] ?? [:]
        schema["default"] = nil
        return schema
    }
}
