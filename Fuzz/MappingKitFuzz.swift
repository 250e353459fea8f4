// The models target (and the streams and coders targets' oracles), compiled with the library's
// sources and the other targets by Fuzz/run.sh (`Fuzz/Targets.swift` chooses). An input that
// starts like JSON is JSON bytes: it is parsed untyped and read into the model zoo, and the
// oracle checks:
// - every failure is a `MappingError`, and a failed `update(fromJSON:)` changes nothing;
// - an untyped value written and parsed again is the same value;
// - the same object as typed Swift containers (`[Int]`, `[String: Double]`…) maps as its
//   `[Any]`/`[String: Any]` form does: the same model, or the same problems;
// - under `.stash`, a model's JSON read back writes the same JSON value again;
// - (coders) through the Codable bridge (`JSONDecoder`), every failure is a `DecodingError`, and
//   a model written with `JSONEncoder` and read again has the same representation.
// Any other input is read as a little program that builds a dictionary; the dictionary is
// mapped into the zoo, and the oracle checks:
// - every failure is a `MappingError`, and a failed update leaves the model as it was;
// - under `.stash`, what is mapped writes back a representation that maps to itself exactly.
// The zoo holds a property wrapper, an `@Observable` class set through its setters, an
// optional that reads empty text as nil, and every type of the type matrix (`Matrix`: each
// integer width, Decimal, UUID, Data, dates with each built-in adapter, enums, sets, optionals
// with non-nil defaults), tagged enums of every tagging (a fallback keeping what it read, a model
// payload named like the tag), flattened models, an optional one and a flattened tagged enum, and
// an ignored `let`, so every path runs through them too.
// - (coders) through `PropertyListEncoder`, a model written and read again has the same representation,
//   its untyped numbers compared by value (a Decoder hands back a whole number as an integer).
// A JSON array is also imported into an `IdentityMap` as linked objects (`Node`, by key, with
// to-one and to-many references in any order): every failure is a `MappingError`, and what an
// import makes writes back a payload that imports again to the same representation; and as
// structs (`Link`) from the bytes, giving what importing their native values gives.
// (streams) A JSON array is also read as a stream (`JSONElementReader`), in pieces of a size the input
// picks, through a buffer of 8 bytes that must grow: with elements skipped and reported, the
// stream gives the models `array(json:)` gives, or the same problems, at the same places.
import Foundation
import Observation

// MARK: - The model zoo

enum Kind: String {
    case small, large
}

protocol Animal {}

struct Dog: Mappable, Animal {
    var name = ""
    var barks = 0
    var unmapped = UnmappedValues()
}

struct Cat: Mappable, Animal {
    var name = ""
    var lives = 9
    var unmapped = UnmappedValues()
}

final class Child: Mappable {
    var id = 0
    var label: String?
    var next: Child?
    var unmapped = UnmappedValues()
    required init() {}
}

/// A property wrapper reached through `wrappedValue`: its setter bounds every value it is given.
@propertyWrapper struct Bounded: MappableWrapper {
    private var value = 0
    init(wrappedValue: Int) { self.wrappedValue = wrappedValue }
    var wrappedValue: Int {
        get { value }
        set { value = min(max(newValue, -100), 100) }
    }
}

/// An `@Observable` class, updated through its setters.
@Observable final class Watched: Mappable {
    var label = ""
    var count = 0
    @ObservationIgnored var unmapped = UnmappedValues()
    required init() {}

    static let mappingConfiguration = MappingConfiguration(for: Watched.self) { map in
        map.observed(\.label, \.count)
    }
}

enum Level: Int {
    case low = -1, mid = 0, high = 9_007_199_254_740_993
}

/// Every property type of the type matrix that the zoo's other properties do not hold.
struct Matrix: Mappable {
    var i16: Int16 = 0
    var i32: Int32 = 0
    var u8: UInt8 = 0
    var u32: UInt32 = 0
    var wide: Int128 = 0
    var wider: UInt128 = 0
    var exact = Decimal(0)
    var uuid: UUID?
    var bytes = Data()
    var day: Date?
    var seconds: Date?
    var millis: Date?
    var stamp: Date?
    var tweeted: Date?
    var level = Level.mid
    var names: Set<String> = []
    var small: [String: Int8] = [:]
    var count: Int? = 5
    var note: String? = "none"
    /// An adapter through containers, and a lossy collection (issue 39).
    var dated: [String: [Date?]] = [:]
    var lossy: [Int8] = []

