/// Arrays, sets and dictionaries read element by element from bytes; every bad element is
/// reported under its index or key, and reading goes on after it.
extension ArrayCodec {
    @_specialize(where Element == Double)
    @_specialize(where Element == Int)
    @_specialize(where Element == String)
    func decodeJSON(_ reader: inout JSONReader, in context: MappingContext) throws -> [Element] {
        let mark = reader.mark
        guard try reader.peek() == UInt8(ascii: "[") else { return try decodeJSON(again: &reader, from: mark, in: context) }
        return try element.decodeJSONElements(&reader, in: context)
    }

    /// A field's array, read in the element codec's own code.
    func decodeJSON(_ reader: inout JSONReader, into slot: UnsafeMutableRawPointer, in context: MappingContext) throws {
        let mark = reader.mark
        guard try reader.peek() == UInt8(ascii: "[") else {
            slot.initializeMemory(as: [Element].self, to: try decodeJSON(again: &reader, from: mark, in: context))
            return
        }
        try readElements(&reader, into: slot, in: context)
    }

    @_specialize(where Element == Double)
    @_specialize(where Element == Int)
    @_specialize(where Element == String)
    func encodeJSON(at value: UnsafePointer<[Element]>, into writer: inout JSONWriter, in context: MappingContext) throws -> Bool {
        try writeElements(at: value, into: &writer, in: context)
        return true
    }
}

extension SetCodec {
    func decodeJSON(_ reader: inout JSONReader, in context: MappingContext) throws -> Set<Element> {
        let mark = reader.mark
        guard try reader.peek() == UInt8(ascii: "[") else { return try decodeJSON(again: &reader, from: mark, in: context) }
        return Set(try element.decodeJSONElements(&reader, in: context))
    }
}

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

extension ValueCodec {
    func decodeJSONElements(_ reader: inout JSONReader, in context: MappingContext) throws -> [Value] {
        try CollectionCoding.decodeJSONElements(&reader, with: self, in: context)
    }

    func encodeJSONElements(_ elements: UnsafeBufferPointer<Value>, into writer: inout JSONWriter, in context: MappingContext) throws {
        try CollectionCoding.encodeJSONElements(elements, with: self, into: &writer, in: context)
    }

    func decodeJSONArray(_ reader: inout JSONReader, into slot: UnsafeMutableRawPointer, in context: MappingContext) throws {
        slot.initializeMemory(as: [Value].self, to: try decodeJSONElements(&reader, in: context))
    }
}

extension CollectionCoding {
    /// Reads every element of the array at the reader with `codec`, collecting every element's
    /// problems under its index; reading goes on after a bad element. Called from each codec's
    /// ``ValueCodec/decodeJSONElements(_:in:)``, so the loop is specialized for the codec.
    @inline(__always)
    static func decodeJSONElements<Element>(
        _ reader: inout JSONReader,
        with codec: some ValueCodec<Element>,
        in context: MappingContext
    ) throws -> [Element] {
        var result: [Element] = []
        if try reader.enterArray() { return result }
        var failure: MappingError?
        var index = 0
        repeat {
            let mark = reader.mark
            do {
                result.append(try codec.decodeJSON(&reader, in: context))
            } catch {
                try failure.collect(MappingError.wrapping(error, at: .index(index)))
                reader.reset(to: mark)
                try reader.skipValue()
            }
            index += 1
        } while try reader.nextElement()
        try context.countValues(index)
        if let failure { throw failure }
        return result
    }

    /// Writes `elements` as a JSON array with `codec`; called from each codec's
    /// ``ValueCodec/encodeJSONElements(_:into:in:)``.
    @inline(__always)
    static func encodeJSONElements<Element>(
        _ elements: UnsafeBufferPointer<Element>,
        with codec: some ValueCodec<Element>,
        into writer: inout JSONWriter,
        in context: MappingContext
    ) throws {
        try context.countValues(elements.count)
        try writer.beginArray()
        var failure: MappingError?
        if let base = elements.baseAddress {
            for index in 0..<elements.count {
                writer.beginElement(first: index == 0)
                do {
                    if try !codec.encodeJSON(at: base + index, into: &writer, in: context) { writer.writeNull() }
                } catch {
                    try failure.collect(MappingError.wrapping(error, at: .index(index)))
                }
            }
        }
        if let failure { throw failure }
        writer.endArray(empty: elements.isEmpty)
    }
}
