import Foundation

/// The external keys of one property, in the order they are tried.
struct FieldKeys: Sendable {
    /// The keys as given; `nil` for the one literal key most properties have, which `single`
    /// holds alone (no arrays made for it: a plan's first mapping writes mostly fresh memory).
    private let given: [ExternalKey]?
    /// The only key, when there is one and it is a single step: looked up directly.
    let single: String?
    /// The property is flattened (``MappingConfiguration/Builder/flatten(_:fileID:line:)``): its
    /// one key is the reserved one that ``ObjectPlan/rewritten(_:in:)`` gathers the nested
    /// model's keys under, and its values and errors are the parent object's own, at no path
    /// of their own.
    let isFlattened: Bool

    /// Every key, in order.
    var all: [ExternalKey] {
        given ?? single.map { [ExternalKey.literal($0)] } ?? []
    }

    /// The text of the first key's first step (what a top-level dictionary is looked up by).
    var firstStepText: String? {
        guard let given else { return single }
        return given.first?.steps.first?.text
    }

    init(_ keys: [ExternalKey]) {
        given = keys
        single = keys.count == 1 ? keys[0].singleKey : nil
        isFlattened = false
    }

    /// The one key `key`, taken literally (dots and all): a property's own name, or its name
    /// under the key strategy.
    init(literal key: String) {
        given = nil
        single = key
        isFlattened = false
    }

    /// The keys of the flattened property named `name`: one reserved key, which no field reads
    /// as a plain key (so that no format's fast path, keyed by plain keys, ever meets it).
    init(flattened name: String) {
        given = [ExternalKey(components: [Self.flattenedKey(name)])]
        single = nil
        isFlattened = true
    }

    /// The key a flattened property's object is gathered under in the input, and written under
    /// before it is merged into the parent's: a NUL first, which no key of a real payload has.
    static func flattenedKey(_ name: String) -> String {
        "\u{0}flattened:\(name)"
    }

    /// The value under the first key present in `dictionary`, and which key that was; `nil`
    /// when none is. A path that meets a value of the wrong kind on the way (a dictionary where
    /// it indexes an array, a number where it looks up a key) throws, with the path to that
    /// value, unless another key is present.
    func value(in dictionary: [String: Any]) throws -> (value: Any, key: ExternalKey)? {
        var misplaced: MappingError?
        for key in all {
            do {
                if let value = try Self.value(at: key, in: dictionary) { return (value, key) }
            } catch {
                misplaced.merge(MappingError.wrapping(error, at: []))
            }
        }
        if let misplaced { throw misplaced }
        return nil
    }

    private static func value(at key: ExternalKey, in dictionary: [String: Any]) throws -> Any? {
        var current: Any = dictionary
        for (position, step) in key.steps.enumerated() {
            let container = InputValue.flattened(current)
            switch step {
            case .key(let name):
                if let nested = InputValue.dictionary(container) {
                    guard let next = nested[name] else { return nil }
                    current = next
                    continue
                }
            case .index(let index):
                if let array = InputValue.array(container) {
                    guard array.indices.contains(index) else { return nil }
                    current = array[index]
                    continue
                }
            }
            if InputValue.isNSNull(container) { return nil }
            throw misplaced(step, of: key, at: position, found: container)
        }
        return current
    }

    /// The error for a container of the wrong kind before step `position` of `key`.
    private static func misplaced(_ step: ExternalKey.Step, of key: ExternalKey, at position: Int, found: Any) -> MappingError {
        let expected: String
        switch step {
        case .key(let name): expected = "Dictionary with the key \(name.debugDescription) (path \(key))"
        case .index(let index): expected = "Array with the index \(index) (path \(key); write '\(index)' for a key)"
        }
        var error = MappingError(.mismatch(expected: expected, found: ValueDescription.describe(found)))
        for step in key.steps[..<position].reversed() { error.prefix(step.pathComponent) }
        return error
    }

    /// Where an error about this property is reported: the key its value was found under, or
    /// the first key when it was absent.
    func errorPath(in dictionary: [String: Any]) -> [PathComponent] {
        if isFlattened { return [] }
        let key = (try? value(in: dictionary))?.key ?? all[0]
        return key.steps.map(\.pathComponent)
    }

    /// Where an error met writing this property is reported: its first key.
    var writePath: [PathComponent] {
        isFlattened ? [] : all[0].steps.map(\.pathComponent)
    }

    /// Writes `value` at `key` in `dictionary`, creating dictionaries for key steps and arrays
    /// for index steps on the way. A value already written there is kept: the first property
    /// mapped to a key writes it. (Plans refuse keys that disagree on a container's kind.)
    static func write(_ value: Any, at key: ExternalKey, into dictionary: inout [String: Any]) {
        let path = key.steps[...]
        guard case .key(let first)? = path.first else { return }
        if path.count == 1 {
            if dictionary[first] == nil { dictionary[first] = value }
            return
        }
        dictionary[first] = inserting(value, at: path.dropFirst(), into: dictionary[first])
    }

    private static func inserting(_ value: Any, at path: ArraySlice<ExternalKey.Step>, into container: Any?) -> Any {
        guard let step = path.first else { return container ?? value }
        let rest = path.dropFirst()
        switch step {
        case .index(let index):
            var array = container.flatMap(InputValue.array) ?? []
            while array.count <= index { array.append(NSNull()) }
            let existing = InputValue.isNSNull(array[index]) ? nil : array[index]
            array[index] = rest.isEmpty ? (existing ?? value) : inserting(value, at: rest, into: existing)
            return array
        case .key(let name):
            var nested = container.flatMap(InputValue.dictionary) ?? [:]
            if rest.isEmpty {
                if nested[name] == nil { nested[name] = value }
            } else {
                nested[name] = inserting(value, at: rest, into: nested[name])
            }
            return nested
        }
    }
}
