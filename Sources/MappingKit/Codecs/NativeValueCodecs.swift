import Foundation

/// `Date` and `Data`: a `Date` (or `NSDate`), a `Data` (or `NSData`) as it is, as property
/// lists, `userInfo` and coders hold them, and written back as it is. Text and numbers become
/// dates or bytes only through an adapter that says how (`.iso8601`, `.unixSeconds`,
/// `.date(format:)`, `.base64`): MappingKit never guesses a format.
struct NativeValueCodec<Value>: ValueCodec {
    let expected: String
    let read: @Sendable (Any) -> Value?
    let valueShape: ValueShape

    func decode(_ input: Any, in context: MappingContext) throws -> Value {
        if let value = read(input) { return value }
        return try mismatch(input, expected: expected, in: context)
    }

    func encode(_ value: Value, in context: MappingContext) throws -> Any? {
        value
    }

    /// A `Date` or `Data` is taken as it is.
    var traits: CodecTraits { .decodesUnchanged }
}

extension NativeValueCodec where Value == Date {
    static var date: Self {
        Self(expected: "Date (a Date value: text and numbers need an adapter such as .iso8601 or .unixSeconds\(NativeValue.adapterSources))", read: NativeValue.date, valueShape: .date)
    }
}

extension NativeValueCodec where Value == Data {
    static var data: Self {
        Self(expected: "Data (a Data value: base64 text needs the .base64 adapter\(NativeValue.adapterSources))", read: NativeValue.data, valueShape: .data)
    }
}

/// Values that Foundation containers hold natively, recognised without guessing.
enum NativeValue {
    /// Where a `Date`'s or `Data`'s adapter comes from, for the errors of a value that has none:
    /// a nested type mapped on its own has only its own configuration's.
    static let adapterSources = ", from this type's configuration or a parent's: map.inheritPolicies(from: Parent.self) "
        + "gives a type mapped on its own its parent's"

    static func date(_ input: Any) -> Date? {
        if let date = ExistentialPayload.value(Date.self, in: input) { return date }
        return FoundationContainers.isContainer(input) ? nil : input as? Date
    }

    static func data(_ input: Any) -> Data? {
        if let data = ExistentialPayload.value(Data.self, in: input) { return data }
        return FoundationContainers.isContainer(input) ? nil : input as? Data
    }
}

// MARK: JSON Schema

extension NativeValueCodec {
    func schema(in builder: any SchemaBuilding, context: MappingContext) throws -> [String: Any] {
        // A `Date` or `Data` without an adapter has no JSON form: no JSON value maps to it.
        ["not": [String: Any](), "description": "\(ValueDescription.typeName(Value.self)) needs an adapter in JSON (.iso8601, .unixSeconds, .base64…)"]
    }
}
