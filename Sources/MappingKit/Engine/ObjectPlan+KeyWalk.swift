extension ObjectPlan {
    /// Decodes the fields of `dictionary` into `model` (a fresh struct, as for
    /// ``decodeInPlace(_:into:in:)``) by walking its entries once and matching each key's bytes
    /// against the plan's key table, instead of looking every field's key up: no SipHash per
    /// field. Returns every problem found, in the fields' declaration order.
    ///
    /// Only for plans whose every field reads one top-level key of its own
    /// (``walksKeys``). A key that matches no field's bytes may still equal one as a `String`
    /// (Unicode canonical equivalence: `"\u{212A}"` is `"K"`) when it is not ASCII; and a key whose
    /// bytes are not at hand (a Foundation string) is not matched at all. After either, the
    /// fields not met are looked up the usual way, so every field finds exactly what a lookup
    /// would.
    func decodeWalkingKeys(_ dictionary: [String: Any], into model: UnsafeMutableRawPointer, in context: MappingContext) -> MappingError? {
        let table = directKeys.table
        var problems = FieldProblems()
        return withUnsafeTemporaryAllocation(of: Bool.self, capacity: fields.count) { buffer -> MappingError? in
            guard let seen = buffer.baseAddress else { return nil }
            seen.initialize(repeating: false, count: fields.count)
            var looksUpTheRest = false
            var position = dictionary.startIndex
            while position != dictionary.endIndex {
                defer { dictionary.formIndex(after: &position) }
                let match = dictionary.keys[position].utf8.withContiguousStorageIfAvailable { bytes -> Int? in
                    if let field = table.value(for: bytes) { return field }
                    if !looksUpTheRest, bytes.contains(where: { $0 >= 0x80 }) { looksUpTheRest = true }
                    return nil
                }
                guard let match else {
                    looksUpTheRest = true
                    continue
                }
                guard let field = match, field >= 0 else { continue }
                seen[field] = true
                let input = dictionary.values[position]
                let ref = fieldRefs[field]
                if ref.leaf.decode(input, at: model + ref.offset, initializing: false) { continue }
                do {
                    try ref.calls._withUnsafeGuaranteedRef { try $0.decode(input, over: model, in: context) }
                } catch {
                    problems.merge(MappingError.wrapping(error, at: fields[field].keys.errorPath(in: dictionary)), for: field)
                    if problems.isFatal { return problems.collected() }
                }
            }
            for field in fields.indices where !seen[field] {
                let problem: MappingError?
                if looksUpTheRest {
                    problem = decodeFieldInPlace(field, from: dictionary, into: model, in: context)
                } else {
                    do {
                        try fieldRefs[field].calls._withUnsafeGuaranteedRef { try $0.decodeMissing(over: model) }
                        continue
                    } catch {
                        problem = MappingError.wrapping(error, at: fields[field].keys.errorPath(in: dictionary))
                    }
                }
                guard let problem else { continue }
                problems.merge(problem, for: field)
                if problems.isFatal { break }
            }
            return problems.collected()
        }
    }
}
