/// A ``TaggedEnum``'s values: the tag and the payload found where the enum's ``EnumTagging``
/// puts them, the case built by the enum's synthesized `init(from:)` over them
/// (``EnumCaseDecoder``), and written back by its `encode(to:)` (``EnumCaseEncoder``) and laid
/// out the same way. Its plan (``TaggedEnumPlan``) is made with the codec, once per type.
///
/// JSON is read as native values and decoded here, so every format gives the same values and
/// errors; the Codable bridge asks its decoder for native values too (``ValueShape/untyped``),
/// never for the enum's own `Decodable` form.
struct TaggedEnumCodec<Value: TaggedEnum>: ValueCodec {
    let plan: Result<TaggedEnumPlan, MappingError>
    /// The coercion mode of the position the enum sits in: its payload values convert under it,
    /// as properties of their types there do.
    let mode: CoercionMode

    init(mode: CoercionMode = .lossless) {
        plan = TaggedEnumPlan.make(for: Value.self)
        self.mode = mode
    }

    func decode(_ input: Any, in context: MappingContext) throws -> Value {
        let plan = try plan.get()
        if case .untagged = plan.form { return try untagged(InputValue.flattened(input), plan: plan, in: context).value }
        if InputValue.isNull(input) { throw MappingError(.null(expected: plan.typeName)) }
        let nested = try context.nested()
        let found = try plan.locate(InputValue.flattened(input), in: context)
        let entry = plan.cases[found.index]
        if found.fallbackTag == nil, (context.undefinedKeys ?? (context.inherited?.raisesInValues == true ? .raise : nil)) == .raise {
            try plan.refuseUndefinedKeys(of: entry, in: found)
        }
        var payload: [String: EnumCaseDecoder.PayloadValue] = [:]
        if let fallbackTag = found.fallbackTag {
            if let key = plan.fallback?.key { payload[key] = .init(value: fallbackTag, path: plan.tagPath) }
            if let kept = plan.fallback?.kept { payload[kept] = .init(value: found.whole ?? [String: Any](), path: []) }
        } else {
            payload = try plan.payload(of: entry, from: found)
        }
        do {
            return try Value(from: EnumCaseDecoder(mode: .reading(name: entry.name, payload: payload, context: nested, coercion: mode)))
        } catch let error as MappingError {
            throw error
        } catch {
            throw MappingError(.mismatch(expected: "\(plan.typeName) (case \(entry.name))", found: String(describing: error)))
        }
    }

    /// An untagged value: the first case, in declaration order, whose payload `input` maps to,
    /// tried first on the value as it is (``CoercionMode/strict``), then under the position's
    /// mode; what a case that failed reported is taken back. A value no case takes is one error
    /// that lists each case's problem (under the last mode tried).
    private func untagged(_ input: Any, plan: TaggedEnumPlan, in context: MappingContext) throws -> (value: Value, index: Int) {
        let nested = try context.nested()
        let raises = (context.undefinedKeys ?? (context.inherited?.raisesInValues == true ? .raise : nil)) == .raise
        var problems: [String] = []
        for coercion in mode == .strict ? [CoercionMode.strict] : [.strict, mode] {
            problems = []
            for (index, entry) in plan.cases.enumerated() {
                let mark = context.report?.mark
                do {
                    let found = TaggedEnumPlan.Found(index: index, content: input, fallbackTag: nil, whole: nil)
                    if raises { try plan.refuseUndefinedKeys(of: entry, in: found) }
                    let payload = try plan.payload(of: entry, from: found)
                    let value = try Value(from: EnumCaseDecoder(mode: .reading(name: entry.name, payload: payload, context: nested, coercion: coercion)))
                    return (value, index)
                } catch let error as MappingError where error.isFatal {
                    throw error
                } catch {
                    if let mark { context.report?.takeBack(since: mark, at: []) }
                    let issues = (error as? MappingError)?.issues.map(\.description) ?? [String(describing: error)]
                    problems.append("case \(entry.name): \(issues.joined(separator: "; "))")
                }
            }
        }
        if problems.isEmpty { problems = ["it has no cases"] }
        throw MappingError(.mismatch(
            expected: "\(plan.typeName), one of its untagged cases (\(problems.joined(separator: "; ")))",
            found: ValueDescription.describe(input)
        ))
    }

