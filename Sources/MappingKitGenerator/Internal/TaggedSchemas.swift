import Foundation
import MappingKit

/// A choice of tagged objects read back as a ``TaggedEnum``: externally tagged (`{"circle":
/// {…}}`, a unit case's bare tag), internally tagged (`{"type": "push", …}`, with a fallback
/// case for unknown tags), adjacently tagged (`{"t": "walk", "c": {…}}`) or untagged (a
/// choice of payloads: `null`, an object of labels, an array of a tuple's values, one value), as
/// MappingKit describes each.
struct TaggedSchemas {
    let types: SchemaTypes

    private enum Payload {
        case unit
        case labelled([(label: String, value: SchemaValue)])
        case unlabelled([SchemaValue])
    }

    private struct Case {
        var tag: String
        var payload: Payload
        var name = ""
        var isFallback = false
    }

    func value(of choices: [[String: Any]], key: String, owner: String) -> SchemaValue? {
        let place = "\(owner).\(key)"
        guard let (cases, tagging) = external(choices, place: place) ?? tagged(choices, place: place) ?? untagged(choices, place: place),
              !cases.isEmpty else { return nil }
        var named = cases
        var used = Set<String>()
        let snake = KeyStrategy.snakeCase
        for index in named.indices where !named[index].isFallback {
            named[index].name = types.reader.unique(Naming.propertyCandidates(for: named[index].tag)[0], in: &used)
        }
        // Untagged, the tags are the names given to the payloads' kinds: nothing to rename.
        if case .untagged = tagging { named = named.map { var entry = $0; entry.tag = entry.name; return entry } }
        var modifiers: [String] = []
        if named.contains(where: { !$0.isFallback && $0.name != $0.tag }) {
            if named.allSatisfy({ $0.isFallback || snake.key(for: $0.name) == $0.tag }) {
                modifiers.append(".renamingCases(.snakeCase)")
            } else {
                types.reader.note("\(place): tags that are no Swift case names: cases named after them")
            }
        }
        let labels = named.flatMap { entry -> [String] in if case .labelled(let values) = entry.payload { values.map(\.label) } else { [] } }
        if labels.contains(where: { Naming.propertyCandidates(for: $0)[0] != $0 }) {
            if labels.allSatisfy({ snake.key(for: Naming.propertyCandidates(for: $0)[0]) == $0 }) {
                modifiers.append(".renamingLabels(.snakeCase)")
            } else {
                types.reader.note("\(place): payload keys that are no Swift labels: labels named after them")
            }
        }
        if let fallback = named.firstIndex(where: \.isFallback) {
            named[fallback].name = types.reader.unique("other", in: &used)
            modifiers.append(".unknownTags(as: \(ModelPlan.stringLiteral(named[fallback].name)))")
        }
        let taggingSource: String? = switch tagging {
        case .external: modifiers.isEmpty ? nil : "EnumTagging.externallyTagged" + modifiers.joined()
        case .internal(let tag): (modifiers.isEmpty ? "." : "EnumTagging.") + "internallyTagged(tag: \(ModelPlan.stringLiteral(tag)))" + modifiers.joined()
        case .adjacent(let tag, let content):
            (modifiers.isEmpty ? "." : "EnumTagging.") + "adjacentlyTagged(tag: \(ModelPlan.stringLiteral(tag)), content: \(ModelPlan.stringLiteral(content)))" + modifiers.joined()
        case .untagged: ".untagged"
        }
        let final = named
        guard let name = try? types.reader.enumType(for: ["anyOf": choices], key: key, make: { name throws(GeneratorError) in
            .tagged(SchemaDeclaration.Tagged(name: name, cases: final.map(Self.declaration), tagging: taggingSource))
        }) else { return nil }
        let literal: (Any) -> String? = { value in Self.literal(of: value, cases: final, tagging: tagging).map { "\(name)\($0)" } }
        let empty = final.lazy.compactMap { Self.emptyCase($0) }.first.map { "\(name)\($0)" }
        return SchemaValue(type: name, literal: literal, empty: empty)
    }

    private enum Tagging {
        case external
        case `internal`(String)
        case adjacent(String, String)
        case untagged
    }

    // MARK: Recognising the taggings

    private func external(_ choices: [[String: Any]], place: String) -> ([Case], Tagging)? {
        var cases: [Case] = []
        for choice in choices {
            if let tag = (choice["propertyNames"] as? [String: Any])?["const"] as? String, let content = choice["additionalProperties"] as? [String: Any] {
                cases.append(Case(tag: tag, payload: payload(content, place: place)))
            } else if let unit = choice["anyOf"] as? [[String: Any]], let tag = unit.first?["const"] as? String {
                cases.append(Case(tag: tag, payload: .unit))
            } else {
                return nil
            }
        }
        return (cases, .external)
    }

