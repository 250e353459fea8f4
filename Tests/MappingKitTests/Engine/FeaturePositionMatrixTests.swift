import Foundation
import MappingKit
import Testing

// The feature × position matrix (issue 57): every rule, at every position a value can take, on
// every input, each cell with its documented expectation, and every model read written back and
// read again equal. A rule added to MappingKit adds a row here (a `MatrixRule` case and its
// expectations), a position a column (a `MatrixPosition` case, its models and its document):
// a cell whose expectation is not written down fails to compile (the switches are exhaustive).
//
// Each position holds the value under test as `someValue`, beside `other`, so that key
// strategies and partial updates show; the document for a position puts the value's JSON where
// that position reads it.

/// A value type the matrix puts at every position.
protocol MatrixLeaf: MatrixCodable, Hashable, Sendable {
    static var zero: Self { get }
}

/// `Codable`, and `Sendable` for the generic models that hold it.
protocol MatrixCodable: Codable {}

extension Int: MatrixLeaf { static var zero: Int { 0 } }

/// A raw-value enum whose unknown raw values read as a case of its own.
enum MatrixStatus: String, MatrixLeaf, UnknownCaseRepresentable {
    case active, unknown
    static var zero: MatrixStatus { .active }
    static var unknownCase: MatrixStatus { .unknown }
}
extension Date: MatrixLeaf { static var zero: Date { Date(timeIntervalSince1970: 0) } }
extension Array: MatrixLeaf, MatrixCodable where Element: MatrixLeaf {
    static var zero: [Element] { [] }
}

// The positions' models.

struct MatrixInner<Leaf: MatrixLeaf>: MappableCodable, Hashable {
    var someValue = Leaf.zero
    var other = 0
}

enum MatrixExternal<Leaf: MatrixLeaf>: TaggedEnum, Hashable {
    case c(someValue: Leaf, other: Int)
    case u
}

enum MatrixInternal<Leaf: MatrixLeaf>: TaggedEnum, Hashable {
    case c(someValue: Leaf, other: Int)
    case u
    static var tagging: EnumTagging { .internallyTagged(tag: "t") }
}

enum MatrixAdjacent<Leaf: MatrixLeaf>: TaggedEnum, Hashable {
    case c(someValue: Leaf, other: Int)
    case u
    static var tagging: EnumTagging { .adjacentlyTagged(tag: "t", content: "c") }
}

enum MatrixUntagged<Leaf: MatrixLeaf>: TaggedEnum, Hashable {
    case c(someValue: Leaf, other: Int)
    case u
    static var tagging: EnumTagging { .untagged }
}

enum MatrixFallback<Leaf: MatrixLeaf>: TaggedEnum, Hashable {
    case c(someValue: Leaf, other: Int)
    case unknown(String, UnmappedValues)
    static var tagging: EnumTagging { EnumTagging.internallyTagged(tag: "t").unknownTags(as: "unknown") }

    static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case let (.c(left, leftOther), .c(right, rightOther)): left == right && leftOther == rightOther
        case let (.unknown(left, leftKept), .unknown(right, rightKept)): left == right && leftKept == rightKept
        default: false
        }
    }

    func hash(into hasher: inout Hasher) {
        if case .c(let value, let other) = self { hasher.combine(value); hasher.combine(other) }
    }
}

