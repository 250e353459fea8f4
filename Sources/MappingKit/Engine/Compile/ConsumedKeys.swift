import Foundation

/// The keys a plan reads, as a tree: a leaf is consumed whole; a branch is a dictionary (or an
/// array, by index) that key paths read only partly.
struct ConsumedKeys: Sendable {
    private var leaves: Set<ExternalKey.Step> = []
    private var branches: [ExternalKey.Step: ConsumedKeys] = [:]

    /// Marks the path `components` as read.
    mutating func insert(_ components: ArraySlice<ExternalKey.Step>) {
        guard let first = components.first else { return }
        if components.count == 1 {
            leaves.insert(first)
            branches[first] = nil
        } else if !leaves.contains(first) {
            branches[first, default: ConsumedKeys()].insert(components.dropFirst())
        }
    }

    /// The part of `dictionary` nothing reads (`extra`, a parent's discriminator, is read too).
    /// Partly read dictionaries keep their unread part; partly read arrays keep every element,
    /// with `NSNull` where a whole element was read. A key that is read but holds `null` is kept
    /// as `NSNull`, so that writing back gives the `null` again where the property is `nil`,
    /// rather than leaving the key out.
    func remainder(of dictionary: [String: Any], alsoConsumed extra: String? = nil) -> [String: Any] {
        var result: [String: Any] = [:]
        for (key, value) in dictionary where key != extra {
            if leaves.contains(.key(key)) {
                if InputValue.isNull(value) { result[key] = NSNull() }
                continue
            }
            guard let branch = branches[.key(key)] else {
                result[key] = value
                continue
            }
            if let nested = InputValue.dictionary(value) {
                let rest = branch.remainder(of: nested)
                if !rest.isEmpty { result[key] = rest }
            } else if let array = InputValue.array(value) {
                if let rest = branch.remainder(of: array) { result[key] = rest }
            } else {
                result[key] = value
            }
        }
        return result
    }

    private func remainder(of array: [Any]) -> [Any]? {
        var unread = false
        let rest: [Any] = array.enumerated().map { index, element in
            if leaves.contains(.index(index)) { return NSNull() }
            if let branch = branches[.index(index)], let nested = InputValue.dictionary(element) {
                let rest = branch.remainder(of: nested)
                unread = unread || !rest.isEmpty
                return rest
            }
            unread = true
            return element
        }
        return unread ? rest : nil
    }

    /// The top-level keys read, whole or in part, sorted.
    var topLevelKeys: [String] {
        (Array(leaves) + Array(branches.keys)).compactMap { step in
            if case .key(let key) = step { return key }
            return nil
        }.sorted()
    }

    /// Whether a property reads the top-level key `key`, whole or in part.
    func readsTopLevelKey(_ key: String) -> Bool {
        leaves.contains(.key(key)) || branches[.key(key)] != nil
    }

    /// Adds every key `other` reads.
    mutating func formUnion(_ other: ConsumedKeys) {
        for leaf in other.leaves {
            leaves.insert(leaf)
            branches[leaf] = nil
        }
        for (step, branch) in other.branches where !leaves.contains(step) {
            branches[step, default: ConsumedKeys()].formUnion(branch)
        }
    }

    /// Whether a property reads any top-level key of `dictionary`.
    func readsAnyKey(of dictionary: [String: Any]) -> Bool {
        dictionary.keys.contains { leaves.contains(.key($0)) || branches[.key($0)] != nil }
    }

    /// Every undefined key of `dictionary` with its path and value, sorted by path.
    func undefinedKeys(in dictionary: [String: Any], alsoConsumed extra: String? = nil) -> [([PathComponent], Any)] {
        var found: [([PathComponent], Any)] = []
        for key in dictionary.keys.sorted() where !leaves.contains(.key(key)) && key != extra {
            guard let value = dictionary[key] else { continue }
            guard let branch = branches[.key(key)] else {
                found.append(([.key(key)], value))
                continue
            }
            if let nested = InputValue.dictionary(value) {
                found += branch.undefinedKeys(in: nested).map { ([.key(key)] + $0.0, $0.1) }
            } else if let array = InputValue.array(value) {
                for (index, element) in array.enumerated() where !branch.leaves.contains(.index(index)) {
                    if let elementBranch = branch.branches[.index(index)], let nested = InputValue.dictionary(element) {
                        found += elementBranch.undefinedKeys(in: nested).map { ([.key(key), .index(index)] + $0.0, $0.1) }
                    } else {
                        found.append(([.key(key), .index(index)], element))
                    }
                }
            } else {
                found.append(([.key(key)], value))
            }
        }
        return found
    }

    /// Writes stashed values back into a dictionary representation, in place: a key the
    /// representation already has keeps its value, and dictionaries and arrays are merged.
    static func merge(_ stash: [String: Any], into result: inout [String: Any]) {
        for (key, value) in stash {
            result[key] = result[key].map { merged($0, value) } ?? value
        }
    }

    private static func merged(_ existing: Any, _ stashed: Any) -> Any {
        if var dictionary = InputValue.dictionary(existing), let extra = InputValue.dictionary(stashed) {
            merge(extra, into: &dictionary)
            return dictionary
        }
        if let array = InputValue.array(existing), let extra = InputValue.array(stashed) {
            return (0..<max(array.count, extra.count)).map { index -> Any in
                guard index < array.count else { return extra[index] }
                return index < extra.count ? merged(array[index], extra[index]) : array[index]
            }
        }
        return existing
    }
}
