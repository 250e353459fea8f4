/// An enum with associated values, read and written in the shape a JSON API gives it: a
/// property of the type (or an optional, array, set or dictionary of it) maps with nothing
/// more to write.
///
/// ```swift
/// enum Shape: TaggedEnum {
///     case circle(radius: Double)
///     case rectangle(width: Double, height: Double)
///     case empty
///     static var tagging: EnumTagging { .internallyTagged(tag: "type") }
/// }
/// struct Drawing: Mappable { var shapes: [Shape] = [] }
///
/// let drawing = try Drawing(json: #"{"shapes": [{"type": "circle", "radius": 1}, {"type": "empty"}]}"#)
/// drawing.shapes   // [.circle(radius: 1.0), .empty]
/// ```
///
/// The shapes are serde's (``EnumTagging``): externally tagged (`{"circle": {"radius": 1}}`, the
/// default), internally tagged (`{"type": "circle", "radius": 1}`), adjacently tagged
/// (`{"type": "circle", "value": {"radius": 1}}`) and untagged (`{"radius": 1}`: the first case
/// that maps it, ``EnumTagging/untagged``). A case's payload is written as its labels
/// (`circle(radius:)` → `{"radius": 1}`), as the value itself when it is one unlabelled value
/// (`push(PushEvent)` → the event's object), as an array when it is several
/// (`point(Int, Int)` → `[1, 2]`), and as nothing without one. Each payload value converts as a
/// property of its type does (numbers exactly, nested models through their plans, dates and
/// data as MappingKit reads them). An unknown tag is an error that names the known ones, unless
/// the tagging names a fallback case (``EnumTagging/unknownTags(as:)``), which is then reported
/// (``MappingReport/Action/readAsFallback(_:)``).
///
/// The enum must be `Codable` with Swift's synthesized conformance: that conformance is how
/// Swift lets a library build a case with its payload, and its `CodingKeys` name the cases (a
/// `CodingKeys` enum of your own renames them, as it does for `JSONDecoder`). `JSONEncoder` used
/// on the enum directly still writes Swift's own form, `{"circle": {"radius": 1}}`; models that
/// hold it, through every MappingKit entry point and ``MappableCodable``, use its tagging.
public protocol TaggedEnum: Codable {
    /// How the enum's cases are told apart in the input. Externally tagged when not given.
    ///
    /// ```swift
    /// static var tagging: EnumTagging { .adjacentlyTagged(tag: "type", content: "payload") }
    /// ```
    static var tagging: EnumTagging { get }
}

extension TaggedEnum {
    /// Externally tagged: `{"circle": {"radius": 1}}`.
    ///
    /// ```swift
    /// Shape.tagging   // EnumTagging.externallyTagged unless the enum says otherwise
    /// ```
    public static var tagging: EnumTagging { .externallyTagged }
}

/// Where a ``TaggedEnum``'s case name (its tag) and payload are in the input: serde's enum
/// representations, with its names.
///
/// ```swift
/// static var tagging: EnumTagging {
///     EnumTagging.internallyTagged(tag: "object").renamingCases(.snakeCase).unknownTags(as: "unknown")
/// }
/// ```
public struct EnumTagging: Sendable, CustomStringConvertible {
    enum Form: Sendable, Equatable {
        case external
        case `internal`(tag: String)
        case adjacent(tag: String, content: String)
        case untagged
    }

    let form: Form
    var caseNames = KeyStrategy.useNames
    var labels = KeyStrategy.useNames
    var fallback: String?

    /// The tag is the one key of an object that holds the payload: `{"circle": {"radius": 1}}`;
    /// a case without payload is the tag alone, `"empty"` (Swift's own `{"empty": {}}` is read
    /// too). For cases with labelled payloads this is exactly Swift's synthesized `Codable` form.
    ///
    /// ```swift
    /// static var tagging: EnumTagging { .externallyTagged }   // {"circle": {"radius": 1}}
    /// ```
    public static let externallyTagged = EnumTagging(form: .external)

    /// The tag is a member of the object beside the payload's members:
    /// `{"type": "circle", "radius": 1}`. A case's payload must be labelled, or one value written
    /// as an object (a nested model): a case with several unlabelled values has no place for
    /// them, and the enum's mapping fails with a configuration error that says so.
    ///
    /// ```swift
    /// static var tagging: EnumTagging { .internallyTagged(tag: "type") }   // {"type": "circle", "radius": 1}
    /// ```
    public static func internallyTagged(tag: String) -> EnumTagging {
        EnumTagging(form: .internal(tag: tag))
    }

