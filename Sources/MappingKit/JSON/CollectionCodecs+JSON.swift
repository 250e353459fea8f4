import Foundation

/// Arrays, sets and dictionaries read element by element from bytes; every bad element is
/// reported under its index or key, and reading goes on after it.
extension ArrayCodec: JSONCoding {
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

extension SetCodec: JSONCoding {
    func decodeJSON(_ reader: inout JSONReader, in context: MappingContext) throws -> Set<Element> {
        let mark = reader.mark
        guard try reader.peek() == UInt8(ascii: "[") else { return try decodeJSON(again: &reader, from: mark, in: context) }
        return Set(try element.decodeJSONElements(&reader, in: context))
    }
}

extension CollectionCoding {
    /// Reads every element of the array at the reader with `codec`, collecting every element's
    /// problems under its index; reading goes on after a bad element. Called from each codec's
    /// ``JSONCoding/decodeJSONElements(_:in:)``, so the loop is specialized for the codec.
    @inline(__always)
    static func decodeJSONElements<Element: JSONCoding>(
        _ reader: inout JSONReader,
        with codec: Element,
        in context: MappingContext
    ) throws -> [Element.Value] {
        var result: [Element.Value] = []
        if try reader.enterArray() { return result }
        let depth = reader.nesting
        result.reserveCapacity(reader.arrayCapacityHint())
        var failure: MappingError?
        var index = 0
        repeat {
            let mark = reader.mark
            do {
                result.append(try codec.decodeJSON(&reader, in: context))
            } catch {
                try failure.collect(MappingError.wrapping(error, at: .index(index)), in: context)
                reader.reset(to: mark)
                try reader.skipValue()
            }
            index += 1
        } while try reader.nextElement()
        reader.recordArrayLength(index, at: depth)
        try context.countValues(index)
        if let failure { throw failure }
        return result
    }

    /// Writes `elements` as a JSON array with `codec`; called from each codec's
    /// ``JSONCoding/encodeJSONElements(_:into:in:)``.
    @inline(__always)
    static func encodeJSONElements<Element: JSONCoding>(
        _ elements: UnsafeBufferPointer<Element.Value>,
        with codec: Element,
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
                    try failure.collect(MappingError.wrapping(error, at: .index(index)), in: context)
                }
            }
        }
        if let failure { throw failure }
        writer.endArray(empty: elements.isEmpty)
    }
}

extension ArrayCodec {
    /// The JSON array at the reader into the uninitialized `[Element]` at `slot`, in the
    /// element codec's own code. (Not named as ``JSONCoding/decodeJSONArray(_:into:in:)``,
    /// which reads an array of this codec's own values.)
    func readElements(_ reader: inout JSONReader, into slot: UnsafeMutableRawPointer, in context: MappingContext) throws {
        // Borrowed, not retained: the array codec holds its element codec for the whole call.
        try Unmanaged.passUnretained(element)._withUnsafeGuaranteedRef {
            try unsafeDowncast($0, to: JSONCodec<Element>.self).readJSONArray(&reader, into: slot, in: context)
        }
    }

    /// The array at `value` as JSON, in the element codec's own code.
    func writeElements(at value: UnsafePointer<[Element]>, into writer: inout JSONWriter, in context: MappingContext) throws {
        // Through the typed codec rather than a raw slot call: the buffer is typed here, and the
        // callee needs no `[Element]` metadata to find the elements.
        try value.pointee.withUnsafeBufferPointer { elements in
            try element.encodeJSONElements(elements, into: &writer, in: context)
        }
    }
}
