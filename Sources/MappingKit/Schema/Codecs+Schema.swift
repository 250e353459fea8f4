import Foundation

// Each codec's JSON Schema: what `jsonData()` writes for one value, and what the codec reads
// back without coercion. A codec missing here (a closure adapter, untyped values, a `Codable`
// type read by its coder, tagged and polymorphic values) gives the empty schema, which accepts
// anything (see `SchemaBuilder.swift`).

// MARK: Scalars

/// A codec whose values have one schema whatever the context: a scalar's.
protocol FixedSchema: SchemaDescribing {
    var fixedSchema: [String: Any] { get }
}

extension FixedSchema {
    func schema(in builder: inout SchemaBuilder, context: MappingContext) throws -> [String: Any] {
        fixedSchema
    }
}

extension StringCodec: FixedSchema {
    var fixedSchema: [String: Any] { ["type": "string"] }
}

extension BoolCodec: FixedSchema {
    var fixedSchema: [String: Any] { ["type": "boolean"] }
}

extension IntCodec: FixedSchema {
    var fixedSchema: [String: Any] { IntegerSchema.of(Int.self) }
}

extension IntegerCodec: FixedSchema {
    var fixedSchema: [String: Any] { IntegerSchema.of(Integer.self) }
}

/// A codec whose values are JSON numbers, fractions and all.
protocol NumberSchema: FixedSchema {}

extension NumberSchema {
    var fixedSchema: [String: Any] { ["type": "number"] }
}

extension DoubleCodec: NumberSchema {}
extension FloatingPointCodec: NumberSchema {}
extension CGFloatCodec: NumberSchema {}
extension DecimalCodec: NumberSchema {}
extension NSDecimalNumberCodec: NumberSchema {}

/// An integer type's schema: its range, exactly (a 128-bit bound as a `Decimal`, which JSON
/// writes digit for digit).
enum IntegerSchema {
    static func of<Integer: FixedWidthInteger>(_ type: Integer.Type) -> [String: Any] {
        ["type": "integer", "minimum": bound(Integer.min), "maximum": bound(Integer.max)]
    }

    private static func bound<Integer: FixedWidthInteger>(_ value: Integer) -> Any {
        if let small = Int64(exactly: value) { return small }
        if let large = UInt64(exactly: value) { return large }
        return Decimal(string: String(value)) ?? 0
    }
}






extension NSNumberCodec: FixedSchema {
    /// An `NSNumber` holds a Bool as well as a number.
    var fixedSchema: [String: Any] { ["type": ["number", "boolean"]] }
}

extension NullCodec: FixedSchema {
    var fixedSchema: [String: Any] { ["type": "null"] }
}

extension UntypedArrayCodec: FixedSchema {
    var fixedSchema: [String: Any] { ["type": "array"] }
}

extension UntypedDictionaryCodec: FixedSchema {
    var fixedSchema: [String: Any] { ["type": "object"] }
}

// MARK: Foundation values

extension StringFormCodec: SchemaDescribing {
    func schema(in builder: inout SchemaBuilder, context: MappingContext) throws -> [String: Any] {
        switch Value.self {
        // `URL(string:)` reads relative references too.
        case is URL.Type: ["type": "string", "format": "uri-reference"]
        case is UUID.Type: ["type": "string", "format": "uuid"]
        default: ["type": "string"]
        }
    }
}

extension NativeValueCodec: SchemaDescribing {
    func schema(in builder: inout SchemaBuilder, context: MappingContext) throws -> [String: Any] {
        // A `Date` or `Data` without an adapter has no JSON form: no JSON value maps to it.
        ["not": [String: Any](), "description": "\(ValueDescription.typeName(Value.self)) needs an adapter in JSON (.iso8601, .unixSeconds, .base64…)"]
    }
}

extension ClosureCodec: SchemaDescribing {
    func schema(in builder: inout SchemaBuilder, context: MappingContext) throws -> [String: Any] {
        // A built-in adapter that writes text says so (`.base64`); any other closure may read
        // anything.
        guard valueShape.kind == .string else { return [:] }
        guard let contentEncoding else { return ["type": "string"] }
        return ["type": "string", "contentEncoding": contentEncoding]
    }
}

extension BridgedCodec: SchemaDescribing {
    func schema(in builder: inout SchemaBuilder, context: MappingContext) throws -> [String: Any] {
        try builder.schema(of: counterpart, context: context)
    }
}

