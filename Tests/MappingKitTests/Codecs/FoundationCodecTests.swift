import Foundation
import MappingKit
import Testing

private struct Links: Mappable, Equatable {
    var website = URL(fileURLWithPath: "/")
    var id = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    var avatar: URL?
}

@Suite("URL and UUID properties")
struct FoundationCodecTests {
    @Test("strings become URLs and UUIDs, and come back as strings")
    func roundTrip() throws {
        let model = try mapped(Links.self, jsonDictionary("""
            {"website": "http://www.example.com/a?b=c", "id": "e621e1f8-c36c-495a-93fc-0c247a3e6e5f"}
            """))
        #expect(model.website == URL(string: "http://www.example.com/a?b=c"))
        #expect(model.id == UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        #expect(model.avatar == nil)
        #expect(try plainRepresentation(of: model) == .object([
            "website": .string("http://www.example.com/a?b=c"),
            "id": .string("E621E1F8-C36C-495A-93FC-0C247A3E6E5F"),
        ]))
    }

    @Test("native URL and UUID values are taken as they are")
    func native() throws {
        let url = URL(string: "https://swift.org")
        let model = try mapped(Links.self, ["avatar": url as Any, "id": UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F") as Any])
        #expect(model.avatar == url)
        #expect(model.id.uuidString == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
    }

    @Test("malformed values are errors", arguments: [
        (#"{"id": "not-a-uuid"}"#, #"id: expected UUID, found String "not-a-uuid""#),
        (#"{"id": 42}"#, "id: expected UUID, found Int 42"),
        (#"{"website": 42}"#, "website: expected URL, found Int 42"),
        (#"{"website": ""}"#, #"website: expected URL, found String """#),
        (#"{"avatar": false}"#, "avatar: expected URL, found Bool false"),
    ])
    func rejects(json: String, message: String) throws {
        let input = try jsonDictionary(json)
        #expect(mappingError { _ = try mapped(Links.self, input) }?.description == message)
    }
}

/// Issue 37, item 9: Objective-C models' number types.
private final class Ledger: Mappable {
    var money1: NSDecimalNumber = 0
    var count: NSNumber = 0
    var ratio: NSNumber?
    var flag: NSNumber = false
    var big: NSNumber = 0
    required init() {}
}

@Suite("NSNumber and NSDecimalNumber properties")
struct FoundationNumberTests {
    @Test("each keeps the number's kind and digits, from a dictionary, JSON and JSONSerialization, and writes them back")
    func numbers() throws {
        let json = #"{"money1": 0.1234567890123456789, "count": 7, "ratio": 2.5, "flag": true, "big": 18446744073709551615}"#
        let inputs: [(String, () throws -> Ledger)] = [
            ("JSON", { try Ledger(json: json) }),
            ("JSONSerialization", { try Ledger(dictionary: JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] ?? [:]) }),
            ("dictionary", {
                try Ledger(dictionary: [
                    "money1": Decimal(string: "0.1234567890123456789") as Any, "count": 7, "ratio": 2.5, "flag": true, "big": UInt64.max,
                ])
            }),
        ]
        for (name, make) in inputs {
            let ledger = try make()
            #expect(ledger.money1 == NSDecimalNumber(string: "0.1234567890123456789"), "\(name)")
            #expect(ledger.count == NSNumber(value: 7) && !NumericKind.isFloating(ledger.count), "\(name)")
            #expect(ledger.ratio == NSNumber(value: 2.5), "\(name)")
            #expect(ledger.flag == NSNumber(value: true) && NumericKind.isBoolean(ledger.flag), "\(name)")
            #expect(ledger.big == NSNumber(value: UInt64.max), "\(name)")
            #expect(String(decoding: try ledger.jsonData(options: .sortedKeys), as: UTF8.self)
                == #"{"big":18446744073709551615,"count":7,"flag":true,"money1":0.1234567890123456789,"ratio":2.5}"#, "\(name)")
        }
    }

    @Test("text converts outside .strict, other kinds are errors")
    func textAndErrors() throws {
        let ledger = try mapped(Ledger.self, ["money1": "19.99", "count": "42", "ratio": NSNull()])
        #expect(ledger.money1 == NSDecimalNumber(string: "19.99"))
        #expect(ledger.count == NSNumber(value: 42))
        #expect(ledger.ratio == nil)
        #expect(mappingError { _ = try mapped(Ledger.self, ["count": [1]]) }?.description == "count: expected NSNumber, found Array of 1 element")
        #expect(mappingError { _ = try mapped(Ledger.self, ["money1": "x"]) }?.description == #"money1: expected NSDecimalNumber, found String "x""#)
    }
}

/// What kind of number an `NSNumber` holds.
private enum NumericKind {
    static func isBoolean(_ number: NSNumber) -> Bool { type(of: number) == type(of: NSNumber(value: true)) }
    static func isFloating(_ number: NSNumber) -> Bool { ["d", "f"].contains(String(cString: number.objCType)) }
}

/// Issue 44, items 2 and 3: `CGFloat`, and sets as input.
private struct Priced: Mappable, Equatable {
    var price: CGFloat = 0
    var maybe: CGFloat?
    var rate = 0.0
    var ratio: Float = 0
    var exact = Decimal(0)
    var unique: Set<Int> = []
    var ordered: [Int] = []
}

private struct LenientPriced: Mappable, Equatable {
    var ordered: [Int] = []
    static let mappingConfiguration = MappingConfiguration(for: LenientPriced.self) { $0.coercion = .lenient }
}

@Suite("CGFloat, and sets as input")
struct CGFloatAndSetTests {
    @Test("CGFloat is the floating-point type it is: as a property, and as an input value")
    func cgFloat() throws {
        let priced = try mapped(Priced.self, ["price": "6199", "maybe": 2.5, "rate": CGFloat(1.25), "ratio": CGFloat(0.5), "exact": CGFloat(19.5)])
        #expect(priced == Priced(price: 6199, maybe: 2.5, rate: 1.25, ratio: 0.5, exact: Decimal(string: "19.5") ?? 0))
        #expect(try Priced(json: priced.jsonData()) == priced)
        #expect(String(decoding: try priced.jsonData(options: .sortedKeys), as: UTF8.self)
            == #"{"exact":19.5,"maybe":2.5,"ordered":[],"price":6199.0,"rate":1.25,"ratio":0.5,"unique":[]}"#)
        #expect(mappingError { _ = try mapped(Priced.self, ["price": "cheap"]) }?.description == #"price: expected CGFloat, found String "cheap""#)
        #expect(mappingError { _ = try mapped(Priced.self, ["price": true]) }?.description == "price: expected CGFloat, found Bool true")
    }

    @Test("a set (Swift's, NSSet, NSMutableSet) is a set's input; an array takes one under .lenient only, reported")
    func setsAsInput() throws {
        for input in [Set([1, 2]) as Any, NSSet(array: [1, 2]), NSMutableSet(array: [1, 2])] {
            #expect(try Priced(dictionary: ["unique": input]).unique == [1, 2])
            #expect(mappingError { _ = try Priced(dictionary: ["ordered": input]) }?.description.hasPrefix("ordered: expected Array, found") == true)
            let (lenient, report) = try MappingReport.collecting { try LenientPriced(dictionary: ["ordered": input]) }
            #expect(lenient.ordered.sorted() == [1, 2])
            #expect(report.entries.map(\.action) == [.coerced(to: "Array (a set's elements, in no particular order)")])
        }
    }
}

/// Issue 44, item 1: Foundation reference types as property types.
private final class Legacy: Mappable {
    var name: NSString = ""
    var notes = NSMutableString(string: "")
    var home: NSURL?
    var blob = NSData()
    var buffer = NSMutableData(capacity: 0) ?? NSMutableData(data: Data())
    var seen: NSDate?
    var list = NSArray()
    var growing = NSMutableArray()
    var info = NSDictionary()
    var extra = NSMutableDictionary()
    required init() {}
}

@Suite("Foundation reference types as property types")
struct FoundationReferenceTests {
    @Test("each maps as its Swift counterpart does, mutable variants made mutable, and writes back")
    func references() throws {
        let legacy = try mapped(Legacy.self, [
            "name": "Ann", "notes": "n", "home": "https://example.com/a b", "blob": Data([1, 2]), "buffer": Data([3]),
            "seen": Date(timeIntervalSince1970: 5), "list": [1, "a"], "growing": [2], "info": ["k": 1], "extra": ["e": true],
        ])
        #expect(legacy.name == "Ann")
        legacy.notes.append("!")
        #expect(legacy.notes == "n!")
        #expect(legacy.home?.absoluteString == "https://example.com/a%20b")
        #expect(legacy.blob == NSData(data: Data([1, 2])))
        legacy.buffer.append(Data([4]))
        #expect(legacy.buffer == NSMutableData(data: Data([3, 4])))
        #expect(legacy.seen == NSDate(timeIntervalSince1970: 5))
        #expect(legacy.list.count == 2)
        legacy.growing.add(3)
        #expect(legacy.growing.count == 2)
        #expect(legacy.info["k"] as? Int == 1)
        legacy.extra["f"] = false
        #expect(legacy.extra.count == 2)
        let back = try legacy.dictionaryRepresentation()
        #expect(back["name"] as? String == "Ann")
        #expect(back["home"] as? String == "https://example.com/a%20b")
        #expect(mappingError { _ = try mapped(Legacy.self, ["name": true]) }?.description == "name: expected NSString, found Bool true")
        #expect(try Legacy(json: #"{"name": "Bo", "list": [1], "info": {"a": "b"}}"#).name == "Bo")
    }
}

/// `NSData` through a `Data` adapter, as `NSDate` through a `Date` one (the schema zoo found it
/// refused: `adapter base64 does not fit blob, a NSData`).
private struct Attachment: Mappable {
    var blob = NSData()
    var thumbnail: NSData?
    static let mappingConfiguration = MappingConfiguration(for: Attachment.self) { map in
        map.map(\.blob, using: .base64)
        map.map(\.thumbnail, to: "thumb", using: .base64)
    }
}

@Suite("NSData under a Data adapter")
struct FoundationDataAdapterTests {
    @Test("an NSData property, and an optional one, take .base64 as Data does, in JSON and in dictionaries, and write it back")
    func base64() throws {
        let attachment = try Attachment(json: Data(#"{"blob": "AQI=", "thumb": null}"#.utf8))
        #expect(attachment.blob == NSData(data: Data([1, 2])))
        #expect(attachment.thumbnail == nil)
        #expect(String(decoding: try attachment.jsonData(options: .sortedKeys), as: UTF8.self) == #"{"blob":"AQI="}"#)
        #expect(try Attachment(dictionary: ["thumb": "Aw=="]).thumbnail == NSData(data: Data([3])))
        #expect(mappingError { _ = try Attachment(json: Data(#"{"blob": "not base64!"}"#.utf8)) }?.description
            == #"blob: expected base64 data, found String "not base64!""#)
    }
}

/// Issue 44, item 1: `NSSet`, `NSMutableSet` and `NSNull` properties.
private final class Gathered: MappableCodable {
    var bag = NSSet()
    var growing = NSMutableSet()
    var nothing = NSNull()
    var maybe: NSNull?
    required init() {}
}

@Suite("NSSet, NSMutableSet and NSNull properties")
struct FoundationSetAndNullTests {
    @Test("a set reads an array or a set, writes a sorted array; NSNull reads and writes null", arguments: [
        #"{"bag": [3, 1, 2, 1], "growing": ["b", "a"], "nothing": null, "maybe": null}"#,
    ])
    func setsAndNull(json: String) throws {
        let inputs: [(String, () throws -> Gathered)] = [
            ("JSON", { try Gathered(json: json) }),
            ("dictionary", { try mapped(Gathered.self, jsonDictionary(json)) }),
            ("JSONDecoder", { try JSONDecoder().decode(Gathered.self, from: Data(json.utf8)) }),
            ("sets", {
                try Gathered(dictionary: ["bag": Set([1, 2, 3]), "growing": NSSet(array: ["a", "b"]), "nothing": NSNull(), "maybe": NSNull()])
            }),
        ]
        for (name, make) in inputs {
            let gathered = try make()
            #expect(gathered.bag == NSSet(array: [1, 2, 3]), "\(name)")
            gathered.growing.add("c")
            #expect(gathered.growing == NSSet(array: ["a", "b", "c"]), "\(name)")
            #expect(gathered.maybe == nil, "\(name)")
            #expect(String(decoding: try gathered.jsonData(options: .sortedKeys), as: UTF8.self)
                == #"{"bag":[1,2,3],"growing":["a","b","c"],"nothing":null}"#, "\(name)")
            // What is written reads back equal: from JSON, a dictionary and the Codable bridge.
            for back in [try Gathered(json: gathered.jsonData()), try Gathered(dictionary: gathered.dictionaryRepresentation()),
                         try JSONDecoder().decode(Gathered.self, from: JSONEncoder().encode(gathered))] {
                #expect(back.bag == gathered.bag && back.growing == gathered.growing && back.maybe == nil, "\(name)")
            }
        }
        #expect(mappingError { _ = try mapped(Gathered.self, ["nothing": 4]) }?.description == "nothing: expected null, found Int 4")
        #expect(mappingError { _ = try mapped(Gathered.self, ["bag": "x"]) }?.description == #"bag: expected NSSet, found String "x""#)
        #expect(mappingError { _ = try mapped(Gathered.self, ["maybe": false]) }?.description == "maybe: expected null, found Bool false")
    }
}

@Suite("NSSet elements that Linux's Foundation cannot hash")
struct FoundationSetDecimalTests {
    @Test("a decimal element is kept as the Int or Double with its digits, or refused with its index")
    func decimals() throws {
        let json = Data(#"{"bag": [0.30000000000000004, -9223372036854775808]}"#.utf8)
        let gathered = try Gathered(dictionary: JSONSerialization.jsonObject(with: json) as? [String: Any] ?? [:])
        #expect(gathered.bag == NSSet(array: [0.30000000000000004, Int.min]))
        #if !canImport(Darwin)
        let decimal = Decimal(string: "0.1234567890123456789") ?? 0
        #expect(mappingError { _ = try Gathered(dictionary: ["bag": [1, decimal]]) }?.description == """
            bag[1]: expected a number an NSSet can hold on Linux (a Double: Foundation there cannot hash a Decimal), \
            found Decimal 0.1234567890123456789
            """)
        #endif
    }
}

/// Every Foundation reference type beside its Swift counterpart, under one coercion mode.
private final class Counterparts<Mode: CoercionChoice>: Mappable {
    var number: NSNumber = 0
    var decimalNumber: NSDecimalNumber = 0
    var decimal = Decimal(0)
    var nsString: NSString = ""
    var string = ""
    var nsURL: NSURL?
    var url: URL?
    var nsDate: NSDate?
    var date: Date?
    var nsArray = NSArray()
    var array: [Any] = []
    var nsSet = NSSet()
    var cgFloat: CGFloat = 0
    var double = 0.0
    required init() {}

    static var mappingConfiguration: MappingConfiguration {
        MappingConfiguration(for: Counterparts.self) { map in
            map.coercion = Mode.mode
            map.map(\.nsDate, using: .iso8601)
            map.map(\.date, using: .iso8601)
        }
    }
}

private protocol CoercionChoice { static var mode: CoercionMode { get } }
private enum StrictChoice: CoercionChoice { static let mode = CoercionMode.strict }
private enum LosslessChoice: CoercionChoice { static let mode = CoercionMode.lossless }
private enum LenientChoice: CoercionChoice { static let mode = CoercionMode.lenient }

@Suite("Foundation reference types convert as their Swift counterparts, in every coercion mode")
struct FoundationCounterpartTests {
    /// Values of every kind, each given to a Foundation type and to its counterpart.
    static var inputs: [Any] { [
        7, "7", 2.5, "2.5", true, "true", "x", "https://example.com/a b", "2014-02-13T09:30:00Z", [1, 2], Set([1, 2]),
        NSSet(array: [1]), NSNull(), NSNumber(value: 3), CGFloat(1.5), Decimal(string: "0.1") as Any, ["k": 1],
    ] }
    static let pairs = [
        ("decimalNumber", "decimal"), ("nsString", "string"), ("nsURL", "url"), ("nsDate", "date"),
        ("nsArray", "array"), ("nsSet", "array"), ("cgFloat", "double"),
    ]

    @Test("the same values map or fail alike, with the property's own type in the message")
    func agree() throws {
        try check(StrictChoice.self)
        try check(LosslessChoice.self)
        try check(LenientChoice.self)
    }

    @Test("NSNumber reads numeric text outside .strict only")
    func numberText() throws {
        #expect(mappingError { _ = try Counterparts<StrictChoice>(dictionary: ["number": "7"]) }?.description
            == #"number: expected NSNumber, found String "7""#)
        #expect(try Counterparts<LosslessChoice>(dictionary: ["number": "7"]).number == NSNumber(value: 7))
        #expect(try Counterparts<LenientChoice>(dictionary: ["number": "2.5"]).number == NSNumber(value: 2.5))
        #expect(mappingError { _ = try Counterparts<LenientChoice>(dictionary: ["number": "x"]) }?.description
            == #"number: expected NSNumber, found String "x""#)
    }

    private func check<Mode: CoercionChoice>(_: Mode.Type) throws {
        for input in Self.inputs {
            // A set is an NSSet's input, not an `[Any]`'s.
            for (foundation, swift) in Self.pairs where !(foundation == "nsSet" && Self.isSet(input)) {
                let left = Self.outcome({ try Counterparts<Mode>(dictionary: [foundation: input]) }, key: foundation)
                let right = Self.outcome({ try Counterparts<Mode>(dictionary: [swift: input]) }, key: swift)
                #expect(Self.comparable(left, foundation) == Self.comparable(right, swift), "\(Mode.mode) \(foundation) \(input)")
            }
        }
    }

    private static func isSet(_ value: Any) -> Bool {
        value is Set<Int> || type(of: value) is NSSet.Type
    }

    /// The value written for `key`, or the error's text.
    private static func outcome(_ make: () throws -> Counterparts<some CoercionChoice>, key: String) -> String {
        do {
            let model = try make()
            return "\(Plain(try model.dictionaryRepresentation()[key] ?? NSNull()))"
        } catch {
            return "\(error)"
        }
    }

    /// `text` with the property's name and its type's name made the same for both sides.
    private static func comparable(_ text: String, _ key: String) -> String {
        let names = ["NSDecimalNumber": "Decimal", "NSString": "String", "NSURL": "URL", "NSDate": "Date",
                     "NSArray": "Array", "NSSet": "Array", "CGFloat": "Double"]
        var text = text.replacingOccurrences(of: key + ":", with: "KEY:")
        for (name, counterpart) in names { text = text.replacingOccurrences(of: "expected \(name)", with: "expected \(counterpart)") }
        return text
    }
}