    private func tagged(_ choices: [[String: Any]], place: String) -> ([Case], Tagging)? {
        let objects = choices.compactMap { $0["properties"] as? [String: Any] }
        guard objects.count == choices.count, let first = objects.first else { return nil }
        // The tag: the key every choice has, a constant in each but a fallback's.
        guard let tag = first.keys.sorted().first(where: { key in
            objects.allSatisfy { $0[key] != nil } && objects.filter { ($0[key] as? [String: Any])?["const"] is String }.count >= objects.count - 1
        }) else { return nil }
        let others = objects.map { Set($0.keys).subtracting([tag]) }
        let contentKeys = others.reduce(Set<String>()) { $0.union($1) }
        let isUnitContent = { (schema: Any?) in Self.isUnitContent(schema as? [String: Any] ?? [:]) }
        let adjacent = contentKeys.count == 1 && others.allSatisfy { $0.count == 1 }
            && objects.contains { isUnitContent($0[contentKeys.first ?? ""]) || ($0[contentKeys.first ?? ""] as? [String: Any])?["properties"] != nil }
        var cases: [Case] = []
        for (index, object) in objects.enumerated() {
            guard let tagValue = (object[tag] as? [String: Any])?["const"] as? String else {
                cases.append(Case(tag: "", payload: .unit, isFallback: true))
                continue
            }
            if adjacent, let content = contentKeys.first {
                cases.append(Case(tag: tagValue, payload: payload(object[content] as? [String: Any] ?? [:], place: place)))
            } else {
                var labels = object
                labels[tag] = nil
                let required = Set(choices[index]["required"] as? [String] ?? [])
                cases.append(Case(tag: tagValue, payload: labelled(labels, required: required, place: place)))
            }
        }
        return (cases, adjacent ? .adjacent(tag, contentKeys.first ?? "") : .internal(tag))
    }

    /// A choice of payloads with no tag (``EnumTagging/untagged``): each choice a case, named
    /// after the kind of its payload (`integer`, `string`, `object`, `tuple`, `array`, `null`).
    private func untagged(_ choices: [[String: Any]], place: String) -> ([Case], Tagging)? {
        guard choices.count >= 2 else { return nil }
        var cases: [Case] = []
        for choice in choices {
            if choice["type"] as? String == "null", choice.count == 1 {
                cases.append(Case(tag: "null", payload: .unit))
            } else if let properties = choice["properties"] as? [String: Any], choice["type"] as? String == "object" {
                cases.append(Case(tag: "object", payload: labelled(properties, required: Set(choice["required"] as? [String] ?? []), place: place)))
            } else if choice["type"] as? String == "array", let items = choice["prefixItems"] as? [[String: Any]] {
                cases.append(Case(tag: "tuple", payload: .unlabelled(items.map { types.value(of: $0, key: "value", owner: place, position: .deep) })))
            } else {
                let value = types.value(of: choice, key: "value", owner: place, position: .deep)
                guard value.type != "Any" else { return nil }
                cases.append(Case(tag: (choice["type"] as? String).map { $0 == "boolean" ? "bool" : $0 } ?? "value", payload: .unlabelled([value])))
            }
        }
        return (cases, .untagged)
    }

    private static func isUnitContent(_ schema: [String: Any]) -> Bool {
        guard let choices = schema["anyOf"] as? [[String: Any]], choices.count == 2 else { return false }
        return choices.contains { $0["type"] as? String == "null" } && choices.contains { $0["maxProperties"] as? Int == 0 }
    }

    private func payload(_ content: [String: Any], place: String) -> Payload {
        if Self.isUnitContent(content) { return .unit }
        if let properties = content["properties"] as? [String: Any], content["type"] as? String == "object" {
            return labelled(properties, required: Set(content["required"] as? [String] ?? []), place: place)
        }
        if content["type"] as? String == "array", let items = content["prefixItems"] as? [[String: Any]] {
            return .unlabelled(items.map { types.value(of: $0, key: "value", owner: place, position: .deep) })
        }
        return .unlabelled([types.value(of: content, key: "value", owner: place, position: .deep)])
    }