extension ConvertedCodec: SchemaDescribing {
    func schema(in builder: inout SchemaBuilder, context: MappingContext) throws -> [String: Any] {
        // Kept as `Stored`'s value: a `Duration` as its seconds, an adapter's typed input.
        try builder.schema(of: stored, context: context)
    }
}

// MARK: Dates

extension DateTextCodec: SchemaDescribing {
    func schema(in builder: inout SchemaBuilder, context: MappingContext) throws -> [String: Any] {
        guard let pattern else {
            // A time without a zone is read only under an assumed offset.
            if assumedOffset != nil { return ["type": "string", "description": "ISO 8601 date and time; without a zone, in the assumed offset"] }
            return ["type": "string", "format": "date-time"]
        }
        if pattern.exactResolution == 86_400, pattern.text == "yyyy-MM-dd" { return ["type": "string", "format": "date"] }
        return ["type": "string", "pattern": pattern.regularExpression, "description": "a date as \(pattern.text)"]
    }
}

extension DatePattern {
    /// An ECMA 262 regular expression (JSON Schema's dialect) for the texts the pattern reads:
    /// each field's digits or names, literal text escaped.
    var regularExpression: String {
        var expression = "^"
        for (index, token) in tokens.enumerated() {
            switch token {
            case .year: expression += "[0-9]{4}"
            case .millisecond: expression += "[0-9]{3}"
            case .month, .day, .hour, .minute, .second: expression += "[0-9]{2}"
            case .monthName: expression += "(" + Self.monthNames.joined(separator: "|") + ")"
            case .weekdayName: expression += "(" + Self.weekdayNames.joined(separator: "|") + ")"
            case .zone, .zoneWithColon:
                // An offset, or `Z`; nothing at all at the end of the text.
                expression += "(Z|z|[+-][0-9]{2}(:?[0-9]{2})?)" + (index == tokens.count - 1 ? "?" : "")
            case .literal(let byte):
                let character = Character(Unicode.Scalar(byte))
                expression += "\\^$.|?*+()[]{}/-".contains(character) ? "\\\(character)" : String(character)
            }
        }
        return expression + "$"
    }
}

extension EpochDateCodec: SchemaDescribing {
    func schema(in builder: inout SchemaBuilder, context: MappingContext) throws -> [String: Any] {
        ["type": "number", "description": "a date as \(name)"]
    }
}

// MARK: Containers

extension OptionalCodec: SchemaDescribing {
    func schema(in builder: inout SchemaBuilder, context: MappingContext) throws -> [String: Any] {
        OptionalSchema.of(try builder.schema(of: wrapped, context: context))
    }
}

/// A flattened optional: its value's keys, none required, and what its value requires only when
/// one of them is there (`nil` is none of them).
extension OptionalCodec: SchemaInlining {
    func inlineObject(in builder: inout SchemaBuilder, context: MappingContext) throws -> [String: Any] {
        var inner = try builder.inlineObject(of: wrapped, context: context)
        let keys = (inner["properties"] as? [String: Any] ?? [:]).keys.sorted()
        var whenPresent: [String: Any] = [:]
        if let required = inner.removeValue(forKey: "required") { whenPresent["required"] = required }
        if let constraints = inner.removeValue(forKey: "allOf") { whenPresent["allOf"] = constraints }
        if !whenPresent.isEmpty, !keys.isEmpty {
            let absent: [String: Any] = ["not": ["anyOf": keys.map { ["required": [$0]] }]]
            inner["allOf"] = [["anyOf": [whenPresent, absent]]]
        }
        return inner
    }
}





/// The optionals of the common scalars, through their scalar's schema.
extension OptionalCoding where Self: SchemaDescribing, Inner: SchemaDescribing {
    func schema(in builder: inout SchemaBuilder, context: MappingContext) throws -> [String: Any] {
        OptionalSchema.of(try wrapped.schema(in: &builder, context: context))
    }
}

extension OptionalIntCodec: SchemaDescribing {}
extension OptionalStringCodec: SchemaDescribing {}
extension OptionalBoolCodec: SchemaDescribing {}
extension OptionalDoubleCodec: SchemaDescribing {}

