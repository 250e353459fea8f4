import Foundation

extension ObjectPlan {
    /// The dictionary representation of `model`; `nil` optionals are left out.
    func encode(_ model: UnsafeRawPointer, in context: MappingContext) throws -> [String: Any] {
        let context = context.handingDown(handedDownKeyStrategy)
        var result = emptyOutput
        var failure: MappingError?
        if let plainKeys {
            try encodePlainly(model, keys: plainKeys, into: &result, failure: &failure, in: context)
        } else {
            try encodeField(model, into: &result, failure: &failure, in: context)
        }
        if let failure { throw failure }
        if let stash, shape.output.policies.represented == nil {
            let kept = UnsafeRawPointer(model + stash.offset).assumingMemoryBound(to: UnmappedValues.self).pointee
            ConsumedKeys.merge(kept.dictionary, into: &result)
        }
        return result
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
                        try failure.collect(MappingError.wrapping(error, at: [.key(keys[index])]))
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
                try failure.collect(MappingError.wrapping(error, at: fields[index].keys.all[0].steps.map(\.pathComponent)))
            }
        }
    }
}
