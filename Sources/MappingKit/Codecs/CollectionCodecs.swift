import Foundation

/// `[Element]` from an array; every element is converted, and every bad element is reported.
struct ArrayCodec<Element>: ValueCodec {
    let element: Codec<Element>
    /// The same codec, for the calls on a whole array in place (the raw-memory calls of ``ValueCodec``).
    let elementSlots: any ValueCodec
    let mode: CoercionMode
    /// One value that is no array is read as the only element
    /// (``MappingConfiguration/Builder/singleValueAsArray(_:fileID:line:)``).
    var boxesSingleValue = false
    /// `[Element].self`, looked up once: generic code would ask the runtime on every call.
    private let arrayType = ObjectIdentifier([Element].self)
    /// Its elements'. Read here as `traits.contains(_:)`, never through ``ValueCodec``'s
    /// `decodesUnchanged`: a protocol extension's member, called on a generic type's value,
    /// has the runtime look the conformance up on every call (`swift_getWitnessTable`).
    let traits: CodecTraits

    init(element: Codec<Element>, mode: CoercionMode = .lossless) {
        self.element = element
        elementSlots = element.slots
        self.mode = mode
        traits = element.traits.intersection([.encodesUnchanged, .decodesUnchanged])
    }

    func decode(_ input: Any, in context: MappingContext) throws -> [Element] {
        // An array already of the property's type is taken whole only when its element codec
        // would give every element back unchanged (never past an adapter).
        if traits.contains(.decodesUnchanged), ObjectIdentifier(type(of: input)) == arrayType, let same = Self.same(input) {
            return same
        }
        guard let array = InputValue.array(input) else {
            // A set has no order an array could keep: taken under `.lenient` only, and reported.
            if mode == .lenient, let elements = InputValue.setElements(input) {
                context.reportCoercion(of: input, to: "Array (a set's elements, in no particular order)")
                return try element.decodeElements(of: elements, in: context)
            }
            return try CollectionCoding.single(input, with: element, boxing: boxesSingleValue, in: context) {
                try mismatch(input, expected: $0, in: context)
            } boxed: { [$0] }
        }
        return try element.decodeElements(of: array, in: context)
    }

    /// Kept apart so that `decode` holds no `[Element]?` (a metadata lookup per call).
    @inline(never)
    private static func same(_ input: Any) -> [Element]? {
        input as? [Element]
    }

    func encode(_ value: [Element], in context: MappingContext) throws -> Any? {
        if traits.contains(.encodesUnchanged) { return value }
        return try element.encodeElements(of: value, in: context)
    }

    // The slot calls: the common case, an `[Any]`, in the element codec's own code.

    func decode(_ input: Any, into slot: UnsafeMutableRawPointer, in context: MappingContext) throws {
        guard let array = ExistentialPayload.value([Any].self, in: input) else {
            slot.initializeMemory(as: [Element].self, to: try decode(input, in: context))
            return
        }
        try elementSlots.decodeElements(of: array, at: slot, initializing: true, in: context)
    }

    func decode(_ input: Any, over slot: UnsafeMutableRawPointer, in context: MappingContext) throws {
        guard let array = ExistentialPayload.value([Any].self, in: input) else {
            slot.assumingMemoryBound(to: [Element].self).pointee = try decode(input, in: context)
            return
        }
        try elementSlots.decodeElements(of: array, at: slot, initializing: false, in: context)
    }

    func encode(at slot: UnsafeRawPointer, in context: MappingContext) throws -> Any? {
        try elementSlots.encodeArray(at: slot, in: context)
    }
}

/// `Set<Element>` from an array (repeated elements collapse, as in `Set(_:)`); written back as an
/// array in one fixed order (``UntypedValues/sortedCanonically(_:)``), so equal sets write equal arrays.
struct SetCodec<Element: Hashable>: ValueCodec {
    let element: Codec<Element>
    var mode = CoercionMode.lossless
    /// One value that is no array is read as the only element
    /// (``MappingConfiguration/Builder/singleValueAsArray(_:fileID:line:)``).
    var boxesSingleValue = false

