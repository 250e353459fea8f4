import Foundation

/// `[String: Value]` from a dictionary; every value is converted, every bad one reported.
struct DictionaryCodec<Value>: ValueCodec {
    let value: Codec<Value>
    private let dictionaryType = ObjectIdentifier([String: Value].self)
    let encodesUnchanged: Bool
    let decodesUnchanged: Bool

    init(value: Codec<Value>) {
        self.value = value
        encodesUnchanged = value.encodesUnchanged
        decodesUnchanged = value.decodesUnchanged
    }

    func decode(_ input: Any, in context: MappingContext) throws -> [String: Value] {
        // Taken whole only when every value would come back unchanged (see ``ValueCodec/decodesUnchanged``).
        if decodesUnchanged, ObjectIdentifier(type(of: input)) == dictionaryType, let same = Self.same(input) {
            return same
        }
        guard let dictionary = InputValue.dictionary(input) else {
            return try mismatch(input, expected: "Dictionary", in: context)
        }
        try context.countValues(dictionary.count)
        var result: [String: Value] = Dictionary(minimumCapacity: dictionary.count)
        var failure: MappingError?
        let report = context.report
        for (key, item) in dictionary {
            do {
                if let report {
                    result[key] = try report.within([.key(key)]) { try value.decode(item, in: context) }
                } else {
                    result[key] = try value.decode(item, in: context)
                }
            } catch {
                try failure.collect(MappingError.wrapping(error, at: .key(key)))
            }
        }
        if let failure { throw failure }
        return result
    }

    /// An update merges entry by entry (RFC 7396): a key given replaces its entry, or merges
    /// into it when the values merge (nested models); `null` removes the entry; absent keys
    /// keep theirs.
    var mergesUpdates: Bool { true }

    func merge(_ input: Any, into current: [String: Value], in context: MappingContext) throws -> [String: Value] {
        guard let patch = InputValue.dictionary(input) else { return try decode(input, in: context) }
        try context.countValues(patch.count)
        var result = current
        var failure: MappingError?
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
                try failure.collect(MappingError.wrapping(error, at: .key(key)))
            }
        }
        if let failure { throw failure }
        return result
    }

    /// Kept apart so that `decode` holds no `[String: Value]?`.
    @inline(never)
    private static func same(_ input: Any) -> [String: Value]? {
        input as? [String: Value]
    }

    func encode(_ dictionary: [String: Value], in context: MappingContext) throws -> Any? {
        if encodesUnchanged { return dictionary }
        try context.countValues(dictionary.count)
        var result: [String: Any] = Dictionary(minimumCapacity: dictionary.count)
        var failure: MappingError?
        for (key, item) in dictionary {
            do {
                result[key] = try value.encode(item, in: context) ?? NSNull()
            } catch {
                try failure.collect(MappingError.wrapping(error, at: .key(key)))
            }
        }
        if let failure { throw failure }
        return result
    }
}

extension DictionaryCodec {
    /// What it reads, asked of a `Decoder` first (``ValueShape``).
    var valueShape: ValueShape { .dictionary(value.valueShape) }
}

// MARK: - JSON
extension DictionaryCodec {
    func decodeJSON(_ reader: inout JSONReader, in context: MappingContext) throws -> [String: Value] {
        let mark = reader.mark
        guard try reader.peek() == UInt8(ascii: "{") else { return try decodeJSON(again: &reader, from: mark, in: context) }
        var result: [String: Value] = [:]
        var failed: [String: MappingError] = [:]
        var count = 0
        if try reader.enterObject() { return result }
        repeat {
            let key = reader.text(of: try reader.readKey())
            let start = reader.mark
            count += 1
            do {
                result[key] = try value.decodeJSON(&reader, in: context)
                // A repeated key: its last value counts, with or without a problem.
                if !failed.isEmpty { failed[key] = nil }
            } catch {
                let problem = MappingError.wrapping(error, at: .key(key))
                if problem.isFatal { throw problem }
                result[key] = nil
                failed[key] = problem
                reader.reset(to: start)
                try reader.skipValue()
            }
        } while try reader.nextMember()
        try context.countValues(count)
        var failure: MappingError?
        for problem in failed.values { failure.merge(problem) }
        if let failure { throw failure }
        return result
    }

    func encodeJSON(at pointer: UnsafePointer<[String: Value]>, into writer: inout JSONWriter, in context: MappingContext) throws -> Bool {
        let dictionary = pointer.pointee
        try context.countValues(dictionary.count)
        try writer.beginObject()
        var failure: MappingError?
        var first = true
        func member(_ key: String, _ item: Value) throws {
            var item = item
            writer.writeKey(key, first: first)
            first = false
            do {
                if try !value.encodeJSON(at: &item, into: &writer, in: context) { writer.writeNull() }
            } catch {
                try failure.collect(MappingError.wrapping(error, at: .key(key)))
            }
        }
        if writer.sortsKeys {
            for key in dictionary.keys.sorted(by: JSONWriter.precedes) {
                if let item = dictionary[key] { try member(key, item) }
            }
        } else {
            for (key, item) in dictionary { try member(key, item) }
        }
        if let failure { throw failure }
        writer.endObject(empty: first)
        return true
    }
}
