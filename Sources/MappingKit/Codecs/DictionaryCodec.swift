import Foundation

/// `[String: Value]` from a dictionary; every value is converted, every bad one reported.
struct DictionaryCodec<Value>: ValueCodec {
    let value: Codec<Value>
    private let dictionaryType = ObjectIdentifier([String: Value].self)
    /// Its values' (an update merges entry by entry: ``merge(_:into:in:)``). Read as
    /// `traits.contains(_:)`, as ``ArrayCodec`` does, for the same reason.
    let traits: CodecTraits

    init(value: Codec<Value>) {
        self.value = value
        traits = value.traits.intersection([.encodesUnchanged, .decodesUnchanged]).union(.mergesUpdates)
    }

    func decode(_ input: Any, in context: MappingContext) throws -> [String: Value] {
        // Taken whole only when every value would come back unchanged (see ``CodecTraits/decodesUnchanged``).
        if traits.contains(.decodesUnchanged), ObjectIdentifier(type(of: input)) == dictionaryType, let same = Self.same(input) {
            return same
        }
        guard let dictionary = InputValue.dictionary(input) else {
            return try mismatch(input, expected: "Dictionary", in: context)
        }
        try context.countValues(dictionary.count)
        var result: [String: Value] = Dictionary(minimumCapacity: dictionary.count)
        var problems = KeyedProblems()
        let report = context.report
        for (key, item) in dictionary {
            do {
                if let report {
                    result[key] = try report.within([.key(key)]) { try value.decode(item, in: context) }
                } else {
                    result[key] = try value.decode(item, in: context)
                }
            } catch {
                try problems.note(error, at: key, in: context)
            }
        }
        try problems.throwIfAny(in: context)
        return result
    }

    /// An update merges entry by entry (RFC 7396): a key given replaces its entry, or merges
    /// into it when the values merge (nested models); `null` removes the entry; absent keys
    /// keep theirs.
    func merge(_ input: Any, into current: [String: Value], in context: MappingContext) throws -> [String: Value] {
        guard let patch = InputValue.dictionary(input) else { return try decode(input, in: context) }
        try context.countValues(patch.count)
        var result = current
        var problems = KeyedProblems()
        let merges = value.mergesUpdates
        for (key, item) in patch {
            do {
                if InputValue.isNull(item) {
                    result[key] = nil
                } else if merges, let existing = result[key] {
                    result[key] = try context.reporting(at: [.key(key)]) { try value.merge(item, into: existing, in: context) }
                } else {
                    result[key] = try context.reporting(at: [.key(key)]) { try value.decode(item, in: context) }
                }
            } catch {
                try problems.note(error, at: key, in: context)
            }
        }
        try problems.throwIfAny(in: context)
        return result
    }

    /// Kept apart so that `decode` holds no `[String: Value]?`.
    @inline(never)
    private static func same(_ input: Any) -> [String: Value]? {
        input as? [String: Value]
    }

    func encode(_ dictionary: [String: Value], in context: MappingContext) throws -> Any? {
        if traits.contains(.encodesUnchanged) { return dictionary }
        try context.countValues(dictionary.count)
        var result: [String: Any] = Dictionary(minimumCapacity: dictionary.count)
        var problems = KeyedProblems()
        for (key, item) in dictionary {
            do {
                result[key] = try value.encode(item, in: context) ?? NSNull()
            } catch {
                try problems.note(error, at: key, in: context)
            }
        }
        try problems.throwIfAny(in: context)
        return result
    }
}

extension DictionaryCodec {
    /// What it reads, asked of a `Decoder` first (``ValueShape``).
    var valueShape: ValueShape { .dictionary(value.valueShape) }
}

/// A dictionary's problems, each under its key, thrown in the keys' order: the same error for
/// the same entries whatever order they were met in (two equal dictionaries may iterate in
/// different orders, and a JSON object's members come in the document's).
struct KeyedProblems {
    private var problems: [(key: String, error: MappingError)] = []
    private var issueCount = 0

    /// Notes `error`, the problem of the entry under `key`; throws every problem noted when it
    /// ends the call (a limit) or they pass the call's ``MappingLimits/maximumProblems``.
    mutating func note(_ error: any Error, at key: String, in context: MappingContext) throws {
        let problem = MappingError.wrapping(error, at: .key(key))
        problems.append((key, problem))
        issueCount += problem.issues.count
        if problem.isFatal || issueCount > context.maximumProblems, let collected = collected(cap: context.maximumProblems) {
            throw collected
        }
    }

    /// Takes back the problem noted under `key` (a JSON object's repeated key: its last value counts).
    mutating func forget(_ key: String) {
        guard !problems.isEmpty else { return }
        problems.removeAll { $0.key == key }
        issueCount = problems.reduce(0) { $0 + $1.error.issues.count }
    }

    /// Throws every problem noted, in key order, when there is one.
    func throwIfAny(in context: MappingContext) throws {
        guard !problems.isEmpty else { return }
        if let collected = collected(cap: context.maximumProblems) { throw collected }
    }

    private func collected(cap: Int) -> MappingError? {
        var failure: MappingError?
        for problem in problems.sorted(by: { $0.key < $1.key }) { failure.merge(problem.error) }
        guard let failure, failure.issues.count > cap else { return failure }
        return failure.capped(at: cap)
    }
}

// MARK: JSON bytes

extension DictionaryCodec {
    func decodeJSON(_ reader: inout JSONReader, in context: MappingContext) throws -> [String: Value] {
        let mark = reader.mark
        guard try reader.peek() == UInt8(ascii: "{") else { return try decodeJSON(again: &reader, from: mark, in: context) }
        var result: [String: Value] = [:]
        var problems = KeyedProblems()
        var count = 0
        if try reader.enterObject() { return result }
        repeat {
            let key = reader.text(of: try reader.readKey())
            let start = reader.mark
            count += 1
            do {
                result[key] = try value.decodeJSON(&reader, in: context)
                // A repeated key: its last value counts, with or without a problem.
                problems.forget(key)
            } catch {
                problems.forget(key)
                result[key] = nil
                try problems.note(error, at: key, in: context)
                reader.reset(to: start)
                try reader.skipValue()
            }
        } while try reader.nextMember()
        try context.countValues(count)
        try problems.throwIfAny(in: context)
        return result
    }

    func encodeJSON(at pointer: UnsafePointer<[String: Value]>, into writer: inout JSONWriter, in context: MappingContext) throws -> Bool {
        let dictionary = pointer.pointee
        try context.countValues(dictionary.count)
        try writer.beginObject()
        var problems = KeyedProblems()
        var first = true
        func member(_ key: String, _ item: Value) throws {
            var item = item
            writer.writeKey(key, first: first)
            first = false
            do {
                if try !value.encodeJSON(at: &item, into: &writer, in: context) { writer.writeNull() }
            } catch {
                try problems.note(error, at: key, in: context)
            }
        }
        if writer.sortsKeys {
            for key in dictionary.keys.sorted(by: JSONWriter.precedes) {
                if let item = dictionary[key] { try member(key, item) }
            }
        } else {
            for (key, item) in dictionary { try member(key, item) }
        }
        try problems.throwIfAny(in: context)
        writer.endObject(empty: first)
        return true
    }
}

// MARK: JSON Schema

extension DictionaryCodec {
    func schema(in builder: any SchemaBuilding, context: MappingContext) throws -> [String: Any] {
        ["type": "object", "additionalProperties": try builder.schema(of: value, context: context)]
    }
}
