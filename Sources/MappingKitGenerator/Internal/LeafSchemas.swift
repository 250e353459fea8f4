import Foundation
import MappingKit

/// The schema of every leaf type a generated model can hold (each integer width, the floating
/// types, text, URLs, UUIDs, bytes and each date adapter), as the library gives it for a model
/// holding one: the generator writes schemas from these (``SchemaWriter``) and reads them back
/// into types (``SchemaTypes``), so it keeps no second copy of the library's schemas to drift.
struct Leaf: Sendable {
    /// The Swift type, as generated code spells it.
    let type: String
    /// The adapter the property is mapped with, as generated code spells it.
    let adapter: String?
    /// Whether the type is `Hashable` (a set's element).
    let isHashable: Bool
    /// The schema the library gives a property of this type (its `default` left out), as
    /// canonical JSON text.
    let schemaText: String
    /// The Swift expression for a value of this type, written as JSON `value`; `nil` when the
    /// value is not one this type writes.
    let literal: @Sendable (Any) -> String?
    /// The `@available` attribute a model holding one needs (the releases that have the type).
    var availability: String?
}

enum LeafSchemas {
    /// Every leaf, the type a schema is read back as first where two give the same schema
    /// (`Int` before `Int64`, `UInt64` before `UInt`).
    static let all: [Leaf] = {
        var leaves = common
        if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) {
            var duration = leaf(Duration.self, "Duration") { value in
                numberText(value).map { $0 == "0" ? "Duration.zero" : "Duration.seconds(\($0))" }
            }
            duration.availability = "@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)"
            leaves.append(duration)
        }
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            for var wide in [integer(Int128.self, "Int128"), integer(UInt128.self, "UInt128")] {
                wide.availability = "@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)"
                leaves.append(wide)
            }
        }
        return leaves
    }()

    /// The leaves every release has.
    private static let common: [Leaf] = [
        leaf(Bool.self, "Bool") { ($0 as? Bool).map { $0 ? "true" : "false" } },
        integer(Int.self, "Int"), integer(Int8.self, "Int8"), integer(Int16.self, "Int16"), integer(Int32.self, "Int32"),
        integer(Int64.self, "Int64"), integer(UInt8.self, "UInt8"), integer(UInt16.self, "UInt16"), integer(UInt32.self, "UInt32"),
        integer(UInt64.self, "UInt64"), integer(UInt.self, "UInt"),
        leaf(Double.self, "Double") { floating($0) }, leaf(Float.self, "Float") { floating($0) },
        leaf(Decimal.self, "Decimal") { value in
            numberText(value).map { $0 == "0" ? "Decimal()" : "Decimal(string: \(ModelPlan.stringLiteral($0))) ?? Decimal()" }
        },
        leaf(String.self, "String") { ($0 as? String).map(ModelPlan.stringLiteral) },
        leaf(NSNull.self, "NSNull", hashable: false) { _ in nil },
        leaf(NSNumber.self, "NSNumber", hashable: false) { value in
            (value as? Bool).map { "NSNumber(value: \($0))" } ?? numberText(value).map { "NSNumber(value: \($0))" }
        },
        leaf(URL.self, "URL") { value in
            (value as? String).flatMap { URL(string: $0) != nil ? "URL(string: \(ModelPlan.stringLiteral($0)))!" : nil }
        },
        leaf(UUID.self, "UUID") { value in
            (value as? String).flatMap { UUID(uuidString: $0) != nil ? "UUID(uuidString: \(ModelPlan.stringLiteral($0)))!" : nil }
        },
        leaf(Data.self, "Data", adapter: ".base64", using: .base64) { value in
            (value as? String).flatMap { text in
                text.isEmpty ? "Data()" : Data(base64Encoded: text) != nil ? "Data(base64Encoded: \(ModelPlan.stringLiteral(text)))!" : nil
            }
        },
        date(".iso8601", .iso8601), date(".iso8601Date", .iso8601Date), date(".iso8601(assumingSecondsFromGMT: 0)", .iso8601(assumingSecondsFromGMT: 0)),
        date(".unixSeconds", .unixSeconds), date(".unixMilliseconds", .unixMilliseconds),
    ]

    /// The leaf whose schema is `schema` (its `default` aside), if one is.
    static func leaf(matching schema: [String: Any]) -> Leaf? {
        var schema = schema
        schema["default"] = nil
        guard let text = canonicalText(schema) else { return nil }
        if let found = byText[text] { return found }
        // A date as a pattern of its own: `.date(format:)`, whose format the schema's
        // description names, held to the pattern the library gives that format.
        guard let description = schema["description"] as? String, description.hasPrefix(datePrefix) else { return nil }
        let format = String(description.dropFirst(datePrefix.count))
        let candidate = date(".date(format: \(ModelPlan.stringLiteral(format)))", .date(format: format))
        return candidate.schemaText == text ? candidate : nil
    }

    /// How the library describes a `.date(format:)` date: this, then the format.
    private static let datePrefix = "a date as "

    private static let byText: [String: Leaf] = {
        var table: [String: Leaf] = [:]
        for leaf in all where table[leaf.schemaText] == nil { table[leaf.schemaText] = leaf }
        return table
    }()

    /// The leaf's schema without its `default`, as the library gives it for a property of
    /// `Value` mapped with `adapter`.
    static func schema<Value>(of _: Value.Type, using adapter: Adapter<Value>?) -> [String: Any] {
        let property = ((try? probeMapper(using: adapter).jsonSchema(for: LeafProbe<Value>.self))?["properties"] as? [String: Any])?["value"] as? [String: Any]
        // The probe's property is optional: its schema is the value's beside `null` (or the
        // value's alone, where it is `null`'s).
        guard let choices = property?["anyOf"] as? [Any], let value = choices.first as? [String: Any] else {
            return property?["type"] as? String == "null" ? ["type": "null"] : [:]
        }
        return value
    }

    /// `value`, JSON as the library reads it, as a `Value` through `adapter`.
    static func read<Value>(_ value: Any, as _: Value.Type, using adapter: Adapter<Value>?) -> Value? {
        (try? probeMapper(using: adapter).map(["value": value], to: LeafProbe<Value>.self))?.value
    }

    /// A mapper whose probe of `Value` maps its value with `adapter`.
    private static func probeMapper<Value>(using adapter: Adapter<Value>?) -> Mapper {
        let mapper = Mapper()
        if let adapter {
            mapper.register(MappingConfiguration(for: LeafProbe<Value>.self) { $0.map(\.value, using: adapter) }, for: LeafProbe<Value>.self)
        }
        return mapper
    }

    static func canonicalText(_ value: Any) -> String? {
        (try? JSONValue.data(value, options: [.sortedKeys])).map { String(decoding: $0, as: UTF8.self) }
    }

    private static func leaf<Value>(
        _ type: Value.Type, _ name: String, adapter: String? = nil, using mapping: Adapter<Value>? = nil, hashable: Bool = true,
        literal: @escaping @Sendable (Any) -> String?
    ) -> Leaf {
        Leaf(type: name, adapter: adapter, isHashable: hashable, schemaText: canonicalText(schema(of: type, using: mapping)) ?? "", literal: literal)
    }

    private static func integer<Value: FixedWidthInteger & Sendable>(_ type: Value.Type, _ name: String) -> Leaf {
        leaf(type, name) { value in
            guard let text = numberText(value), Value(text) != nil else { return nil }
            return text
        }
    }

    private static func date(_ adapterSource: String, _ adapter: Adapter<Date>) -> Leaf {
        leaf(Date.self, "Date", adapter: adapterSource, using: adapter) { value in
            guard let date = read(value, as: Date.self, using: adapter) else { return nil }
            return "Date(timeIntervalSince1970: \(floatingText(date.timeIntervalSince1970)))"
        }
    }

    /// A JSON number's text: digits for integers, Swift's shortest round-trip text for others.
    static func numberText(_ value: Any) -> String? {
        switch value {
        case let value as Int: "\(value)"
        case let value as UInt64: "\(value)"
        case let value as Decimal: "\(value)"
        case let value as Double where value.isFinite: value == value.rounded() && abs(value) < 1e18 ? "\(Int64(value))" : "\(value)"
        default: nil
        }
    }

    private static func floating(_ value: Any) -> String? {
        switch value {
        case let value as Int: floatingText(Double(value))
        case let value as Double: floatingText(value)
        default: nil
        }
    }

    /// A floating-point literal: `0.0`, `1.5`, `1e+20`.
    static func floatingText(_ value: Double) -> String {
        "\(value)"
    }
}

/// One optional value of a leaf type: the model the library describes a leaf's schema of.
private struct LeafProbe<Value>: Mappable {
    var value: Value?
}