    func encode(_ value: Value, in context: MappingContext) throws -> Any? {
        let plan = try plan.get()
        let output = EnumCaseOutput { name, key in
            plan.byName[name].map { plan.contentPath(tag: plan.cases[$0].tag) + plan.cases[$0].path(forKey: key) } ?? []
        }
        var nested = try context.nested()
        if case .internal = plan.form {
            // The payload is an object the tag joins: a `Codable` leaf is written as its object
            // (the Codable bridge otherwise hands the encoder the value itself), and an
            // externally tagged enum's unit case as `{"Unit": null}`, as serde writes it.
            if context.style == .codable { nested = nested.styled(.standard) }
            output.holdsObject = true
        }
        try value.encode(to: EnumCaseEncoder(output: output, context: nested, coercion: mode))
        if let failure = output.failure { throw MappingError.wrapping(failure, at: []) }
        guard let name = output.name, let index = plan.byName[name] else {
            throw MappingError(.mismatch(expected: "\(plan.typeName) written by its synthesized encode(to:)", found: "no case"))
        }
        let written = try plan.representation(of: plan.cases[index], payload: output.payload, isFallback: plan.fallback?.index == index)
        if case .untagged = plan.form {
            // Nothing but the payload says which case it is: it must read back as this one.
            let read = try? untagged(written, plan: plan, in: context.muted)
            guard let read, read.index == index else {
                let other = read.map { "case \(plan.cases[$0.index].name)" } ?? "no case"
                throw MappingError(.mismatch(
                    expected: "\(plan.typeName).\(name) written as a value that reads back as that case (untagged: an earlier case takes what a later one writes)",
                    found: "\(ValueDescription.describe(written)), which reads back as \(other)"
                ))
            }
        }
        return written
    }

    /// An update in place (RFC 7396 at every depth): an object with the value's own tag (or,
    /// internally and adjacently tagged, with none) merges into its payload as it is written,
    /// absent members keeping their values and `null` removing one; another tag, or anything
    /// that is not an object, is read whole. The merged representation is read as any input is,
    /// so the payload's values go through their codecs and rules.
    func merge(_ input: Any, into current: Value, in context: MappingContext) throws -> Value {
        let plan = try plan.get()
        guard let patch = InputValue.dictionary(input),
              let written = try encode(current, in: context),
              let merged = try plan.merging(patch, into: written, in: context) else { return try decode(input, in: context) }
        return try decode(merged, in: context)
    }

    /// Merges into the payload an update holds (``merge(_:into:in:)``).
    var traits: CodecTraits { .mergesUpdates }

    /// Read as native values whatever the format, so a `Decoder` is never asked for the enum's
    /// own `Decodable` form.
    var valueShape: ValueShape { .untyped }
}

// MARK: JSON Schema

extension TaggedEnumCodec {
    func schema(in builder: any SchemaBuilding, context: MappingContext) throws -> [String: Any] {
        // A plan that did not compile has no schema; the property's mapping reports why.
        guard let plan = try? plan.get() else { return [:] }
        // An enum is described where it sits, not as a `$defs` entry: inside its own payload
        // (an indirect case), it is any value.
        let id = ObjectIdentifier(Value.self)
        guard !TaggedEnumSchemas.describing.contains(id) else { return [:] }
        return try TaggedEnumSchemas.$describing.withValue(TaggedEnumSchemas.describing.union([id])) {
            try schema(of: plan, in: builder, context: context)
        }
    }

    private func schema(of plan: TaggedEnumPlan, in builder: any SchemaBuilding, context: MappingContext) throws -> [String: Any] {
        let closed = raisesUndefinedKeys(in: context)
        let value = payloadSchema(in: builder, context: context)
        let emptyTextIsNil = context.inheritsFlag(.emptyStringsAsNil)
        let unknownTag = Self.unknownTag(of: plan)
        let choices = try plan.cases.enumerated().map { index, entry in
            // The fallback reads any unknown tag with whatever is beside it: it keeps what it
            // does not read, and reads no payload of its own.
            if plan.fallback?.index == index { return plan.fallbackSchema(tag: unknownTag) }
            // Internally tagged, a model's keys are the object's own, beside the tag: the model's
            // object with the tag in it, as the model reads it (the tag its discriminator).
            if case .internal(let tagKey) = plan.form, case .single = entry.payload, let model = entry.singleType as? any Mappable.Type {
                return try builder.reference(to: model, context: context.nested(), discriminator: (tagKey, entry.tag))
            }
            return try plan.schema(of: entry, tag: ["const": entry.tag], closed: closed, emptyTextIsNil: emptyTextIsNil, value: value)
        }
        return ["anyOf": choices]
    }