struct AtProperty<Leaf: MatrixLeaf>: MappableCodable, Equatable { var someValue = Leaf.zero; var other = 0 }
struct AtOptional<Leaf: MatrixLeaf>: MappableCodable, Equatable { var someValue: Leaf?; var other = 0 }
struct AtArray<Leaf: MatrixLeaf>: MappableCodable, Equatable { var someValue: [Leaf] = []; var other = 0 }
struct AtSet<Leaf: MatrixLeaf>: MappableCodable, Equatable { var someValue: Set<Leaf> = []; var other = 0 }
struct AtDictionary<Leaf: MatrixLeaf>: MappableCodable, Equatable { var someValue: [String: Leaf] = [:]; var other = 0 }
struct AtNested<Leaf: MatrixLeaf>: MappableCodable, Equatable { var someValue = MatrixInner<Leaf>(); var other = 0 }
struct AtFlattened<Leaf: MatrixLeaf>: MappableCodable, Equatable {
    var inner = MatrixInner<Leaf>()
    var top = 0
    static var mappingConfiguration: MappingConfiguration { MappingConfiguration(for: AtFlattened.self) { $0.flatten(\.inner) } }
}
struct AtExternal<Leaf: MatrixLeaf>: MappableCodable, Equatable { var someValue = MatrixExternal<Leaf>.u; var other = 0 }
struct AtInternal<Leaf: MatrixLeaf>: MappableCodable, Equatable { var someValue = MatrixInternal<Leaf>.u; var other = 0 }
struct AtAdjacent<Leaf: MatrixLeaf>: MappableCodable, Equatable { var someValue = MatrixAdjacent<Leaf>.u; var other = 0 }
struct AtUntagged<Leaf: MatrixLeaf>: MappableCodable, Equatable { var someValue = MatrixUntagged<Leaf>.u; var other = 0 }
struct AtFallback<Leaf: MatrixLeaf>: MappableCodable, Equatable { var someValue = MatrixFallback<Leaf>.c(someValue: .zero, other: 0); var other = 0 }

/// Where a value can sit.
enum MatrixPosition: String, CaseIterable, Sendable {
    case property, optional, array, set, dictionary, nested, flattened, external, `internal`, adjacent, untagged, fallback
}

/// The rules, as configurations and policies reach them.
enum MatrixRule: String, CaseIterable, Sendable {
    case strict, lossless, lenient, valueStrategy, missingKeys, undefinedKeys, lossy, defaultWhenNull, defaultWhenInvalid, adapter, keyStrategy, boxing, patch
    case unknownCase, treeDefaultsWhenInvalid, treeDefaultsWhenNull
}

/// How a document reaches the models.
enum MatrixInput: String, CaseIterable, Sendable {
    case dictionary, json, codable
}

/// What a cell expects.
enum MatrixExpectation<Leaf: MatrixLeaf> {
    /// The model holds this value at the position (`nil`: none there, an optional's `nil` or a
    /// collection left empty).
    case value(Leaf?)
    /// The mapping fails with this message (the `MappingError`'s description; a `DecodingError`'s
    /// underlying error for `MappableCodable`).
    case error(String)
    /// The rule has no way to name a value at this position: why, as the docs say it.
    case notApplicable(String)
}

/// One position's models and documents for one leaf type.
struct MatrixColumn<Leaf: MatrixLeaf> {
    let position: MatrixPosition
    /// The key the position's property has (under a key strategy, converted).
    let key: String

    /// The document that puts `leaf` (a JSON value; `nil`: absent) at the position, with `extra`
    /// beside the value in the innermost object that holds it, and `other` (`nil`: absent) beside
    /// it there and in the outer object.
    func document(_ leaf: Any?, extra: [String: Any] = [:], other: Int? = 0) -> [String: Any] {
        func inner(_ name: String) -> [String: Any] {
            var object = extra
            if let leaf { object[name] = leaf }
            if let other { object["other"] = other }
            return object
        }
        var outer: [String: Any] = [:]
        if let other { outer["other"] = other }
        switch position {
        case .property, .optional: return inner(key)
        case .flattened:
            var object = inner(key)
            object["top"] = 0
            return object
        case .array, .set:
            outer.merge(extra) { $1 }
            if let leaf { outer[key] = [leaf] }
        case .dictionary:
            outer.merge(extra) { $1 }
            if let leaf { outer[key] = ["a": leaf] }
        case .nested: outer[key] = inner(key)
        case .external: outer[key] = ["c": inner("someValue")]
        case .internal: outer[key] = inner("someValue").merging(["t": "c"]) { $1 }
        case .adjacent: outer[key] = ["t": "c", "c": inner("someValue")]
        case .untagged: outer[key] = inner("someValue")
        case .fallback: outer[key] = inner("someValue").merging(["t": "zzz"]) { $1 }
        }
        return outer
    }

    /// Untagged, what no case takes is one error that lists each case's problem: case `c`'s,
    /// at `path` inside its payload, and case `u`'s, which takes only null; `found` is the object.
    func untaggedError(_ path: String, _ problem: String, found: String) -> String {
        "\(key): expected MatrixUntagged<\(Leaf.self)>, one of its untagged cases (case c: \(path): \(problem); "
            + "case u: expected null (the payload of MatrixUntagged<\(Leaf.self)>.u), found \(found)), found \(found)"
    }

