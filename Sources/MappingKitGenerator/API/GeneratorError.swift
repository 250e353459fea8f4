/// Why ``ModelGenerator`` could not write models: a sample that is not JSON, or samples of no
/// object shape. The message names the sample and, for syntax errors, the line and column.
///
/// ```swift
/// do {
///     _ = try ModelGenerator().source(for: [Sample(name: "bad.json", data: Data("[1, 2".utf8))])
/// } catch {
///     print(error)   // bad.json, line 1, column 6: expected ',' or ']', found the end of the input
/// }
/// ```
public struct GeneratorError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, in one line.
    public let message: String

    init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
