import Foundation

/// The external keys of one property, in the order they are tried.
struct FieldKeys: Sendable {
    let all: [ExternalKey]
    /// The only key, when there is one and it is a single step: looked up directly.
    let single: String?

    init(_ keys: [ExternalKey]) {
        all = keys
        single = keys.count == 1 ? keys[0].singleKey : nil
    }

    /// The value under the first key present in `dictionary`, and which key that was.
    func value(in dictionary: [String: Any]) -> (value: Any, key: ExternalKey)? {
        for key in all {
            if let value = Self.value(at: key.components[...], in: dictionary) { return (value, key) }
        }
        return nil
    }

    private static func value(at path: ArraySlice<String>, in dictionary: [String: Any]) -> Any? {
        guard let first = path.first, let value = dictionary[first] else { return nil }
        var current = value
        for step in path.dropFirst() {
            if let nested = current as? [String: Any], let next = nested[step] {
                current = next
            } else if let index = Int(step), let array = current as? [Any], array.indices.contains(index) {
                current = array[index]
            } else {
                return nil
            }
        }
        return current
    }

    /// Where an error about this property is reported: the key its value was found under, or
    /// the first key when it was absent.
    func errorPath(in dictionary: [String: Any]) -> [PathComponent] {
        let key = value(in: dictionary)?.key ?? all[0]
        return Self.pathComponents(of: key, in: dictionary)
    }

    /// The path components of `key` as found in `dictionary`: numeric steps into arrays become
    /// indexes, so errors read `images[0].url`.
    static func pathComponents(of key: ExternalKey, in dictionary: [String: Any]) -> [PathComponent] {
        var components: [PathComponent] = []
        var current: Any = dictionary
        for step in key.components {
            if let nested = current as? [String: Any] {
                components.append(.key(step))
                current = nested[step] as Any
            } else if let index = Int(step), let array = current as? [Any], array.indices.contains(index) {
                components.append(.index(index))
                current = array[index]
            } else {
                components.append(.key(step))
            }
        }
        return components
    }

    /// Writes `value` at `key` in `dictionary`, creating the dictionaries (and arrays, for
    /// numeric steps) on the way. A value already written there is kept: the first property
    /// mapped to a key writes it.
    static func write(_ value: Any, at key: ExternalKey, into dictionary: inout [String: Any]) {
        let path = key.components[...]
        guard let first = path.first else { return }
        if path.count == 1 {
            if dictionary[first] == nil { dictionary[first] = value }
            return
        }
        dictionary[first] = inserting(value, at: path.dropFirst(), into: dictionary[first])
    }

    private static func inserting(_ value: Any, at path: ArraySlice<String>, into container: Any?) -> Any {
        guard let step = path.first else { return container ?? value }
        let rest = path.dropFirst()
        if let index = Int(step), index >= 0, container == nil || container is [Any] {
            var array = (container as? [Any]) ?? []
            while array.count <= index { array.append(NSNull()) }
            let existing = InputValue.isNSNull(array[index]) ? nil : array[index]
            array[index] = rest.isEmpty ? (existing ?? value) : inserting(value, at: rest, into: existing)
            return array
        }
        var nested = (container as? [String: Any]) ?? [:]
        if rest.isEmpty {
            if nested[step] == nil { nested[step] = value }
        } else {
            nested[step] = inserting(value, at: rest, into: nested[step])
        }
        return nested
    }
}