    /// The path of the value in messages.
    var path: String {
        switch position {
        case .property, .optional, .flattened: key
        case .array, .set: "\(key)[0]"
        case .dictionary: "\(key).a"
        case .nested: "\(key).\(key)"
        case .external: "\(key).c.someValue"
        case .internal: "\(key).someValue"
        case .adjacent: "\(key).c.someValue"
        case .untagged, .fallback: "\(key).someValue"
        }
    }

    /// The path of the object that holds the value, with `component` after it.
    func objectPath(_ component: String) -> String {
        switch position {
        case .property, .optional, .flattened, .array, .set, .dictionary: component
        case .nested, .internal, .untagged, .fallback: "\(key).\(component)"
        case .external, .adjacent: "\(key).c.\(component)"
        }
    }
}

/// Runs one position's model type through a rule's mapper on every input.
struct MatrixRunner<Model: MappableCodable & Equatable, Leaf: MatrixLeaf> {
    let leaf: (Model) -> Leaf?
    let otherValue: (Model) -> Int

    /// A model read, or the error's description.
    enum Outcome {
        case success(Model)
        case failure(String)
    }

    /// The model from `document` through `input`, or the error's description.
    func read(_ document: [String: Any], _ input: MatrixInput, mapper: Mapper) -> Outcome {
        do {
            switch input {
            case .dictionary:
                return .success(try mapper.map(jsonDictionary(String(decoding: JSONSerialization.data(withJSONObject: document), as: UTF8.self)), to: Model.self))
            case .json:
                return .success(try mapper.map(json: JSONSerialization.data(withJSONObject: document), to: Model.self))
            case .codable:
                let decoder = JSONDecoder()
                decoder.userInfo[.mappingKitMapper] = mapper
                return .success(try decoder.decode(Model.self, from: JSONSerialization.data(withJSONObject: document)))
            }
        } catch let error as DecodingError {
            switch error {
            case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context), .valueNotFound(_, let context):
                return .failure((context.underlyingError as? MappingError)?.description ?? "\(error)")
            @unknown default:
                return .failure("\(error)")
            }
        } catch {
            return .failure("\(error)")
        }
    }

    /// `model` written through `input` and read back the same way.
    func roundTrip(_ model: Model, _ input: MatrixInput, mapper: Mapper) throws -> Model {
        switch input {
        case .dictionary:
            return try mapper.map(mapper.dictionaryRepresentation(of: model), to: Model.self)
        case .json:
            return try mapper.map(json: mapper.jsonData(of: model), to: Model.self)
        case .codable:
            let encoder = JSONEncoder()
            encoder.userInfo[.mappingKitMapper] = mapper
            let decoder = JSONDecoder()
            decoder.userInfo[.mappingKitMapper] = mapper
            return try decoder.decode(Model.self, from: encoder.encode(model))
        }
    }
}

