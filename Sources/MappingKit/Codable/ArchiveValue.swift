import Foundation

/// A representation's value as an archive keeps it: every kind tagged, so nothing changes kind
/// on the way back (`true` stays a Bool, `1` an integer, `1.0` a Double, `19.99` a Decimal),
/// whatever the coder's platform does with `NSNumber`s. Stored as a binary property list.
indirect enum ArchiveValue: Codable {
    case null
    case bool(Bool)
    case int(Int64)
    case unsigned(UInt64)
    case double(Double)
    case decimal(String)
    /// An ``ExactNumber``'s digits.
    case exactInteger(String)
    case string(String)
    case date(Date)
    case data(Data)
    case array([ArchiveValue])
    case object([String: ArchiveValue])

    private enum Tag: String, CodingKey {
        case null = "n", bool = "b", int = "i", unsigned = "u", double = "f", decimal = "d", exactInteger = "e"
        case string = "s", date = "t", data = "x", array = "a", object = "o"
    }

    /// `value`, a plain value of a dictionary representation made with the property-list style.
    init(_ value: Any, depth: Int = 0, maximumNesting: Int) throws {
        guard depth <= maximumNesting else {
            throw MappingError(.limitExceeded(maximumNesting, "nested arrays and objects", name: "maximumNesting"))
        }
        if let string = ExistentialPayload.value(String.self, in: value) {
            self = .string(string)
        } else if let number = NumericInput.read(value) {
            switch number {
            case .bool(let value): self = .bool(value)
            case .signed(let value): self = .int(value)
            case .unsigned(let value): self = .unsigned(value)
            case .wide(let value): self = .decimal(try Self.text(value))
            case .floating(let value): self = .double(value)
            case .decimal(let value): self = .decimal("\(value)")
            case .exact(let value): self = .exactInteger(value.text)
            }
        } else if InputValue.isNull(value) {
            self = .null
        } else if let array = InputValue.array(value) {
            self = .array(try array.enumerated().map { index, element in
                do {
                    return try ArchiveValue(element, depth: depth + 1, maximumNesting: maximumNesting)
                } catch {
                    throw MappingError.wrapping(error, at: .index(index))
                }
            })
        } else if let dictionary = InputValue.dictionary(value) {
            var object: [String: ArchiveValue] = Dictionary(minimumCapacity: dictionary.count)
            for (key, element) in dictionary {
                do {
                    object[key] = try ArchiveValue(element, depth: depth + 1, maximumNesting: maximumNesting)
                } catch {
                    throw MappingError.wrapping(error, at: .key(key))
                }
            }
            self = .object(object)
        } else if let date = NativeValue.date(value) {
            self = .date(date)
        } else if let data = NativeValue.data(value) {
            self = .data(data)
        } else if let string = value as? String, !FoundationContainers.isContainer(value) {
            self = .string(string)
        } else {
            throw MappingError(.mismatch(expected: "a value an archive holds", found: ValueDescription.describe(value)))
        }
    }

    /// An integer wider than 64 bits as a decimal's text, when `Decimal` holds it exactly.
    private static func text(_ value: WideInteger) throws -> String {
        let text = "\(value)"
        _ = try DecimalCodec.exactDecimal(text, found: "the integer \(text)")
        return text
    }

    /// The plain value again: what the dictionary representation held.
    var plain: Any {
        switch self {
        case .null: NSNull()
        case .bool(let value): value
        case .int(let value): Int(exactly: value).map { $0 as Any } ?? value
        case .unsigned(let value): value
        case .double(let value): value
        case .decimal(let text): Decimal(string: text).map { $0 as Any } ?? text
        case .exactInteger(let text): ExactNumber(text).map { $0 as Any } ?? text
        case .string(let value): value
        case .date(let value): value
        case .data(let value): value
        case .array(let values): values.map(\.plain)
        case .object(let values): values.mapValues(\.plain)
        }
    }

    init(from decoder: any Decoder) throws {
        // Archives come from outside: their nesting is bounded as JSON's is.
        guard decoder.codingPath.count <= 2 * MappingLimits.default.maximumNesting else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: decoder.codingPath, debugDescription: "an archive nested deeper than MappingLimits.maximumNesting allows"
            ))
        }
        let container = try decoder.container(keyedBy: Tag.self)
        guard container.allKeys.count == 1, let tag = container.allKeys.first else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: decoder.codingPath, debugDescription: "one tagged value"
            ))
        }
        switch tag {
        case .null: self = .null
        case .bool: self = .bool(try container.decode(Bool.self, forKey: tag))
        case .int: self = .int(try container.decode(Int64.self, forKey: tag))
        case .unsigned: self = .unsigned(try container.decode(UInt64.self, forKey: tag))
        case .double: self = .double(try container.decode(Double.self, forKey: tag))
        case .decimal:
            let text = try container.decode(String.self, forKey: tag)
            guard Decimal(string: text) != nil else {
                throw DecodingError.dataCorruptedError(forKey: tag, in: container, debugDescription: "a decimal number's text")
            }
            self = .decimal(text)
        case .exactInteger:
            let text = try container.decode(String.self, forKey: tag)
            guard ExactNumber(text) != nil else {
                throw DecodingError.dataCorruptedError(forKey: tag, in: container, debugDescription: "an integer's digits")
            }
            self = .exactInteger(text)
        case .string: self = .string(try container.decode(String.self, forKey: tag))
        case .date: self = .date(try container.decode(Date.self, forKey: tag))
        case .data: self = .data(try container.decode(Data.self, forKey: tag))
        case .array: self = .array(try container.decode([ArchiveValue].self, forKey: tag))
        case .object: self = .object(try container.decode([String: ArchiveValue].self, forKey: tag))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Tag.self)
        switch self {
        case .null: try container.encode(true, forKey: .null)
        case .bool(let value): try container.encode(value, forKey: .bool)
        case .int(let value): try container.encode(value, forKey: .int)
        case .unsigned(let value): try container.encode(value, forKey: .unsigned)
        case .double(let value): try container.encode(value, forKey: .double)
        case .decimal(let value): try container.encode(value, forKey: .decimal)
        case .exactInteger(let value): try container.encode(value, forKey: .exactInteger)
        case .string(let value): try container.encode(value, forKey: .string)
        case .date(let value): try container.encode(value, forKey: .date)
        case .data(let value): try container.encode(value, forKey: .data)
        case .array(let values): try container.encode(values, forKey: .array)
        case .object(let values): try container.encode(values, forKey: .object)
        }
    }
}
