import Foundation

extension ObjectPlan {
    /// The dictionary representation of `model`; `nil` optionals are left out.
    func encode(_ model: UnsafeRawPointer, in context: MappingContext) throws -> [String: Any] {
        var writer = DictionaryWriter(result: emptyOutput)
        try write(model, into: &writer, in: context)
        return writer.result
    }

    /// The fields' values into `result`, then (when every field wrote) the stashed keys.
    fileprivate func encodeFields(
        _ model: UnsafeRawPointer,
        into result: inout [String: Any],
        failure: inout MappingError?,
        in context: MappingContext
    ) throws {
        if let plainKeys {
            try encodePlainly(model, keys: plainKeys, into: &result, failure: &failure, in: context)
        } else {
            try encodeField(model, into: &result, failure: &failure, in: context)
        }
        guard failure == nil else { return }
        if flattens { mergeFlattened(into: &result) }
        if let stash, shape.output.policies.represented == nil {
            let kept = UnsafeRawPointer(model + stash.offset).assumingMemoryBound(to: UnmappedValues.self).pointee
            ConsumedKeys.merge(kept.dictionary, into: &result)
        }
    }

    /// Each flattened model's keys, written under its reserved key, merged into the parent's:
    /// the parent's own keys win. (Out of line: the loop above is every model's.)
    @inline(never)
    private func mergeFlattened(into result: inout [String: Any]) {
        for field in flattened {
            if let nested = result.removeValue(forKey: field.key).flatMap(FlattenedField.members) {
                ConsumedKeys.merge(nested, into: &result)
            }
        }
    }

    /// Every field writes one key of its own (``plainKeys``): no checks per field but for `nil`.
    private func encodePlainly(
        _ model: UnsafeRawPointer,
        keys: [String],
        into result: inout [String: Any],
        failure: inout MappingError?,
        in context: MappingContext
    ) throws {
        let writesNull = shape.output.policies.nilRepresentation == .null
        let nullsWhenNil = writesNullWhenNil
        try keys.withUnsafeBufferPointer { keys in
            try fieldRefs.withUnsafeBufferPointer { refs in
                for index in refs.indices {
                    let ref = refs[index]
                    let writesNull = writesNull || (!nullsWhenNil.isEmpty && nullsWhenNil[index])
                    if ref.leaf.encode(at: model + ref.offset, key: keys[index], into: &result, writesNull: writesNull) { continue }
                    do {
                        if let value = try ref.calls._withUnsafeGuaranteedRef({ try $0.encode(from: model, in: context) }) {
                            result[keys[index]] = value
                        } else if writesNull {
                            result[keys[index]] = NSNull()
                        }
                    } catch {
                        try failure.collect(MappingError.wrapping(error, at: [.key(keys[index])]), in: context)
                    }
                }
            }
        }
    }

    /// Any field: represented or not, under a key path or a key another field writes too.
    private func encodeField(
        _ model: UnsafeRawPointer,
        into result: inout [String: Any],
        failure: inout MappingError?,
        in context: MappingContext
    ) throws {
        let writesNull = shape.output.policies.nilRepresentation == .null
        let nullsWhenNil = writesNullWhenNil
        for index in fields.indices where represented[index] {
            let ref = fieldRefs[index]
            let writesNull = writesNull || (!nullsWhenNil.isEmpty && nullsWhenNil[index])
            if !sharesKeys, let single = singleKeys[index],
               ref.leaf.encode(at: model + ref.offset, key: single, into: &result, writesNull: writesNull) {
                continue
            }
            do {
                guard let value = try ref.calls._withUnsafeGuaranteedRef({ try $0.encode(from: model, in: context) })
                    ?? (writesNull ? NSNull() : nil) else { continue }
                if let single = singleKeys[index] {
                    if !sharesKeys || result[single] == nil { result[single] = value }
                } else {
                    FieldKeys.write(value, at: fields[index].keys.all[0], into: &result)
                }
            } catch {
                try failure.collect(MappingError.wrapping(error, at: fields[index].keys.writePath), in: context)
            }
        }
    }
}

/// The dictionary representation as a ``PlanWriter``: each field's plain value under its key (or
/// key path), `nil` optionals left out unless the nil policy writes `NSNull`, the stashed keys
/// after the fields.
struct DictionaryWriter: PlanWriter {
    var result: [String: Any]

    mutating func writeFields(
        of plan: ObjectPlan,
        from model: UnsafeRawPointer,
        failure: inout MappingError?,
        in context: MappingContext
    ) throws {
        try plan.encodeFields(model, into: &result, failure: &failure, in: context)
    }
}