    /// The tag a fallback case reads: every tag no other case has, so that a known tag's object
    /// is judged by its own case only.
    private static func unknownTag(of plan: TaggedEnumPlan) -> [String: Any] {
        let known = plan.cases.indices.filter { $0 != plan.fallback?.index }.map { plan.cases[$0].tag }
        return known.isEmpty ? ["type": "string"] : ["type": "string", "not": ["enum": known]]
    }

    /// Whether the objects a case reads refuse keys it does not read, where the enum sits
    /// (``TaggedEnumPlan/refuseUndefinedKeys(of:in:)``, as `decode` decides).
    private func raisesUndefinedKeys(in context: MappingContext) -> Bool {
        (context.undefinedKeys ?? (context.inherited?.raisesInValues == true ? .raise : nil)) == .raise
    }

    /// The schema of a payload value of a type, as its codec where the enum sits describes it
    /// (``EnumCaseDecoder/codec(for:coercion:in:)``, the codec `decode` reads it with).
    private func payloadSchema(in builder: any SchemaBuilding, context: MappingContext) -> (Any.Type) throws -> [String: Any] {
        let mode = mode
        return { type in
            func describe<Payload>(_: Payload.Type) throws -> [String: Any] {
                try builder.schema(of: EnumCaseDecoder.codec(for: Payload.self, coercion: mode, in: context), context: context.nested())
            }
            return try describe(type)
        }
    }

    /// A flattened tagged enum: its keys as the parent's properties (any value there), and the
    /// choice of case as a constraint on the parent's object.
    func inlineSchema(in builder: any SchemaBuilding, context: MappingContext) throws -> [String: Any]? {
        guard let plan = try? plan.get() else { return [:] }
        return try TaggedEnumSchemas.$describing.withValue(TaggedEnumSchemas.describing.union([ObjectIdentifier(Value.self)])) {
            try inlineSchema(of: plan, in: builder, context: context)
        }
    }

    private func inlineSchema(of plan: TaggedEnumPlan, in builder: any SchemaBuilding, context: MappingContext) throws -> [String: Any] {
        var properties: [String: Any] = [:]
        var choices: [Any] = []
        let value = payloadSchema(in: builder, context: context)
        let emptyTextIsNil = context.inheritsFlag(.emptyStringsAsNil)
        for (index, entry) in plan.cases.enumerated() {
            let isFallback = plan.fallback?.index == index
            let tag: [String: Any] = isFallback ? Self.unknownTag(of: plan) : ["const": entry.tag]
            // Flattened, the case's keys are the parent's, which its own policy judges.
            let choice = try plan.schema(of: entry, tag: tag, closed: false, emptyTextIsNil: emptyTextIsNil, value: value)
            switch plan.form {
            case .external:
                // The case's tag is a key of the parent's object.
                guard !isFallback else { continue }
                properties[entry.tag] = [String: Any]()
                var object: [String: Any] = ["required": [entry.tag]]
                if let content = choice["additionalProperties"] { object["properties"] = [entry.tag: content] }
                choices.append(object)
            case .internal, .adjacent, .untagged:
                // Untagged, the parent's object is never a case that is null or an array.
                if case .untagged = plan.form, entry.payload == .none || choice["type"] as? String == "array" { continue }
                var object = choice
                object["type"] = nil
                // Internally tagged or untagged, a one-model payload's keys are the object's own.
                if plan.form != .external, case .single = entry.payload, let model = entry.singleType as? any Mappable.Type {
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

/// The tagged enums whose schema is being made on this task, outermost first: an enum met again
/// in its own payload is not described again.
enum TaggedEnumSchemas {
    @TaskLocal static var describing: Set<ObjectIdentifier> = []
}
