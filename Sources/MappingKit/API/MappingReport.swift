/// What lenient handling did during a mapping, with paths: every undefined key dropped, every
/// default used for a missing key or a null, every value coerced to another kind, every empty
/// text read as `nil`. Opt-in, from every entry point, through ``collecting(_:)``.
///
/// ```swift
/// let (user, report) = try MappingReport.collecting {
///     try User(dictionary: ["user_id": "42", "theme": "dark", "homepage": ""])
/// }
/// print(report)
/// // 3 entries:
/// //   user_id: coerced to Int, found String "42"
/// //   homepage: read as nil, found an empty String
/// //   theme: dropped (no property maps it), found String "dark"
/// ```
///
/// A mapping that throws reports nothing: its ``MappingError`` lists the problems. Reporting
/// maps JSON through its dictionary rather than straight from the bytes, so it costs more than
/// a plain mapping: turn it on where the report is wanted (a sync job's log, a debug build).
public struct MappingReport: Sendable, Equatable, CustomStringConvertible {
    /// One thing a policy did to one value.
    ///
    /// ```swift
    /// report.entries[0].path          // "user_id"
    /// report.entries[0].action        // .coerced(to: "Int")
    /// report.entries[0].found         // "String \"42\""
    /// report.entries[0].description   // "user_id: coerced to Int, found String \"42\""
    /// ```
    public struct Entry: Sendable, Equatable, CustomStringConvertible {
        /// Where the value is, from the mapped root, as ``MappingError/Issue/path`` says it.
        ///
        /// ```swift
        /// entry.path   // "messages[2].read"
        /// ```
        public let path: String
        /// What was done.
        ///
        /// ```swift
        /// if case .coerced(let type) = entry.action { print("made a \(type)") }
        /// ```
        public let action: Action
        /// The value in the input: `String "42"`, `nothing` for an absent key, `null`.
        ///
        /// ```swift
        /// entry.found   // "String \"42\""
        /// ```
        public let found: String

        /// `path: what was done, found …`.
        ///
        /// ```swift
        /// entry.description   // "published: set to its default Bool true, found nothing"
        /// ```
        public var description: String {
            let message = "\(action), found \(found)"
            return path.isEmpty ? message : "\(path): \(message)"
        }
    }

    /// What a policy did to a value.
    ///
    /// ```swift
    /// report.entries.filter { $0.action == .droppedUndefinedKey }.map(\.path)   // ["theme"]
    /// ```
    public enum Action: Sendable, Equatable, CustomStringConvertible {
        /// A key no property maps, under ``UndefinedKeyPolicy/drop``.
        case droppedUndefinedKey
        /// The key was absent; the property took its ``MappingConfiguration/Builder/defaultValue(_:whenMissing:fileID:line:)``.
        case defaultedWhenMissing(String)
        /// The value was null; the property took its ``MappingConfiguration/Builder/defaultValue(_:whenNull:fileID:line:)``.
        case defaultedWhenNull(String)
        /// The value did not convert (the error says why); the property took its
        /// ``MappingConfiguration/Builder/defaultValue(_:whenInvalid:fileID:line:)``.
        case defaultedWhenInvalid(String, problem: String)
        /// The value was of another kind and converted (``CoercionMode``): text to a number, a
        /// number to text or to a `Bool`, a fraction truncated under `.lenient`.
        case coerced(to: String)
        /// Empty text read as `nil` (``MappingConfiguration/Builder/emptyStringAsNil(_:fileID:line:)``).
        case emptyStringAsNil
        /// One value where an array or a set belongs, taken as its only element (KVCMapping's
        /// boxing, opted into by ``MappingConfiguration/Builder/singleValuesAsArrays`` or
        /// ``MappingConfiguration/Builder/singleValueAsArray(_:fileID:line:)``).
        case boxedAsOnlyElement
        /// A model (named) made from a dictionary none of whose keys it reads: every property
        /// kept its default.
        case noKeyRead(model: String)
        /// An element that did not convert, left out of its array, set or dictionary, with the
        /// error that says why (``MappingConfiguration/Builder/lossy(_:fileID:line:)``).
        case leftOut(String)
        /// A tag no case of a ``TaggedEnum`` has, read as the fallback case (named) that
        /// ``EnumTagging/unknownTags(as:)`` chose.
        case readAsFallback(String)
        /// A raw value no case of the enum has, read as its ``UnknownCaseRepresentable/unknownCase``
        /// (named).
        case readAsUnknownCase(String)

        /// In words, as ``Entry/description`` uses it.
        ///
        /// ```swift
        /// MappingReport.Action.coerced(to: "Int").description   // "coerced to Int"
        /// ```
        public var description: String {
            switch self {
            case .droppedUndefinedKey: "dropped (no property maps it)"
            case .defaultedWhenMissing(let value): "set to its default \(value)"
            case .defaultedWhenNull(let value): "set to its default for null, \(value)"
            case .defaultedWhenInvalid(let value, let problem): "set to its default for an invalid value, \(value) (\(problem))"
            case .coerced(let type): "coerced to \(type)"
            case .emptyStringAsNil: "read as nil"
            case .boxedAsOnlyElement: "taken as the only element of a collection"
            case .noKeyRead(let model): "none of its keys read by \(model), every property kept its default"
            case .leftOut(let error): "left out of its collection (\(error))"
            case .readAsFallback(let name): "an unknown tag, read as the fallback case \(name)"
            case .readAsUnknownCase(let name): "an unknown raw value, read as the case \(name)"
            }
        }
    }

    /// Every entry, in the order the mapping met them.
    ///
    /// ```swift
    /// report.entries.map(\.path)   // ["user_id", "homepage", "theme"]
    /// ```
    public internal(set) var entries: [Entry] = []

    /// `true` when nothing was dropped, defaulted or coerced.
    ///
    /// ```swift
    /// if !report.isEmpty { logger.notice("\(report)") }
    /// ```
    public var isEmpty: Bool { entries.isEmpty }

    /// One line per entry; more than one gets a count and an indented list.
    ///
    /// ```swift
    /// print(report)   // "theme: dropped (no property maps it), found String \"dark\""
    /// ```
    public var description: String {
        guard entries.count > 1 else { return entries.first?.description ?? "nothing to report" }
        return "\(entries.count) entries:\n" + entries.map { "  \($0.description)" }.joined(separator: "\n")
    }

    /// Runs `body` and reports what every mapping it makes (on this task, and the child tasks
    /// it starts) did leniently.
    ///
    /// ```swift
    /// let (users, report) = try MappingReport.collecting { try User.array(json: data) }
    /// ```
    public static func collecting<Result>(_ body: () throws -> Result) rethrows -> (Result, MappingReport) {
        let collector = ReportCollector()
        let result = try ReportCollector.$current.withValue(collector) { try body() }
        return (result, collector.report)
    }

    /// The same for asynchronous work.
    ///
    /// ```swift
    /// let (user, report) = try await MappingReport.collecting { try await api.user(id: 1) }
    /// ```
    public static func collecting<Result>(
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> Result
    ) async rethrows -> (Result, MappingReport) {
        let collector = ReportCollector()
        let result = try await ReportCollector.$current.withValue(collector) { try await body() }
        return (result, collector.report)
    }
}