    static let mappingConfiguration = MappingConfiguration(for: Matrix.self) { map in
        map.map(\.dated, using: .unixSeconds)
        map.lossy(\.lossy)
        map.map(\.bytes, using: .base64)
        map.map(\.day, using: .iso8601Date)
        map.map(\.seconds, using: .unixSeconds)
        map.map(\.millis, using: .unixMilliseconds)
        map.map(\.stamp, using: .date(format: "yyyy-MM-dd HH:mm:ss.SSS"))
        map.map(\.tweeted, using: .date(format: "EEE MMM dd HH:mm:ss Z yyyy"))
    }
}

/// A linked object of an import: by key, with references to others in any order.
final class Node: Mappable {
    var id = 0
    var label = ""
    var next: Node?
    var kids: [Node] = []
    var unmapped = UnmappedValues()
    required init() {}

    static let mappingConfiguration = MappingConfiguration(for: Node.self) { map in
        map.identity(\.id)
        map.relationship(\.next, key: "next_id", unresolved: .null)
        map.relationship(\.kids, key: "kid_ids")
        map.undefinedKeys = .stash
    }
}

/// Absent keys as errors and a value strategy, each set once for the type (issue 39): every
/// path must raise the same problems and read the same dates.
struct Strict: Mappable {
    var id = 0
    var due: Date?
    var stamps: [String: Date] = [:]
    var unmapped = UnmappedValues()

    static let mappingConfiguration = MappingConfiguration(for: Strict.self) { map in
        map.missingKeys = .raise
        map.convert(Date.self, using: .unixMilliseconds)
    }
}

/// Enums with payloads (issue 39, item 5): externally tagged, every payload form.
enum Figure: TaggedEnum {
    case circle(radius: Double)
    case point(Int8, Int8)
    case label(String)
    case empty
}

enum Tone: Int, Codable {
    case low, high
}

/// Adjacently tagged, renamed cases, and a fallback that keeps an unknown tag.
enum Signal: TaggedEnum {
    case level(Tone)
    case loudNote(text: String, loud: Bool?)
    case other(String)
    static var tagging: EnumTagging {
        EnumTagging.adjacentlyTagged(tag: "t", content: "c").renamingCases(.snakeCase).unknownTags(as: "other")
    }
}

/// A flattened model (issue 39, item 6): its keys are the zoo's own, beside the zoo's stash.
struct Paging: Mappable {
    var total = 0
    var cursor: String?
    /// The call's `.stash` reaches every model: one with nowhere to stash is a configuration error.
    var unmapped = UnmappedValues()
}

/// Internally tagged (issue 57): a model payload with a property named like the tag, labels, and
/// a fallback that keeps the whole object it read.
struct Push: MappableCodable {
    var type = ""
    var ref = ""
    var size = 0
}

enum Event: TaggedEnum {
    case push(Push)
    case star(repo: String, count: Int?)
    case other(String, UnmappedValues)
    static var tagging: EnumTagging { EnumTagging.internallyTagged(tag: "type").unknownTags(as: "other") }
}

/// Flattened into the zoo (issue 57): an adjacently tagged enum and an optional model.
enum Mode: TaggedEnum {
    case off
    case fast(speed: Int)
    static var tagging: EnumTagging { .adjacentlyTagged(tag: "mode", content: "speed_of") }
}

struct Extra: Mappable {
    var extraNote = ""
    var unmapped = UnmappedValues()
}

struct Zoo: Mappable {
    var matrix: Matrix?
    var events: [Event] = []
    var mode = Mode.off
    var extra: Extra?
    /// A `let`, ignored by name (issue 57): never read, never written.
    let constant = 7
    var strict: Strict?
    var figures: [Figure] = []
    var signal: Signal?
    var paging = Paging()
    /// A nested model with a declared default of its own: made onto it (issue 44, item 5).
    var preset = Dog(name: "preset", barks: 2)
    @Bounded var bounded = 0
    var watched: Watched?
    var homepage: URL?
    var int = 0
    var small: Int8 = 0
    var big: UInt64 = 0
    var double: Double?
    var float: Float = 0
    var flag = false
    var text = ""
    var kind = Kind.small
    var tags: [String] = []
    var unique: Set<Int> = []
    var scores: [String: Double] = [:]
    var child: Child?
    var children: [Child] = []
    var pet: (any Animal)?
    var when: Date?
    var price: Decimal?
    var nested = 0
    var anything: Any?
    var raw: [String: Any] = [:]
    var unmapped = UnmappedValues()

