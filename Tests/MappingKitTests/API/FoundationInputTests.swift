import Foundation
import MappingKit
import Testing

private struct Event: Mappable, Equatable {
    var name = ""
    var starts = Date(timeIntervalSince1970: 0)
    var attachment = Data()
    var seats = 0
    var unmapped = UnmappedValues()
    static let mappingConfiguration = MappingConfiguration(for: Event.self) { $0.undefinedKeys = .stash }

    static func == (lhs: Event, rhs: Event) -> Bool {
        (lhs.name, lhs.starts, lhs.attachment, lhs.seats) == (rhs.name, rhs.starts, rhs.attachment, rhs.seats) && lhs.unmapped == rhs.unmapped
    }
}

/// JSON-minded adapters: property lists still get native dates and data.
private struct Release: Mappable, Equatable {
    var version = ""
    var published = Date(timeIntervalSince1970: 0)
    var checksum = Data()
    var price = Decimal(0)
    static let mappingConfiguration = MappingConfiguration(for: Release.self) { map in
        map.map(\.published, using: .iso8601)
        map.map(\.checksum, using: .base64)
    }
}

private let starts = Date(timeIntervalSince1970: 1_700_000_000)

@Suite("userInfo, NSDictionary and property lists")
struct FoundationInputTests {
    @Test("[AnyHashable: Any] and NSDictionary are read as [String: Any] is")
    func anyHashableKeys() throws {
        let userInfo: [AnyHashable: Any] = ["name": "Launch", "starts": starts, "attachment": Data(), "seats": 3, "room": ["floor": 2]]
        let event = try Event(dictionary: userInfo)
        #expect(event == Event(name: "Launch", starts: starts, seats: 3, unmapped: ["room": ["floor": 2]]))
        #expect(try Event(dictionary: NSDictionary(dictionary: userInfo)) == event)
        var updated = event
        try updated.update(from: ["seats": 4] as [AnyHashable: Any])
        #expect(updated.seats == 4)
        try updated.update(from: NSDictionary(dictionary: ["seats": 5]))
        #expect(updated.seats == 5)
        #expect(Plain(try event.userInfoRepresentation()) == Plain(userInfo))
    }

    @Test("a key that is not a string is an error that names it")
    func nonStringKey() throws {
        let userInfo: [AnyHashable: Any] = ["name": "a", 42: "answer"]
        #expect(mappingError { _ = try Event(dictionary: userInfo) }?.description
            == "expected a dictionary whose keys are strings, found the key Int 42")
        let dictionary = NSDictionary(dictionary: [NSNumber(value: 7): "seven"])
        #expect(mappingError { _ = try Event(dictionary: dictionary) }?.description
            == "expected a dictionary whose keys are strings, found the key Int 7")
    }

    @Test("Date and Data properties take native values, and text only through an adapter")
    func nativeDatesAndData() throws {
        let event = try Event(dictionary: ["starts": starts as NSDate, "attachment": Data([1, 2]) as NSData])
        #expect(event.starts == starts && event.attachment == Data([1, 2]))
        #expect(mappingError { _ = try Event(dictionary: ["starts": "2023-11-14T22:13:20Z", "attachment": "AQI="]) }?.description == """
            2 problems:
              starts: expected Date (a Date value: text and numbers need an adapter such as .iso8601 or .unixSeconds, from this type's configuration or a parent's: map.inheritPolicies(from: Parent.self) gives a type mapped on its own its parent's), found String "2023-11-14T22:13:20Z"
              attachment: expected Data (a Data value: base64 text needs the .base64 adapter, from this type's configuration or a parent's: map.inheritPolicies(from: Parent.self) gives a type mapped on its own its parent's), found String "AQI="
            """)
        let release = try Release(dictionary: ["version": "1", "published": starts, "checksum": Data([9])])
        #expect(release.published == starts && release.checksum == Data([9]))
    }

    @Test("the property-list style keeps adapted dates and data native")
    func propertyListStyle() throws {
        let release = Release(version: "2", published: starts, checksum: Data([1, 2, 3]), price: 12)
        #expect(Plain(try release.dictionaryRepresentation()) == Plain([
            "version": "2", "published": "2023-11-14T22:13:20Z", "checksum": "AQID", "price": Decimal(12),
        ] as [String: Any]))
        let plist = try release.dictionaryRepresentation(style: .propertyList)
        #expect(plist["published"] as? Date == starts)
        #expect(plist["checksum"] as? Data == Data([1, 2, 3]))
    }

    @Test("property-list data round-trips in both formats", arguments: [PropertyListSerialization.PropertyListFormat.xml, .binary])
    func propertyListData(format: PropertyListSerialization.PropertyListFormat) throws {
        let input: [String: Any] = [
            "name": "Launch", "starts": starts, "attachment": Data([0, 255]), "seats": 40,
            "tags": ["a", true, 1, 2.5], "venue": ["open": false, "since": starts],
        ]
        let data = try PropertyListSerialization.data(fromPropertyList: input, format: format, options: 0)
        let event = try Event(propertyList: data)
        #expect(event == Event(name: "Launch", starts: starts, attachment: Data([0, 255]), seats: 40, unmapped: [
            "tags": ["a", true, 1, 2.5], "venue": ["open": false, "since": starts],
        ]))
        let written = try PropertyListSerialization.propertyList(from: event.propertyListData(format: format), format: nil)
        #expect(Plain(written) == Plain(input))
        let list = try PropertyListSerialization.data(fromPropertyList: [input, ["name": "Next"]], format: format, options: 0)
        #expect(try Event.array(propertyList: list).map(\.name) == ["Launch", "Next"])
    }

    @Test("what a property list cannot hold is an error with its path")
    func propertyListErrors() throws {
        let withNull = Event(name: "a", unmapped: ["extra": ["gone": NSNull()]])
        #expect(mappingError { _ = try withNull.propertyListData() }?.description
            == "extra.gone: expected a value a property list holds (property lists have no null), found null")
        let fractional = Event(starts: Date(timeIntervalSince1970: 0.5))
        #expect(mappingError { _ = try fractional.propertyListData(format: .xml) }?.description
            == "starts: expected a Date in whole seconds (XML property lists keep no fractions; use .binary) without loss of precision, found Date 1970-01-01 00:00:00 +0000")
        #expect(try Event(propertyList: fractional.propertyListData(format: .binary)).starts == fractional.starts)
        let price = Release(price: Decimal(string: "19.99") ?? 0)
        #expect(mappingError { _ = try price.propertyListData() }?.description
            == "price: expected a number a property list holds (an integer or a Double) without loss of precision, found Decimal 19.99")
        #expect(mappingError { _ = try Event(propertyList: Data("not a plist".utf8)) }?.description.hasPrefix(
            "expected a property list, found data that is not one") == true)
        let array = try PropertyListSerialization.data(fromPropertyList: [1], format: .binary, options: 0)
        #expect(mappingError { _ = try Event(propertyList: array) }?.description
            == "expected a property list whose root is a dictionary, found Array of 1 element")
    }
}
