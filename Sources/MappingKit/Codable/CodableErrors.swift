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
        case .mismatch?, .inexact?, .outOfRange?, .unknownRawValue?: return DecodingError.typeMismatch(type, context)
        default: return DecodingError.dataCorrupted(context)
        }
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