    static let mappingConfiguration = MappingConfiguration(for: Zoo.self) { map in
        map.map(\.pet, to: "pet", choosing: .byKey("type", ["dog": Dog.self, "cat": Cat.self]))
        map.map(\.when, to: "when", using: .iso8601)
        map.map(\.price, to: "price", using: .decimal)
        map.map(\.nested, to: "deep.0.n")
        map.map(\.children, to: "children", "kids")
        map.emptyStringAsNil(\.homepage)
        map.flatten(\.paging)
        map.flatten(\.mode)
        map.flatten(\.extra)
        map.ignore(\.constant)
    }
}

extension Zoo: MappableCodable {}

// MARK: - Inputs from bytes

struct ByteSource {
    var bytes: [UInt8]
    var index = 0
    /// Values left to make: inputs stay small, so runs stay fast.
    var budget = 256

    mutating func next() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }

    mutating func integer() -> Int64 {
        var value: Int64 = 0
        for _ in 0..<Int(next() % 9) { value = value << 8 | Int64(next()) }
        return value
    }

    var isAtEnd: Bool { index >= bytes.count }
}

let keys = ["int", "small", "big", "double", "float", "flag", "text", "kind", "tags", "unique", "scores", "child",
            "children", "kids", "pet", "type", "name", "barks", "lives", "when", "price", "deep", "0", "n", "nested",
            "anything", "raw", "id", "label", "next", "", "a.b", "x", "bounded", "watched", "count", "homepage", "_bounded",
            "matrix", "i16", "i32", "u8", "u32", "wide", "wider", "exact", "uuid", "bytes", "day", "seconds", "millis", "stamp",
            "tweeted", "level", "names", "note", "next_id", "kid_ids", "preset", "dated", "lossy", "strict", "due", "stamps",
            "figures", "circle", "radius", "point", "empty", "signal", "t", "c", "loud_note", "loud", "other", "total", "cursor", "_0",
            "events", "push", "star", "repo", "ref", "size", "mode", "speed_of", "fast", "speed", "extraNote", "constant"]

let strings = ["", "https://a.example/x", "small", "large", "dog", "cat", "1", "-7", "2.5", "1e400", "nan", "18446744073709551615",
               "2024-02-29T12:00:00Z", "9999-12-31T23:59:60Z", "19.99", "true", "🙂", "a\u{0}b", "2011-01-26",
               "2014-02-13 09:30:00.250", "Thu Feb 13 09:30:00 +0100 2014", "aGVsbG8=", "E621E1F8-C36C-495A-93FC-0C247A3E6E5F",
               "340282366920938463463374607431768211455", "-170141183460469231731687303715884105728", "1392249600123"]

/// Containers made to contain themselves, emptied after each input so they do not leak.
nonisolated(unsafe) var cycles: [AnyObject] = []

func value(from source: inout ByteSource, depth: Int) -> Any {
    source.budget -= 1
    let selector = source.budget > 0 ? source.next() : 2
    switch selector % 20 {
    case 0: return NSNull()
    case 1: return source.next() & 1 == 1
    case 2: return Int(truncatingIfNeeded: source.integer())
    case 3: return Double(bitPattern: UInt64(bitPattern: source.integer()))
    case 4: return strings[Int(source.next()) % strings.count]
    case 5: return NSNumber(value: source.integer())
    case 6: return NSNumber(value: source.next() & 1 == 1)
    case 7: return NSNumber(value: UInt64(bitPattern: source.integer()))
    case 8: return Decimal(source.integer()) / Decimal(Int(source.next()) + 1)
    case 9: return Int?.none as Any
    case 10: return UInt64(bitPattern: source.integer())
    case 11, 12, 13:
        guard depth < 12 else { return 0 }
        var array: [Any] = []
        for _ in 0..<Int(source.next() % 4) { array.append(value(from: &source, depth: depth + 1)) }
        return array
    case 14, 15, 16, 17:
        guard depth < 12 else { return "" }
        return dictionary(from: &source, depth: depth + 1)
    case 18:
        let container = NSMutableDictionary()
        container["name"] = "loop"
        if source.next() & 1 == 1 {
            container["next"] = container
            cycles.append(container)
        }
        return container
    default:
        let container = NSMutableArray()
        if source.next() & 1 == 1 {
            container.add(container)
            cycles.append(container)
        }
        return container
    }
}

