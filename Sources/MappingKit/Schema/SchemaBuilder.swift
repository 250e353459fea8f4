import Foundation

// JSON Schema (draft 2020-12) from a model's plan.
//
// The schema is read off the same plan that maps the model, never off the Swift type: the keys
// are the plan's keys (renamed, under a key strategy, key paths as nested objects), each value's
// schema is told by the codec that converts it, in the codec's own file (a requirement of
// `ValueCodec`, which no codec can leave out), and the
// undefined-key and missing-key policies are the plan's. So the schema changes when the mapping
// does, with nothing to keep in step by hand.
//
// What a schema says, and what it leaves out:
// - A value's schema describes what `jsonData()` writes and what the mapping reads back under
//   `.strict` coercion. The default `.lossless` mode also reads a few other spellings
//   (`"42"` for an `Int`, `1` for a `Bool`); the schema does not list them, so it is never
//   looser than what MappingKit writes, and a validator that passes a document means MappingKit
//   reads it.
// - A codec that cannot say what it reads (a closure adapter, an untyped value, a `Codable` type
//   read by the coder) gives the empty schema, which accepts anything: a schema never refuses
//   what the mapping would read.
// - A nested model is a `$defs` entry, named after its type (with a number when the same type is
//   mapped by two plans, under different handed-down policies), referenced with `$ref`;
//   recursive models refer to their own entry.

/// Builds one document's schema: the root object and the `$defs` its nested models share. A
/// class: every codec's schema part is handed it (as ``SchemaBuilding``) and adds the entries of
/// the models it refers to.
final class SchemaBuilder: SchemaBuilding {
    /// Every nested model's object schema, by its name in `$defs`.
    private(set) var definitions: [String: Any] = [:]
    /// Each plan's name in `$defs`, once it has one (before its schema is done, so that a
    /// recursive model refers to itself).
    private var names: [Definition: String] = [:]
    /// The plans whose schema is the root's: a reference to them is `#`.
    private var root: ObjectIdentifier?
    /// A model type's `init()` as JSON values, for its properties' defaults; `nil` when it
    /// cannot be written (a `Date` without an adapter). Given by the API, which writes JSON.
    let defaults: (any Mappable.Type) -> [String: Any]?

    init(defaults: @escaping (any Mappable.Type) -> [String: Any]?) {
        self.defaults = defaults
    }

    /// The whole document for the model `type` of `plan`, mapped in `context`.
    func document(for plan: ObjectPlan, of type: any Mappable.Type, context: MappingContext) throws -> [String: Any] {
        root = ObjectIdentifier(plan)
        names[Definition(plan: ObjectIdentifier(plan), discriminator: nil)] = plan.modelName
        var document: [String: Any] = ["$schema": "https://json-schema.org/draft/2020-12/schema", "title": plan.modelName]
        for (key, value) in try object(for: plan, context: context, defaults: defaults(type)) { document[key] = value }
        if !definitions.isEmpty { document["$defs"] = definitions }
        return document
    }

    /// One document for several models, each an entry of `$defs` beside the nested models they
    /// share, with no root of its own (OpenAPI's `components/schemas`).
    func document(for models: [(plan: ObjectPlan, type: any Mappable.Type)], context: MappingContext) throws -> [String: Any] {
        root = nil
        for (plan, type) in models { _ = try reference(to: plan, of: type, context: context, discriminator: nil) }
        return ["$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": definitions]
    }

    /// A reference to the object schema of `plan`'s model, made the first time it is met;
    /// `discriminator`: a polymorphic property's key and the name of this type there, which the
    /// object holds besides its own keys (an entry of its own, so that a type that holds itself
    /// through a polymorphic property refers to it rather than nests it anew).
    func reference(to type: any Mappable.Type, context: MappingContext, discriminator: (key: String, value: String)?) throws -> [String: Any] {
        try reference(to: plan(of: type, in: context), of: type, context: context, discriminator: discriminator)
    }

    func object(of type: any Mappable.Type, context: MappingContext) throws -> [String: Any] {
        try object(for: plan(of: type, in: context), context: context, defaults: defaults(type))
    }

    /// The plan that maps `type` in `context`, as its codecs find it.
    private func plan(of type: any Mappable.Type, in context: MappingContext) throws -> ObjectPlan {
        try PlanCache.plan(for: type, configuration: context.declaredConfiguration(for: type))
    }

    /// A reference to the object schema of `plan`'s model, made the first time it is met.
    private func reference(
        to plan: ObjectPlan,
        of type: any Mappable.Type,
        context: MappingContext,
        discriminator: (key: String, value: String)?
    ) throws -> [String: Any] {
        let definition = Definition(plan: ObjectIdentifier(plan), discriminator: discriminator.map { "\($0.key)=\($0.value)" })
        if definition.plan == root, discriminator == nil { return ["$ref": "#"] }
        if let name = names[definition] { return ["$ref": "#/$defs/\(name)"] }
        var name = plan.modelName
        var number = 2
        while names.values.contains(name) {
            name = "\(plan.modelName)\(number)"
            number += 1
        }
        names[definition] = name
        definitions[name] = [String: Any]()
        definitions[name] = try object(for: plan, context: context, defaults: defaults(type), discriminator: discriminator)
        return ["$ref": "#/$defs/\(name)"]
    }