    var traits: CodecTraits { element.traits.intersection(.decodesUnchanged) }

    func decode(_ input: Any, in context: MappingContext) throws -> Set<Element> {
        // A set (Swift's, `NSSet`) is a set's input as much as an array is.
        guard let array = InputValue.array(input) ?? InputValue.setElements(input) else {
            return try CollectionCoding.single(input, with: element, boxing: boxesSingleValue, in: context) {
                try mismatch(input, expected: $0, in: context)
            } boxed: { [$0] }
        }
        return Set(try element.decodeElements(of: array, in: context))
    }

    func encode(_ value: Set<Element>, in context: MappingContext) throws -> Any? {
        UntypedValues.sortedCanonically(try element.encodeElements(of: Array(value), in: context))
    }
}

/// Shared element loops for arrays and sets.
enum CollectionCoding {
    /// What a collection that is not boxing single values expects, when the value it was given
    /// would have been its element: the message names the setting that takes it.
    static let boxingHint = "Array (one value is read as a one-element array only under singleValuesAsArrays or singleValueAsArray(_:))"

    /// One value where a collection belongs, as its only element when `boxing` (reported);
    /// otherwise, or when it is not an element either (or is null), what `mismatch` throws for
    /// it, given what to say was expected.
    static func single<Element, Collection>(
        _ input: Any,
        with codec: some ValueCodec<Element>,
        boxing: Bool,
        in context: MappingContext,
        mismatch: (String) throws -> Collection,
        boxed: (Element) -> Collection
    ) throws -> Collection {
        // A Swift `Optional` inside the `Any` is `mismatch`'s to look through.
        guard !InputValue.isNull(input), ObjectIdentifier(type(of: InputValue.flattened(input))) == ObjectIdentifier(type(of: input)) else {
            return try mismatch("Array")
        }
        guard boxing else {
            return try mismatch((try? codec.decode(input, in: context.muted)) == nil ? "Array" : boxingHint)
        }
        guard let element = try? codec.decode(input, in: context) else { return try mismatch("Array") }
        context.report?.record(.boxedAsOnlyElement, found: ValueDescription.describe(input))
        return boxed(element)
    }

    /// Every element of `array` through `decode`, every bad one reported under its index.
    @inline(__always)
    static func decodeElements<Element>(
        of array: [Any],
        in context: MappingContext,
        _ decode: (Any) throws -> Element
    ) throws -> [Element] {
        if array.isEmpty { return [] }
        try context.countValues(array.count)
        var result: [Element] = []
        result.reserveCapacity(array.count)
        var failure: MappingError?
        let report = context.report
        // Elements are borrowed from the buffer, not copied (a retain each) as a loop would.
        try array.withUnsafeBufferPointer { elements in
            for index in elements.indices {
                do {
                    if let report {
                        result.append(try report.within([.index(index)]) { try decode(elements[index]) })
                    } else {
                        result.append(try decode(elements[index]))
                    }
                } catch {
                    try failure.collect(MappingError.wrapping(error, at: .index(index)), in: context)
                }
            }
        }
        if let failure { throw failure }
        return result
    }

    /// Every element of `elements` through `encode`, which gets it where it stands (`nil`
    /// becomes `NSNull`), every failure reported under its index.
    @inline(__always)
    static func encodeElements<Element>(
        of elements: [Element],
        in context: MappingContext,
        _ encode: (UnsafePointer<Element>) throws -> Any?
    ) throws -> [Any] {
        try context.countValues(elements.count)
        var result: [Any] = []
        result.reserveCapacity(elements.count)
        var failure: MappingError?
        try elements.withUnsafeBufferPointer { elements in
            guard let base = elements.baseAddress else { return }
            for index in elements.indices {
                do {
                    result.append(try encode(base + index) ?? NSNull())
                } catch {
                    try failure.collect(MappingError.wrapping(error, at: .index(index)), in: context)
                }
            }
        }
        if let failure { throw failure }
        return result
    }
}