func dictionary(from source: inout ByteSource, depth: Int) -> [String: Any] {
    var dictionary: [String: Any] = [:]
    for _ in 0..<Int(source.next() % 6) {
        dictionary[keys[Int(source.next()) % keys.count]] = value(from: &source, depth: depth)
    }
    return dictionary
}

// MARK: - The oracle

func check(_ input: [String: Any]) {
    let limits = MappingLimits(maximumModels: 10_000, maximumValues: 100_000)
    var zoo = Zoo()
    let before = try? zoo.dictionaryRepresentation()
    do {
        // A call that stashes undefined keys and has limits, around the model's own update.
        try CurrentCall.with(MappingContext(undefinedKeys: .stash, limits: limits)) {
            try zoo.update(from: input, configuration: Zoo.mappingConfiguration)
        }
    } catch is MappingError {
        let after = try? zoo.dictionaryRepresentation()
        if let before, let after, !UntypedValues.equal(before, after) {
            fatalError("a failed update changed the model: \(UntypedValues.describe(before)) → \(UntypedValues.describe(after))")
        }
        return
    } catch {
        fatalError("not a MappingError: \(error)")
    }
    let first: [String: Any]
    do {
        first = try zoo.dictionaryRepresentation()
    } catch is MappingError {
        return  // a value that maps but has no representation (a non-finite number, a far date)
    } catch {
        fatalError("not a MappingError: \(error)")
    }
    do {
        let again = try Zoo(dictionary: first, undefinedKeys: .stash)
        let second = try again.dictionaryRepresentation()
        if !UntypedValues.equal(first, second) {
            fatalError("round trip differs:\n\(UntypedValues.describe(first))\n\(UntypedValues.describe(second))")
        }
    } catch {
        fatalError("a representation did not map back: \(error)\n\(UntypedValues.describe(first))")
    }
}

/// The JSON oracle (see the top of the file).
func checkJSON(_ bytes: [UInt8]) {
    let limits = MappingLimits(maximumModels: 10_000, maximumValues: 100_000, maximumNesting: 64)
    do {
        let value = try JSONValue.parse(bytes, limits: limits)
        let written = try JSONValue.data(value, limits: limits)
        let again = try JSONValue.parse(written, limits: limits)
        if !UntypedValues.equal(value, again) {
            fatalError("untyped round trip differs:\n\(UntypedValues.describe(value))\n\(UntypedValues.describe(again))")
        }
        if let object = value as? [String: Any] { checkTypedContainers(object) }
    } catch is MappingError {
    } catch {
        fatalError("not a MappingError: \(error)")
    }
    var zoo = Zoo()
    let before = try? zoo.jsonData(options: .sortedKeys)
    do {
        try zoo.update(fromJSON: bytes, undefinedKeys: .stash, limits: limits)
    } catch is MappingError {
        if before != (try? zoo.jsonData(options: .sortedKeys)) { fatalError("a failed update(fromJSON:) changed the model") }
        return
    } catch {
        fatalError("not a MappingError: \(error)")
    }
    guard let first = try? zoo.jsonData(options: .sortedKeys) else { return }
    do {
        let second = try Zoo(json: first, undefinedKeys: .stash, limits: limits).jsonData(options: .sortedKeys)
        if !UntypedValues.equal(try JSONValue.parse(first), try JSONValue.parse(second)) {
            fatalError("JSON round trip differs:\n\(String(decoding: first, as: UTF8.self))\n\(String(decoding: second, as: UTF8.self))")
        }
    } catch {
        fatalError("a model's JSON did not map back: \(error)\n\(String(decoding: first, as: UTF8.self))")
    }
}

/// The same data as typed Swift containers (`[Int]`, `[String]`, `[String: Double]`,
/// `[[String: Any]]`…) maps as its `[Any]`/`[String: Any]` form does: the same model, or the same
/// problems (issue 37: an adapter was skipped for native arrays).
func checkTypedContainers(_ object: [String: Any]) {
    func outcome(_ input: [String: Any]) -> String {
        do {
            return UntypedValues.describe(try Zoo(dictionary: input, undefinedKeys: .stash).dictionaryRepresentation())
        } catch let error as MappingError {
            return error.issues.map { "\($0.path): \($0.expected) / \($0.found)" }.sorted().joined(separator: "\n")
        } catch {
            fatalError("not a MappingError: \(error)")
        }
    }
    let untyped = outcome(object)
    let typed = outcome(typedContainers(object) as? [String: Any] ?? [:])
    if untyped != typed {
        fatalError("typed containers map differently:\n\(typed)\nfrom [String: Any]:\n\(untyped)")
    }
}

