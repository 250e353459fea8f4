import Foundation

/// MappingKit's errors as the errors Codable users catch: the coding path is the coder's path
/// to the model followed by the key path inside it, and the `MappingError` is the
/// `underlyingError`.
enum CodableErrors {
    /// `typeAt` names the type of the value at an issue's path (the model's plan knows it): a
    /// `typeMismatch` or `valueNotFound` says that type, `Any` only when nothing declares it.
    static func decoding(_ error: any Error, at codingPath: [any CodingKey], typeAt: ([PathComponent]) -> Any.Type? = { _ in nil }) -> any Error {
        if error is DecodingError { return error }
        let mappingError = MappingError.wrapping(error, at: [])
        let issue = mappingError.issues.first
        let context = DecodingError.Context(
            codingPath: codingPath + keys(of: issue),
            debugDescription: mappingError.description,
            underlyingError: mappingError
        )
        let type = issue.flatMap { typeAt(Array($0.reversedPath.reversed())) } ?? Any.self
        switch issue?.problem {
        // An absent key that is required (``MissingKeyPolicy/raise``, `require(.exists)`): Codable's
        // own error for it, at the path of the object that lacks it.
        case .unmetRequirement(let requirement, let found)? where requirement == Problem.existence && found == "nothing":
            let path = keys(of: issue)
            guard let key = path.last else { return DecodingError.dataCorrupted(context) }
            return DecodingError.keyNotFound(key, DecodingError.Context(
                codingPath: codingPath + path.dropLast(),
                debugDescription: mappingError.description,
                underlyingError: mappingError
            ))
        case .null?: return DecodingError.valueNotFound(type, context)
        // A `Codable` leaf's own decoding error, at its path in the model.
        case .codableLeaf(_, _, let underlying)?:
            return prefixed(underlying, by: codingPath + keys(of: issue))
        // An unknown tag of a tagged enum: Swift's synthesized enum decoding finds no case key,
        // a `typeMismatch`.
        case let problem? where problem.isUnknownTag:
            return DecodingError.typeMismatch(type, context)
        // A value of the right kind whose content does not fit (300 into `Int8`, 2.5 into `Int`,
        // an unknown raw value, a bad UUID's text): Codable's `dataCorrupted`, as the
        // synthesized conformance throws it. A value of another kind is a `typeMismatch`.
        case let problem? where problem.isAboutAValue:
            if let found = foundKind(problem.found), let wanted = kind(of: type, expected: problem.expected) {
                return found == wanted ? DecodingError.dataCorrupted(context) : DecodingError.typeMismatch(type, context)
            }
            if case .mismatch = problem { return DecodingError.typeMismatch(type, context) }
            return DecodingError.dataCorrupted(context)
        default: return DecodingError.dataCorrupted(context)
        }
    }

    /// `error` (a leaf's own, relative to the leaf) with `path` before its coding path.
    private static func prefixed(_ error: DecodingError, by path: [any CodingKey]) -> DecodingError {
        func context(_ context: DecodingError.Context) -> DecodingError.Context {
            DecodingError.Context(codingPath: path + context.codingPath, debugDescription: context.debugDescription, underlyingError: context.underlyingError)
        }
        switch error {
        case .typeMismatch(let type, let inner): return .typeMismatch(type, context(inner))
        case .valueNotFound(let type, let inner): return .valueNotFound(type, context(inner))
        case .keyNotFound(let key, let inner): return .keyNotFound(key, context(inner))
        case .dataCorrupted(let inner): return .dataCorrupted(context(inner))
        @unknown default: return error
        }
    }

    /// What a coder holds a value as: the kinds a `typeMismatch` tells apart.
    private enum Kind {
        case number, string, bool
    }

    /// The kind of a value a message describes (`String "x"`, `Int 300`, `Double 2.5`), when it is
    /// a scalar.
    private static func foundKind(_ found: String) -> Kind? {
        let word = found.prefix { $0 != " " }
        switch word {
        case "Int", "UInt64", "Double", "Decimal": return .number
        case "String": return .string
        case "Bool": return .bool
        default: return nil
        }
    }

    /// The kind a type's `Codable` form has; `nil` for a container or a type that is not a
    /// scalar.
    private static func kind(of type: Any.Type, expected: String) -> Kind? {
        var type = type
        while let optional = type as? any ContainerCodecProviding.Type, type is any OptionalValue.Type,
              let wrapped = optional.elementTypes.first {
            type = wrapped
        }
        if type is any BinaryInteger.Type || type is any BinaryFloatingPoint.Type || type == Decimal.self { return .number }
        if type == Bool.self { return .bool }
        if type == String.self || type == UUID.self || type == URL.self { return .string }
        // A date is a number or text as its adapter reads it (`Date as unixSeconds`,
        // `Date in ISO 8601`, `Date as yyyy-MM-dd`).
        if type == Date.self { return expected.contains("unix") ? .number : .string }
        if let represented = type as? any RawRepresentable.Type {
            func raw<Represented: RawRepresentable>(_: Represented.Type) -> Any.Type { Represented.RawValue.self }
            return kind(of: raw(represented), expected: expected)
        }
        return nil
    }

    static func encoding(_ error: any Error, of value: Any, at codingPath: [any CodingKey]) -> any Error {
        if error is EncodingError { return error }
        let mappingError = MappingError.wrapping(error, at: [])
        return EncodingError.invalidValue(value, EncodingError.Context(
            codingPath: codingPath + keys(of: mappingError.issues.first),
            debugDescription: mappingError.description,
            underlyingError: mappingError
        ))
    }

    private static func keys(of issue: MappingError.Issue?) -> [any CodingKey] {
        (issue?.reversedPath ?? []).reversed().map { component in
            switch component {
            case .key(let key): AnyCodingKey(key)
            case .index(let index): AnyCodingKey(intValue: index)
            }
        }
    }
}
