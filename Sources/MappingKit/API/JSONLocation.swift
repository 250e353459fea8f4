/// A place in a JSON document: where a syntax error was found.
///
/// ```swift
/// // In `{"a": [1, 2,]}`, the `]` after the trailing comma:
/// location.line         // 1
/// location.column       // 14
/// location.offset       // 13
/// location.description  // "line 1, column 14 (byte 13)"
/// ```
public struct JSONLocation: Sendable, Hashable, CustomStringConvertible {
    /// The line, from 1; lines end with a line feed.
    ///
    /// ```swift
    /// JSONLocation(line: 3, column: 14, offset: 52).line   // 3
    /// ```
    public let line: Int
    /// The character in the line, from 1, counting Unicode scalars.
    ///
    /// ```swift
    /// JSONLocation(line: 3, column: 14, offset: 52).column   // 14
    /// ```
    public let column: Int
    /// The number of bytes before it, from the start of the input.
    ///
    /// ```swift
    /// JSONLocation(line: 3, column: 14, offset: 52).offset   // 52
    /// ```
    public let offset: Int

    /// A location; MappingKit makes them for its errors.
    ///
    /// ```swift
    /// let location = JSONLocation(line: 1, column: 5, offset: 4)
    /// ```
    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// `line 3, column 14 (byte 52)`.
    ///
    /// ```swift
    /// JSONLocation(line: 3, column: 14, offset: 52).description   // "line 3, column 14 (byte 52)"
    /// ```
    public var description: String {
        "line \(line), column \(column) (byte \(offset))"
    }
}
