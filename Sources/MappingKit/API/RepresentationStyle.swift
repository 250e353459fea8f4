/// Which kind of document a dictionary representation is made for.
///
/// ```swift
/// let plist = try note.dictionaryRepresentation(style: .propertyList)
/// // ["created": 2026-11-24 09:30:00 +0000 (a Date, even with the .iso8601 adapter), "body": "…"]
/// ```
public struct RepresentationStyle: Sendable, Hashable {
    enum Kind: Hashable {
        case json
        case propertyList
        case codable
        case store
    }

    let kind: Kind

    /// Values JSON can hold: adapters write their external form (ISO 8601 text, base64). The
    /// default. (`Date` and `Data` properties without an adapter are still written as
    /// `Date` and `Data`: JSON has no form for them until an adapter gives one.)
    ///
    /// ```swift
    /// try event.dictionaryRepresentation(style: .json)   // ["date": "2014-02-13T09:30:00Z"]
    /// ```
    public static let json = RepresentationStyle(kind: .json)

    /// The style a call uses unless it asks for another (``json``): the engine names it by role.
    static var standard: RepresentationStyle { .json }

    /// Values property lists hold: `Date` and `Data` properties are written as `Date` and
    /// `Data`, even when a built-in adapter (`.iso8601`, `.unixSeconds`, `.date(format:)`,
    /// `.base64`) would write text or numbers for JSON.
    ///
    /// ```swift
    /// try event.dictionaryRepresentation(style: .propertyList)   // ["date": <a Date>]
    /// ```
    public static let propertyList = RepresentationStyle(kind: .propertyList)

    /// What the Codable bridge hands to an `Encoder`: JSON's values, with `Codable` leaves
    /// left as they are for the encoder to write.
    static let codable = RepresentationStyle(kind: .codable)

    /// A store's row: JSON's values, with nested models that have an identity written as their
    /// primary keys (relationships by foreign key).
    static let store = RepresentationStyle(kind: .store)

    var keepsDatesAndDataNative: Bool { kind == .propertyList }
}