/// `value` with every homogeneous array and dictionary of scalars as a typed Swift container.
func typedContainers(_ value: Any) -> Any {
    func all<Element>(_ values: [Any], _ type: Element.Type) -> [Element]? {
        guard !values.isEmpty else { return nil }
        var result: [Element] = []
        for value in values {
            guard Swift.type(of: value) == Element.self, let element = value as? Element else { return nil }
            result.append(element)
        }
        return result
    }
    if let array = value as? [Any], Swift.type(of: value) == [Any].self {
        let elements = array.map(typedContainers)
        if let typed = all(elements, Int.self) { return typed }
        if let typed = all(elements, String.self) { return typed }
        if let typed = all(elements, Double.self) { return typed }
        if let typed = all(elements, Bool.self) { return typed }
        if let typed = all(elements, [String: Any].self) { return typed }
        return elements
    }
    if let dictionary = value as? [String: Any], Swift.type(of: value) == [String: Any].self {
        let values = dictionary.mapValues(typedContainers)
        let keys = Array(values.keys)
        let elements = keys.map { values[$0] as Any }
        if let typed = all(elements, Int.self) { return Dictionary(uniqueKeysWithValues: zip(keys, typed)) }
        if let typed = all(elements, String.self) { return Dictionary(uniqueKeysWithValues: zip(keys, typed)) }
        if let typed = all(elements, Double.self) { return Dictionary(uniqueKeysWithValues: zip(keys, typed)) }
        return values
    }
    return value
}

/// The Codable bridge's oracle (see the top of the file).
/// A shape declared twice (issue 58): Swift's synthesized `Codable`, and `MappableCodable`.
struct TwinLeaf: Codable, Equatable {
    var name = ""
    var score = 0.0
}

struct SynthesizedTwin: Codable {
    var int = 0
    var small: Int8 = 0
    var text = ""
    var flag = false
    var when = Date(timeIntervalSince1970: 0)
    var maybe: Double?
    var names: [String] = []
    var counts: [String: Int] = [:]
    var leaf = TwinLeaf()
    var leaves: [TwinLeaf] = []
}

struct MappableTwin: MappableCodable {
    var int = 0
    var small: Int8 = 0
    var text = ""
    var flag = false
    var when = Date(timeIntervalSince1970: 0)
    var maybe: Double?
    var names: [String] = []
    var counts: [String: Int] = [:]
    var leaf = TwinLeaf()
    var leaves: [TwinLeaf] = []
}

/// The twins' oracle: what the synthesized twin reads, the `MappableCodable` twin reads too,
/// and writes the same JSON (key order aside); where both fail, with the same `DecodingError`
/// case. Where only the synthesized twin fails, the documented differences may explain it (an
/// absent key keeps its default, the lossless coercions): not compared.
func checkTwins(_ data: Data) {
    let synthesized: Result<SynthesizedTwin, any Error> = Result { try JSONDecoder().decode(SynthesizedTwin.self, from: data) }
    let twin: Result<MappableTwin, any Error> = Result { try JSONDecoder().decode(MappableTwin.self, from: data) }
    func kind(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .typeMismatch?: "typeMismatch"
        case .valueNotFound?: "valueNotFound"
        case .keyNotFound?: "keyNotFound"
        case .dataCorrupted?: "dataCorrupted"
        default: "\(type(of: error))"
        }
    }
    func path(_ error: any Error) -> [String]? {
        let context: DecodingError.Context? = switch error as? DecodingError {
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?, .keyNotFound(_, let context)?, .dataCorrupted(let context)?: context
        default: nil
        }
        return context?.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
    }
    switch (synthesized, twin) {
    case (.success(let expected), .success(let found)):
        guard let left = try? JSONSerialization.jsonObject(with: JSONEncoder().encode(expected)),
              let right = try? JSONSerialization.jsonObject(with: JSONEncoder().encode(found)) else {
            fatalError("a twin read could not be written: \(expected) \(found)")
        }
        if !UntypedValues.equal(left, right) {
            fatalError("twins wrote different JSON:\n\(UntypedValues.describe(left))\n\(UntypedValues.describe(right))")
        }
    case (.success(let expected), .failure(let error)):
        fatalError("the synthesized twin read \(expected), MappableCodable failed: \(error)")
    case (.failure(let expected), .failure(let found)):
        // Compared where both stopped at the same place: the synthesized conformance stops at
        // its first problem, MappingKit names its first of all of them, and an absent key
        // (`keyNotFound`) is not a problem for MappableCodable (a documented difference). A
        // failure at the document's root (not an object) is any decoder's own.
        guard found is DecodingError else { fatalError("not a DecodingError: \(found)") }
        guard kind(expected) != "keyNotFound", let at = path(expected), !at.isEmpty, at == path(found) else { break }
        if kind(expected) != kind(found) {
            fatalError("twins failed differently: \(expected)\n\(found)")
        }
    case (.failure, .success):
        break
    }
}

