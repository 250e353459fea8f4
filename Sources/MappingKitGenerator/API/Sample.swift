public import Foundation

/// One sample JSON document for ``ModelGenerator``: its bytes and the name that errors and the
/// generated file's header use (a file name, say).
///
/// ```swift
/// let sample = Sample(name: "twitter.json", data: try Data(contentsOf: url))
/// ```
public struct Sample: Sendable {
    /// The name errors and the header give the sample.
    public var name: String
    /// The JSON text, UTF-8.
    public var data: Data

    /// A sample named `name` holding `data`.
    public init(name: String, data: Data) {
        self.name = name
        self.data = data
    }
}
