/// A value of a protocol or superclass type, hydrated as the concrete model type a
/// ``TypeChoice`` picks, and written back with its discriminator.
struct PolymorphicCodec<Value>: ValueCodec {
    let choice: TypeChoice

    /// Never taken whole: for an `[Any]` property an `[Any]` of dictionaries is "already of the
    /// type", and each element must still be hydrated.

    func decode(_ input: Any, in context: MappingContext) throws -> Value {
        guard let dictionary = InputValue.dictionary(input) else {
            return try mismatch(input, expected: "\(ValueDescription.typeName(Value.self)) (a dictionary)", in: context)
        }
        let chosen = try choose(for: dictionary)
        var nested = try context.nested()
        if case .byKey(let key, _) = choice.rule { nested.discriminator = key }
        func hydrate<Model: Mappable>(_: Model.Type) throws -> Any {
            try Model.instantiate(from: dictionary, configuration: nested.declaredConfiguration(for: Model.self), context: nested)
        }
        guard let value = try hydrate(chosen) as? Value else {
            throw MappingError(.mismatch(expected: ValueDescription.typeName(Value.self), found: "\(chosen), which is not one"))
        }
        return value
    }

    private func choose(for dictionary: [String: Any]) throws -> any Mappable.Type {
        switch choice.rule {
        case .always(let type):
            return type.type
        case .byKey(let key, let types):
            guard let name = dictionary[key] as? String, let type = types[name] else {
                let known = types.keys.sorted().map(\.debugDescription).joined(separator: ", ")
                var error = MappingError(.mismatch(
                    expected: "one of \(known)",
                    found: dictionary[key].map(ValueDescription.describe) ?? "nothing"
                ))
                error.prefix(.key(key))
                throw error
            }
            return type.type
        case .by(let choose):
            do {
                return try choose(dictionary)
            } catch {
                throw MappingError.wrapping(error, at: [])
            }
        }
    }

    func encode(_ value: Value, in context: MappingContext) throws -> Any? {
        guard let model = value as? any Mappable else {
            throw MappingError(.unsupportedType(ValueDescription.typeName(type(of: value))))
        }
        var dictionary = try model.encodedDictionary(in: context.nested())
        if case .byKey(let key, let types) = choice.rule {
            let dynamicType = ObjectIdentifier(type(of: model))
            guard let name = types.first(where: { ObjectIdentifier($0.value.type) == dynamicType })?.key else {
                throw MappingError(.mismatch(
                    expected: "a type named in \"\(key)\"",
                    found: ValueDescription.typeName(type(of: model))
                ))
            }
            dictionary[key] = name
        }
        return dictionary
    }
}

// MARK: JSON Schema

extension PolymorphicCodec {
    func schema(in builder: any SchemaBuilding, context: MappingContext) throws -> [String: Any] {
        let nested = try context.nested()
        switch choice.rule {
        case .always(let chosen):
            return try builder.reference(to: chosen.type, context: nested)
        case .byKey(let key, let types):
            // Each type's object with the key that names it (which its own keys do not include).
            var choices: [Any] = []
            for (name, chosen) in types.sorted(by: { $0.key < $1.key }) {
                var discriminated = nested
                discriminated.discriminator = key
                choices.append(try builder.reference(to: chosen.type, context: discriminated, discriminator: (key, name)))
            }
            return ["oneOf": choices]
        case .by:
            // Chosen by the app's own code: any object.
            return ["type": "object"]
        }
    }
}
