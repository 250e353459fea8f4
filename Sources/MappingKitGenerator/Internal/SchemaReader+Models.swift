import Foundation
import MappingKit

extension SchemaReader {
    /// A value the model maps: the path to it, its schema, and whether the object it sits in
    /// requires its key.
    private struct Leaf {
        var steps: [(key: String, isIndex: Bool)]
        var schema: [String: Any]
        var isRequired: Bool
    }

    /// A model of an object schema: its properties, objects described in place read through key
    /// paths, and the configuration that maps them.
    func model(_ schema: [String: Any], named name: String, origin: String) throws(GeneratorError) -> SchemaDeclaration.Model {
        var model = SchemaDeclaration.Model(name: name, origin: origin)
        _ = takeConversions()
        var schema = schema
        // A type a choice chooses among: its discriminator is the choice's to write.
        if let membership = choiceMembership[name] {
            model.conformances = membership.protocols
            var properties = schema["properties"] as? [String: Any] ?? [:]
            properties[membership.key] = nil
            schema["properties"] = properties
            schema["required"] = (schema["required"] as? [String])?.filter { $0 != membership.key }
        }
        let flattened = flattenedEnum(&schema, owner: name)
        var leaves: [Leaf] = []
        collect(schema, steps: [], into: &leaves)
        // Required keys first, in the schema's order (the order MappingKit lists a model's
        // required keys in is its properties'), then the others by key.
        let requiredOrder = schema["required"] as? [String] ?? []
        leaves = leaves.enumerated().sorted { left, right in
            let leftRank = requiredOrder.firstIndex(of: left.element.steps[0].key) ?? requiredOrder.count
            let rightRank = requiredOrder.firstIndex(of: right.element.steps[0].key) ?? requiredOrder.count
            return (leftRank, left.offset) < (rightRank, right.offset)
        }.map(\.element)
        let alternatives = Self.alternativeKeys(of: &leaves)
        if schema["allOf"] != nil || schema["oneOf"] != nil || schema["anyOf"] != nil {
            note("\(name): a constraint on the whole object (allOf, oneOf, anyOf) not generated")
        }
        let isPlain = leaves.allSatisfy { $0.steps.count == 1 }
        let keys = leaves.map { $0.steps.map(\.key).joined(separator: "_") }
        let candidates = keys.map(Naming.propertyCandidates)
        let snake = KeyStrategy.snakeCase
        var chosen = candidates.map { $0[0] }
        var usesSnakeCase = false
        if isPlain, !zip(keys, candidates).allSatisfy({ key, names in names.contains(key) }),
           let snakeNames = ModelPlan.names(keys, candidates, { snake.key(for: $0) == $1 }) {
            chosen = snakeNames
            usesSnakeCase = true
        } else if isPlain {
            chosen = zip(keys, candidates).map { key, names in names.contains(key) ? key : names[0] }
        }
        var used = Naming.reservedProperties
        var configuration: [String] = usesSnakeCase ? ["map.keyStrategy = .snakeCase"] : []
        var rules: [String] = []
        var raisesMissing = false
        var optionalKeys: [(path: String, isRequired: Bool, isOptional: Bool)] = []
        var writesNil = false
        for (index, leaf) in leaves.enumerated() {
            let propertyName = unique(chosen[index], in: &used)
            let path = "\\.\(Naming.declared(propertyName))"
            var schema = leaf.schema
            var exists = false
            // A requirement MappingKit describes: `.exists`, or one of the user's own, whose
            // check is code the schema does not hold.
            if let description = schema["description"] as? String, description.hasPrefix("must be ") {
                schema["description"] = nil
                if description == "must be a value" {
                    exists = true
                } else {
                    note("\(name).\(leaf.steps.map(\.key).joined(separator: ".")): \(description), a requirement the model does not check")
                }
            }
            var value = SchemaTypes(reader: self).value(of: schema, key: leaf.steps.last?.key ?? "", owner: name, position: .property)
            // A key that may be missing, with no default to take its place: an optional (a
            // model MappingKit describes gives every other property's default; an array's item
            // it reads through an index has none).
            if !leaf.isRequired, !exists, schema["default"] == nil, leaf.steps.last?.isIndex == false { value.isOptional = true }
            // Required and `null` allowed: a default for `null`, on a value that is no optional.
            let defaultsNull = leaf.isRequired && !exists && value.isOptional && value.empty != nil && !value.rules.contains("emptyStringAsNil")
            var property = value.property(named: propertyName, default: schema["default"])
            // (A `null` default of a value that takes `null` itself is that value's.)
            if schema["default"] is NSNull, property.initial == nil { writesNil = true }
            if defaultsNull {
                property = SchemaDeclaration.Model.Property(name: propertyName, type: value.type, initial: value.empty)
                rules.append("map.defaultValue(\(path), whenNull: \(value.empty ?? ""))")
            }
            model.properties.append(property)
            // The latest releases any property's type needs (`Int128` after `Duration`).
            if let needed = value.availability, model.availability.map({ needed.contains("macOS 15") || !$0.contains("macOS 15") }) ?? true {
                model.availability = needed
            }
            let written = usesSnakeCase ? snake.key(for: propertyName) : propertyName
            var arguments = [path]
            let others = alternatives[index] ?? []
            if leaf.steps.count > 1 || written != leaf.steps[0].key || !others.isEmpty {
                arguments.append("to: " + ([leaf.steps] + others).map(Self.keyLiteral).joined(separator: ", "))
            }
            if let adapter = value.adapter { arguments.append("using: \(adapter)") }
            if let choice = value.choice { arguments.append("choosing: \(choice)") }
            if arguments.count > 1 { configuration.append("map.map(\(arguments.joined(separator: ", ")))") }
            rules += value.rules.map { "map.\($0)(\(path))" }
            if exists { rules.append("map.require(\(path), .exists)") }
            if leaf.isRequired, !exists { raisesMissing = true }
            optionalKeys.append((path, leaf.isRequired && !exists, property.initial == nil && !defaultsNull))
        }
        if let flattened {
            let propertyName = unique("kind", in: &used)
            model.properties.append(SchemaDeclaration.Model.Property(name: propertyName, type: flattened.type, initial: flattened.empty))
            rules.append("map.flatten(\\.\(propertyName))")
        }
        let conversions = takeConversions()
        configuration += conversions.adapters.map { "map.convert(\($0.type).self, using: \($0.adapter))" }
        if conversions.emptyTextAsNil { configuration.append("map.emptyStringsAsNil = true") }
        // `null` as an optional's default: the model writes `nil` as `null`.
        if writesNil { configuration.append("map.nilRepresentation = .null") }
        if schema["additionalProperties"] as? Bool == false { configuration.append("map.undefinedKeys = .raise") }
        if options.stashesUndefinedKeys, schema["additionalProperties"] as? Bool != false { configuration.append("map.undefinedKeys = .stash") }
        if raisesMissing {
            configuration.append("map.missingKeys = .raise")
            rules += optionalKeys.filter { !$0.isRequired && !$0.isOptional }.map { "map.allowsMissing(\($0.path))" }
        }
        model.configuration = configuration + rules
        return model
    }

