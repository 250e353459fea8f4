import Foundation

/// A value written as a string: `URL` (as `absoluteString`), `UUID` (as `uuidString`). Takes the
/// string form, or the value itself.
struct StringFormCodec<Value>: ValueCodec {
    let typeName: String
    /// The value the text holds, or ``NotParsed``. (Not an optional: this generic code would
    /// look `Value?`'s type up on every value it received.)
    let parse: @Sendable (String) throws(NotParsed) -> Value
    let format: @Sendable (Value) -> String
    /// The value a keyed `Codable` form holds (`URL`'s `{"relative": …, "base": …}`, as
    /// `PropertyListEncoder` writes it), or `nil`.
    var keyedForm: (@Sendable ([String: Any]) -> Value?)?

    /// What ``parse`` throws for text that holds no value.
    struct NotParsed: Error {}

    func decode(_ input: Any, in context: MappingContext) throws -> Value {
        if let string = input as? String { return try value(fromText: string) }
        if !InputValue.isUnsafeToBridge(input), let value = input as? Value { return value }
        if let keyedForm, let object = InputValue.dictionary(input), let value = keyedForm(object) { return value }
        return try mismatch(input, expected: typeName, in: context)
    }

    /// The value a string form reads as, or the error naming the text (every format's one
    /// conversion: the JSON reader hands its strings here straight from the bytes).
    func value(fromText text: String) throws -> Value {
        do {
            return try parse(text)
        } catch {
            throw MappingError(.mismatch(expected: typeName, found: ValueDescription.describe(text)))
        }
    }

    func encode(_ value: Value, in context: MappingContext) throws -> Any? {
        // Through the Codable bridge, a value with a keyed form of its own goes to the encoder
        // as itself: each encoder writes it as the synthesized conformance has it written
        // (`JSONEncoder` a URL's text, `PropertyListEncoder` its keyed form).
        if keyedForm != nil, context.style == .codable { return value }
        return format(value)
    }

    /// A `URL` or `UUID` is taken as it is.
    var traits: CodecTraits { .decodesUnchanged }
}

extension StringFormCodec where Value == URL {
    /// `URL(string:)` in, `absoluteString` out: what `URL(string:)` accepts (`JSONDecoder` reads
    /// URLs so), as long as the text written reads back as the same URL. The notation may
    /// change, the URL may not: `"https://example.com/a b"` is written `…/a%20b`, an
    /// international host in punycode. Under `.strict`, only text that is its URL's
    /// `absoluteString`.
    static func url(mode: CoercionMode) -> Self {
        Self(typeName: "URL", parse: { text throws(NotParsed) in
            guard let url = URL(string: text) else { throw NotParsed() }
            if url.absoluteString == text || mode == .lenient { return url }
            guard mode != .strict, URL(string: url.absoluteString) == url else { throw NotParsed() }
            return url
        }, format: { $0.absoluteString }, keyedForm: keyedURL)
    }

    /// `URL`'s own keyed `Codable` form: its relative text, and its base URL in the same form
    /// (bases of bases: at most 8 deep, a bound on the recursion for hostile input).
    @Sendable private static func keyedURL(_ object: [String: Any]) -> URL? {
        keyedURL(object, depth: 0)
    }

    private static func keyedURL(_ object: [String: Any], depth: Int) -> URL? {
        guard depth < 8, let relative = object["relative"] as? String, object.count <= 2 else { return nil }
        guard let base = object["base"] else { return URL(string: relative) }
        guard let baseObject = InputValue.dictionary(base), let baseURL = keyedURL(baseObject, depth: depth + 1) else { return nil }
        return URL(string: relative, relativeTo: baseURL)
    }

    static var url: Self { url(mode: .lossless) }
}

extension StringFormCodec where Value == UUID {
    /// Any-case `E621E1F8-C36C-495A-93FC-0C247A3E6E5F` in, upper case out.
    static var uuid: Self {
        Self(typeName: "UUID", parse: { text throws(NotParsed) in
            guard let uuid = UUID(uuidString: text) else { throw NotParsed() }
            return uuid
        }, format: { $0.uuidString })
    }
}

extension StringFormCodec {
    /// What it reads, asked of a `Decoder` first (``ValueShape``).
    var valueShape: ValueShape { .string }
}

/// `NSNumber` (models ported from Objective-C), keeping the number's kind both ways: an integer
/// stays an integer, a `Double` a `Double`, a boolean a boolean, an `NSDecimalNumber` its digits.
/// Numeric text is read outside `.strict`, as the JSON reader reads a number's text.
struct NSNumberCodec: ValueCodec {
    var mode = CoercionMode.lossless

    func decode(_ input: Any, in context: MappingContext) throws -> NSNumber {
        if type(of: input) is NSNumber.Type, let number = input as? NSNumber { return number }
        if let number = NumericInput.read(input) { return try Self.number(number, found: input) }
        if mode != .strict, let text = input as? String, NumberText.shape(of: text) != nil, let number = Self.number(text: text) {
            context.reportCoercion(of: input, to: "NSNumber")
            return number
        }
        return try mismatch(input, expected: "NSNumber", in: context)
    }

