extension ObjectPlan {
    /// Writes `model` as a JSON object, field by field, stashed keys after the fields. A plan
    /// whose fields share keys or write key paths, or whose stash would merge into a field's
    /// value (or interleave with sorted keys), builds its dictionary representation and writes
    /// that instead: the same JSON value either way.
    func encodeJSON(_ model: UnsafeRawPointer, into writer: inout JSONWriter, in context: MappingContext) throws {
        CallTrace.note("JSON/ObjectPlan+JSONEncode.swift encodeJSON")
        // Flattened properties are merged into the representation, which is written instead.
        guard !flattens else { return try writer.writeAny(encode(model, in: context)) }
        try withUnsafeMutablePointer(to: &writer) { bytes in
            var object = JSONObjectWriter(bytes: bytes)
            try write(model, into: &object, in: context)
        }
    }

    /// The model as a JSON object: what ``JSONObjectWriter`` does for the plan's driver.
    fileprivate func writeJSON(
        _ model: UnsafeRawPointer,
        into writer: inout JSONWriter,
        failure: inout MappingError?,
        in context: MappingContext
    ) throws {
        let kept = stash.flatMap { slot -> [String: Any]? in
            guard shape.output.policies.represented == nil else { return nil }
            let values = (model + slot.offset).assumingMemoryBound(to: UnmappedValues.self).pointee.dictionary
            return values.isEmpty ? nil : values
        }
        let json = json
        let keys = json.direct
        // A stashed `null` under a field's own key stands in for that field when it is `nil`.
        let streams = keys.writesDirectly
            && (kept.map { kept in
                !writer.sortsKeys && !kept.contains { keys.writtenKeys.contains($0.key) && !InputValue.isNull($0.value) }
            } ?? true)
        guard streams else {
            try writer.writeAny(try encode(model, in: context))
            return
        }
        try writer.beginObject()
        var first = true
        for index in writer.sortsKeys ? json.sortedOrder : json.order where represented[index] {
            let mark = writer.count
            writer.writeKey(json.quotedKeys[index], first: first)
            do {
                if try json.fields[index]._withUnsafeGuaranteedRef({ try $0.encode(from: model, into: &writer, in: context) }) {
                    first = false
                } else if shape.output.policies.nilRepresentation == .null || (!writesNullWhenNil.isEmpty && writesNullWhenNil[index])
                    || kept.map({ keptNull(under: index, in: $0) }) == true {
                    writer.writeNull()
                    first = false
                } else {
                    writer.truncate(to: mark)
                }
            } catch {
                writer.truncate(to: mark)
                try failure.collect(MappingError.wrapping(error, at: fields[index].keys.all[0].steps.map(\.pathComponent)), in: context)
            }
        }
        for (key, value) in kept ?? [:] where !keys.writtenKeys.contains(key) {
            writer.writeKey(key, first: first)
            first = false
            do {
                try writer.writeAny(value)
            } catch {
                try failure.collect(MappingError.wrapping(error, at: .key(key)), in: context)
            }
        }
        if failure == nil { writer.endObject(empty: first) }
    }

    /// Whether the stash keeps a `null` under field `index`'s key.
    private func keptNull(under index: Int, in kept: [String: Any]) -> Bool {
        guard let key = singleKeys[index], let value = kept[key] else { return false }
        return InputValue.isNull(value)
    }
}

/// A JSON object as a ``PlanWriter``: each represented field's key and value streamed into the
/// bytes (its codec writing nested models and arrays where they stand), stashed keys after the
/// fields. A plan whose fields share keys or write key paths, or whose stash would merge into a
/// field's value (or interleave with sorted keys), writes its dictionary representation instead:
/// the same JSON value either way.
struct JSONObjectWriter: PlanWriter {
    /// The caller's writer (a pointer: a writer is a value, and the caller goes on after the object).
    let bytes: UnsafeMutablePointer<JSONWriter>

    mutating func writeFields(
        of plan: ObjectPlan,
        from model: UnsafeRawPointer,
        failure: inout MappingError?,
        in context: MappingContext
    ) throws {
        try plan.writeJSON(model, into: &bytes.pointee, failure: &failure, in: context)
    }
}
