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
                try failure.collect(MappingError.wrapping(error, at: .key(key)), in: context)
            }
        }
        if let failure { throw failure }
        return result
    }

    /// An update merges entry by entry (RFC 7396): a key given replaces its entry, or merges
    /// into it when the values merge (nested models); `null` removes the entry; absent keys
    /// keep theirs.
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
                try failure.collect(MappingError.wrapping(error, at: .key(key)), in: context)
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
        if traits.contains(.encodesUnchanged) { return dictionary }
        try context.countValues(dictionary.count)
        var result: [String: Any] = Dictionary(minimumCapacity: dictionary.count)
        var failure: MappingError?
        for (key, item) in dictionary {
            do {
                result[key] = try value.encode(item, in: context) ?? NSNull()
            } catch {
                try failure.collect(MappingError.wrapping(error, at: .key(key)), in: context)
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
