// libFuzzer target for MappingKit, compiled with the library's sources by Fuzz/run.sh
// (`swiftc -sanitize=fuzzer,address`). An input that starts like JSON is JSON bytes: it is
// parsed untyped and read into the model zoo, and the oracle checks:
// - every failure is a `MappingError`, and a failed `update(fromJSON:)` changes nothing;
// - an untyped value written and parsed again is the same value;
// - under `.stash`, a model's JSON read back writes the same JSON value again;
// - through the Codable bridge (`JSONDecoder`), every failure is a `DecodingError`, and a model
//   written with `JSONEncoder` and read again has the same representation.
// Any other input is read as a little program that builds a dictionary; the dictionary is
// mapped into the zoo, and the oracle checks:
// - every failure is a `MappingError`, and a failed update leaves the model as it was;
// - under `.stash`, what is mapped writes back a representation that maps to itself exactly.
// The zoo holds a property wrapper, an `@Observable` class set through its setters, and an
// optional that reads empty text as nil, so every path runs through them too.
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

struct Zoo: Mappable {
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
            "anything", "raw", "id", "label", "next", "", "a.b", "x", "bounded", "watched", "count", "homepage", "_bounded"]

let strings = ["", "https://a.example/x", "small", "large", "dog", "cat", "1", "-7", "2.5", "1e400", "nan", "18446744073709551615",
               "2024-02-29T12:00:00Z", "9999-12-31T23:59:60Z", "19.99", "true", "🙂", "a\u{0}b"]

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
        try zoo.update(from: input, configuration: {
            var configuration = Zoo.mappingConfiguration
            configuration.context.undefinedKeys = .stash
            configuration.context.limits = limits
            return configuration
        }())
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

/// The Codable bridge's oracle (see the top of the file).
func checkCodable(_ bytes: [UInt8]) {
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

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    if let first = bytes.first, Array(#"{["-0123456789tfn "#.utf8).contains(first) || first == 0x0A {
        checkJSON(bytes)
        checkCodable(bytes)
        return 0
    }
    var source = ByteSource(bytes: bytes)
    check(dictionary(from: &source, depth: 0))
    for container in cycles {
        (container as? NSMutableDictionary)?.removeAllObjects()
        (container as? NSMutableArray)?.removeAllObjects()
    }
    cycles.removeAll()
    return 0
}
