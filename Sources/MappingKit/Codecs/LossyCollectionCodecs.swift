/// Collections that leave out each element that does not convert and keep the rest
/// (``MappingConfiguration/Builder/lossy(_:fileID:line:)``, BetterCodable's `LossyArray`): the
/// strict codec's reading, element by element, with a bad element reported
/// (``MappingReport/Action/leftOut(_:)``) instead of failing the collection. Writing is the
/// strict codec's. Never a default: a plan makes one only where a rule asks.
///
/// What is not an element's own problem still fails: input that is not a collection at all, and
/// the call's limits (``MappingError/isFatal``).
enum LossyElements {
    /// `decode(element)`, or `nil` when it fails and is left out (reported under `component`).
    @inline(__always)
    static func keep<Element>(_ element: Any, at component: PathComponent, in context: MappingContext, _ decode: () throws -> Element) throws -> Element? {
        let report = context.report
        let mark = report?.mark ?? 0
        do {
            guard let report else { return try decode() }
            return try report.within([component]) { try decode() }
        } catch {
            let problem = MappingError.wrapping(error, at: [])
            if problem.isFatal { throw problem }
            // What was reported inside the element went with it.
            report?.takeBack(since: mark, at: [component])
            report?.record(.leftOut(problem.description), at: [component], found: ValueDescription.describe(element))
            return nil
        }
    }
}

/// `[Element]`, leaving out the elements that do not convert.
struct LossyArrayCodec<Element>: ValueCodec {
    let strict: ArrayCodec<Element>

    var traits: CodecTraits { strict.traits }
    var valueShape: ValueShape { strict.valueShape }

    func decode(_ input: Any, in context: MappingContext) throws -> [Element] {
        guard let array = InputValue.array(input) else { return try strict.decode(input, in: context) }
        try context.countValues(array.count)
        var result: [Element] = []
        result.reserveCapacity(array.count)
        for (index, item) in array.enumerated() {
            if let element = try LossyElements.keep(item, at: .index(index), in: context, { try strict.element.decode(item, in: context) }) {
                result.append(element)
            }
        }
        return result
    }

    func encode(_ value: [Element], in context: MappingContext) throws -> Any? {
        try strict.encode(value, in: context)
    }
}

/// `Set<Element>`, leaving out the elements that do not convert.
struct LossySetCodec<Element: Hashable>: ValueCodec {
    let strict: SetCodec<Element>

    var traits: CodecTraits { strict.traits }
    var valueShape: ValueShape { strict.valueShape }

    func decode(_ input: Any, in context: MappingContext) throws -> Set<Element> {
        guard let array = InputValue.array(input) ?? InputValue.setElements(input) else { return try strict.decode(input, in: context) }
        try context.countValues(array.count)
        var result = Set<Element>(minimumCapacity: array.count)
        for (index, item) in array.enumerated() {
            if let element = try LossyElements.keep(item, at: .index(index), in: context, { try strict.element.decode(item, in: context) }) {
                result.insert(element)
            }
        }
        return result
    }

    func encode(_ value: Set<Element>, in context: MappingContext) throws -> Any? {
        try strict.encode(value, in: context)
    }
}

/// `[String: Value]`, leaving out the entries whose values do not convert. An update in place
/// merges as the strict codec does.
struct LossyDictionaryCodec<Value>: ValueCodec {
    let strict: DictionaryCodec<Value>

    var traits: CodecTraits { strict.traits }
    var valueShape: ValueShape { strict.valueShape }

    func decode(_ input: Any, in context: MappingContext) throws -> [String: Value] {
        guard let dictionary = InputValue.dictionary(input) else { return try strict.decode(input, in: context) }
        try context.countValues(dictionary.count)
        var result: [String: Value] = Dictionary(minimumCapacity: dictionary.count)
        // In key order, so that a report lists the entries left out as a sorted dictionary would.
        for key in dictionary.keys.sorted() {
            guard let item = dictionary[key] else { continue }
            if let value = try LossyElements.keep(item, at: .key(key), in: context, { try strict.value.decode(item, in: context) }) {
                result[key] = value
            }
        }
        return result
    }

    func merge(_ input: Any, into current: [String: Value], in context: MappingContext) throws -> [String: Value] {
        try strict.merge(input, into: current, in: context)
    }

    func encode(_ value: [String: Value], in context: MappingContext) throws -> Any? {
        try strict.encode(value, in: context)
    }
}

/// An array or set codec that has a twin reading one value as its only element, or an
/// optional around one.
protocol SingleValueBoxing {
    /// The twin, a `Codec` of the same value type; `nil` for an optional around something that
    /// has none.
    func boxingSingleValues() -> AnyObject?
}

extension ArrayCodec: SingleValueBoxing {
    func boxingSingleValues() -> AnyObject? {
        var twin = self
        twin.boxesSingleValue = true
        return Codec.erasing(twin)
    }
}

extension SetCodec: SingleValueBoxing {
    func boxingSingleValues() -> AnyObject? {
        var twin = self
        twin.boxesSingleValue = true
        return Codec.erasing(twin)
    }
}

extension OptionalCodec: SingleValueBoxing {
    func boxingSingleValues() -> AnyObject? { wrapped.boxingSingleValues.map { OptionalCodec<Element>.box(wrapping: $0) } }
}

/// A collection codec that has a lossy twin, or an optional around one.
protocol LossyCollecting {
    /// The lossy twin, a `Codec` of the same value type; `nil` for an optional around something
    /// that has none.
    func lossy() -> AnyObject?
}

extension ArrayCodec: LossyCollecting {
    func lossy() -> AnyObject? { Codec.erasing(LossyArrayCodec(strict: self)) }
}

extension SetCodec: LossyCollecting {
    func lossy() -> AnyObject? { Codec.erasing(LossySetCodec(strict: self)) }
}

extension DictionaryCodec: LossyCollecting {
    func lossy() -> AnyObject? { Codec.erasing(LossyDictionaryCodec(strict: self)) }
}

extension OptionalCodec: LossyCollecting {
    func lossy() -> AnyObject? { wrapped.lossy.map { OptionalCodec<Element>.box(wrapping: $0) } }
}

extension Codec {
    /// This codec's twin that reads one value as an array's only element (looking through an
    /// optional), or `nil` when it reads no array or set.
    var boxingSingleValues: Codec<Value>? {
        (base as? any SingleValueBoxing)?.boxingSingleValues() as? Codec<Value>
    }

    /// This codec's lossy twin (looking through an optional), or `nil` when it reads no array,
    /// set or dictionary.
    var lossy: Codec<Value>? {
        (base as? any LossyCollecting)?.lossy() as? Codec<Value>
    }
}

// MARK: JSON Schema

// A lossy collection drops the elements it cannot read: any element is accepted. The
// description names the type it keeps (`mappingkit-generate --from-schema` reads it back).

extension LossyArrayCodec {
    func schema(in builder: any SchemaBuilding, context: MappingContext) throws -> [String: Any] {
        ["type": "array", "description": "elements that do not map to \(ValueDescription.typeName(Element.self)) are dropped"]
    }
}

extension LossySetCodec {
    func schema(in builder: any SchemaBuilding, context: MappingContext) throws -> [String: Any] {
        ["type": "array", "description": "elements that do not map to \(ValueDescription.typeName(Element.self)) are dropped"]
    }
}

extension LossyDictionaryCodec {
    func schema(in builder: any SchemaBuilding, context: MappingContext) throws -> [String: Any] {
        ["type": "object", "description": "values that do not map to \(ValueDescription.typeName(Value.self)) are dropped"]
    }
}