@Suite("Feature × position matrix: every rule at every position, on every input, and back")
struct FeaturePositionMatrixTests {
    /// The positions' runners for `Leaf`.
    static func runner<Leaf: MatrixLeaf>(
        _ position: MatrixPosition, _: Leaf.Type,
        _ body: (any MatrixRunnerBox) throws -> Void
    ) rethrows {
        switch position {
        case .property:
            try body(MatrixBox(MatrixRunner<AtProperty<Leaf>, Leaf>(leaf: { $0.someValue }, otherValue: { $0.other })))
        case .optional:
            try body(MatrixBox(MatrixRunner<AtOptional<Leaf>, Leaf>(leaf: { $0.someValue }, otherValue: { $0.other })))
        case .array:
            try body(MatrixBox(MatrixRunner<AtArray<Leaf>, Leaf>(leaf: { $0.someValue.first }, otherValue: { $0.other })))
        case .set:
            try body(MatrixBox(MatrixRunner<AtSet<Leaf>, Leaf>(leaf: { $0.someValue.first }, otherValue: { $0.other })))
        case .dictionary:
            try body(MatrixBox(MatrixRunner<AtDictionary<Leaf>, Leaf>(leaf: { $0.someValue["a"] }, otherValue: { $0.other })))
        case .nested:
            try body(MatrixBox(MatrixRunner<AtNested<Leaf>, Leaf>(leaf: { $0.someValue.someValue }, otherValue: { $0.someValue.other })))
        case .flattened:
            try body(MatrixBox(MatrixRunner<AtFlattened<Leaf>, Leaf>(leaf: { $0.inner.someValue }, otherValue: { $0.inner.other })))
        case .external:
            try body(MatrixBox(MatrixRunner<AtExternal<Leaf>, Leaf>(leaf: {
                if case .c(let value, _) = $0.someValue { value } else { nil }
            }, otherValue: { if case .c(_, let other) = $0.someValue { other } else { -1 } })))
        case .internal:
            try body(MatrixBox(MatrixRunner<AtInternal<Leaf>, Leaf>(leaf: {
                if case .c(let value, _) = $0.someValue { value } else { nil }
            }, otherValue: { if case .c(_, let other) = $0.someValue { other } else { -1 } })))
        case .adjacent:
            try body(MatrixBox(MatrixRunner<AtAdjacent<Leaf>, Leaf>(leaf: {
                if case .c(let value, _) = $0.someValue { value } else { nil }
            }, otherValue: { if case .c(_, let other) = $0.someValue { other } else { -1 } })))
        case .untagged:
            try body(MatrixBox(MatrixRunner<AtUntagged<Leaf>, Leaf>(leaf: {
                if case .c(let value, _) = $0.someValue { value } else { nil }
            }, otherValue: { if case .c(_, let other) = $0.someValue { other } else { -1 } })))
        case .fallback:
            try body(MatrixBox(MatrixRunner<AtFallback<Leaf>, Leaf>(leaf: {
                if case .c(let value, _) = $0.someValue { value } else { nil }
            }, otherValue: { if case .c(_, let other) = $0.someValue { other } else { -1 } })))
        }
    }

    /// One rule's mapper for a position's model type, its document's leaf and the expectation.
    struct Cell<Leaf: MatrixLeaf> {
        var mapper = Mapper()
        /// Configurations to register on the mapper, for the position's model types.
        var register: (Mapper, any Mappable.Type) -> Void = { _, _ in }
        let leaf: Any?
        var extra: [String: Any] = [:]
        let expectation: MatrixExpectation<Leaf>
    }

