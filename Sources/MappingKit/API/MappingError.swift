/// Everything that went wrong in one mapping call, each problem with the path to its value.
///
/// A mapping does not stop at the first bad value: one `MappingError` lists every problem found,
/// and the target is left exactly as it was.
///
/// ```swift
/// do {
///     let user = try User(dictionary: ["user_id": "forty-two", "messages": [["read": "yes"]]])
/// } catch let error as MappingError {
///     print(error)
///     // 2 problems:
///     //   user_id: expected Int, found String "forty-two"
///     //   messages[0].read: expected Bool, found String "yes"
///     error.path          // "user_id"
///     error.issues.count  // 2
/// }
/// ```
public struct MappingError: Error, Sendable, CustomStringConvertible {
    /// Every problem found, in the order the mapping met them (properties in declaration order).
    ///
    /// ```swift
    /// error.issues.map(\.path)   // ["user_id", "messages[1].read"]
    /// ```
    public internal(set) var issues: [Issue]

    init(_ problem: Problem) {
        issues = [Issue(problem: problem)]
    }

    init(issues: [Issue]) {
        self.issues = issues
    }

    /// The path of the first problem: `messages[2].published_at`. Empty for the root value.
    ///
    /// ```swift
    /// error.path   // "messages[2].published_at"
    /// ```
    public var path: String {
        issues.first?.path ?? ""
    }

    /// One line per problem; more than one problem gets a count and an indented list.
    ///
    /// ```swift
    /// print(error)
    /// // 2 problems:
    /// //   user_id: expected UInt in 0...18446744073709551615, found Int -42
    /// //   messages[1].read: expected Bool, found String "yes"
    /// ```
    public var description: String {
        guard issues.count > 1 else { return issues.first?.description ?? "no problems" }
        return "\(issues.count) problems:\n" + issues.map { "  \($0.description)" }.joined(separator: "\n")
    }

    /// `true` when a problem ends the whole call: a work limit, the nesting limit, or a JSON
    /// syntax error.
    var isFatal: Bool {
        issues.contains { issue in
            switch issue.problem {
            case .tooDeep, .limitExceeded, .outOfStack, .syntax: true
            default: false
            }
        }
    }

    /// `cap` problems in all: the first `cap - 1`, then one that ends the call, which says
    /// reading stopped there, past ``MappingLimits/maximumProblems``.
    func capped(at cap: Int) -> MappingError {
        // Capped already, further in: its stop keeps its path.
        if issues.count <= cap, case .limitExceeded(_, _, name: "maximumProblems")? = issues.last?.problem { return self }
        var capped = MappingError(issues: Array(issues.prefix(cap - 1)))
        capped.issues.append(Issue(problem: .limitExceeded(cap, "problems in one error", name: "maximumProblems")))
        return capped
    }

    /// Puts `component` in front of every problem's path, as the error leaves a nested value.
    mutating func prefix(_ component: PathComponent) {
        for index in issues.indices {
            issues[index].reversedPath.append(component)
        }
    }

    /// This error with every problem about a value expected as `type` about one expected as
    /// `other` (``Problem/renaming(_:to:)``).
    func renamingExpected(_ type: String, to other: String) -> MappingError {
        var renamed = self
        for index in renamed.issues.indices { renamed.issues[index].problem = renamed.issues[index].problem.renaming(type, to: other) }
        return renamed
    }

    /// `error` as a mapping error under `component`: a `MappingError` keeps its problems; any
    /// other error (thrown by user code) becomes one problem that carries it.
    static func wrapping(_ error: any Error, at component: PathComponent?) -> MappingError {
        wrapping(error, at: component.map { [$0] } ?? [])
    }

    /// `error` as a mapping error under the path `components` (outermost first).
    static func wrapping(_ error: any Error, at components: [PathComponent]) -> MappingError {
        var mappingError = (error as? MappingError)
            ?? MappingError(.failed(description: String(describing: error), underlying: error))
        for component in components.reversed() { mappingError.prefix(component) }
        return mappingError
    }
}