    private static func number(_ number: NumericInput, found input: Any) throws -> NSNumber {
        switch number {
        case .bool(let value): return NSNumber(value: value)
        case .signed(let value): return NSNumber(value: value)
        case .unsigned(let value): return NSNumber(value: value)
        case .floating(let value): return NSNumber(value: value)
        case .decimal(let value): return NSDecimalNumber(decimal: value)
        case .wide, .exact:
            throw MappingError(.outOfRange(expected: "NSNumber", range: "64-bit integers", found: ValueDescription.describe(input)))
        }
    }

    /// Text as a JSON number's value: an integer, else the `Double` whose own text it is, else
    /// its exact decimal.
    private static func number(text: String) -> NSNumber? {
        if let integer = Int64(text) { return NSNumber(value: integer) }
        if let integer = UInt64(text) { return NSNumber(value: integer) }
        if let double = Double(text), double.isFinite, "\(double)" == text { return NSNumber(value: double) }
        return (try? DecimalCodec.exactDecimal(text, found: text)).map(NSDecimalNumber.init(decimal:))
    }

    func encode(_ value: NSNumber, in context: MappingContext) throws -> Any? {
        switch NumericInput.read(value) {
        case .bool(let flag): flag
        case .signed(let integer): Int(exactly: integer) ?? integer
        case .unsigned(let integer): Int(exactly: integer) ?? integer
        case .floating(let double): double
        case .decimal(let decimal): try DecimalCodec().encode(decimal, in: context)
        case .wide(let integer): "\(integer)"
        case .exact(let integer): integer
        }
    }

    /// An `NSNumber` is taken as it is.
    var traits: CodecTraits { .decodesUnchanged }
}

/// `NSDecimalNumber`, exactly, as ``DecimalCodec`` reads and writes `Decimal` (from JSON bytes,
/// the digits as written).
struct NSDecimalNumberCodec: ValueCodec {
    let decimal = DecimalCodec()

    var valueShape: ValueShape { .decimal }

    func decode(_ input: Any, in context: MappingContext) throws -> NSDecimalNumber {
        if type(of: input) is NSDecimalNumber.Type, let number = input as? NSDecimalNumber { return number }
        return try Self.named { NSDecimalNumber(decimal: try decimal.decode(input, in: context)) }
    }

    /// `body`'s errors name `NSDecimalNumber`, the property's type, where they say `Decimal`.
    static func named(_ body: () throws -> NSDecimalNumber) throws -> NSDecimalNumber {
        do {
            return try body()
        } catch let error as MappingError {
            throw error.renamingExpected("Decimal", to: "NSDecimalNumber")
        }
    }

    func encode(_ value: NSDecimalNumber, in context: MappingContext) throws -> Any? {
        try decimal.encode(value.decimalValue, in: context)
    }

    /// An `NSDecimalNumber` is taken as it is.
    var traits: CodecTraits { .decodesUnchanged }
}

/// A Foundation reference type (`NSString`, `NSURL`, `NSData`, `NSDate`, `NSArray`, `NSSet`,
/// `NSDictionary`, their mutable variants) read and written exactly as its Swift counterpart is,
/// through that counterpart's codec: models ported from Objective-C keep their property types.
struct BridgedCodec<Value, Counterpart>: ValueCodec {
    let counterpart: Codec<Counterpart>
    /// What the counterpart's messages expect (`Array` for `[Any]`), said as ``typeName``.
    var counterpartName = ValueDescription.typeName(Counterpart.self)
    let typeName: String
    let make: @Sendable (Counterpart) -> Value
    let counterpartOf: @Sendable (Value) -> Counterpart

    var valueShape: ValueShape { counterpart.valueShape }

    func decode(_ input: Any, in context: MappingContext) throws -> Value {
        do {
            return make(try counterpart.decode(input, in: context))
        } catch let error as MappingError {
            throw error.renamingExpected(counterpartName, to: typeName)
        }
    }

    func encode(_ value: Value, in context: MappingContext) throws -> Any? {
        try counterpart.encode(counterpartOf(value), in: context)
    }
}

/// The elements of an `NSSet`: read as an `[Any]` property reads its value, and from a set
/// (Swift's, `NSSet`) too; written as an array in the one fixed order a `Set` is written in
/// (``UntypedValues/sortedCanonically(_:)``).
struct UntypedSetElementsCodec: ValueCodec {
    let elements: Codec<[Any]>

    func decode(_ input: Any, in context: MappingContext) throws -> [Any] {
        if InputValue.array(input) == nil, let members = InputValue.setElements(input) {
            return try Self.hashable(elements.decode(members, in: context))
        }
        return try Self.hashable(elements.decode(input, in: context))
    }

