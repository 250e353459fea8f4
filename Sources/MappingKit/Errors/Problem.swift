/// What went wrong with one value. `MappingError.Issue` renders it.
enum Problem: Sendable {
    /// The value has the wrong kind: `expected Bool, found String "yes"`.
    case mismatch(expected: String, found: String)
    /// A number that does not fit: `expected Int8 in -128...127, found Int 300`.
    case outOfRange(expected: String, range: String, found: String)
    /// A number the target type cannot hold exactly: `expected Double without loss of precision…`.
    case inexact(expected: String, found: String)
    /// `null` where no `Optional` can take it.
    case null(expected: String)
    /// A raw value that no case of an enum has.
    case unknownRawValue(type: String, known: [String], found: String)
    /// A property whose type MappingKit has no conversion for.
    case unsupportedType(String)
    /// Nesting deeper than the limit: a reference cycle or hostile input.
    case tooDeep(limit: Int)
    /// A ``MappingLimits`` bound reached: `(limit, what, name of the limit)`.
    case limitExceeded(Int, String, name: String)
    /// Nesting that would exhaust the thread's stack, after `used` bytes of it.
    case outOfStack(used: Int)
    /// A ``Requirement`` that the value (or its absence) does not meet.
    case unmetRequirement(String, found: String)
    /// A key that no mapping reads, under `UndefinedKeyPolicy.raise`.
    case undefinedKey(model: String, found: String)
    /// JSON that breaks RFC 8259's grammar, and where.
    case syntax(expected: String, found: String, location: JSONLocation)
    /// A configuration mistake, found when the model's plan is compiled.
    case configuration(type: String, message: String)
    /// An error thrown by user code (an `update(from:configuration:)` override, say).
    case failed(description: String, underlying: any Error)
    /// An error thrown by an adapter's own closure, for the value it was given.
    case adapterFailed(adapter: String, found: String, underlying: any Error)
    /// A `Codable` leaf its own `init(from:)` refused: said as a mismatch, with the decoder's
    /// error beneath (the Codable bridge throws that one, at the leaf's path).
    case codableLeaf(expected: String, found: String, underlying: DecodingError)

    /// How a tagged enum says a tag is unknown: the raw value of `a case of <Type>`.
    static func tagType(of typeName: String) -> String {
        "a case of \(typeName)"
    }

    /// A tag no case of a tagged enum has (and no fallback takes).
    var isUnknownTag: Bool {
        if case .unknownRawValue(let type, _, _) = self { type.hasPrefix(Problem.tagType(of: "")) } else { false }
    }

    /// What the JSON reader expects where input nests deeper than `limit`: reported where it is,
    /// as a syntax error is, and known for a limit by this text's ending.
    static func nestingExpectation(_ limit: Int) -> String {
        "at most \(limit) nested arrays and objects \(nestingLimitName)"
    }

    private static let nestingLimitName = "(MappingLimits.maximumNesting)"

    /// A bound reached: a ``MappingLimits`` one, the nesting of models or of JSON, or the
    /// thread's stack.
    var isLimit: Bool {
        switch self {
        case .tooDeep, .limitExceeded, .outOfStack: true
        case .syntax(let expected, _, _): expected.hasSuffix(Problem.nestingLimitName)
        default: false
        }
    }

    /// A problem with one value's kind or content (what Codable calls a type mismatch or data
    /// corrupted), not with the structure around it.
    var isAboutAValue: Bool {
        switch self {
        case .mismatch, .inexact, .outOfRange, .unknownRawValue, .adapterFailed: true
        default: false
        }
    }

    /// This problem about a value expected as `type`, about one expected as `other` instead (a
    /// codec that reads through another's: `CGFloat` through `Double`).
    func renaming(_ type: String, to other: String) -> Problem {
        switch self {
        case .mismatch(type, let found): .mismatch(expected: other, found: found)
        case .outOfRange(type, let range, let found): .outOfRange(expected: other, range: range, found: found)
        case .inexact(type, let found): .inexact(expected: other, found: found)
        case .null(type): .null(expected: other)
        default: self
        }
    }

    var expected: String {
        switch self {
        case .mismatch(let expected, _), .null(let expected), .codableLeaf(let expected, _, _): expected
        case .outOfRange(let expected, let range, _): "\(expected) in \(range)"
        case .inexact(let expected, _): "\(expected) without loss of precision"
        case .unknownRawValue(let type, let known, _) where known.isEmpty: "a raw value of \(type)"
        case .unknownRawValue(let type, let known, _): "\(type) (one of \(known.joined(separator: ", ")))"
        case .unsupportedType: "a type MappingKit can convert"
        case .tooDeep(let limit): "at most \(limit) levels of nested models"
        case .limitExceeded(let limit, let what, let name): "at most \(limit) \(what) (MappingLimits.\(name))"
        case .outOfStack: "nesting that fits the thread's stack"
        case .syntax(let expected, _, _): expected
        case .failed: "no error"
        case .adapterFailed(let adapter, _, _): "a value adapter \(adapter) converts"
        case .configuration(let type, _): "a valid configuration of \(type)"
        case .unmetRequirement(let requirement, _): requirement
        case .undefinedKey(let model, _): "a key \(model) maps"
        }
    }

    var found: String {
        switch self {
        case .mismatch(_, let found), .outOfRange(_, _, let found), .inexact(_, let found), .codableLeaf(_, let found, _),
             .unknownRawValue(_, _, let found):
            found
        case .null: "null"
        case .syntax(_, let found, let location): "\(found) at \(location)"
        case .unsupportedType(let type): "\(type), which has no built-in conversion"
        case .tooDeep: "deeper nesting (a reference cycle or runaway input)"
        case .limitExceeded: "more"
        case .outOfStack(let used): "deeper nesting, after \(used) bytes of stack (run deep input on a thread with a larger stack)"
        case .failed(let description, _): description
        case .adapterFailed(_, let found, _): found
        case .configuration(_, let message): message
        case .unmetRequirement(_, let found), .undefinedKey(_, let found): found
        }
    }

    /// Problems that are a sentence of their own, not "expected …, found …". A requirement says
    /// that it is one: `id: required, missing`, `age: requirement failed: expected …, found …`.
    var message: String? {
        switch self {
        case .failed(let description, _): description
        // Your error's own words, as thrown; `expected` and `found` say which adapter and value.
        case .adapterFailed(_, _, let error): String(describing: error)
        case .configuration(let type, let message): "configuration of \(type): \(message)"
        case .unmetRequirement(let requirement, let found) where requirement == Problem.existence:
            found == "nothing" ? "required, missing" : "required, found \(found)"
        case .unmetRequirement(let requirement, let found): "requirement failed: expected \(requirement), found \(found)"
        default: nil
        }
    }

    /// What ``Requirement/exists`` asks for, as its message names it.
    static let existence = "a value"

    var underlyingError: (any Error)? {
        switch self {
        case .failed(_, let error), .adapterFailed(_, _, let error): error
        case .codableLeaf(_, _, let error): error
        default: nil
        }
    }
}
