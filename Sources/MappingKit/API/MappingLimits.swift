/// Bounds on the work one mapping call may do, so hostile input (a reference cycle, a shared
/// sub-graph reached a billion times, nesting deeper than a thread's stack) is an error that
/// names the limit instead of a crash, a hang or an exhausted memory.
///
/// The defaults are far beyond real data: a JSON document that creates ten million models is
/// gigabytes long. Set them per ``Mapper``, or per call:
///
/// ```swift
/// let tree = try Tree(dictionary: input, limits: MappingLimits(maximumModels: 10_000))
/// // On input that would create more:
/// // MappingError: expected at most 10000 models in one call (MappingLimits.maximumModels), found more
/// ```
///
/// Limits count both directions: the dictionary representation of a model graph is bounded
/// the same way. Beyond them, nesting that would exhaust the calling thread's stack (measured,
/// not estimated, with 64 KB kept free) is an error too, whatever the depth limit says.
public struct MappingLimits: Sendable, Hashable {
    /// Models nested deeper than this are an error. Default: 64.
    ///
    /// ```swift
    /// MappingLimits(maximumDepth: 8).maximumDepth   // 8
    /// ```
    public var maximumDepth: Int
    /// Models created (or written, by the dictionary representation) in one call: the root,
    /// every nested model, every element of an array of models. Default: 10,000,000.
    ///
    /// ```swift
    /// try Node.array(from: array, limits: MappingLimits(maximumModels: 1_000))
    /// ```
    public var maximumModels: Int
    /// Elements of arrays, sets and dictionaries converted in one call. Default: 100,000,000.
    ///
    /// ```swift
    /// try Matrix(dictionary: input, limits: MappingLimits(maximumValues: 10_000))
    /// ```
    public var maximumValues: Int
    /// JSON arrays and objects open inside one another at any point of a document, models
    /// included; untyped values (`Any`, stashed keys, ``JSONValue``) are bounded by it alone.
    /// Default: 512.
    ///
    /// ```swift
    /// try Tree(json: data, limits: MappingLimits(maximumNesting: 32))
    /// ```
    public var maximumNesting: Int
    /// The bytes one element of a JSON stream may take (``Mappable/jsonElements(contentsOf:format:onError:undefinedKeys:limits:)``):
    /// a stream holds one element's bytes at a time, so this bounds its memory, whatever the
    /// length of the stream. Default: 64 MiB.
    ///
    /// ```swift
    /// let reader = try Event.jsonElements(contentsOf: log, limits: MappingLimits(maximumStreamElementBytes: 1 << 20))
    /// ```
    public var maximumStreamElementBytes: Int
    /// The characters one JSON number may take (sign, digits, point, exponent), checked as it
    /// is read, before anything converts it: a longer one is an error at its first character,
    /// wherever it is in the document. Default: 10,000, past any number a real payload writes
    /// (the exact decimal text of every `Double` takes at most 1,077); ``untrusted``: 1,000, as
    /// Jackson's `StreamReadConstraints` (which holds every `Double` in its shortest form and
    /// every 128-bit integer).
    ///
    /// ```swift
    /// try Reading(json: body, limits: MappingLimits(maximumNumberLength: 100))
    /// // a 101-character number: MappingError: … expected a number of at most 100 characters
    /// // (MappingLimits.maximumNumberLength), found 101 characters
    /// ```
    public var maximumNumberLength: Int
    /// The problems one ``MappingError`` holds. Past them the call stops reading: the error
    /// keeps the first ones, in the order they were met, and ends with one that says the limit
    /// was reached there (that one included), so hostile input (an array of 300,000 bad objects, 200,000 undefined keys
    /// under `.raise`) makes neither a huge error nor a long wait. Default: 1,000;
    /// ``untrusted``: 100.
    ///
    /// ```swift
    /// try Batch(json: body, limits: MappingLimits(maximumProblems: 10))
    /// // 10 problems: the first 9, then
    /// //   items: expected at most 10 problems in one error (MappingLimits.maximumProblems), found more
    /// ```
    public var maximumProblems: Int
    /// Limits with the given values; those left out take their defaults.
    ///
    /// ```swift
    /// let limits = MappingLimits(maximumDepth: 16, maximumModels: 10_000)
    /// ```
    public init(
        maximumDepth: Int = 64,
        maximumModels: Int = 10_000_000,
        maximumValues: Int = 100_000_000,
        maximumNesting: Int = 512,
        maximumStreamElementBytes: Int = 64 << 20,
        maximumNumberLength: Int = 10_000,
        maximumProblems: Int = 1_000
    ) {
        self.maximumNumberLength = maximumNumberLength
        self.maximumProblems = max(maximumProblems, 2)
        self.maximumNesting = maximumNesting
        self.maximumStreamElementBytes = maximumStreamElementBytes
        self.maximumDepth = maximumDepth
        self.maximumModels = maximumModels
        self.maximumValues = maximumValues
    }

    /// The defaults.
    ///
    /// ```swift
    /// MappingLimits.default.maximumDepth   // 64
    /// ```
    public static let `default` = MappingLimits()

    /// Limits for input from outside your control: 32 levels of models, 100,000 models and
    /// 1,000,000 collection elements per call, 128 levels of nesting, 4 MiB per stream element,
    /// 1,000 characters per number, 100 problems per error. A graph that reaches one
    /// sub-graph a billion times (a property list's shared references) stops after 100,000 models.
    ///
    /// ```swift
    /// let profile = try Profile(json: body, limits: .untrusted)
    /// ```
    public static let untrusted = MappingLimits(
        maximumDepth: 32, maximumModels: 100_000, maximumValues: 1_000_000, maximumNesting: 128, maximumStreamElementBytes: 4 << 20,
        maximumNumberLength: 1_000, maximumProblems: 100
    )

    /// The limits a property list of `byteCount` bytes is mapped under: a binary property list
    /// refers to objects by number, so a few hundred bytes can reach one sub-graph 2^30 times.
    /// Each reference takes at least a byte, so a list without shared containers never visits
    /// more values or models than it has bytes: four times that (at least 4,096) is the bound,
    /// under the defaults.
    static func propertyList(byteCount: Int) -> MappingLimits {
        let bound = max(4_096, byteCount.multipliedReportingOverflow(by: 4).partialValue)
        var limits = MappingLimits.default
        limits.maximumModels = min(limits.maximumModels, bound)
        limits.maximumValues = min(limits.maximumValues, bound)
        return limits
    }
}
