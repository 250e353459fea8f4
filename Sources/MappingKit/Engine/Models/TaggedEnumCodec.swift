import Foundation

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
        return try plan.representation(of: plan.cases[index], payload: output.payload, isFallback: plan.fallback?.index == index)
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

extension TaggedEnumPlan {
    /// Where a value's case and content are: the case's index, its content (`nil` when the
    /// input has none), and the unknown tag when the fallback case takes it.
    struct Found {
        let index: Int
        let content: Any?
        let fallbackTag: String?
        /// The whole object the value was found in, its tag included (none for a bare tag).
        var whole: [String: Any]?
    }

    /// The path of the tag in the input (for the fallback's `String` and tag errors).
    var tagPath: [PathComponent] {
        switch form {
        case .external: []
        case .internal(let tag), .adjacent(let tag, _): [.key(tag)]
        }
    }

    /// The path of a case's content in the input (or output), `tag` being the case's own: under
    /// the tag for an externally tagged one, the content key for an adjacently tagged one.
    func contentPath(tag: String) -> [PathComponent] {
        switch form {
        case .external: [.key(tag)]
        case .internal: []
        case .adjacent(_, let content): [.key(content)]
        }
    }

    private var expectation: String {
        switch form {
        case .external: "\(typeName) (a tag, or an object of one tag: \(knownTags.joined(separator: ", ")))"
        case .internal(let tag), .adjacent(let tag, _): "\(typeName) (an object with its tag in \(tag.debugDescription))"
        }
    }

    func locate(_ input: Any, in context: MappingContext) throws -> Found {
        switch form {
        case .external:
            if let tag = input as? String { return try found(tag: tag, content: nil, in: context) }
            guard let object = InputValue.dictionary(input), object.count == 1, let (tag, content) = object.first else {
                throw MappingError(.mismatch(expected: expectation, found: ValueDescription.describe(input)))
            }
            var located = try found(tag: tag, content: content, in: context)
            located.whole = object
            return located
        case .internal(let tagKey):
            guard let object = InputValue.dictionary(input) else {
                throw MappingError(.mismatch(expected: expectation, found: ValueDescription.describe(input)))
            }
            var content = object
            content[tagKey] = nil
            var located = try found(tag: try tag(in: object, at: tagKey), content: content, in: context)
            located.whole = object
            return located
        case .adjacent(let tagKey, let contentKey):
            guard let object = InputValue.dictionary(input) else {
                throw MappingError(.mismatch(expected: expectation, found: ValueDescription.describe(input)))
            }
            var located = try found(tag: try tag(in: object, at: tagKey), content: object[contentKey], in: context)
            located.whole = object
            return located
        }
    }

    private func tag(in object: [String: Any], at key: String) throws -> String {
        guard let tag = object[key] as? String else {
            var error = MappingError(.unknownRawValue(
                type: "a case of \(typeName)", known: knownTags, found: object[key].map(ValueDescription.describe) ?? "nothing"
            ))
            error.prefix(.key(key))
            throw error
        }
        return tag
    }

    private func found(tag: String, content: Any?, in context: MappingContext) throws -> Found {
        if let index = byTag[tag] { return Found(index: index, content: content, fallbackTag: nil) }
        guard let fallback else {
            var error = MappingError(.unknownRawValue(type: "a case of \(typeName)", known: knownTags, found: ValueDescription.describe(tag)))
            for component in tagPath.reversed() { error.prefix(component) }
            throw error
        }
        context.report?.record(.readAsFallback(cases[fallback.index].name), at: tagPath, found: ValueDescription.describe(tag))
        return Found(index: fallback.index, content: nil, fallbackTag: tag)
    }