extension Optional where Wrapped == MappingError {
    /// Collects `error`'s problems into this optional error, starting it if needed.
    mutating func merge(_ error: MappingError) {
        if self == nil {
            self = error
        } else {
            self?.issues.append(contentsOf: error.issues)
        }
    }

    /// Collects `error`, and throws everything collected at once when it ends the call (a work
    /// limit, or nesting too deep) or when it makes more than the call's
    /// ``MappingLimits/maximumProblems``: nothing more is mapped after that.
    mutating func collect(_ error: MappingError, in context: MappingContext) throws {
        try collect(error, cap: context.maximumProblems)
    }

    /// ``collect(_:in:)`` with the cap given.
    mutating func collect(_ error: MappingError, cap: Int) throws {
        merge(error)
        guard let collected = self else { return }
        if error.isFatal { throw collected }
        if collected.issues.count > cap {
            let capped = collected.capped(at: cap)
            self = capped
            throw capped
        }
    }
}

extension ArrayCodec {
    /// What it reads, asked of a `Decoder` first (``ValueShape``).
    var valueShape: ValueShape { .array(element.valueShape) }

    /// An array of nested models, or of `Int`, `String` or `Bool`, which the Codable bridge reads
    /// and writes with the coder's own calls for the whole array.
    var direct: DirectValues {
        switch element.direct {
        case .model(let model): .models(model)
        case .leaf(let kind) where kind == .int || kind == .string || kind == .bool: .leafArray(kind)
        default: .none
        }
    }
}

extension SetCodec {
    /// What it reads, asked of a `Decoder` first (``ValueShape``).
    var valueShape: ValueShape { .array(element.valueShape) }
}

// MARK: JSON bytes

/// Arrays, sets and dictionaries read element by element from bytes; every bad element is
/// reported under its index or key, and reading goes on after it.
extension ArrayCodec {
    @_specialize(where Element == Double)
    @_specialize(where Element == Int)
    @_specialize(where Element == String)
    func decodeJSON(_ reader: inout JSONReader, in context: MappingContext) throws -> [Element] {
        let mark = reader.mark
        guard try reader.peek() == UInt8(ascii: "[") else { return try decodeJSON(again: &reader, from: mark, in: context) }
        return try element.decodeJSONElements(&reader, in: context)
    }

    /// A field's array, read in the element codec's own code.
    func decodeJSON(_ reader: inout JSONReader, into slot: UnsafeMutableRawPointer, in context: MappingContext) throws {
        let mark = reader.mark
        guard try reader.peek() == UInt8(ascii: "[") else {
            slot.initializeMemory(as: [Element].self, to: try decodeJSON(again: &reader, from: mark, in: context))
            return
        }
        try readElements(&reader, into: slot, in: context)
    }

    @_specialize(where Element == Double)
    @_specialize(where Element == Int)
    @_specialize(where Element == String)
    func encodeJSON(at value: UnsafePointer<[Element]>, into writer: inout JSONWriter, in context: MappingContext) throws -> Bool {
        try writeElements(at: value, into: &writer, in: context)
        return true
    }
}

extension SetCodec {
    func decodeJSON(_ reader: inout JSONReader, in context: MappingContext) throws -> Set<Element> {
        let mark = reader.mark
        guard try reader.peek() == UInt8(ascii: "[") else { return try decodeJSON(again: &reader, from: mark, in: context) }
        return Set(try element.decodeJSONElements(&reader, in: context))
    }
}