extension EmptyStringCodec: SchemaDescribing {
    func schema(in builder: inout SchemaBuilder, context: MappingContext) throws -> [String: Any] {
        // An empty string reads as `nil`, as `null` does.
        let optional = try builder.schema(of: optional, context: context)
        return optional.isEmpty ? optional : ["anyOf": [optional, ["const": ""]]]
    }
}

/// An optional's schema: its value's, or `null`.
enum OptionalSchema {
    static func of(_ wrapped: [String: Any]) -> [String: Any] {
        wrapped.isEmpty ? wrapped : ["anyOf": [wrapped, ["type": "null"]]]
    }
}

extension ArrayCodec: SchemaDescribing {
    func schema(in builder: inout SchemaBuilder, context: MappingContext) throws -> [String: Any] {
        ["type": "array", "items": try builder.schema(of: element, context: context)]
    }
}

extension SetCodec: SchemaDescribing {
    func schema(in builder: inout SchemaBuilder, context: MappingContext) throws -> [String: Any] {
        ["type": "array", "items": try builder.schema(of: element, context: context), "uniqueItems": true]
    }
}

extension DictionaryCodec: SchemaDescribing {
    func schema(in builder: inout SchemaBuilder, context: MappingContext) throws -> [String: Any] {
        ["type": "object", "additionalProperties": try builder.schema(of: value, context: context)]
    }
}

// A lossy collection drops the elements it cannot read: any element is accepted.

extension LossyArrayCodec: SchemaDescribing {
    func schema(in builder: inout SchemaBuilder, context: MappingContext) throws -> [String: Any] {
        ["type": "array", "description": "elements that do not map are dropped"]
    }
}

extension LossySetCodec: SchemaDescribing {
    func schema(in builder: inout SchemaBuilder, context: MappingContext) throws -> [String: Any] {
        ["type": "array", "description": "elements that do not map are dropped"]
    }
}

extension LossyDictionaryCodec: SchemaDescribing {
    func schema(in builder: inout SchemaBuilder, context: MappingContext) throws -> [String: Any] {
        ["type": "object", "description": "values that do not map are dropped"]
    }
}

// MARK: Enums and models

extension RawRepresentableCodec: SchemaDescribing {
    func schema(in builder: inout SchemaBuilder, context: MappingContext) throws -> [String: Any] {
        var schema = try builder.schema(of: raw, context: context)
        guard let cases = Represented.self as? any CaseIterable.Type else { return schema }
        func values<All: CaseIterable>(_: All.Type) -> [Represented] {
            All.allCases.compactMap { $0 as? Represented }
        }
        // Each case as the raw value's codec writes it.
        schema["enum"] = try values(cases).map { try raw.encode($0.rawValue, in: context) ?? NSNull() }
        return schema
    }
}

extension MappableCodec: SchemaDescribing, SchemaInlining {
    func schema(in builder: inout SchemaBuilder, context: MappingContext) throws -> [String: Any] {
        let nested = try context.nested()
        return try builder.reference(to: plan(in: nested), of: Model.self, context: nested)
    }

    func inlineObject(in builder: inout SchemaBuilder, context: MappingContext) throws -> [String: Any] {
        try builder.object(for: plan(in: context), context: context, defaults: builder.defaults(Model.self))
    }

    private func plan(in context: MappingContext) throws -> ObjectPlan {
        try plans.plan(for: Model.self, configuration: context.declaredConfiguration(for: Model.self))
    }
}

extension PolymorphicCodec: SchemaDescribing {
    func schema(in builder: inout SchemaBuilder, context: MappingContext) throws -> [String: Any] {
        let nested = try context.nested()
        func plan<Model: Mappable>(_: Model.Type) throws -> ObjectPlan {
            try PlanCache.plan(for: Model.self, configuration: nested.declaredConfiguration(for: Model.self))
        }
        switch choice.rule {
        case .always(let chosen):
            return try builder.reference(to: plan(chosen.type), of: chosen.type, context: nested)
        case .byKey(let key, let types):
            // Each type's object with the key that names it (which its own keys do not include).
            var choices: [Any] = []
            for (name, chosen) in types.sorted(by: { $0.key < $1.key }) {
                var discriminated = nested
                discriminated.discriminator = key
                choices.append(try builder.reference(to: plan(chosen.type), of: chosen.type, context: discriminated, discriminator: (key, name)))
            }
            return ["oneOf": choices]
        case .by:
            // Chosen by the app's own code: any object.
            return ["type": "object"]
        }
    }
}

