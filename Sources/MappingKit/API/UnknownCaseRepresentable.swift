/// A raw-value enum whose raw values it does not know are read as one of its cases (serde's
/// `#[serde(other)]`), each one reported (``MappingReport/Action/readAsUnknownCase(_:)``), so
/// that a server's new value does not fail the whole model. The case is a case: the compiler
/// checks it.
///
/// ```swift
/// enum Status: String, UnknownCaseRepresentable {
///     case active, suspended, unknown
///     static var unknownCase: Status { .unknown }
/// }
/// try Account(json: #"{"status": "archived"}"#).status   // .unknown
/// ```
///
/// Only a raw value of the right type that no case has falls back: a value of another type
/// (`42` for a `String` enum) is still an error. The case is written back as its own raw value
/// (`"unknown"`): the value the input had is not kept. It holds wherever the enum sits (an
/// optional, an array's elements, a dictionary's values, a tagged enum's payload) and on every
/// input; the schema of such an enum is any value of its raw type.
public protocol UnknownCaseRepresentable: RawRepresentable {
    /// The case a raw value no other case has is read as.
    ///
    /// ```swift
    /// static var unknownCase: Status { .unknown }
    /// ```
    static var unknownCase: Self { get }
}
