extension MappingError {
    /// One bad value: where it is, what was expected there and what was found.
    ///
    /// ```swift
    /// issue.path         // "messages[2].read"
    /// issue.expected     // "Bool"
    /// issue.found        // "String \"yes\""
    /// issue.description  // "messages[2].read: expected Bool, found String \"yes\""
    /// ```
    public struct Issue: Sendable, Equatable, CustomStringConvertible {
        /// Path components from the innermost value outwards; appending is how errors climb.
        var reversedPath: [PathComponent] = []
        var problem: Problem

        init(problem: Problem) {
            self.problem = problem
        }

        /// Where the value is, from the mapped root: `messages[2].read`, `[3].name`, or empty
        /// for the root itself.
        ///
        /// ```swift
        /// error.issues[0].path   // "messages[1].read"
        /// ```
        public var path: String {
            PathComponent.render(reversedPath.reversed())
        }

        /// What the mapping needed there: `Bool`, `Int8 in -128...127`, `URL`.
        ///
        /// ```swift
        /// error.issues[0].expected   // "Bool"
        /// ```
        public var expected: String {
            problem.expected
        }

        /// What it found, with its value: `String "yes"`, `Int 300`, `null`.
        ///
        /// ```swift
        /// error.issues[0].found   // "String \"yes\""
        /// ```
        public var found: String {
            problem.found
        }

        /// Where the JSON input breaks its grammar, for a syntax error.
        ///
        /// ```swift
        /// // try User(json: Data(#"{"name": "Ann",}"#.utf8)) throws:
        /// // expected a key (a string), found '}' at line 1, column 16 (byte 15)
        /// issue.location?.line    // 1
        /// issue.location?.offset  // 15
        /// ```
        public var location: JSONLocation? {
            if case .syntax(_, _, let location) = problem { location } else { nil }
        }

        /// The error that user code threw, when the problem came from one.
        ///
        /// ```swift
        /// if let cause = error.issues[0].underlyingError as? ValidationError { … }
        /// ```
        public var underlyingError: (any Error)? {
            problem.underlyingError
        }

        /// `path: expected …, found …`; errors from user code read `path: <their description>`.
        ///
        /// ```swift
        /// error.issues[0].description   // "messages[1].read: expected Bool, found String \"yes\""
        /// ```
        public var description: String {
            let message = problem.message ?? "expected \(expected), found \(found)"
            return path.isEmpty ? message : "\(path): \(message)"
        }

        /// Issues are equal when they say the same thing about the same place.
        ///
        /// ```swift
        /// error.issues[0] == error.issues[0]   // true
        /// ```
        public static func == (lhs: Issue, rhs: Issue) -> Bool {
            lhs.reversedPath == rhs.reversedPath && lhs.expected == rhs.expected && lhs.found == rhs.found
        }
    }
}
