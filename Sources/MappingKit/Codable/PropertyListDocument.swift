import Foundation

/// Property-list data in and out, with what property lists cannot hold reported, not lost.
enum PropertyListDocument {
    static func root(of data: Data) throws -> Any {
        // Shared references are counted before Foundation's parser copies them (see
        // ``BinaryPropertyListExpansion``), against the bound the mapping gets.
        let bound = MappingLimits.propertyList(byteCount: data.count).maximumValues
        if let count = BinaryPropertyListExpansion.expandedCount(of: data, bound: bound), count > bound {
            throw MappingError(.limitExceeded(bound, "values reached through a property list's shared references", name: "maximumValues"))
        }
        do {
            return try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw MappingError(.mismatch(expected: "a property list", found: "data that is not one (\(error))"))
        }
    }

    static func dictionary(from data: Data) throws -> [String: Any] {
        let root = try root(of: data)
        guard let dictionary = InputValue.dictionary(root) else {
            throw MappingError(.mismatch(expected: "a property list whose root is a dictionary", found: ValueDescription.describe(root)))
        }
        return dictionary
    }

    /// `value` with every number in a property list's kinds, or an error where a value has no
    /// exact property-list form.
    static func checked(_ value: Any, format: PropertyListSerialization.PropertyListFormat, maximumNesting: Int, depth: Int = 0) throws -> Any {
        guard depth <= maximumNesting else {
            throw MappingError(.limitExceeded(maximumNesting, "nested arrays and objects", name: "maximumNesting"))
        }
        if let array = InputValue.array(value) {
            return try array.enumerated().map { index, element in
                do {
                    return try checked(element, format: format, maximumNesting: maximumNesting, depth: depth + 1)
                } catch {
                    throw MappingError.wrapping(error, at: .index(index))
                }
            }
        }
        if let dictionary = InputValue.dictionary(value) {
            var checkedDictionary: [String: Any] = Dictionary(minimumCapacity: dictionary.count)
            for (key, element) in dictionary {
                do {
                    checkedDictionary[key] = try checked(element, format: format, maximumNesting: maximumNesting, depth: depth + 1)
                } catch {
                    throw MappingError.wrapping(error, at: .key(key))
                }
            }
            return checkedDictionary
        }
        if InputValue.isNull(value) {
            throw MappingError(.mismatch(expected: "a value a property list holds (property lists have no null)", found: "null"))
        }
        if case .decimal(let decimal)? = NumericInput.read(value) {
            let integer = NSDecimalNumber(decimal: decimal).int64Value
            guard Decimal(integer) == decimal else {
                throw MappingError(.inexact(expected: "a number a property list holds (an integer or a Double)", found: "Decimal \(decimal)"))
            }
            return integer
        }
        if format == .xml, let date = NativeValue.date(value), date.timeIntervalSinceReferenceDate.rounded() != date.timeIntervalSinceReferenceDate {
            throw MappingError(.inexact(expected: "a Date in whole seconds (XML property lists keep no fractions; use .binary)", found: "Date \(date)"))
        }
        return value
    }
}
