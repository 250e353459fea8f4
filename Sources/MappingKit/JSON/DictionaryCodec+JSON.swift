import Foundation

// MARK: - JSON
extension DictionaryCodec: JSONCoding {
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

