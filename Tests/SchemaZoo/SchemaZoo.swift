public import Foundation
import MappingKit

// The schema's zoo (issue 60): a model of every property type, rule and tagging the docs list.
// The schema differential (MappingKitTests/Schema) holds each model's schema to what MappingKit
// reads; the generator's tests hold `mappingkit-generate --from-schema` to giving the models
// whose schema is the zoo's document again (Tests/Generated/FromSchema).

enum ZooTier: String, CaseIterable {
    case free, pro
}

enum ZooLevel: Int, CaseIterable {
    case low = 1, high = 2
}

/// Scalars: every integer width the docs list, floating point, decimals, text, URLs, UUIDs,
/// raw-value enums.
struct ZooScalars: Mappable {
    var i8: Int8 = 0
    var u16: UInt16 = 0
    var int = 0
    var float: Float = 0
    var double = 0.0
    var decimal = Decimal()
    var flag = false
    var text = ""
    var link = URL(string: "https://example.com")
    var token = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    var tier = ZooTier.free
    var level = ZooLevel.low

    static let mappingConfiguration = MappingConfiguration(for: ZooScalars.self) { map in
        map.coercion = .strict
        map.undefinedKeys = .raise
    }
}

/// Each date adapter, and bytes as base64.
struct ZooDates: Mappable {
    var iso = Date(timeIntervalSince1970: 0)
    var day = Date(timeIntervalSince1970: 0)
    var assumed = Date(timeIntervalSince1970: 0)
    var pattern = Date(timeIntervalSince1970: 0)
    var seconds = Date(timeIntervalSince1970: 0)
    var bytes = Data()

    static let mappingConfiguration = MappingConfiguration(for: ZooDates.self) { map in
        map.coercion = .strict
        map.undefinedKeys = .raise
        map.map(\.iso, using: .iso8601)
        map.map(\.day, using: .iso8601Date)
        map.map(\.assumed, using: .iso8601(assumingSecondsFromGMT: 3600))
        map.map(\.pattern, using: .date(format: "yyyy-MM-dd HH:mm:ss"))
        map.map(\.seconds, using: .unixSeconds)
        map.map(\.bytes, using: .base64)
    }
}

struct ZooPoint: Mappable {
    var lat = 0.0
    var lon = 0.0
    static let mappingConfiguration = MappingConfiguration(for: ZooPoint.self) { map in
        map.coercion = .strict
        map.positions(\.lat, \.lon)
    }
}

/// Key paths: into an object, through an array index, a positional model, a requirement.
struct ZooPaths: Mappable {
    var city = ""
    var firstTag = ""
    var code = ""
    var point = ZooPoint()

    static let mappingConfiguration = MappingConfiguration(for: ZooPaths.self) { map in
        map.coercion = .strict
        map.undefinedKeys = .raise
        map.map(\.city, to: "info.city")
        map.map(\.firstTag, to: "tags.0")
        map.require(\.code, .exists)
    }
}

/// Key paths under `.drop`: what a key path meets on its way (`null`, other keys) is not the
/// model's.
struct ZooLoosePaths: Mappable {
    var city = ""
    var firstTag = ""

    static let mappingConfiguration = MappingConfiguration(for: ZooLoosePaths.self) { map in
        map.coercion = .strict
        map.map(\.city, to: "info.city")
        map.map(\.firstTag, to: "tags.0")
    }
}

enum ZooShape: TaggedEnum, Equatable {
    case circle(radius: Double)
    case square(side: Double)
    case empty
}

enum ZooEvent: TaggedEnum, Equatable {
    case push(ref: String)
    case star(count: Int)
    case other(String, UnmappedValues)
    static var tagging: EnumTagging { EnumTagging.internallyTagged(tag: "type").unknownTags(as: "other") }

    static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case let (.push(left), .push(right)): left == right
        case let (.star(left), .star(right)): left == right
        case let (.other(left, _), .other(right, _)): left == right
        default: false
        }
    }
}

enum ZooMove: TaggedEnum, Equatable {
    case walk(steps: Int)
    case stay
    static var tagging: EnumTagging { .adjacentlyTagged(tag: "t", content: "c") }
}

/// Tagged enums, each tagging.
struct ZooTagged: Mappable {
    var shape = ZooShape.empty
    var event = ZooEvent.star(count: 0)
    var move = ZooMove.stay

    static let mappingConfiguration = MappingConfiguration(for: ZooTagged.self) { map in
        map.coercion = .strict
        map.undefinedKeys = .raise
    }
}