extension TaggedEnumCodec: SchemaDescribing {
    func schema(in builder: inout SchemaBuilder, context: MappingContext) throws -> [String: Any] {
        // A plan that did not compile has no schema; the property's mapping reports why.
        guard let plan = try? plan.get() else { return [:] }
        var choices = plan.cases.enumerated().map { index, entry in
            plan.schema(of: entry, tag: plan.fallback?.index == index && plan.fallback?.key != nil ? ["type": "string"] : ["const": entry.tag])
        }
        // A fallback case reads every unknown tag.
        if let fallback = plan.fallback, fallback.key == nil {
            choices[fallback.index] = plan.schema(of: plan.cases[fallback.index], tag: ["type": "string"])
        }
        return ["anyOf": choices]
    }
}

/// A flattened tagged enum: its keys as the parent's properties (any value there), and the
/// choice of case as a constraint on the parent's object.
extension TaggedEnumCodec: SchemaInlining {
    func inlineObject(in builder: inout SchemaBuilder, context: MappingContext) throws -> [String: Any] {
        guard let plan = try? plan.get() else { return [:] }
        var properties: [String: Any] = [:]
        var choices: [Any] = []
        for (index, entry) in plan.cases.enumerated() {
            let isFallback = plan.fallback?.index == index
            let tag: [String: Any] = isFallback ? ["type": "string"] : ["const": entry.tag]
            let choice = plan.schema(of: entry, tag: tag)
            switch plan.form {
            case .external:
                // The case's tag is a key of the parent's object.
                guard !isFallback else { continue }
                properties[entry.tag] = [String: Any]()
                var object: [String: Any] = ["required": [entry.tag]]
                if let content = choice["additionalProperties"] { object["properties"] = [entry.tag: content] }
                choices.append(object)
            case .internal, .adjacent:
                var object = choice
                object["type"] = nil
                // Internally tagged, a one-model payload's keys are the object's own.
                if case .internal = plan.form, case .single = entry.payload, let model = entry.singleType as? any Mappable.Type {
                    func inline<Model: Mappable>(_: Model.Type) throws -> [String: Any] {
                        try builder.inlineObject(of: CodecFactory.codec(for: Model.self), context: context)
                    }
                    let nested = try inline(model)
                    var merged = object["properties"] as? [String: Any] ?? [:]
                    merged.merge(nested["properties"] as? [String: Any] ?? [:]) { first, _ in first }
                    object["properties"] = merged
                    object["required"] = (object["required"] as? [String] ?? []) + (nested["required"] as? [String] ?? [])
                }
                for key in (object["properties"] as? [String: Any] ?? [:]).keys { properties[key] = [String: Any]() }
                choices.append(object)
            }
        }
        return ["type": "object", "properties": properties, "allOf": [["anyOf": choices]]]
    }
}

extension TaggedEnumPlan {
    /// The schema of one case, with `tag` the schema of its tag. Payload values are any value:
    /// each converts through its own type's codec, found when it is read.
    fileprivate func schema(of entry: Case, tag: [String: Any]) -> [String: Any] {
        let content: [String: Any]?
        switch entry.payload {
        case .none: content = nil
        case .single: content = [:]
        case .tuple(let keys): content = ["type": "array", "minItems": keys.count, "maxItems": keys.count]
        case .labelled(_, let external):
            content = ["type": "object", "properties": Dictionary(uniqueKeysWithValues: external.map { ($0, [String: Any]()) })]
        }
        switch form {
        case .external:
            guard let content else { return ["type": "string"].merging(tag) { $1 } }
            // The tag is the one key; its schema is the key's own (a const as `propertyNames`).
            return ["type": "object", "minProperties": 1, "maxProperties": 1, "propertyNames": tag, "additionalProperties": content]
        case .internal(let tagKey):
            var object: [String: Any] = ["type": "object", "required": [tagKey]]
            var properties: [String: Any] = [tagKey: tag]
            if let labels = content?["properties"] as? [String: Any] { properties.merge(labels) { first, _ in first } }
            object["properties"] = properties
            return object
        case .adjacent(let tagKey, let contentKey):
            guard let content else { return ["type": "object", "properties": [tagKey: tag], "required": [tagKey]] }
            return ["type": "object", "properties": [tagKey: tag, contentKey: content], "required": [tagKey, contentKey]]
        }
    }
}
