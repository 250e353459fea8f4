import Foundation

/// A tagged enum's values as the plan finds and writes them: where the case and its content are
/// in the input (by the tagging's form), the payload read from it, the keys the case does not
/// define refused, an update merged into the written value, and the representation written.
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
        case .external, .untagged: []
        case .internal(let tag), .adjacent(let tag, _): [.key(tag)]
        }
    }

    /// The path of a case's content in the input (or output), `tag` being the case's own: under
    /// the tag for an externally tagged one, the content key for an adjacently tagged one.
    func contentPath(tag: String) -> [PathComponent] {
        switch form {
        case .external: [.key(tag)]
        case .internal, .untagged: []
        case .adjacent(_, let content): [.key(content)]
        }
    }

    private var expectation: String {
        switch form {
        case .external: "\(typeName) (a tag, or an object of one tag: \(knownTags.joined(separator: ", ")))"
        case .internal(let tag), .adjacent(let tag, _): "\(typeName) (an object with its tag in \(tag.debugDescription))"
        case .untagged: "\(typeName) (one of its untagged cases)"
        }
    }

    func locate(_ input: Any, in context: MappingContext) throws -> Found {
        switch form {
        case .untagged:
            // No tag to find: the codec tries each case on the whole value (`untagged(_:at:)`).
            throw MappingError(.mismatch(expected: expectation, found: ValueDescription.describe(input)))
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
                type: Problem.tagType(of: typeName), known: knownTags, found: object[key].map(ValueDescription.describe) ?? "nothing"
            ))
            error.prefix(.key(key))
            throw error
        }
        return tag
    }

    private func found(tag: String, content: Any?, in context: MappingContext) throws -> Found {
        if let index = byTag[tag] { return Found(index: index, content: content, fallbackTag: nil) }
        guard let fallback else {
            var error = MappingError(.unknownRawValue(type: Problem.tagType(of: typeName), known: knownTags, found: ValueDescription.describe(tag)))
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
            // Untagged, a case without payload is `null` and nothing else.
            if case .untagged = form { throw mismatch("null") }
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
        case (.untagged, .labelled(_, let external)):
            guard let content = found.content.flatMap(InputValue.dictionary) else { return }
            (known, object) = (Set(external), content)
        case (.untagged, _):
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
        case .untagged:
            // The patch merges into the payload's object, and the merged object is read as any
            // input is, so it may then be another case's.
            guard let object = written as? [String: Any] else { return nil }
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
        case .untagged:
            return content ?? NSNull()
        }
    }
}