    /// The tag and the payload are two members of the object:
    /// `{"type": "circle", "value": {"radius": 1}}`; a case without payload has no `content` member.
    ///
    /// ```swift
    /// static var tagging: EnumTagging { .adjacentlyTagged(tag: "t", content: "c") }   // {"t": "circle", "c": {"radius": 1}}
    /// ```
    public static func adjacentlyTagged(tag: String, content: String) -> EnumTagging {
        EnumTagging(form: .adjacent(tag: tag, content: content))
    }

    /// No tag at all (serde's `untagged`): the value is the case's payload alone, and the case
    /// is the first, in declaration order, whose payload it maps to. A case without payload is
    /// `null`; one unlabelled value is the value itself; several are an array; labels are an
    /// object. Each case is first tried on the value as it is (``CoercionMode/strict``), then,
    /// if none takes it so, under the coercion mode where the enum sits: `5` is `.id(5)` even
    /// when a `.text(String)` case comes first, and `"5"` is `.text("5")`. A value no case takes
    /// is one error that lists each case's problem.
    ///
    /// Written, a value is its payload alone, and it must read back as the same case: an enum
    /// whose earlier case takes a later case's written value (`.a(Int)` before `.b(Int)`) cannot
    /// write the later one, and says so with an error that names both, rather than write a
    /// value that reads back as another.
    ///
    /// ```swift
    /// enum Identifier: TaggedEnum {
    ///     case number(Int)
    ///     case text(String)
    ///     static var tagging: EnumTagging { .untagged }
    /// }
    /// // "id": 123 → .number(123), "id": "abc" → .text("abc"), each written back as it came
    /// ```
    public static let untagged = EnumTagging(form: .untagged)

    /// The same tagging with each case's tag made from its name by `strategy` (after a
    /// `CodingKeys` rename, if the enum has one).
    ///
    /// ```swift
    /// EnumTagging.internallyTagged(tag: "object").renamingCases(.snakeCase)   // bankAccount ↔ "bank_account"
    /// ```
    public func renamingCases(_ strategy: KeyStrategy) -> EnumTagging {
        var tagging = self
        tagging.caseNames = strategy
        return tagging
    }

    /// The same tagging with each payload label's key made by `strategy`.
    ///
    /// ```swift
    /// EnumTagging.externallyTagged.renamingLabels(.snakeCase)   // card(lastFour:) ↔ {"card": {"last_four": …}}
    /// ```
    public func renamingLabels(_ strategy: KeyStrategy) -> EnumTagging {
        var tagging = self
        tagging.labels = strategy
        return tagging
    }

    /// The same tagging with a tag no case has read as the case named `caseName` (its Swift
    /// name), its own name included (Mastodon's media type `"unknown"` is an unknown tag for
    /// `.unknownTags(as: "unknown")`). The case has no payload; or one `String` that receives the
    /// tag and writes it back; or a `String` and an ``UnmappedValues``, which receive the tag and
    /// the whole object the value was read from, and write that object back exactly, so a webhook
    /// forwarded loses nothing. Each such read is reported
    /// (``MappingReport/Action/readAsFallback(_:)``). Without the ``UnmappedValues``, what the
    /// input held beside the tag is not kept.
    ///
    /// ```swift
    /// enum Event: TaggedEnum {
    ///     case push(PushEvent)
    ///     case other(String, UnmappedValues)
    ///     static var tagging: EnumTagging { EnumTagging.internallyTagged(tag: "type").unknownTags(as: "other") }
    /// }
    /// // {"type": "StarEvent", "id": 1} → .other("StarEvent", ["type": "StarEvent", "id": 1]) → written back as it came
    /// ```
    public func unknownTags(as caseName: String) -> EnumTagging {
        var tagging = self
        tagging.fallback = caseName
        return tagging
    }

    /// The tagging in words, as serde names it.
    ///
    /// ```swift
    /// "\(EnumTagging.internallyTagged(tag: "type"))"   // "internally tagged by \"type\""
    /// ```
    public var description: String {
        var text = switch form {
        case .external: "externally tagged"
        case .internal(let tag): "internally tagged by \(tag.debugDescription)"
        case .adjacent(let tag, let content): "adjacently tagged by \(tag.debugDescription) and \(content.debugDescription)"
        case .untagged: "untagged"
        }
        if caseNames.name != KeyStrategy.useNames.name { text += ", cases \(caseNames)" }
        if labels.name != KeyStrategy.useNames.name { text += ", labels \(labels)" }
        if let fallback { text += ", unknown tags as \(fallback)" }
        return text
    }
}