struct ZooItem: Mappable {
    var name = ""
    var qty = 0
    static let mappingConfiguration = MappingConfiguration(for: ZooItem.self) { map in
        map.coercion = .strict
        map.undefinedKeys = .raise
    }
}

/// Collections of every kind, optionals, and nested models alone, in arrays, in dictionaries.
struct ZooCollections: Mappable {
    var ints: [Int] = []
    var scores: [String: Double] = [:]
    var labels: Set<String> = []
    var grid: [[Int]] = []
    var maybe: Int?
    var item = ZooItem()
    var items: [ZooItem] = []
    var optionalItem: ZooItem?
    var itemsByName: [String: ZooItem] = [:]

    static let mappingConfiguration = MappingConfiguration(for: ZooCollections.self) { map in
        map.coercion = .strict
        map.undefinedKeys = .raise
    }
}

struct ZooAddress: Mappable {
    var street = ""
    var zip = ""
    static let mappingConfiguration = MappingConfiguration(for: ZooAddress.self) { map in
        map.coercion = .strict
    }
}

/// The rules: defaults for a missing key and for null, lossy collections, a single value as an
/// array, empty text as nil, a missing key allowed, a flattened model, a key strategy, missing
/// keys raised, nil written as null, a property read in the lossless mode.
struct ZooRules: Mappable {
    var count = 0
    var nickname = ""
    var lossyInts: [Int] = []
    var tags: [String] = []
    var note: String?
    var optional = ""
    var loose = 0
    var address = ZooAddress()
    var firstName = ""

    static let mappingConfiguration = MappingConfiguration(for: ZooRules.self) { map in
        map.coercion = .strict
        map.undefinedKeys = .raise
        map.missingKeys = .raise
        map.keyStrategy = .snakeCase
        map.nilRepresentation = .null
        map.defaultValue(\.count, whenMissing: 7)
        map.defaultValue(\.nickname, whenNull: "anon")
        map.lossy(\.lossyInts)
        map.singleValueAsArray(\.tags)
        map.emptyStringAsNil(\.note)
        map.allowsMissing(\.optional)
        map.coercion(\.loose, .lossless)
        map.flatten(\.address)
    }
}

/// A flattened tagged enum, undefined keys stashed, and values no codec describes.
struct ZooOpen: Mappable {
    var id = 0
    var event = ZooEvent.star(count: 0)
    var anything: Any = 0
    var unmapped = UnmappedValues()

    static let mappingConfiguration = MappingConfiguration(for: ZooOpen.self) { map in
        map.coercion = .strict
        map.undefinedKeys = .stash
        map.flatten(\.event)
    }
}

/// The other integer widths, `CGFloat`, a set of raw values, dates through an adapter for the
/// whole type (`convert`) at any depth, and an optional date.
struct ZooWide: Mappable {
    var i16: Int16 = 0
    var i32: Int32 = 0
    var i64: Int64 = 0
    var u: UInt = 0
    var u8: UInt8 = 0
    var u32: UInt32 = 0
    var u64: UInt64 = 0
    var cg: CGFloat = 0
    var tiers: Set<ZooTier> = []
    var when: Date?
    var stamps: [String: [Date]] = [:]

    static let mappingConfiguration = MappingConfiguration(for: ZooWide.self) { map in
        map.coercion = .strict
        map.undefinedKeys = .raise
        map.convert(Date.self, using: .unixSeconds)
    }
}

enum ZooNote: TaggedEnum, Equatable {
    case text(String)
    case pair(Int, Int)
    case labelled(title: String, pages: Int?)
    case blankPage
    static var tagging: EnumTagging { EnumTagging.externallyTagged.renamingCases(.snakeCase) }
}

enum ZooSwitch: TaggedEnum, Equatable {
    case on
    case off
}

/// Untagged: a number or a text, a coordinate or a list of them, labels or nothing.
enum ZooIdentifier: TaggedEnum, Equatable {
    case number(Int)
    case text(String)
    static var tagging: EnumTagging { .untagged }
}

enum ZooGeometry: TaggedEnum, Equatable {
    case point(Double, Double)
    case line([[Double]])
    case named(name: String)
    case nothing
    static var tagging: EnumTagging { .untagged }
}

/// Untagged enums, alone, in an optional and in an array.
struct ZooUntagged: Mappable {
    var identifier = ZooIdentifier.number(0)
    var geometry = ZooGeometry.nothing
    var maybe: ZooIdentifier?
    var shapes: [ZooGeometry] = []

    static let mappingConfiguration = MappingConfiguration(for: ZooUntagged.self) { map in
        map.coercion = .strict
        map.undefinedKeys = .raise
    }
}