    /// The later keys of properties read under several keys, by the index of the property's
    /// first key; taken out of `leaves`. MappingKit describes each later key as the first's
    /// value, `read in place of <first key> when it is absent`.
    private static func alternativeKeys(of leaves: inout [Leaf]) -> [Int: [[(key: String, isIndex: Bool)]]] {
        // As MappingKit's schema builder writes it (the round trip holds the two to one text).
        let prefix = "read in place of "
        let suffix = " when it is absent"
        var later: [Int: String] = [:]
        for (index, leaf) in leaves.enumerated() {
            guard let description = leaf.schema["description"] as? String, description.hasSuffix(suffix),
                  let start = description.range(of: prefix, options: .backwards) else { continue }
            later[index] = String(description[start.upperBound..<description.index(description.endIndex, offsetBy: -suffix.count)])
        }
        guard !later.isEmpty else { return [:] }
        var firsts: [Int: [[(key: String, isIndex: Bool)]]] = [:]
        var dropped = Set<Int>()
        for (index, first) in later.sorted(by: { $0.key < $1.key }) {
            guard let owner = leaves.indices.first(where: { later[$0] == nil && leaves[$0].steps.map(\.key).joined(separator: ".") == first }) else { continue }
            firsts[owner, default: []].append(leaves[index].steps)
            dropped.insert(index)
        }
        var kept: [Leaf] = []
        var renumbered: [Int: [[(key: String, isIndex: Bool)]]] = [:]
        for (index, leaf) in leaves.enumerated() where !dropped.contains(index) {
            if let others = firsts[index] { renumbered[kept.count] = others }
            kept.append(leaf)
        }
        leaves = kept
        return renumbered
    }

