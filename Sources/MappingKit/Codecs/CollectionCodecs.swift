import Foundation

/// `[Element]` from an array; every element is converted, and every bad element is reported.
struct ArrayCodec<Element>: ValueCodec {
    let element: any ValueCodec<Element>

    func decode(_ input: Any, in context: MappingContext) throws -> [Element] {
        if type(of: input) == [Element].self, let same = input as? [Element] {
            return same
        }
        guard let array = input as? [Any] else {
            return try mismatch(input, expected: "Array", in: context)
        }
        return try CollectionCoding.decodeElements(of: array, with: element, in: context)
    }

    func encode(_ value: [Element], in context: MappingContext) throws -> Any? {
        try CollectionCoding.encodeElements(of: value, with: element, in: context)
    }
}

/// `Set<Element>` from an array (repeated elements collapse, as in `Set(_:)`); written back as an
/// array in the set's iteration order.
struct SetCodec<Element: Hashable>: ValueCodec {
    let element: any ValueCodec<Element>

    func decode(_ input: Any, in context: MappingContext) throws -> Set<Element> {
        guard let array = input as? [Any] else {
            return try mismatch(input, expected: "Array", in: context)
        }
        return Set(try CollectionCoding.decodeElements(of: array, with: element, in: context))
    }

    func encode(_ value: Set<Element>, in context: MappingContext) throws -> Any? {
        try CollectionCoding.encodeElements(of: value, with: element, in: context)
    }
}

/// `[String: Value]` from a dictionary; every value is converted, every bad one reported.
struct DictionaryCodec<Value>: ValueCodec {
    let value: any ValueCodec<Value>

    func decode(_ input: Any, in context: MappingContext) throws -> [String: Value] {
        guard let dictionary = input as? [String: Any] else {
            return try mismatch(input, expected: "Dictionary", in: context)
        }
        var result: [String: Value] = Dictionary(minimumCapacity: dictionary.count)
        var failure: MappingError?
        for (key, item) in dictionary {
            do {
                result[key] = try value.decode(item, in: context)
            } catch {
                failure.merge(MappingError.wrapping(error, at: .key(key)))
            }
        }
        if let failure { throw failure }
        return result
    }

    func encode(_ dictionary: [String: Value], in context: MappingContext) throws -> Any? {
        var result: [String: Any] = Dictionary(minimumCapacity: dictionary.count)
        var failure: MappingError?
        for (key, item) in dictionary {
            do {
                result[key] = try value.encode(item, in: context) ?? NSNull()
            } catch {
                failure.merge(MappingError.wrapping(error, at: .key(key)))
            }
        }
        if let failure { throw failure }
        return result
    }
}

/// Shared element loops for arrays and sets.
enum CollectionCoding {
    static func decodeElements<Element>(
        of array: [Any],
        with codec: any ValueCodec<Element>,
        in context: MappingContext
    ) throws -> [Element] {
        var result: [Element] = []
        result.reserveCapacity(array.count)
        var failure: MappingError?
        for (index, item) in array.enumerated() {
            do {
                result.append(try codec.decode(item, in: context))
            } catch {
                failure.merge(MappingError.wrapping(error, at: .index(index)))
            }
        }
        if let failure { throw failure }
        return result
    }

    static func encodeElements<Element>(
        of elements: some Collection<Element>,
        with codec: any ValueCodec<Element>,
        in context: MappingContext
    ) throws -> [Any] {
        var result: [Any] = []
        result.reserveCapacity(elements.count)
        var failure: MappingError?
        for (index, item) in elements.enumerated() {
            do {
                result.append(try codec.encode(item, in: context) ?? NSNull())
            } catch {
                failure.merge(MappingError.wrapping(error, at: .index(index)))
            }
        }
        if let failure { throw failure }
        return result
    }
}

extension Optional where Wrapped == MappingError {
    /// Collects `error`'s problems into this optional error, starting it if needed.
    mutating func merge(_ error: MappingError) {
        if self == nil {
            self = error
        } else {
            self?.issues.append(contentsOf: error.issues)
        }
    }
}