/// Tagged enums' other payloads: one value, a tuple, an optional label, cases renamed, a unit
/// enum; enums in arrays; tree-wide rules (empty text as nil, single values as arrays).
struct ZooPayloads: Mappable {
    var note = ZooNote.blankPage
    var notes: [ZooNote] = []
    var power = ZooSwitch.off
    var homepage: String?
    var ids: [Int] = []

    static let mappingConfiguration = MappingConfiguration(for: ZooPayloads.self) { map in
        map.coercion = .strict
        map.undefinedKeys = .raise
        map.emptyStringsAsNil = true
        map.singleValuesAsArrays = true
    }
}

protocol ZooFigure: Mappable {}

struct ZooCircle: ZooFigure {
    var radius = 0.0
    static let mappingConfiguration = MappingConfiguration(for: ZooCircle.self) { map in
        map.coercion = .strict
    }
}

struct ZooSquare: ZooFigure {
    var side = 0.0
    static let mappingConfiguration = MappingConfiguration(for: ZooSquare.self) { map in
        map.coercion = .strict
    }
}

/// A `Codable` value that is no model.
struct ZooColor: Codable, Equatable {
    var red = 0
    var green = 0
}

/// A value through an adapter of the user's own.
struct ZooCelsius: Equatable {
    var degrees = 0.0
}

/// A type chosen per value by a key, several keys for one property, a requirement of the
/// user's own, a `Codable` value and a custom adapter.
struct ZooChoices: Mappable {
    var figure: (any ZooFigure)?
    var figures: [any ZooFigure] = []
    var id = 0
    var age = 0
    var color = ZooColor()
    var temperature = ZooCelsius()

    static let kinds = TypeChoice.byKey("kind", ["circle": ZooCircle.self, "square": ZooSquare.self])
    static let celsius = Adapter<ZooCelsius>(from: Double.self) { ZooCelsius(degrees: $0) } encode: { $0.degrees }
    static let mappingConfiguration = MappingConfiguration(for: ZooChoices.self) { map in
        map.coercion = .strict
        map.undefinedKeys = .raise
        map.map(\.figure, choosing: kinds)
        map.map(\.figures, choosing: kinds)
        map.map(\.id, to: "id", "identifier")
        map.require(\.age, .that("0 to 150") { (0...150).contains($0) })
        map.map(\.temperature, using: celsius)
    }
}

/// Foundation's types, and an optional whose initial value is no `nil`.
struct ZooFoundation: Mappable {
    var number = NSNumber(value: 0)
    var text = NSString()
    var amount = NSDecimalNumber.zero
    var list = NSArray()
    var table = NSDictionary()
    var retries: Int? = 3
    var site = NSURL(string: "https://example.com") ?? NSURL(fileURLWithPath: "/")
    var blob = NSData()
    var seen = NSDate(timeIntervalSince1970: 0)
    var bag = NSSet()
    var nothing: NSNull?

    static let mappingConfiguration = MappingConfiguration(for: ZooFoundation.self) { map in
        map.coercion = .strict
        map.undefinedKeys = .raise
        map.map(\.blob, using: .base64)
        map.map(\.seen, using: .iso8601)
    }
}

/// The types of the latest releases: 128-bit integers and `Duration`.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
struct ZooModern: Mappable {
    var big: Int128 = 0
    var huge: UInt128 = 0
    var timeout = Duration.zero

    static let mappingConfiguration = MappingConfiguration(for: ZooModern.self) { map in
        map.coercion = .strict
        map.undefinedKeys = .raise
    }
}

/// A model of the zoo: its schema, how MappingKit reads a document, and the documents it writes.
public struct ZooModel {
    public let name: String
    public let schema: Data
    public let reads: (Data) -> Bool
    public let written: [Data]

    init<Model: Mappable>(_ values: [Model]) throws {
        name = "\(Model.self)"
        schema = try JSONSerialization.data(withJSONObject: Model.jsonSchema(), options: [.sortedKeys])
        reads = { (try? Model(json: $0)) != nil }
        written = try values.map { try $0.jsonData() }
    }
}