func checkCodable(_ bytes: [UInt8]) {
    checkTwins(Data(bytes))
    let decoder = JSONDecoder()
    decoder.userInfo[.mappingKitMapper] = Mapper(undefinedKeys: .stash, limits: MappingLimits(maximumModels: 10_000, maximumValues: 100_000, maximumNesting: 64))
    let zoo: Zoo
    do {
        zoo = try decoder.decode(Zoo.self, from: Data(bytes))
    } catch is DecodingError {
        return
    } catch {
        fatalError("not a DecodingError: \(error)")
    }
    guard let first = try? zoo.dictionaryRepresentation(), let encoded = try? JSONEncoder().encode(zoo) else { return }
    do {
        let second = try decoder.decode(Zoo.self, from: encoded).dictionaryRepresentation()
        if !UntypedValues.equal(first, second) {
            fatalError("Codable round trip differs:\n\(UntypedValues.describe(first))\n\(UntypedValues.describe(second))")
        }
    } catch {
        fatalError("a model's Codable JSON did not decode back: \(error)\n\(String(decoding: encoded, as: UTF8.self))")
    }
}

/// Two untyped values compared with numbers by value. A number is the decimal text it stands
/// for: a `Decimal` and an integer their digits; a `Double` its shortest text (what MappingKit
/// writes for it, so a `Decimal` that went through a property list as the `Double` whose shortest
/// text it is compares equal) or, when whole, the integer it is exactly (what the Codable bridge
/// writes for a whole `Double` past 2⁵³). Either form matching is a match.
func sameByValue(_ left: Any, _ right: Any) -> Bool {
    if let leftForms = numberForms(left) {
        guard let rightForms = numberForms(right) else { return false }
        return !Set(leftForms).isDisjoint(with: rightForms)
    }
    if let left = InputValue.array(left), !InputValue.isUnsafeToBridge(left) {
        guard let right = InputValue.array(right), left.count == right.count else { return false }
        return zip(left, right).allSatisfy { sameByValue($0, $1) }
    }
    if let left = InputValue.dictionary(left), !InputValue.isUnsafeToBridge(left) {
        guard let right = InputValue.dictionary(right), left.count == right.count else { return false }
        return left.allSatisfy { key, value in right[key].map { sameByValue(value, $0) } ?? false }
    }
    return UntypedValues.equal(left, right)
}

/// The decimal forms a number stands for (see `sameByValue`); `nil` for a value that is not a
/// finite number.
func numberForms(_ value: Any) -> [String]? {
    switch NumericInput.read(value) {
    case .floating(let double)?:
        let exact = Int128(exactly: double).flatMap { canonicalNumber("\($0)") }
        return canonicalNumber("\(double)").map { [$0] + (exact.map { [$0] } ?? []) }
    case .decimal(let decimal)?: return canonicalNumber("\(decimal)").map { [$0] }
    case .signed(let integer)?: return canonicalNumber("\(integer)").map { [$0] }
    case .unsigned(let integer)?: return canonicalNumber("\(integer)").map { [$0] }
    case .wide(let integer)?: return canonicalNumber("\(integer)").map { [$0] }
    default: return nil
    }
}

