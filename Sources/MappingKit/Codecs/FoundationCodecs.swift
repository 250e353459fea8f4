import Foundation

/// `URL` from its string form; written back as `absoluteString`.
struct URLCodec: ValueCodec {
    func decode(_ input: Any, in context: MappingContext) throws -> URL {
        if let string = input as? String {
            guard let url = URL(string: string) else {
                throw MappingError(.mismatch(expected: "URL", found: ValueDescription.describe(string)))
            }
            return url
        }
        if let url = input as? URL { return url }
        return try mismatch(input, expected: "URL", in: context)
    }

    func encode(_ value: URL, in context: MappingContext) throws -> Any? {
        value.absoluteString
    }
}

/// `UUID` from its string form (`E621E1F8-C36C-495A-93FC-0C247A3E6E5F`, any case); written back
/// upper-case, as `uuidString` gives it.
struct UUIDCodec: ValueCodec {
    func decode(_ input: Any, in context: MappingContext) throws -> UUID {
        if let string = input as? String {
            guard let uuid = UUID(uuidString: string) else {
                throw MappingError(.mismatch(expected: "UUID", found: ValueDescription.describe(string)))
            }
            return uuid
        }
        if let uuid = input as? UUID { return uuid }
        return try mismatch(input, expected: "UUID", in: context)
    }

    func encode(_ value: UUID, in context: MappingContext) throws -> Any? {
        value.uuidString
    }
}