    /// The payload values of `entry` by Swift key, from where `found` located its content.
    /// Internally tagged, one value (a nested model) reads the whole object
    /// (``EnumCaseDecoder/PayloadValue/tagged``); a label named like the tag is refused when
    /// the plan is made.
    func payload(of entry: Case, from found: Found) throws -> [String: EnumCaseDecoder.PayloadValue] {
        let content = found.content
        let base = contentPath(tag: entry.tag)
        func mismatch(_ expected: String) -> MappingError {
            var error = MappingError(.mismatch(
                expected: "\(expected) (the payload of \(typeName).\(entry.name))",
                found: content.map(ValueDescription.describe) ?? "nothing"
            ))
            for component in base.reversed() { error.prefix(component) }
            return error
        }
        switch entry.payload {
        case .none:
            // Nothing, null, or Swift's own `{}` (an internally tagged object's other keys are
            // what a payload would hold: there is none).
            if case .internal = form { return [:] }
            guard let content, !InputValue.isNull(content) else { return [:] }
            guard let object = InputValue.dictionary(content), object.isEmpty else { throw mismatch("nothing") }
            return [:]
        case .single(let key):
            // No content is an absent value: `nil` for an optional (serde's `Newtype(None)`),
            // else required.
            var value = EnumCaseDecoder.PayloadValue(value: content, path: base)
            if case .internal(let tagKey) = form, let whole = found.whole { value.tagged = (whole, tagKey) }
            return [key: value]
        case .tuple(let keys):
            guard let content, let array = InputValue.array(content), array.count == keys.count else {
                throw mismatch("an array of \(keys.count) values")
            }
            var payload: [String: EnumCaseDecoder.PayloadValue] = [:]
            for (index, key) in keys.enumerated() {
                payload[key] = .init(value: array[index], path: base + [.index(index)])
            }
            return payload
        case .labelled(let keys, let external):
            guard let content, let object = InputValue.dictionary(content) else { throw mismatch("an object") }
            var payload: [String: EnumCaseDecoder.PayloadValue] = [:]
            for (key, label) in zip(keys, external) {
                payload[key] = .init(value: object[label], path: base + [.key(label)])
            }
            return payload
        }
    }

    /// Under ``UndefinedKeyPolicy/raise``, an error for every key of the objects the enum reads
    /// itself that nothing reads: beside a labelled case's values, beside an internally tagged
    /// unit case's tag, beside an adjacently tagged value's tag and content (serde's
    /// `deny_unknown_fields`). A payload that is a model applies its own policy.
    func refuseUndefinedKeys(of entry: Case, in found: Found) throws {
        var known: Set<String>
        var object: [String: Any]
        var base: [PathComponent] = []
        switch (form, entry.payload) {
        case (.external, .labelled(_, let external)):
            guard let content = found.content.flatMap(InputValue.dictionary) else { return }
            (known, object, base) = (Set(external), content, [.key(entry.tag)])
        case (.external, _):
            return
        case (.internal(let tag), .labelled(_, let external)):
            guard let whole = found.whole else { return }
            (known, object) = (Set(external + [tag]), whole)
        case (.internal(let tag), .none):
            guard let whole = found.whole else { return }
            (known, object) = ([tag], whole)
        case (.internal, _):
            return
        case (.adjacent(let tag, let content), _):
            guard let whole = found.whole else { return }
            (known, object) = ([tag, content], whole)
            if case .labelled(_, let external) = entry.payload, let inner = found.content.flatMap(InputValue.dictionary) {
                try refuse(Set(external), in: inner, at: [.key(content)], entry: entry, alsoIn: (known, object))
                return
            }
        }
        try refuse(known, in: object, at: base, entry: entry, alsoIn: nil)
    }

    private func refuse(
        _ known: Set<String>, in object: [String: Any], at base: [PathComponent], entry: Case,
        alsoIn outer: (known: Set<String>, object: [String: Any])?
    ) throws {
        var failure: MappingError?
        func note(_ known: Set<String>, _ object: [String: Any], _ base: [PathComponent]) {
            for key in object.keys.sorted() where !known.contains(key) {
                var problem = MappingError(.undefinedKey(model: "\(typeName).\(entry.name)", found: ValueDescription.describe(object[key] as Any)))
                for component in (base + [.key(key)]).reversed() { problem.prefix(component) }
                failure.merge(problem)
            }
        }
        if let outer { note(outer.known, outer.object, []) }
        note(known, object, base)
        if let failure { throw failure }
    }