    /// A `$defs` entry: a plan's object, alone or with a discriminator's key and value.
    private struct Definition: Hashable {
        let plan: ObjectIdentifier
        let discriminator: String?
    }

    /// The object schema of a plan: a property per key, nested objects for key paths, each
    /// property's default (`defaults`, the model's `init()` as JSON, or the rule's default for
    /// a missing key), the required keys and, under ``UndefinedKeyPolicy/raise``, no others.
    /// `discriminator`: a key and value that a polymorphic property's object holds besides the
    /// model's own keys.
    func object(
        for plan: ObjectPlan,
        context: MappingContext,
        defaults: [String: Any]?,
        discriminator: (key: String, value: String)? = nil
    ) throws -> [String: Any] {
        let inner = context.handingDown(plan.handedDown)
        var properties = SchemaProperties()
        for field in plan.fields {
            if field.keys.isFlattened {
                // A flattened model's keys are the parent object's own.
                let nested = try field.accept(SchemaFieldMaker(inline: true))(self, inner)
                properties.merge(nested)
                continue
            }
            var value = try field.accept(SchemaFieldMaker(inline: false))(self, inner)
            if !value.isEmpty { value = plan.keptFieldSchema(value, nullDefault: field.defaults.whenNull != nil) }
            // A default for a missing key is taken before the requirements are checked.
            let needsKey = field.requiresKey || (field.requirementsNeedKey && field.defaults.whenMissing == nil)
            let isRequired = needsKey && field.keys.all.count == 1
            for (position, key) in field.keys.all.enumerated() {
                var property = value
                if position == 0, !isRequired, property["default"] == nil, let initial = Self.value(at: key, in: defaults) {
                    property["default"] = initial
                }
                // A later key is read only where the first is absent; the description says so
                // (and `mappingkit-generate --from-schema` gives the property its keys back).
                if position > 0, let first = field.keys.all.first {
                    let note = "\(Self.alternativePrefix)\(first.description)\(Self.alternativeSuffix)"
                    property["description"] = (property["description"] as? String).map { "\($0); \(note)" } ?? note
                }
                properties.add(property, at: key.steps.map(\.schemaStep), required: isRequired)
            }
        }
        if let discriminator { properties.add(["const": discriminator.value], at: [.key(discriminator.key)], required: true) }
        let closed = (context.undefinedKeys ?? plan.undefinedKeys) == .raise
        let object = properties.schema(closed: closed)
        return plan.hooks.isPositional ? SchemaProperties.positional(object, closed: closed) : object
    }

    /// How a later key of a property is described: this, the first key, then the suffix.
    static let alternativePrefix = "read in place of "
    static let alternativeSuffix = " when it is absent"

    /// The value at `key` in the model's defaults, when it has one there (an optional's `nil`
    /// is written as no key).
    private static func value(at key: ExternalKey, in defaults: [String: Any]?) -> Any? {
        var current: Any? = defaults
        for step in key.steps {
            guard case .key(let name) = step, let object = current as? [String: Any] else { return nil }
            current = object[name]
        }
        return current
    }
}

/// One field's schema, through its typed self (its codec is typed by its value): the codec's,
/// with the field's requirements described; `inline`: a flattened model's object itself.
private struct SchemaFieldMaker: FieldVisitor {
    typealias Made = (SchemaBuilder, MappingContext) throws -> [String: Any]
    let inline: Bool

    func visit<Value>(_ field: TypedField<Value>) -> Made {
        let inline = inline
        return { builder, context in
            if inline { return try builder.inlineObject(of: field.codec, context: context) }
            var schema = try builder.schema(of: field.codec, context: context)
            let requirements = field.requirements.map(\.description)
            if !requirements.isEmpty { schema["description"] = "must be " + requirements.joined(separator: " and ") }
            // A rule's default for a missing key is the property's default, as its codec writes it.
            // Unwrapped first: `nil as? Value` succeeds when `Value` is `Any` (or an optional).
            if let missing = field.defaults.whenMissing, let initial = missing as? Value,
               let written = try? field.codec.encode(initial, in: context) {
                schema["default"] = written
            }
            return schema
        }
    }

    func visit<Value>(_ field: IndirectField<Value>) -> Made {
        visit(field.inner)
    }
}

/// The properties of an object schema, with the nested objects and arrays that key paths step
/// through: a key path's key a property of an object, its index (`tags.0`) an item of an array,
/// as MappingKit reads and writes them.
private struct SchemaProperties {
    /// A step of a key: a key in an object, or an index in an array.
    enum Step {
        case key(String)
        case index(Int)
    }