/// `-1.25e+3`, `-1250.0` and `-1250` all as `-125e1`: sign, digits without leading or trailing
/// zeros, exponent. Digits are counted, never parsed into a number, so no exponent is too large.
/// `nil` for text that is not a finite number (`inf`, `nan`, `NaN`).
func canonicalNumber(_ text: String) -> String? {
    var bytes = Substring(text).utf8[...]
    var negative = false
    if bytes.first == UInt8(ascii: "-") {
        negative = true
        bytes = bytes.dropFirst()
    }
    var digits: [UInt8] = []
    var exponent = 0
    var seenPoint = false
    var seenDigit = false
    while let byte = bytes.first, byte != UInt8(ascii: "e"), byte != UInt8(ascii: "E") {
        bytes = bytes.dropFirst()
        if byte == UInt8(ascii: ".") {
            guard !seenPoint else { return nil }
            seenPoint = true
            continue
        }
        guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
        seenDigit = true
        if seenPoint { exponent -= 1 }
        if digits.isEmpty, byte == UInt8(ascii: "0") { continue }
        digits.append(byte)
    }
    guard seenDigit else { return nil }
    if !bytes.isEmpty {
        guard let written = Int(Substring(bytes.dropFirst())) else { return nil }
        exponent += written
    }
    while digits.last == UInt8(ascii: "0") {
        digits.removeLast()
        exponent += 1
    }
    if digits.isEmpty { return negative ? "-0" : "0" }
    return "\(negative ? "-" : "")\(String(decoding: digits, as: UTF8.self))e\(exponent)"
}

/// The property-list oracle (see the top of the file): from a model the JSON oracle read.
func checkPropertyList(_ zoo: Zoo) {
    guard let first = try? zoo.dictionaryRepresentation(), let encoded = try? PropertyListEncoder().encode(zoo) else { return }
    let decoder = PropertyListDecoder()
    decoder.userInfo[.mappingKitMapper] = Mapper(undefinedKeys: .stash)
    do {
        let second = try decoder.decode(Zoo.self, from: encoded).dictionaryRepresentation()
        if !sameByValue(first, second) {
            fatalError("property list round trip differs:\n\(UntypedValues.describe(first))\n\(UntypedValues.describe(second))")
        }
    } catch {
        fatalError("a model's property list did not decode back: \(error)")
    }
}

/// The import oracle (see the top of the file).
func checkImport(_ bytes: [UInt8]) {
    let limits = MappingLimits(maximumModels: 10_000, maximumValues: 100_000, maximumNesting: 64)
    guard let payload = try? JSONValue.parse(bytes, limits: limits) as? [Any] else { return }
    // References may form cycles: they are broken after each input, so nothing leaks.
    var made: [Node] = []
    defer {
        for node in made {
            node.next = nil
            node.kids = []
        }
    }
    do {
        made = try Node.array(from: payload, in: IdentityMap())
    } catch is MappingError {
        return
    } catch {
        fatalError("not a MappingError: \(error)")
    }
    do {
        let first = try made.map { try $0.dictionaryRepresentation() }
        let nodes = try Node.array(from: first, in: IdentityMap())
        made += nodes
        let again = try nodes.map { try $0.dictionaryRepresentation() }
        if !UntypedValues.equal(first, again) {
            fatalError("import round trip differs:\n\(UntypedValues.describe(first))\n\(UntypedValues.describe(again))")
        }
    } catch {
        fatalError("an import's objects did not import again: \(error)")
    }
}

/// A struct the JSON import reads from the bytes (``ObjectPlan/importsJSONDirectly``), with
/// to-many references to its own type in any order.
struct Link: Mappable, Equatable {
    var id = 0
    var label = ""
    var count: Int?
    var feeders: [Link] = []
    static let mappingConfiguration = MappingConfiguration(for: Link.self) { map in
        map.identity(\.id)
        map.relationship(\.feeders, key: "feeder_ids", unresolved: .null)
    }
}

/// `Link` maps once, so its type is known to map by default and JSON imports read the bytes.
let linkMapsByDefault: Bool = (try? Link(dictionary: ["id": 0])) != nil

/// The JSON-import oracle: importing the bytes gives what importing their native values gives,
/// the same models or the same error.
func checkJSONImport(_ bytes: [UInt8]) {
    let limits = MappingLimits(maximumModels: 10_000, maximumValues: 100_000, maximumNesting: 64)
    guard linkMapsByDefault, let payload = try? JSONValue.parse(bytes, limits: limits) as? [Any] else { return }
    let byJSON = Result { try Link.array(json: bytes, in: IdentityMap(), limits: limits) }
    let byNative = Result { try Link.array(from: payload, in: IdentityMap()) }
    switch (byJSON, byNative) {
    case (.success(let json), .success(let native)):
        if json != native { fatalError("JSON import differs:\n\(json)\n\(native)") }
    case (.failure(let json), .failure(let native)):
        guard json is MappingError, "\(json)" == "\(native)" else { fatalError("JSON import fails otherwise:\n\(json)\n\(native)") }
    default:
        fatalError("JSON import and native import disagree:\n\(byJSON)\n\(byNative)")
    }
}

