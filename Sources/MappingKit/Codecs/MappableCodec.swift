import Foundation

/// A nested model: a dictionary hydrated into a fresh `Model()` through the model's own
/// `update(from:configuration:)`, so a nested type's overrides run too (recursive hydration).
struct MappableCodec<Model: Mappable>: ValueCodec {
    /// The plan of the last model this codec read from JSON (codecs are made once per type).
    let plans = PlanMemo()

    func decode(_ input: Any, in context: MappingContext) throws -> Model {
        let nested = try context.nested()
        let configuration = nested.configuration(for: Model.self)
        if configuration.rules.hooks.isPositional, let array = InputValue.array(input) {
            return try Positions.decode(array) { dictionary in
                try Model.instantiate(from: dictionary, configuration: configuration, context: nested)
            }
        }
        guard let dictionary = InputValue.dictionary(input) else {
            return try mismatch(input, expected: "\(ValueDescription.typeName(Model.self)) (a dictionary)", in: context)
        }
        return try Model.instantiate(from: dictionary, configuration: configuration, context: nested)
    }

    func encode(_ value: Model, in context: MappingContext) throws -> Any? {
        let nested = try context.nested()
        let configuration = nested.configuration(for: type(of: value))
        let dictionary = try value.encodedDictionary(in: nested, configuration: configuration)
        guard configuration.rules.hooks.isPositional else { return dictionary }
        return Positions.encode(dictionary)
    }
}

/// Models mapped by position: an array seen as a dictionary keyed `"0"`, `"1"`…
enum Positions {
    static func decode<Model>(_ array: [Any], _ make: ([String: Any]) throws -> Model) throws -> Model {
        var dictionary: [String: Any] = [:]
        for (index, element) in array.enumerated() { dictionary["\(index)"] = element }
        do {
            return try make(dictionary)
        } catch var error as MappingError {
            error.indexPositions()
            throw error
        }
    }

    /// The array for a dictionary keyed by position; a gap (a `nil` optional) becomes `NSNull`.
    static func encode(_ dictionary: [String: Any]) -> [Any] {
        let count = (dictionary.keys.compactMap { Int($0) }.max() ?? -1) + 1
        return (0..<count).map { dictionary["\($0)"] ?? NSNull() }
    }
}

extension MappingError {
    /// Errors inside a positional model read `location[1]`, not `location["1"]`.
    mutating func indexPositions() {
        for index in issues.indices {
            guard case .key(let key)? = issues[index].reversedPath.last, let position = Int(key) else { continue }
            issues[index].reversedPath[issues[index].reversedPath.count - 1] = .index(position)
        }
    }
}