extension CollectionCoding {
    /// Reads every element of the array at the reader with `codec`, collecting every element's
    /// problems under its index; reading goes on after a bad element. Called from each codec's
    /// ``ValueCodec/decodeJSONElements(_:in:)``, so the loop is specialized for the codec.
    @inline(__always)
    static func decodeJSONElements<Element: ValueCodec>(
        _ reader: inout JSONReader,
        with codec: Element,
        in context: MappingContext
    ) throws -> [Element.Value] {
        var result: [Element.Value] = []
        if try reader.enterArray() { return result }
        let depth = reader.nesting
        result.reserveCapacity(reader.arrayCapacityHint())
        var failure: MappingError?
        var index = 0
        repeat {
            let mark = reader.mark
            do {
                result.append(try codec.decodeJSON(&reader, in: context))
            } catch {
                try failure.collect(MappingError.wrapping(error, at: .index(index)), in: context)
                reader.reset(to: mark)
                try reader.skipValue()
            }
            index += 1
        } while try reader.nextElement()
        reader.recordArrayLength(index, at: depth)
        try context.countValues(index)
        if let failure { throw failure }
        return result
    }

    /// Writes `elements` as a JSON array with `codec`; called from each codec's
    /// ``ValueCodec/encodeJSONElements(_:into:in:)``.
    @inline(__always)
    static func encodeJSONElements<Element: ValueCodec>(
        _ elements: UnsafeBufferPointer<Element.Value>,
        with codec: Element,
        into writer: inout JSONWriter,
        in context: MappingContext
    ) throws {
        try context.countValues(elements.count)
        try writer.beginArray()
        var failure: MappingError?
        if let base = elements.baseAddress {
            for index in 0..<elements.count {
                writer.beginElement(first: index == 0)
                do {
                    if try !codec.encodeJSON(at: base + index, into: &writer, in: context) { writer.writeNull() }
                } catch {
                    try failure.collect(MappingError.wrapping(error, at: .index(index)), in: context)
                }
            }
        }
        if let failure { throw failure }
        writer.endArray(empty: elements.isEmpty)
    }
}

extension ArrayCodec {
    /// The JSON array at the reader into the uninitialized `[Element]` at `slot`, in the
    /// element codec's own code. (Not named as ``ValueCodec/decodeJSONArray(_:into:in:)``,
    /// which reads an array of this codec's own values.)
    func readElements(_ reader: inout JSONReader, into slot: UnsafeMutableRawPointer, in context: MappingContext) throws {
        // Borrowed, not retained: the array codec holds its element codec for the whole call.
        try Unmanaged.passUnretained(element)._withUnsafeGuaranteedRef {
            try $0.decodeJSONArray(&reader, into: slot, in: context)
        }
    }

    /// The array at `value` as JSON, in the element codec's own code.
    func writeElements(at value: UnsafePointer<[Element]>, into writer: inout JSONWriter, in context: MappingContext) throws {
        // Through the typed codec rather than a raw slot call: the buffer is typed here, and the
        // callee needs no `[Element]` metadata to find the elements.
        try value.pointee.withUnsafeBufferPointer { elements in
            try element.encodeJSONElements(elements, into: &writer, in: context)
        }
    }
}

// MARK: JSON Schema

extension ArrayCodec {
    func schema(in builder: any SchemaBuilding, context: MappingContext) throws -> [String: Any] {
        let items = try builder.schema(of: element, context: context)
        return CollectionCoding.schema(["type": "array", "items": items], items: items, boxing: boxesSingleValue)
    }
}

extension SetCodec {
    func schema(in builder: any SchemaBuilding, context: MappingContext) throws -> [String: Any] {
        let items = try builder.schema(of: element, context: context)
        return CollectionCoding.schema(["type": "array", "items": items, "uniqueItems": true], items: items, boxing: boxesSingleValue)
    }
}

extension CollectionCoding {
    /// A collection's schema, and, where it reads one value as its only element, that value's:
    /// any value that is no array (an array is always read as the collection).
    static func schema(_ collection: [String: Any], items: [String: Any], boxing: Bool) -> [String: Any] {
        guard boxing else { return collection }
        let single: [String: Any] = items.isEmpty ? ["not": ["type": "array"]] : ["allOf": [items, ["not": ["type": "array"]]]]
        return ["anyOf": [collection, single]]
    }
}