    /// A tagged enum flattened into the object: a choice of tagged objects as the object's one
    /// `allOf` constraint, its keys any value among the object's properties. Takes both out of
    /// `schema`.
    private func flattenedEnum(_ schema: inout [String: Any], owner: String) -> SchemaValue? {
        guard let constraints = schema["allOf"] as? [[String: Any]], constraints.count == 1,
              let choices = constraints[0]["anyOf"] as? [[String: Any]], constraints[0].count == 1 else { return nil }
        let typed = choices.map { choice in choice["type"] == nil ? choice.merging(["type": "object"]) { first, _ in first } : choice }
        guard let value = TaggedSchemas(types: SchemaTypes(reader: self)).value(of: typed, key: owner + "Kind", owner: owner) else { return nil }
        var properties = schema["properties"] as? [String: Any] ?? [:]
        for choice in choices {
            for key in (choice["properties"] as? [String: Any] ?? [:]).keys where (properties[key] as? [String: Any])?.isEmpty == true {
                properties[key] = nil
            }
        }
        schema["properties"] = properties
        schema["allOf"] = nil
        return value
    }

    /// The values an object holds, through the objects and arrays described in place.
    private func collect(_ object: [String: Any], steps: [(key: String, isIndex: Bool)], into leaves: inout [Leaf]) {
        let required = Set(object["required"] as? [String] ?? [])
        let properties = object["properties"] as? [String: Any] ?? [:]
        for key in properties.keys.sorted() {
            guard let schema = properties[key] as? [String: Any] else {
                note("\(key): a schema of `true` or `false`: Any")
                leaves.append(Leaf(steps: steps + [(key, false)], schema: [:], isRequired: required.contains(key)))
                continue
            }
            collect(value: schema, steps: steps + [(key, false)], isRequired: required.contains(key), into: &leaves)
        }
    }

    private func collect(value schema: [String: Any], steps: [(key: String, isIndex: Bool)], isRequired: Bool, into leaves: inout [Leaf]) {
        let types = schema["type"] as? [String] ?? (schema["type"] as? String).map { [$0] } ?? []
        let isStep = schema["$ref"] == nil && schema["anyOf"] == nil && Set(types).subtracting(["null"]).count == 1
        if isStep, types.contains("object"), schema["properties"] != nil, !(schema["additionalProperties"] is [String: Any]) {
            collect(schema, steps: steps, into: &leaves)
            return
        }
        if isStep, types.contains("array"), let items = schema["prefixItems"] as? [[String: Any]], schema["items"] == nil || schema["items"] as? Bool == false {
            for (index, item) in items.enumerated() where !item.isEmpty {
                collect(value: item, steps: steps + [("\(index)", true)], isRequired: false, into: &leaves)
            }
            return
        }
        leaves.append(Leaf(steps: steps, schema: schema, isRequired: isRequired))
    }

    /// A key path as an `ExternalKey` literal: dotted text where each step reads as itself,
    /// steps one by one otherwise.
    private static func keyLiteral(_ steps: [(key: String, isIndex: Bool)]) -> String {
        if steps.count == 1 { return ModelPlan.keyLiteral(steps[0].key) }
        let plain = steps.enumerated().allSatisfy { index, step in
            !step.key.isEmpty && !step.key.contains(where: { ".\\'".contains($0) })
                && (step.isIndex || index == 0 || !step.key.allSatisfy(\.isNumber))
        }
        if plain { return ModelPlan.stringLiteral(steps.map(\.key).joined(separator: ".")) }
        let parts = steps.enumerated().map { index, step in
            step.isIndex && index > 0 ? ".index(\(step.key))" : ".key(\(ModelPlan.stringLiteral(step.key)))"
        }
        return "ExternalKey(steps: [\(parts.joined(separator: ", "))])"
    }
}