/// The zoo, for the tests.
public enum SchemaZoo {
    /// The zoo's models, each alone, with documents each writes.
    public static func models() throws -> [ZooModel] {
        var scalars = ZooScalars()
        scalars.i8 = -128
        scalars.u16 = 65535
        scalars.int = 42
        scalars.float = 1.5
        scalars.double = -2.25
        scalars.decimal = Decimal(string: "19.99") ?? 0
        scalars.flag = true
        scalars.text = "héllo"
        scalars.tier = .pro
        scalars.level = .high
        var dates = ZooDates()
        dates.iso = Date(timeIntervalSince1970: 1_392_283_800)
        dates.day = Date(timeIntervalSince1970: 1_392_249_600)
        dates.bytes = Data("hello".utf8)
        var paths = ZooPaths()
        paths.city = "Oslo"
        paths.firstTag = "a"
        paths.code = "x"
        paths.point = ZooPoint(lat: 59.9, lon: 10.7)
        var models = [
            try ZooModel([ZooScalars(), scalars]),
            try ZooModel([ZooDates(), dates]),
            try ZooModel([paths]),
            try ZooModel([ZooLoosePaths(city: "Oslo", firstTag: "a")]),
            try ZooModel([
                ZooTagged(),
                ZooTagged(shape: .circle(radius: 2), event: .push(ref: "main"), move: .walk(steps: 3)),
                ZooTagged(shape: .square(side: 1), event: .other("StarEvent", UnmappedValues()), move: .stay),
            ]),
            try ZooModel([
                ZooCollections(),
                ZooCollections(
                    ints: [1, -2], scores: ["a": 1.5], labels: ["x"], grid: [[1], []], maybe: 3, item: ZooItem(name: "a", qty: 1),
                    items: [ZooItem(name: "b", qty: 2)], optionalItem: ZooItem(), itemsByName: ["c": ZooItem(name: "c", qty: 3)]
                ),
            ]),
            try ZooModel([
                ZooRules(),
                ZooRules(
                    count: 1, nickname: "n", lossyInts: [1], tags: ["t"], note: "x", optional: "o", loose: 5,
                    address: ZooAddress(street: "s", zip: "z"), firstName: "f"
                ),
            ]),
            try ZooModel([ZooOpen(), ZooOpen(id: 2, event: .push(ref: "main"), anything: "x", unmapped: ["k": 1])]),
            try ZooModel([ZooFoundation(), ZooFoundation(number: 2.5, text: "t", amount: NSDecimalNumber(string: "19.99"), list: [1, "a"], table: ["k": true], retries: nil)]),
            try ZooModel([
                ZooChoices(),
                ZooChoices(
                    figure: ZooSquare(side: 2), figures: [ZooCircle(radius: 1), ZooSquare(side: 3)], id: 9, age: 40,
                    color: ZooColor(red: 1, green: 2), temperature: ZooCelsius(degrees: 21.5)
                ),
            ]),
            try ZooModel([
                ZooWide(),
                ZooWide(
                    i16: -3, i32: 70_000, i64: -5_000_000_000, u: 7, u8: 255, u32: 4_000_000_000, u64: 18_000_000_000_000_000_000, cg: 1.5,
                    tiers: [.pro], when: Date(timeIntervalSince1970: 86_400), stamps: ["a": [Date(timeIntervalSince1970: 60)]]
                ),
            ]),
            try ZooModel([
                ZooPayloads(),
                ZooPayloads(
                    note: .labelled(title: "t", pages: nil), notes: [.text("x"), .pair(1, 2), .labelled(title: "u", pages: 3)], power: .on,
                    homepage: "h", ids: [1]
                ),
            ]),
            try ZooModel([
                ZooUntagged(),
                ZooUntagged(identifier: .text("a1"), geometry: .line([[1.5, 2], [3, 4]]), maybe: .number(3), shapes: [.point(0.5, -1), .named(name: "home"), .nothing]),
                ZooUntagged(identifier: .number(-7), geometry: .point(0.5, -1), shapes: [.line([])]),
            ]),
        ]
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            models.append(try ZooModel([ZooModern(), ZooModern(big: -(Int128(1) << 100), huge: UInt128(1) << 127, timeout: .milliseconds(2500))]))
        }
        return models
    }

    /// The models of the zoo, each listed (nested models come with them).
    static var types: [any Mappable.Type] {
        var types: [any Mappable.Type] = [
            ZooScalars.self, ZooDates.self, ZooPaths.self, ZooLoosePaths.self, ZooTagged.self, ZooCollections.self, ZooRules.self, ZooOpen.self,
            ZooWide.self, ZooPayloads.self, ZooUntagged.self, ZooChoices.self, ZooFoundation.self,
        ]
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) { types.append(ZooModern.self) }
        return types
    }

    /// One schema document of every model of the zoo (`Mapper.jsonSchemaData(for:)`), pretty
    /// printed with sorted keys: `Tests/Generated/Samples/Schemas/zoo.schema.json`.
    public static func schemaDocument() throws -> Data {
        try Mapper().jsonSchemaData(for: types)
    }
}
