import Foundation

extension ObjectPlan {
    /// A JSON object read in one pass into the plan's staging buffer, as ``JSONObjectReader``
    /// stages it for the engine's read (``Mappable/commit(_:reading:in:)``): direct fields
    /// decode straight from the bytes; every other key the plan needs is kept as a native value
    /// and resolved as from a dictionary. `isDocument`: the object is the whole input, which
    /// must end before anything is committed.
    fileprivate func stageJSON(
        _ reader: inout JSONReader,
        isDocument: Bool,
        into staging: Staging,
        failure: inout MappingError?,
        in context: MappingContext
    ) throws -> [String: Any] {
        let loop = json.memberLoop
        var problems = FieldProblems()
        let kept = try readMembers(&reader, loop: loop, into: staging, in: context, problems: &problems)
        if isDocument { try reader.expectEnd() }
        resolveKept(kept, direct: loop.direct, into: staging, in: context, problems: &problems)
        failure = problems.collected(cap: context.maximumProblems)
        return kept
    }

    /// Reads every member: direct fields into `staging`, the other keys the plan reads (and, under
    /// `.raise` or `.stash`, undefined ones) into the dictionary returned.
    private func readMembers(
        _ reader: inout JSONReader,
        loop: JSONMemberLoop,
        into staging: Staging,
        in context: MappingContext,
        problems: inout FieldProblems
    ) throws -> [String: Any] {
        CallTrace.note("JSON/ObjectPlan+JSONDecode.swift readMembers")
        var kept: [String: Any] = [:]
        if try reader.enterObject() { return kept }
        let policy = context.undefinedKeys ?? undefinedKeys
        let keepsUndefined = policy != .drop
        let stashesNulls = policy == .stash
        // An update in place merges objects into nested models and dictionaries, and a model
        // being made maps nested models onto their declared defaults: those members are kept as
        // native values and merged as from a dictionary, by the same code.
        let merges = mergeMask(in: context)
        // The field whose key is expected next: the one after the last field met.
        var expected = 0
        repeat {
            let key: JSONString
            let entry: Int?
            if expected < loop.fieldCount, let found = try reader.readExpectedKey(loop.expectedKey(expected), isEscaped: loop.escaped[expected]) {
                key = found
                entry = expected
            } else {
                key = try reader.readKey()
                entry = loop.table._withUnsafeGuaranteedRef { reader.value(for: key, in: $0) }
            }
            let mark = reader.mark
            if let index = entry, index >= 0, fieldRefs[index].merging.isDisjoint(with: merges) {
                expected = index + 1
                // A repeated key: the last one counts, as in a dictionary.
                if staging.seen[index] {
                    if staging.staged[index] { fieldRefs[index].calls._withUnsafeGuaranteedRef { $0.discard(staging.buffer) } }
                    staging.staged[index] = false
                    problems.remove(index)
                }
                staging.seen[index] = true
                // Under `.stash` a `null` is kept too, to be written back as `null` (see ConsumedKeys).
                if stashesNulls, try reader.peek() == UInt8(ascii: "n") { kept[reader.text(of: key)] = NSNull() }
                do {
                    try loop.fields[index]._withUnsafeGuaranteedRef { try $0.decode(&reader, into: staging.buffer, in: context) }
                    staging.staged[index] = true
                } catch {
                    reader.reset(to: mark)
                    // The value as a dictionary would hold it, for the report (read past it either way).
                    let found = !flags.isDisjoint(with: .keepingFields) ? (try? reader.readAny()) : nil
                    if found == nil { reader.reset(to: mark) }
                    if let found, keepsField(after: error, found: ValueDescription.describe(found), at: [.key(reader.text(of: key))], in: context) {
                        continue
                    }
                    try problems.add(MappingError.wrapping(error, at: [.key(reader.text(of: key))]), for: index, cap: context.maximumProblems)
                    if found == nil { try reader.skipValue() }
                }
            } else if entry != nil || keepsUndefined {
                let name = reader.text(of: key)
                do {
                    kept[name] = try reader.readAny()
                } catch {
                    try problems.add(MappingError.wrapping(error, at: [.key(name)]), for: Int.max, cap: context.maximumProblems)
                    reader.reset(to: mark)
                    try reader.skipValue()
                }
            } else {
                try reader.skipValue()
            }
        } while try reader.nextMember()
        return kept
    }

    /// Direct fields whose key was absent, and every other field, from the kept values.
    private func resolveKept(_ kept: [String: Any], direct: UnsafeMutablePointer<Bool>, into staging: Staging, in context: MappingContext, problems: inout FieldProblems) {
        let merges = mergeMask(in: context)
        for index in fields.indices {
            let problem: MappingError?
            if direct[index], fieldRefs[index].merging.isDisjoint(with: merges) {
                guard !staging.seen[index] else { continue }
                do {
                    staging.staged[index] = try fieldRefs[index].calls._withUnsafeGuaranteedRef { try $0.decodeMissing(into: staging.buffer, createsModel: !context.updatesInPlace) }
                    continue
                } catch {
                    problem = MappingError.wrapping(error, at: fields[index].keys.errorPath(in: kept))
                }
            } else {
                problem = readField(index, of: kept, into: StagingDestination(staging: staging, merges: merges), in: context)
            }
            guard let problem else { continue }
            problems.merge(problem, for: index)
            if problems.isFatal { return }
        }
    }
}

/// A JSON object as a ``PlanReader``: its members read in document order, in one pass, direct
/// fields straight from the bytes into the staging buffer; every other key the plan needs (and,
/// under `.raise` or `.stash`, undefined ones) kept as a native value and resolved as from a
/// dictionary. `isDocument`: the object is the whole input, which must end before anything is
/// committed.
struct JSONObjectReader: ObjectSource {
    /// The caller's reader, advanced past the object (a pointer: a reader is a value, and the
    /// caller goes on from where the object ends).
    let bytes: UnsafeMutablePointer<JSONReader>
    let isDocument: Bool
    /// Where the object starts, for ``rewind()``.
    private let start: JSONReader.Mark

    init(bytes: UnsafeMutablePointer<JSONReader>, isDocument: Bool) {
        self.bytes = bytes
        self.isDocument = isDocument
        start = bytes.pointee.mark
    }

    mutating func readDictionary() throws -> [String: Any] {
        let dictionary = try bytes.pointee.readObject()
        if isDocument { try bytes.pointee.expectEnd() }
        return dictionary
    }

    mutating func rewind() {
        bytes.pointee.reset(to: start)
    }

    mutating func stageFields(
        of plan: ObjectPlan,
        into staging: ObjectPlan.Staging,
        failure: inout MappingError?,
        in context: MappingContext
    ) throws -> [String: Any] {
        try plan.stageJSON(&bytes.pointee, isDocument: isDocument, into: staging, failure: &failure, in: context)
    }
}