    /// `elements` as an `NSSet` can hold them: one `null` however many there are (Linux's
    /// `NSSet(array:)` keeps every `NSNull` of an `[Any]`, though they are equal). And
    /// swift-corelibs-foundation (Linux) hashes an `NSDecimalNumber` (or a `Decimal`, which
    /// bridges to one) without end, so a set holding one crashes: there, such an element is kept
    /// as the `Int` or the `Double` written with the same digits (JSONSerialization gives
    /// `Int.min` and `0.30000000000000004` as decimals), and any other is refused.
    static func hashable(_ elements: [Any]) throws -> [Any] {
        var result = elements
        if let first = result.firstIndex(where: InputValue.isNull) {
            result = result.enumerated().filter { $0.offset <= first || !InputValue.isNull($0.element) }.map(\.element)
            result[first] = NSNull()
        }
        #if canImport(Darwin)
        return result
        #else
        var failure: MappingError?
        for (index, element) in result.enumerated() {
            let decimal: Decimal
            if type(of: element) is NSDecimalNumber.Type, let number = element as? NSDecimalNumber {
                decimal = number.decimalValue
            } else if let value = element as? Decimal, type(of: element) == Decimal.self {
                decimal = value
            } else {
                continue
            }
            if let integer = Int("\(decimal)") {
                result[index] = integer
            } else if let double = Double("\(decimal)"), double.isFinite, Decimal(string: "\(double)") == decimal {
                result[index] = double
            } else {
                let expected = "a number an NSSet can hold on Linux (a Double: Foundation there cannot hash a Decimal)"
                failure.merge(MappingError.wrapping(MappingError(.mismatch(expected: expected, found: ValueDescription.describe(element))), at: .index(index)))
            }
        }
        if let failure { throw failure }
        return result
        #endif
    }

    func encode(_ value: [Any], in context: MappingContext) throws -> Any? {
        guard let written = try elements.encode(value, in: context) as? [Any] else { return nil }
        return UntypedValues.sortedCanonically(written)
    }
}

/// `NSNull` (a property generated for a key that was always `null`): reads `null`, writes it.
struct NullCodec: ValueCodec {
    func decode(_ input: Any, in context: MappingContext) throws -> NSNull {
        if InputValue.isNull(input) { return NSNull() }
        return try mismatch(input, expected: "null", in: context)
    }

    func encode(_ value: NSNull, in context: MappingContext) throws -> Any? {
        NSNull()
    }
}

// MARK: JSON bytes

extension StringFormCodec {
    /// A string read from the bytes and parsed (`URL(string:)`, `UUID(uuidString:)`), with no
    /// native value boxed in between; anything else as the native value would be.
    func decodeJSON(_ reader: inout JSONReader, in context: MappingContext) throws -> Value {
        let mark = reader.mark
        if try reader.peek() == UInt8(ascii: "\"") { return try value(fromText: try reader.readString()) }
        return try decodeJSON(again: &reader, from: mark, in: context)
    }

    /// The string form written as the string it is.
    func encodeJSON(at value: UnsafePointer<Value>, into writer: inout JSONWriter, in context: MappingContext) throws -> Bool {
        writer.writeString(format(value.pointee))
        return true
    }
}

extension NSDecimalNumberCodec {
    func decodeJSON(_ reader: inout JSONReader, in context: MappingContext) throws -> NSDecimalNumber {
        try Self.named { NSDecimalNumber(decimal: try decimal.decodeJSON(&reader, in: context)) }
    }
}

extension BridgedCodec {
    func decodeJSON(_ reader: inout JSONReader, in context: MappingContext) throws -> Value {
        do {
            return make(try counterpart.decodeJSON(&reader, in: context))
        } catch let error as MappingError {
            throw error.renamingExpected(counterpartName, to: typeName)
        }
    }
}

// MARK: JSON Schema

extension NSDecimalNumberCodec {
    /// What a `Decimal` reads, which it is read as: a number in its range, or a number's text.
    func schema(in builder: any SchemaBuilding, context: MappingContext) throws -> [String: Any] {
        try decimal.schema(in: builder, context: context)
    }
}

extension NSNumberCodec {
    /// An `NSNumber` holds a Bool as well as a number, of any kind a finite `Double`'s range
    /// holds (the bounds apply to numbers only).
    func schema(in builder: any SchemaBuilding, context: MappingContext) throws -> [String: Any] {
        var schema = FloatingPointSchema.finite(Double.self)
        schema["type"] = ["number", "boolean"]
        return schema
    }
}

extension NullCodec {
    func schema(in builder: any SchemaBuilding, context: MappingContext) throws -> [String: Any] {
        ["type": "null"]
    }
}

extension UntypedSetElementsCodec {
    /// An array of any elements (repeated ones are read once, as a set's are).
    func schema(in builder: any SchemaBuilding, context: MappingContext) throws -> [String: Any] {
        ["type": "array"]
    }
}

extension StringFormCodec {
    func schema(in builder: any SchemaBuilding, context: MappingContext) throws -> [String: Any] {
        switch Value.self {
        // `URL(string:)` reads relative references too, but not the empty one.
        case is URL.Type: ["type": "string", "format": "uri-reference", "minLength": 1]
        // The pattern too: `format` is an annotation a validator need not check.
        case is UUID.Type: ["type": "string", "format": "uuid", "pattern": "^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$"]
        default: ["type": "string"]
        }
    }
}

extension BridgedCodec {
    func schema(in builder: any SchemaBuilding, context: MappingContext) throws -> [String: Any] {
        try builder.schema(of: counterpart, context: context)
    }
}
