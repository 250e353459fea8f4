import Foundation

/// An enum (or any `RawRepresentable`) through its raw value. An unknown raw value is an error
/// that lists the valid ones when the type is `CaseIterable`, or, when the type is
/// ``UnknownCaseRepresentable``, its unknown case, reported.
struct RawRepresentableCodec<Represented: RawRepresentable>: ValueCodec {
    let raw: Codec<Represented.RawValue>
    /// The case unknown raw values are read as (``UnknownCaseRepresentable``); looked up only
    /// for a raw value no case has, or for the schema.
    private static var unknownCase: Represented? {
        func unknown<Fallback: UnknownCaseRepresentable>(_: Fallback.Type) -> Represented? { Fallback.unknownCase as? Represented }
        return (Represented.self as? any UnknownCaseRepresentable.Type).flatMap { unknown($0) }
    }

    func decode(_ input: Any, in context: MappingContext) throws -> Represented {
        let rawValue = try raw.decode(input, in: context)
        guard let value = Represented(rawValue: rawValue) else {
            if let unknown = Self.unknownCase {
                context.report?.record(.readAsUnknownCase("\(unknown)"), found: ValueDescription.describe(input))
                return unknown
            }
            throw MappingError(.unknownRawValue(
                type: ValueDescription.typeName(Represented.self),
                known: knownRawValues(),
                found: ValueDescription.describe(input)
            ))
        }
        return value
    }

    func encode(_ value: Represented, in context: MappingContext) throws -> Any? {
        try raw.encode(value.rawValue, in: context)
    }

    /// A collection of the enum's own cases is taken as it is.
    var traits: CodecTraits { .decodesUnchanged }

    private func knownRawValues() -> [String] {
        guard let cases = Represented.self as? any CaseIterable.Type else { return [] }
        func describe<All: CaseIterable>(_: All.Type) -> [String] {
            All.allCases.compactMap { ($0 as? Represented)?.rawValue }.map { raw in
                (raw as? String)?.debugDescription ?? "\(raw)"
            }
        }
        return describe(cases)
    }
}

extension RawRepresentableCodec {
    /// What it reads, asked of a `Decoder` first (``ValueShape``).
    var valueShape: ValueShape { raw.valueShape }
}

// MARK: JSON bytes
// The common case read straight from the bytes; anything else is read again as a native value
// and decoded, so both ways give the same values and the same errors.

extension RawRepresentableCodec {
    func decodeJSON(_ reader: inout JSONReader, in context: MappingContext) throws -> Represented {
        let mark = reader.mark
        if let value = Represented(rawValue: try raw.decodeJSON(&reader, in: context)) { return value }
        return try decodeJSON(again: &reader, from: mark, in: context)
    }

    func encodeJSON(at value: UnsafePointer<Represented>, into writer: inout JSONWriter, in context: MappingContext) throws -> Bool {
        var rawValue = value.pointee.rawValue
        return try raw.encodeJSON(at: &rawValue, into: &writer, in: context)
    }
}

// MARK: JSON Schema

extension RawRepresentableCodec {
    func schema(in builder: any SchemaBuilding, context: MappingContext) throws -> [String: Any] {
        var schema = try builder.schema(of: raw, context: context)
        // With an unknown case, every raw value is read.
        guard Self.unknownCase == nil, let cases = Represented.self as? any CaseIterable.Type else { return schema }
        func values<All: CaseIterable>(_: All.Type) -> [Represented] {
            All.allCases.compactMap { $0 as? Represented }
        }
        // Each case as the raw value's codec writes it.
        schema["enum"] = try values(cases).map { try raw.encode($0.rawValue, in: context) ?? NSNull() }
        return schema
    }
}
