extension MappingError.Issue {
    /// What kind of problem an issue is, to switch on (as `DecodingError`'s cases are); the
    /// issue's ``description`` stays the words for people.
    ///
    /// ```swift
    /// switch error.issues[0].kind {
    /// case .missingKey: showForm()
    /// case .typeMismatch, .outOfRange: reportBadPayload(error)
    /// default: throw error
    /// }
    /// ```
    public enum Kind: String, Sendable, CaseIterable {
        /// A key the model needs is absent (``MissingKeyPolicy/raise``, `require(_, .exists)`):
        /// `id: required, missing`.
        case missingKey
        /// A value of another kind than the property takes: `expected Bool, found String "yes"`.
        case typeMismatch
        /// `null` where no optional takes it: `expected Int, found null`.
        case nullValue
        /// A number outside the type's range: `expected Int8 in -128...127, found Int 300`.
        case outOfRange
        /// A number the type cannot hold exactly: `expected Int without loss of precision, found Double 2.5`.
        case inexact
        /// A raw value no case of an enum has.
        case unknownRawValue
        /// A tag no case of a ``TaggedEnum`` has (and no fallback case takes).
        case unknownTag
        /// A value that fails a ``Requirement`` of the configuration.
        case unmetRequirement
        /// A key no property maps, under ``UndefinedKeyPolicy/raise``.
        case undefinedKey
        /// JSON that breaks its grammar; ``location`` says where. (JSON nested deeper than
        /// ``MappingLimits/maximumNesting`` is a limit, though it has a location too.)
        case invalidSyntax
        /// A ``MappingLimits`` bound, the nesting limit or the thread's stack reached.
        case limitExceeded
        /// A configuration mistake, or a property type without a conversion, found when the
        /// type's plan compiled.
        case configuration
        /// An error your code threw (an adapter, a hook, an override); ``underlyingError`` is it.
        case thrown
    }

    /// What kind of problem this is.
    ///
    /// ```swift
    /// if error.issues.allSatisfy({ $0.kind == .undefinedKey }) { … }
    /// ```
    public var kind: Kind {
        if problem.isLimit { return .limitExceeded }
        return switch problem {
        case .unmetRequirement(let requirement, let found) where requirement == Problem.existence && found == "nothing": .missingKey
        case .unmetRequirement: .unmetRequirement
        case .mismatch, .codableLeaf: .typeMismatch
        case .null: .nullValue
        case .outOfRange: .outOfRange
        case .inexact: .inexact
        case .unknownRawValue: problem.isUnknownTag ? .unknownTag : .unknownRawValue
        case .undefinedKey: .undefinedKey
        case .syntax: .invalidSyntax
        case .tooDeep, .limitExceeded, .outOfStack: .limitExceeded
        case .configuration, .unsupportedType: .configuration
        case .failed, .adapterFailed: .thrown
        }
    }

    /// Where the value is, step by step from the mapped root (keys and indexes, as
    /// `DecodingError`'s coding path gives them); ``path`` is the same as text.
    ///
    /// ```swift
    /// error.issues[0].pathComponents   // [.key("messages"), .index(2), .key("read")]
    /// ```
    public var pathComponents: [ExternalKey.Step] {
        reversedPath.reversed().map { component in
            switch component {
            case .key(let key): .key(key)
            case .index(let index): .index(index)
            }
        }
    }
}
