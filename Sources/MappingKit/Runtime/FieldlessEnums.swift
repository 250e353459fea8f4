/// The cases of an enum without associated values (a `CodingKeys` enum), listed from its type
/// alone: what a tagged enum's plan reads its case names and payload labels from
/// (`Engine/Models/TaggedEnumPlan.swift`), since Swift's synthesized `CodingKeys` are neither
/// `CaseIterable` nor reachable by name.
///
/// No metadata is read. It rests on two layout rules of the Swift ABI, pinned by
/// `FieldlessEnumsTests`:
/// - an enum of 2 to 256 cases without payloads is one byte, its cases numbered 0, 1, 2… in
///   declaration order (two bytes and `UInt16` numbers up to 65,536 cases);
/// - the numbers it does not use are its extra inhabitants, and `Optional` spends the first of
///   them on `nil`.
///
/// So `Optional<T>` being as large as `T` says the type has extra inhabitants, and counting bit
/// patterns up from 0 until one reads as `nil` visits every case and nothing else. A type whose
/// layout is not that (a struct, an enum with payloads or no spare patterns) gives `nil`.
enum FieldlessEnums {
    /// Every value of `type` in declaration order, or `nil` when its layout is not a fieldless
    /// enum's of more than one case (one case, or none, is zero bytes: ``onlyValue(of:)``).
    static func allCases<T>(of type: T.Type) -> [T]? {
        guard MemoryLayout<T?>.size == MemoryLayout<T>.size else { return nil }
        switch MemoryLayout<T>.size {
        case 1: return count(of: type, in: UInt8.self)
        case 2: return count(of: type, in: UInt16.self)
        default: return nil
        }
    }

    private static func count<T, Pattern: FixedWidthInteger & UnsignedInteger>(of _: T.Type, in _: Pattern.Type) -> [T]? {
        var cases: [T] = []
        var pattern: Pattern = 0
        while pattern < Pattern.max {
            guard let value = unsafeBitCast(pattern, to: T?.self) else { return cases }
            cases.append(value)
            pattern += 1
        }
        return nil
    }

    /// The one value of a type of zero bytes with a spare pattern (an enum of one case without
    /// payload), or `nil` for any other layout. An enum of no cases has the same layout and no
    /// value: the caller must know that the type has one (a `CodingKeys` type handed to a
    /// container by an enum's synthesized `init(from:)`, which only asks for it with a case to
    /// decode).
    static func onlyValue<T>(of _: T.Type) -> T? {
        guard MemoryLayout<T>.size == 0, MemoryLayout<T?>.size == 1 else { return nil }
        return unsafeBitCast((), to: T.self)
    }
}