    private var properties: [String: Any] = [:]
    private var order: [String] = []
    private var nested: [String: SchemaProperties] = [:]
    private var required: [String] = []
    /// An array's items by index, when key paths index this node (an array, then; a node is
    /// never both: keys that disagree are a configuration error).
    private var items: [Int: Any] = [:]
    private var nestedItems: [Int: SchemaProperties] = [:]
    private var requiredItems = 0
    /// Constraints on the whole object (a flattened enum's choice of case), as `allOf`.
    private var constraints: [Any] = []

    mutating func add(_ value: [String: Any], at steps: [Step], required isRequired: Bool) {
        switch steps.first {
        case .key(let key)?:
            if properties[key] == nil, nested[key] == nil { order.append(key) }
            Self.place(value, after: steps, at: key, values: &properties, nodes: &nested, required: isRequired)
            if isRequired, !required.contains(key) { required.append(key) }
        case .index(let index)?:
            Self.place(value, after: steps, at: index, values: &items, nodes: &nestedItems, required: isRequired)
            if isRequired { requiredItems = max(requiredItems, index + 1) }
        case nil:
            return
        }
    }

    /// Puts `value` at `place` when `steps` end there, else in the node there, at the rest of them.
    private static func place<Place: Hashable>(
        _ value: [String: Any],
        after steps: [Step],
        at place: Place,
        values: inout [Place: Any],
        nodes: inout [Place: SchemaProperties],
        required isRequired: Bool
    ) {
        guard steps.count > 1 else { return values[place] = value }
        var inner = nodes[place] ?? SchemaProperties()
        inner.add(value, at: Array(steps.dropFirst()), required: isRequired)
        nodes[place] = inner
    }

    /// Adds the properties and required keys of `object`, an object schema (a flattened
    /// model's).
    mutating func merge(_ object: [String: Any]) {
        constraints += object["allOf"] as? [Any] ?? []
        let required = object["required"] as? [String] ?? []
        for (key, value) in (object["properties"] as? [String: Any] ?? [:]).sorted(by: { $0.key < $1.key }) {
            add(value as? [String: Any] ?? [:], at: [.key(key)], required: required.contains(key))
        }
    }

    /// The object schema (or the array's, when key paths index this node); `closed`: no keys
    /// but these, and no items past these, in the objects and arrays key paths enter too (what
    /// a model reads there is its own).
    func schema(closed: Bool) -> [String: Any] {
        if !items.isEmpty || !nestedItems.isEmpty {
            // Items before the ones read may be anything: written as `null`, read past.
            let count = (Array(items.keys) + Array(nestedItems.keys)).max().map { $0 + 1 } ?? 0
            let prefix = (0..<count).map { index in
                items[index] ?? nestedItems[index].map { $0.stepSchema(closed: closed) } ?? [String: Any]()
            }
            var array: [String: Any] = ["type": "array", "prefixItems": prefix]
            if requiredItems > 0 { array["minItems"] = requiredItems }
            if closed { array["items"] = false }
            return array
        }
        var all: [String: Any] = [:]
        for key in order {
            if let inner = nested[key] {
                // A key path's step that no other property reads as a value.
                all[key] = properties[key] ?? inner.stepSchema(closed: closed)
            } else {
                all[key] = properties[key]
            }
        }
        var object: [String: Any] = ["type": "object", "properties": all]
        if !required.isEmpty { object["required"] = required }
        if closed { object["additionalProperties"] = false }
        if !constraints.isEmpty { object["allOf"] = constraints }
        return object
    }

    /// The schema of an object or array a key path steps through: `null` there too, unless
    /// `closed`, is nothing at the path (what the reader takes it for, under `.drop` and
    /// `.stash`; under `.raise`, it is a value where the model's keys are, refused).
    func stepSchema(closed: Bool) -> [String: Any] {
        var node = schema(closed: closed)
        if !closed, let type = node["type"] as? String { node["type"] = [type, "null"] }
        return node
    }

    /// A positional model's schema (``MappingConfiguration/Builder/positions(_:fileID:line:)``)
    /// from its object schema, keyed by position: the array MappingKit writes and reads, each
    /// position's item, as many as the required positions at least and, `closed`, no more than
    /// its positions; or the object keyed by position, which it reads too.
    static func positional(_ object: [String: Any], closed: Bool) -> [String: Any] {
        let properties = object["properties"] as? [String: Any] ?? [:]
        let count = (properties.keys.compactMap { Int($0) }.max() ?? -1) + 1
        var array: [String: Any] = ["type": "array", "prefixItems": (0..<count).map { properties["\($0)"] ?? [String: Any]() }]
        let required = (object["required"] as? [String] ?? []).compactMap { Int($0) }
        if let last = required.max() { array["minItems"] = last + 1 }
        if closed { array["items"] = false }
        return ["anyOf": [array, object]]
    }
}

extension ExternalKey.Step {
    fileprivate var schemaStep: SchemaProperties.Step {
        switch self {
        case .key(let key): .key(key)
        case .index(let index): .index(index)
        }
    }
}
