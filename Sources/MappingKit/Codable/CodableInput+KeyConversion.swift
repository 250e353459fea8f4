import Foundation

/// A decoder's key strategy and the model's own keys (issue 62, item 9): the refusal when both
/// convert, and the evidence a decoder gives that it converts.
extension CodableInput {
    /// A key the model reads that `container` lacks, when it holds the property's own name
    /// instead and the decoder converts keys (``DecoderKeyConversion``): the decoder's
    /// `keyDecodingStrategy` converted the input's keys, and the model's key (its key strategy's,
    /// or one it names) would convert them again, reading nothing, the property silently left as
    /// it was. Refused, as a configuration error that names both keys; a decoder's strategy alone
    /// is followed as Codable follows it, and so is the model's alone. An input that holds the
    /// name itself, from a decoder that converts nothing, is read as any input is.
    func refuseConvertedKey(_ key: AnyCodingKey, of plan: ObjectPlan, in container: Keyed) throws {
        guard let name = plan.codable.renamed[key.stringValue], container.contains(AnyCodingKey(name)),
              keyConversion?.converts == true else { return }
        var problem = MappingError(.configuration(
            type: ValueDescription.typeName(plan.shape.model.type),
            message: "the decoder holds \(name.debugDescription) where the model reads \(key.stringValue.debugDescription): "
                + "the decoder's keyDecodingStrategy converted the input's keys, and the model's own key (its key strategy, "
                + "or a key its configuration names) converts them again; set one of the two"
        ))
        // At its path in the model the decoder reads (the coding path goes on from the decoder's).
        let path = container.codingPath.dropFirst(keyConversion?.decoder.codingPath.count ?? 0) + [key]
        for component in path.reversed() {
            problem.prefix(component.intValue.map(PathComponent.index) ?? .key(component.stringValue))
        }
        throw DecodingError.dataCorrupted(DecodingError.Context(
            codingPath: container.codingPath + [key], debugDescription: problem.description, underlyingError: problem
        ))
    }
}

/// Whether a `Decoder` converts the keys of the objects it gives (a `keyDecodingStrategy`),
/// which the `Decoder` protocol does not say: seen in the object being read, whose keys a keyed
/// container gives converted and a `[String: …]` dictionary as they are (no strategy converts a
/// dictionary's own keys, as the synthesized conformance expects). Asked only when a key the
/// model reads is missing and the property's own name is there, which a converting decoder's
/// object always shows (its own key is there, converted into the name); no allocation on the way.
struct DecoderKeyConversion {
    /// The decoder of the top object.
    let decoder: any Decoder
    /// The object being read, when it is a member of an object (`nil`: the top object; an
    /// array's element cannot be read twice, and is judged by the top object).
    var member: (container: KeyedDecodingContainer<AnyCodingKey>, key: AnyCodingKey)?

    init(_ decoder: any Decoder) {
        self.decoder = decoder
    }

    /// The same decoder, judged by the object under `key` of `container`.
    func member(_ key: AnyCodingKey, of container: KeyedDecodingContainer<AnyCodingKey>) -> DecoderKeyConversion {
        var conversion = self
        conversion.member = (container, key)
        return conversion
    }

    var converts: Bool {
        let keys: [AnyCodingKey]?
        let own: [String: Unread]?
        if let (container, key) = member {
            keys = (try? container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: key))?.allKeys
            own = try? container.decode([String: Unread].self, forKey: key)
        } else {
            keys = (try? decoder.container(keyedBy: AnyCodingKey.self))?.allKeys
            own = try? decoder.singleValueContainer().decode([String: Unread].self)
        }
        guard let keys, let own else { return false }
        return Set(keys.map(\.stringValue)) != Set(own.keys)
    }

    /// A member's value, not read: only the keys are compared.
    private struct Unread: Decodable {
        init(from decoder: any Decoder) {}
    }
}