    /// The cell of `rule` at `position`, for the rule's leaf type.
    static func intCell(_ rule: MatrixRule, _ position: MatrixPosition, key: String = "someValue") -> Cell<Int>? {
        let column = MatrixColumn<Int>(position: position, key: key)
        let payload = [MatrixPosition.external, .internal, .adjacent, .untagged].contains(position)
        switch rule {
        case .strict:
            if position == .fallback { return Cell(mapper: Mapper(coercion: .strict), leaf: "1", expectation: .value(nil)) }
            if position == .untagged {
                return Cell(mapper: Mapper(coercion: .strict), leaf: "1", expectation: .error(column.untaggedError("someValue", #"expected Int, found String "1""#, found: "Dictionary of 2 keys")))
            }
            return Cell(mapper: Mapper(coercion: .strict), leaf: "1", expectation: .error(#"\#(column.path): expected Int, found String "1""#))
        case .lossless:
            return Cell(leaf: "1", expectation: .value(position == .fallback ? nil : 1))
        case .lenient:
            return Cell(mapper: Mapper(coercion: .lenient), leaf: 2.5, expectation: .value(position == .fallback ? nil : 2))
        case .missingKeys:
            let mapper = Mapper(missingKeys: .raise)
            switch position {
            case .optional: return Cell(mapper: mapper, leaf: nil, expectation: .value(nil))
            case .fallback: return Cell(mapper: mapper, leaf: nil, expectation: .value(nil))
            case .array, .set, .dictionary:
                // The collection's own key is what is absent.
                return Cell(mapper: mapper, leaf: nil, expectation: .error("\(key): required, missing"))
            case .property, .nested, .flattened, .external, .internal, .adjacent:
                return Cell(mapper: mapper, leaf: nil, expectation: .error("\(column.path): required, missing"))
            case .untagged:
                return Cell(mapper: mapper, leaf: nil, expectation: .error(column.untaggedError("someValue", "required, missing", found: "Dictionary of 1 key")))
            }
        case .undefinedKeys:
            let mapper = Mapper(undefinedKeys: .raise)
            let owner = switch position {
            case .property: "AtProperty<Int>"
            case .optional: "AtOptional<Int>"
            case .array: "AtArray<Int>"
            case .set: "AtSet<Int>"
            case .dictionary: "AtDictionary<Int>"
            case .nested: "MatrixInner<Int>"
            case .flattened: "AtFlattened<Int>"
            case .external: "MatrixExternal<Int>.c"
            case .internal: "MatrixInternal<Int>.c"
            case .adjacent: "MatrixAdjacent<Int>.c"
            case .untagged, .fallback: ""
            }
            if position == .fallback { return Cell(mapper: mapper, leaf: 1, extra: ["zz": 1], expectation: .value(nil)) }
            if position == .untagged {
                let problem = column.untaggedError("zz", "expected a key MatrixUntagged<Int>.c maps, found Int 1", found: "Dictionary of 3 keys")
                return Cell(mapper: mapper, leaf: 1, extra: ["zz": 1], expectation: .error(problem))
            }
            return Cell(mapper: mapper, leaf: 1, extra: ["zz": 1], expectation: .error("\(column.objectPath("zz")): expected a key \(owner) maps, found Int 1"))
        case .defaultWhenNull:
            guard !payload, position != .fallback else {
                return Cell(leaf: nil, expectation: .notApplicable("a payload value has no configuration of its own: no rule names it"))
            }
            let cell = Cell<Int>(register: { mapper, type in
                if type == AtProperty<Int>.self {
                    mapper.register(MappingConfiguration(for: AtProperty<Int>.self) { $0.defaultValue(\.someValue, whenNull: 9) }, for: AtProperty<Int>.self)
                } else if type == AtOptional<Int>.self {
                    mapper.register(MappingConfiguration(for: AtOptional<Int>.self) { $0.defaultValue(\.someValue, whenNull: 9) }, for: AtOptional<Int>.self)
                } else if type == AtNested<Int>.self || type == AtFlattened<Int>.self {
                    mapper.register(MappingConfiguration(for: MatrixInner<Int>.self) { $0.defaultValue(\.someValue, whenNull: 9) }, for: MatrixInner<Int>.self)
                }
            }, leaf: NSNull(), expectation: position == .array || position == .set || position == .dictionary
                ? .error("\(column.path): expected Int, found null")
                : .value(9))
            return cell
        case .defaultWhenInvalid:
            guard !payload, position != .fallback else {
                return Cell(leaf: nil, expectation: .notApplicable("a payload value has no configuration of its own: no rule names it"))
            }
            // The property's own value, whatever it is (a collection as a whole), takes the default.
            return Cell<Int>(register: { mapper, type in
                if type == AtProperty<Int>.self {
                    mapper.register(MappingConfiguration(for: AtProperty<Int>.self) { $0.defaultValue(\.someValue, whenInvalid: 9) }, for: AtProperty<Int>.self)
                } else if type == AtOptional<Int>.self {
                    mapper.register(MappingConfiguration(for: AtOptional<Int>.self) { $0.defaultValue(\.someValue, whenInvalid: 9) }, for: AtOptional<Int>.self)
                } else if type == AtArray<Int>.self {
                    mapper.register(MappingConfiguration(for: AtArray<Int>.self) { $0.defaultValue(\.someValue, whenInvalid: [9]) }, for: AtArray<Int>.self)
                } else if type == AtSet<Int>.self {
                    mapper.register(MappingConfiguration(for: AtSet<Int>.self) { $0.defaultValue(\.someValue, whenInvalid: [9]) }, for: AtSet<Int>.self)
                } else if type == AtDictionary<Int>.self {
                    mapper.register(MappingConfiguration(for: AtDictionary<Int>.self) { $0.defaultValue(\.someValue, whenInvalid: ["a": 9]) }, for: AtDictionary<Int>.self)
                } else if type == AtNested<Int>.self || type == AtFlattened<Int>.self {
                    mapper.register(MappingConfiguration(for: MatrixInner<Int>.self) { $0.defaultValue(\.someValue, whenInvalid: 9) }, for: MatrixInner<Int>.self)
                }
            }, leaf: "not a number", expectation: .value(9))
        case .keyStrategy:
            // A model's key strategy renames its properties, and reaches nested and flattened
            // models; a tagged enum's labels are its own (`renamingLabels`), never the model's.
            return Cell(mapper: Mapper(keyStrategy: .snakeCase), leaf: 4, expectation: .value(position == .fallback ? nil : 4))
        case .patch:
            return Cell(leaf: 5, expectation: .value(position == .fallback ? nil : 5))
        case .valueStrategy, .adapter, .lossy, .boxing, .unknownCase, .treeDefaultsWhenInvalid, .treeDefaultsWhenNull:
            return nil
        }
    }

    @Test("every rule on Int values, at every position, on every input, and back", arguments: MatrixPosition.allCases)
    func intRules(position: MatrixPosition) throws {
        for rule in MatrixRule.allCases {
            // Under a key strategy the model's properties are renamed, nested and flattened
            // models' too; a tagged enum's labels are its own (`renamingLabels`).
            let key = rule == .keyStrategy ? "some_value" : "someValue"
            guard let cell = Self.intCell(rule, position, key: key) else { continue }
            let document = MatrixColumn<Int>(position: position, key: key).document(cell.leaf, extra: cell.extra)
            try Self.runner(position, Int.self) { box in
                cell.register(cell.mapper, box.modelType)
                try box.check(rule: rule, position: position, document: document, expectation: cell.expectation, mapper: cell.mapper, key: key)
            }
        }
    }

    @Test("adapters by value type (value strategies) reach every position; a property's own adapter only its property", arguments: MatrixPosition.allCases)
    func dateRules(position: MatrixPosition) throws {
        let column = MatrixColumn<Date>(position: position, key: "someValue")
        let strategy = Mapper(valueStrategies: [.convert(Date.self, using: .unixSeconds)])
        try Self.runner(position, Date.self) { box in
            try box.check(rule: .valueStrategy, position: position, document: column.document(1_000),
                          expectation: MatrixExpectation<Date>.value(position == .fallback ? nil : Date(timeIntervalSince1970: 1_000)), mapper: strategy,
                          key: "someValue")
            let own = Mapper()
            let payload = [MatrixPosition.external, .internal, .adjacent, .untagged, .fallback].contains(position)
            if box.modelType == AtProperty<Date>.self {
                own.register(MappingConfiguration(for: AtProperty<Date>.self) { $0.map(\.someValue, using: .unixSeconds) }, for: AtProperty<Date>.self)
            } else if box.modelType == AtOptional<Date>.self {
                own.register(MappingConfiguration(for: AtOptional<Date>.self) { $0.map(\.someValue, using: .unixSeconds) }, for: AtOptional<Date>.self)
            } else if box.modelType == AtArray<Date>.self {
                own.register(MappingConfiguration(for: AtArray<Date>.self) { $0.map(\.someValue, using: .unixSeconds) }, for: AtArray<Date>.self)
            } else if box.modelType == AtSet<Date>.self {
                own.register(MappingConfiguration(for: AtSet<Date>.self) { $0.map(\.someValue, using: .unixSeconds) }, for: AtSet<Date>.self)
            } else if box.modelType == AtDictionary<Date>.self {
                own.register(MappingConfiguration(for: AtDictionary<Date>.self) { $0.map(\.someValue, using: .unixSeconds) }, for: AtDictionary<Date>.self)
            } else if !payload {
                own.register(MappingConfiguration(for: MatrixInner<Date>.self) { $0.map(\.someValue, using: .unixSeconds) }, for: MatrixInner<Date>.self)
            }
            let expectation: MatrixExpectation<Date> = payload
                ? .notApplicable("a payload value has no configuration of its own: adapters by value type reach it")
                : .value(Date(timeIntervalSince1970: 1_000))
            try box.check(rule: .adapter, position: position, document: column.document(1_000), expectation: expectation, mapper: own, key: "someValue")
        }
    }

    @Test("an enum's unknown case takes an unknown raw value at every position, on every input, and writes back", arguments: MatrixPosition.allCases)
    func unknownCases(position: MatrixPosition) throws {
        let column = MatrixColumn<MatrixStatus>(position: position, key: "someValue")
        try Self.runner(position, MatrixStatus.self) { box in
            // The fallback reads no payload: its object is kept as it is.
            let expectation = MatrixExpectation<MatrixStatus>.value(position == .fallback ? nil : .unknown)
            try box.check(rule: .unknownCase, position: position, document: column.document("archived"), expectation: expectation, mapper: Mapper(), key: "someValue")
        }
    }

    @Test("a tree's defaults for invalid values: the property that holds the value keeps its declared one, at every position, on every input", arguments: MatrixPosition.allCases)
    func treeInvalidDefaults(position: MatrixPosition) throws {
        let column = MatrixColumn<Int>(position: position, key: "someValue")
        try Self.runner(position, Int.self) { box in
            let mapper = Mapper()
            box.registerTree(on: mapper) { $0.defaultsWhenInvalid = true }
            // A model's own field keeps its declared value (a nested or flattened model's too,
            // which the tree's policy reaches); a collection or an enum whose value fails is
            // the outer property's invalid value, which keeps its declared one (empty, `.u`).
            let expectation: MatrixExpectation<Int> = switch position {
            case .property, .nested, .flattened: .value(0)
            case .optional, .array, .set, .dictionary, .external, .internal, .adjacent, .untagged, .fallback: .value(nil)
            }
            try box.check(rule: .treeDefaultsWhenInvalid, position: position, document: column.document("not a number"), expectation: expectation, mapper: mapper, key: "someValue")
        }
    }

    @Test("a tree's defaults for null: a property that is not optional keeps its declared value, at every position, on every input; a null inside a value stays an error", arguments: MatrixPosition.allCases)
    func treeNullDefaults(position: MatrixPosition) throws {
        let column = MatrixColumn<Int>(position: position, key: "someValue")
        try Self.runner(position, Int.self) { box in
            let mapper = Mapper()
            box.registerTree(on: mapper) { $0.defaultsWhenNull = true }
            // A model's own field keeps its declared value (a nested or flattened model's too,
            // which the tree's policy reaches); an optional reads null as nil; an element or a
            // payload value has no declared value of its own, and the fallback reads no payload.
            let expectation: MatrixExpectation<Int> = switch position {
            case .property, .nested, .flattened: .value(0)
            case .optional, .fallback: .value(nil)
            case .array, .set, .dictionary, .external, .internal, .adjacent: .error("\(column.path): expected Int, found null")
            case .untagged: .error(column.untaggedError("someValue", "expected Int, found null", found: "Dictionary of 2 keys"))
            }
            try box.check(rule: .treeDefaultsWhenNull, position: position, document: column.document(NSNull()), expectation: expectation, mapper: mapper, key: "someValue")
        }
    }

    @Test("lossy collections and single values as arrays reach every position's own collection, never one nested in it", arguments: MatrixPosition.allCases)
    func collectionRules(position: MatrixPosition) throws {
        let column = MatrixColumn<[Int]>(position: position, key: "someValue")
        let hint = "Array (one value is read as a one-element array only under singleValuesAsArrays or singleValueAsArray(_:))"
        let ownCollection = [MatrixPosition.property, .optional, .nested, .flattened, .external, .internal, .adjacent, .untagged].contains(position)
        try Self.runner(position, [Int].self) { box in
            let lossy = Mapper()
            let boxing = Mapper()
            // The tree's policies, on the outer model: they reach nested models and payloads.
            box.registerTree(on: lossy) { $0.lossyCollections = true }
            box.registerTree(on: boxing) { $0.singleValuesAsArrays = true }
            let lossyExpectation: MatrixExpectation<[Int]> = switch position {
            case .fallback: .value(nil)
            case .array, .set, .dictionary: .value(nil)
            default: .value([1])
            }
            try box.check(rule: .lossy, position: position, document: column.document([1, "x"]), expectation: lossyExpectation, mapper: lossy, key: "someValue")
            let boxingExpectation: MatrixExpectation<[Int]> = switch position {
            case .fallback: .value(nil)
            case .array, .set, .dictionary: .error("\(column.path): expected \(hint), found Int 5")
            default: ownCollection ? .value([5]) : .value(nil)
            }
            try box.check(rule: .boxing, position: position, document: column.document(5), expectation: boxingExpectation, mapper: boxing, key: "someValue")
        }
    }

    @Test("a partial update merges into nested models, flattened models and payloads of the same case, and replaces collections", arguments: MatrixPosition.allCases)
    func partialUpdates(position: MatrixPosition) throws {
        let column = MatrixColumn<Int>(position: position, key: "someValue")
        try Self.runner(position, Int.self) { box in
            try box.checkPatch(position: position, start: column.document(1, other: 7), patch: column.document(5, other: nil))
        }
    }
}

/// A runner with its model type erased, so the positions can be listed in one switch.
protocol MatrixRunnerBox {
    var modelType: any Mappable.Type { get }
    /// Reads `document` on every input under `mapper`, compares with `expectation`, and writes
    /// every model read back through the same input, reading it again equal.
    func check<Expected: MatrixLeaf>(
        rule: MatrixRule, position: MatrixPosition, document: [String: Any], expectation: MatrixExpectation<Expected>, mapper: Mapper, key: String
    ) throws
    /// Reads `start`, updates it with `patch` from a dictionary and from JSON, and checks the
    /// value and its sibling `other`.
    func checkPatch(position: MatrixPosition, start: [String: Any], patch: [String: Any]) throws
    /// Registers the outer model's own configuration changed by `configure` on `mapper`.
    func registerTree(on mapper: Mapper, _ configure: (inout MappingConfiguration) -> Void)
}

struct MatrixBox<Model: MappableCodable & Equatable, Leaf: MatrixLeaf>: MatrixRunnerBox {
    let runner: MatrixRunner<Model, Leaf>

    init(_ runner: MatrixRunner<Model, Leaf>) {
        self.runner = runner
    }

    var modelType: any Mappable.Type { Model.self }

    func registerTree(on mapper: Mapper, _ configure: (inout MappingConfiguration) -> Void) {
        var configuration = Model.mappingConfiguration
        configure(&configuration)
        mapper.register(configuration, for: Model.self)
    }

    func check<Expected: MatrixLeaf>(
        rule: MatrixRule, position: MatrixPosition, document: [String: Any], expectation: MatrixExpectation<Expected>, mapper: Mapper, key: String
    ) throws {
        if case .notApplicable = expectation { return }
        for input in MatrixInput.allCases {
            let cell = "\(rule) at \(position) from \(input)"
            switch (runner.read(document, input, mapper: mapper), expectation) {
            case (.success(let model), .value(let expected)):
                #expect(runner.leaf(model) as? Expected == expected, "\(cell): \(model)")
                let back = try runner.roundTrip(model, input, mapper: mapper)
                #expect(back == model, "\(cell), written back: \(back)")
                if position == .fallback {
                    // The fallback keeps what it read, and writes it back exactly.
                    let written = try mapper.dictionaryRepresentation(of: model)
                    #expect(Plain(written[key] as Any) == Plain(document[key] as Any), "\(cell): \(written)")
                }
            case (.failure(let message), .error(let expected)):
                #expect(message == expected, "\(cell)")
            case (.success(let model), .error(let expected)):
                Issue.record("\(cell): expected the error \(expected), read \(model)")
            case (.failure(let message), .value(let expected)):
                Issue.record("\(cell): expected \(String(describing: expected)), got the error \(message)")
            case (_, .notApplicable):
                break
            }
        }
    }

    func checkPatch(position: MatrixPosition, start: [String: Any], patch: [String: Any]) throws {
        let mapper = Mapper()
        let model = try mapper.map(start, to: Model.self)
        var fromDictionary = model
        try mapper.update(&fromDictionary, from: patch)
        var fromJSON = model
        try mapper.update(&fromJSON, fromJSON: JSONSerialization.data(withJSONObject: patch))
        #expect(fromDictionary == fromJSON, "patch at \(position)")
        guard position != .fallback else {
            // The fallback's kept object merges the patch (RFC 7396), written back as merged.
            let written = try mapper.dictionaryRepresentation(of: fromDictionary)
            let merged = (start["someValue"] as? [String: Any] ?? [:]).merging(patch["someValue"] as? [String: Any] ?? [:]) { $1 }
            #expect(Plain(written["someValue"] as Any) == Plain(merged), "patch at fallback")
            return
        }
        #expect(runner.leaf(fromDictionary) as? Int == 5, "patch at \(position): \(fromDictionary)")
        #expect(runner.otherValue(fromDictionary) == 7, "patch at \(position) keeps its sibling: \(fromDictionary)")
    }
}