/// Collects the errors a skipping stream reports.
final class StreamReports: @unchecked Sendable {
    var errors: [JSONStreamError] = []
}

/// The stream's oracle (see the top of the file).
func checkStream(_ bytes: [UInt8]) {
    guard bytes.first(where: { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }) == UInt8(ascii: "[") else { return }
    let limits = MappingLimits(maximumModels: 10_000, maximumValues: 100_000, maximumNesting: 64)
    let pieceSize = Int(bytes.count % 13) + 1
    var offset = 0
    let reports = StreamReports()
    let reader = JSONElementReader<Zoo>(
        format: .array, onError: .skip { reports.errors.append($0) }, undefinedKeys: .stash, limits: limits, initialCapacity: 8
    ) { space in
        let count = min(pieceSize, space.count, bytes.count - offset)
        for index in 0..<count { space[index] = bytes[offset + index] }
        offset += count
        return count
    }
    var streamed: [Zoo] = []
    var thrown: JSONStreamError?
    do {
        while let model = try reader.next() { streamed.append(model) }
    } catch let error as JSONStreamError {
        thrown = error
    } catch {
        fatalError("a stream threw what is not a JSONStreamError: \(error)")
    }
    let streamIssues = (reports.errors + (thrown.map { [$0] } ?? [])).flatMap { $0.error.issues.map(\.description) }
    do {
        let models = try Zoo.array(json: bytes, undefinedKeys: .stash, limits: limits)
        guard thrown == nil, reports.errors.isEmpty, streamed.count == models.count else {
            fatalError("array(json:) mapped \(models.count) models, the stream \(streamed.count), with \(streamIssues)")
        }
        for (model, again) in zip(models, streamed) where (try? model.jsonData(options: .sortedKeys)) != (try? again.jsonData(options: .sortedKeys)) {
            fatalError("a streamed model differs from array(json:)'s")
        }
    } catch let error as MappingError {
        // A syntax error ends both at the same place, with the same message (array(json:) then
        // drops the problems of the elements before it, which the stream has reported, and
        // gives no path to one found while skipping a bad element, where the stream names the
        // element). Without one, both report every problem, in order, at the same paths.
        if let syntax = error.issues.first(where: { $0.location != nil }) {
            let streamed = thrown?.error.issues.first { $0.location != nil }
            guard let thrown, thrown.location == syntax.location, streamed?.expected == syntax.expected, streamed?.found == syntax.found else {
                fatalError("array(json:) said \(syntax), the stream \(streamIssues), ending with \(String(describing: thrown))")
            }
        } else if error.isFatal {
            // A limit ends array(json:), one call; each element of a stream is a call of its
            // own, so the stream reports the same problems first, and may go on.
            guard Array(streamIssues.prefix(error.issues.count)) == error.issues.map(\.description) else {
                fatalError("array(json:) stopped at \(error.issues.map(\.description)), the stream said \(streamIssues)")
            }
        } else {
            // array(json:) stops after the array when an element failed; the stream goes on to
            // the end of the input, and may find it is not the end.
            let trailing = thrown?.error.issues.count == 1 && thrown?.error.issues.first?.expected == "the end of the input after the top-level value"
            guard streamIssues.dropLast(trailing ? 1 : 0) == error.issues.map(\.description)[...], thrown == nil || trailing else {
                fatalError("array(json:) said \(error.issues.map(\.description)), the stream \(streamIssues)")
            }
        }
    } catch {
        fatalError("not a MappingError: \(error)")
    }
}

/// The models target (`Fuzz/Targets.swift`): JSON bytes through the zoo and the imports, or a
/// program's dictionary through the zoo.
func checkModels(_ bytes: [UInt8]) {
    if looksLikeJSON(bytes) {
        checkJSON(bytes)
        checkImport(bytes)
        checkJSONImport(bytes)
        return
    }
    var source = ByteSource(bytes: bytes)
    check(dictionary(from: &source, depth: 0))
    breakCycles()
}

/// The coders target: the Codable bridge, and property lists, on what the zoo maps from JSON.
func checkCoders(_ bytes: [UInt8]) {
    checkCodable(bytes)
    if let zoo = try? Zoo(json: bytes, undefinedKeys: .stash, limits: MappingLimits(maximumModels: 10_000, maximumValues: 100_000, maximumNesting: 64)) {
        checkPropertyList(zoo)
    }
}