    /// `patch` merged into `written` (a value's representation) when it keeps the value's case;
    /// `nil` when it names another case, or holds no object where the payload is one.
    func merging(_ patch: [String: Any], into written: Any, in context: MappingContext) throws -> Any? {
        /// `content` over `current`: objects merge, anything else replaces.
        func merged(_ content: Any, over current: Any?) throws -> Any {
            guard let object = InputValue.dictionary(content), let current = current.flatMap(InputValue.dictionary) else { return content }
            return try MergePatch.apply(object, to: current, in: context)
        }
        switch form {
        case .external:
            guard patch.count == 1, let (tag, content) = patch.first else { return nil }
            if let object = written as? [String: Any], let current = object[tag] {
                return [tag: try merged(content, over: current)]
            }
            return written as? String == tag ? patch : nil
        case .internal(let tagKey):
            guard let object = written as? [String: Any] else { return nil }
            if let tag = patch[tagKey], !UntypedValues.equal(tag, object[tagKey] as Any) { return nil }
            return try MergePatch.apply(patch, to: object, in: context)
        case .adjacent(let tagKey, let contentKey):
            guard let object = written as? [String: Any] else { return nil }
            if let tag = patch[tagKey], !UntypedValues.equal(tag, object[tagKey] as Any) { return nil }
            var result = object
            if let content = patch[contentKey] {
                result[contentKey] = InputValue.isNull(content) ? nil : try merged(content, over: object[contentKey])
            }
            return result
        }
    }

    /// `entry` with `payload` (its values by Swift key, as their codecs wrote them), laid out as
    /// the tagging says.
    func representation(of entry: Case, payload: [String: Any], isFallback: Bool) throws -> Any {
        var tag = entry.tag
        var content: Any?
        // The fallback keeps what it read: written back as it was.
        if isFallback, let kept = fallback?.kept, let object = payload[kept] as? [String: Any], !object.isEmpty {
            return object
        }
        switch entry.payload {
        case _ where isFallback && fallback?.key != nil:
            // The fallback case's `String` is the unknown tag it was read from.
            let written = fallback?.key.flatMap { payload[$0] }
            guard let written = written as? String else {
                throw MappingError(.mismatch(expected: "the unknown tag as a String", found: written.map(ValueDescription.describe) ?? "nothing"))
            }
            tag = written
        case .none:
            content = nil
        case .single(let key):
            content = payload[key] ?? NSNull()
        case .tuple(let keys):
            content = keys.map { payload[$0] ?? NSNull() }
        case .labelled(let keys, let external):
            var object: [String: Any] = [:]
            for (key, label) in zip(keys, external) {
                if let value = payload[key] { object[label] = value }
            }
            content = object
        }
        switch form {
        case .external:
            guard let content else { return tag }
            return [tag: content]
        case .internal(let tagKey):
            guard let content else { return [tagKey: tag] }
            guard var object = content as? [String: Any] else {
                throw MappingError(.mismatch(
                    expected: "an object to hold the tag \(tagKey.debugDescription) (the payload of \(typeName).\(entry.name))",
                    found: ValueDescription.describe(content)
                ))
            }
            object[tagKey] = tag
            return object
        case .adjacent(let tagKey, let contentKey):
            guard let content else { return [tagKey: tag] }
            return [tagKey: tag, contentKey: content]
        }
    }
}

// MARK: JSON Schema

extension TaggedEnumCodec {
    func schema(in builder: any SchemaBuilding, context: MappingContext) throws -> [String: Any] {
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

    /// A flattened tagged enum: its keys as the parent's properties (any value there), and the
    /// choice of case as a constraint on the parent's object.
    func inlineSchema(in builder: any SchemaBuilding, context: MappingContext) throws -> [String: Any]? {
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
