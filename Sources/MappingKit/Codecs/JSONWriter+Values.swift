import Foundation

extension JSONWriter {
    /// Writes an untyped value: what ``JSONValue/data(_:options:limits:)`` accepts, and what
    /// codecs without a JSON form of their own give (their dictionary form). Every problem is
    /// reported, with its path.
    mutating func writeAny(_ value: Any) throws {
        let value = InputValue.flattened(value)
        // The types an untyped tree holds most, by the type its container stores (no cast),
        // before the number ladder, which would try a dozen casts on a container.
        if let string = ExistentialPayload.value(String.self, in: value) {
            writeString(string)
        } else if let dictionary = ExistentialPayload.value([String: Any].self, in: value) {
            try writeDictionary(dictionary)
        } else if let array = ExistentialPayload.value([Any].self, in: value) {
            try writeArray(array)
        } else if InputValue.isNSNull(value) {
            writeNull()
        } else if let number = NumericInput.read(value) {
            try writeNumber(number)
        } else if let string = value as? String {
            writeString(string)
        } else if let array = InputValue.array(value) {
            try writeArray(array)
        } else if let dictionary = InputValue.dictionary(value) {
            try writeDictionary(dictionary)
        } else {
            throw MappingError(.mismatch(expected: Self.expectation(for: value), found: ValueDescription.describe(value)))
        }
    }

    /// What JSON holds, and for a `Date` or `Data` (which reach here only when no adapter
    /// converted them) how it gets one and where adapters come from.
    private static func expectation(for value: Any) -> String {
        let values = "a JSON value (String, a number, Bool, an array, a dictionary or null"
        if NativeValue.date(value) != nil {
            return values + "; a Date is written through an adapter such as .iso8601 or .unixSeconds" + NativeValue.adapterSources + ")"
        }
        if NativeValue.data(value) != nil {
            return values + "; Data is written through the .base64 adapter" + NativeValue.adapterSources + ")"
        }
        return values + ")"
    }

    mutating func writeNumber(_ number: NumericInput) throws {
        switch number {
        case .bool(let value): writeBool(value)
        case .signed(let value):
            if let int = Int(exactly: value) { writeInt(int) } else { writeText("\(value)") }
        case .unsigned(let value):
            if let unsigned = UInt(exactly: value) { writeUnsigned(unsigned) } else { writeText("\(value)") }
        case .wide(let value): writeText("\(value)")
        case .exact(let value): writeText(value.text)
        case .floating(let value): try writeDouble(value)
        case .decimal(let value):
            guard value.isFinite else {
                throw MappingError(.mismatch(expected: "a finite Decimal", found: "Decimal \(value)"))
            }
            writeText("\(value)")
        }
    }

    private mutating func writeArray(_ array: [Any]) throws {
        try beginArray()
        var failure: MappingError?
        for (index, element) in array.enumerated() {
            beginElement(first: index == 0)
            do {
                try writeAny(element)
            } catch {
                try failure.collect(MappingError.wrapping(error, at: .index(index)), cap: maximumProblems)
            }
        }
        if let failure { throw failure }
        endArray(empty: array.isEmpty)
    }

    private mutating func writeDictionary(_ dictionary: [String: Any]) throws {
        try beginObject()
        var failure: MappingError?
        var first = true
        func member(_ key: String, _ value: Any) throws {
            writeKey(key, first: first)
            first = false
            do {
                try writeAny(value)
            } catch {
                try failure.collect(MappingError.wrapping(error, at: .key(key)), cap: maximumProblems)
            }
        }
        if sortsKeys {
            for key in dictionary.keys.sorted(by: Self.precedes) {
                if let value = dictionary[key] { try member(key, value) }
            }
        } else {
            for (key, value) in dictionary { try member(key, value) }
        }
        if let failure { throw failure }
        endObject(empty: dictionary.isEmpty)
    }

    /// The order of sorted keys: by their UTF-8 bytes, which is Unicode scalar order.
    static func precedes(_ left: String, _ right: String) -> Bool {
        left.utf8.lexicographicallyPrecedes(right.utf8)
    }
}