    private func labelled(_ properties: [String: Any], required: Set<String>, place: String) -> Payload {
        guard !properties.isEmpty else { return .unit }
        let labels = properties.keys.sorted { (required.contains($0) ? 0 : 1, $0) < (required.contains($1) ? 0 : 1, $1) }
        return .labelled(labels.map { label in
            var value = types.value(of: properties[label] as? [String: Any] ?? [:], key: label, owner: place, position: .deep)
            if !required.contains(label) { value.isOptional = true }
            return (label: label, value: value)
        })
    }

    // MARK: Writing

    private static func declaration(_ entry: Case) -> String {
        let name = Naming.declared(entry.name)
        switch entry.payload {
        case _ where entry.isFallback: return "\(name)(String, UnmappedValues)"
        case .unit: return name
        case .labelled(let labels):
            return name + "(" + labels.map { "\(Naming.propertyCandidates(for: $0.label)[0]): \($0.value.spelled)" }.joined(separator: ", ") + ")"
        case .unlabelled(let values):
            return name + "(" + values.map(\.spelled).joined(separator: ", ") + ")"
        }
    }

    /// `.circle(radius: 0.0)`: a case whose payload values all have an empty value.
    private static func emptyCase(_ entry: Case) -> String? {
        let name = "." + entry.name
        switch entry.payload {
        case _ where entry.isFallback: return nil
        case .unit: return name
        case .labelled(let labels):
            let values = labels.map { $0.value.isOptional ? "nil" : $0.value.empty }
            guard values.allSatisfy({ $0 != nil }) else { return nil }
            return name + "(" + zip(labels, values).map { "\(Naming.propertyCandidates(for: $0.label)[0]): \($1 ?? "")" }.joined(separator: ", ") + ")"
        case .unlabelled(let payload):
            let values = payload.map { $0.isOptional ? "nil" : $0.empty }
            guard values.allSatisfy({ $0 != nil }) else { return nil }
            return name + "(" + values.compactMap { $0 }.joined(separator: ", ") + ")"
        }
    }

    /// The case `value` (JSON, as the enum writes it) is, as a Swift expression after the type.
    private static func literal(of value: Any, cases: [Case], tagging: Tagging) -> String? {
        let tag: String?
        var content: Any?
        switch tagging {
        case .external:
            if let text = value as? String {
                tag = text
            } else if let object = value as? [String: Any], object.count == 1, let only = object.first {
                tag = only.key
                content = only.value
            } else {
                tag = nil
            }
        case .internal(let key):
            tag = (value as? [String: Any])?[key] as? String
            content = value
        case .adjacent(let key, let contentKey):
            tag = (value as? [String: Any])?[key] as? String
            content = (value as? [String: Any])?[contentKey]
        case .untagged:
            // The first case whose payload takes the value, as the enum reads it.
            return cases.lazy.compactMap { entry in literal(of: value, entry: entry, untagged: true) }.first
        }
        guard let tag else { return nil }
        guard let entry = cases.first(where: { $0.tag == tag && !$0.isFallback }) else {
            return cases.first(where: \.isFallback).map { ".\($0.name)(\(ModelPlan.stringLiteral(tag)), UnmappedValues())" }
        }
        return literal(of: content as Any, entry: entry, untagged: false)
    }

    /// The case `entry` with the payload `content`, as a Swift expression after the type; `nil`
    /// when its payload does not take `content` (untagged: only what the payload's kind is).
    private static func literal(of content: Any, entry: Case, untagged: Bool) -> String? {
        let name = "." + entry.name
        switch entry.payload {
        case .unit: return !untagged || content is NSNull ? name : nil
        case .labelled(let labels):
            if untagged, !(content is [String: Any]) { return nil }
            let object = content as? [String: Any] ?? [:]
            let values = labels.map { label in
                object[label.label].map { $0 is NSNull ? "nil" : label.value.literal($0) } ?? (label.value.isOptional ? "nil" : nil)
            }
            guard values.allSatisfy({ $0 != nil }) else { return nil }
            return name + "(" + zip(labels, values).map { "\(Naming.propertyCandidates(for: $0.label)[0]): \($1 ?? "")" }.joined(separator: ", ") + ")"
        case .unlabelled(let payload):
            if untagged, content is NSNull { return nil }
            let items = payload.count == 1 ? [content] : content as? [Any] ?? []
            guard items.count == payload.count else { return nil }
            let values = zip(payload, items).map { value, item in item is NSNull ? "nil" : value.literal(item) }
            guard values.allSatisfy({ $0 != nil }) else { return nil }
            return name + "(" + values.compactMap { $0 }.joined(separator: ", ") + ")"
        }
    }
}
