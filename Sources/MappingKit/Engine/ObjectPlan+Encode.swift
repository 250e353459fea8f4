import Foundation

extension ObjectPlan {
    /// The dictionary representation of `model`; `nil` optionals are left out.
    func encode(_ model: UnsafeRawPointer, in context: MappingContext) throws -> [String: Any] {
        var result: [String: Any] = Dictionary(minimumCapacity: fields.count)
        var failure: MappingError?
        for index in fields.indices where represented[index] {
            do {
                guard let value = try fieldRefs[index].calls._withUnsafeGuaranteedRef({ try $0.encode(from: model, in: context) })
                    ?? (output.nilRepresentation == .null ? NSNull() : nil) else { continue }
                if let single = singleKeys[index] {
                    if !sharesKeys || result[single] == nil { result[single] = value }
                } else {
                    FieldKeys.write(value, at: fields[index].keys.all[0], into: &result)
                }
            } catch {
                try failure.collect(MappingError.wrapping(error, at: fields[index].keys.all[0].steps.map(\.pathComponent)))
            }
        }
        if let failure { throw failure }
        if let stash, output.represented == nil {
            let kept = UnsafeRawPointer(model + stash.offset).assumingMemoryBound(to: UnmappedValues.self).pointee
            ConsumedKeys.merge(kept.dictionary, into: &result)
        }
        return result
    }
}
