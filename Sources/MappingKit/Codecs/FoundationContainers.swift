import Foundation

/// `NSDictionary` and `NSArray` instances met in the input (built by hand, or unarchived).
///
/// Outside Apple platforms, casting one to a Swift collection bridges its whole subtree at once,
/// recursively, inside Foundation: one that contains itself overflows the stack, a deep one can,
/// and one that shares a sub-graph many times grows exponentially. Such a container is walked
/// first, without bridging (through its public mirror, which lists its objects as they are),
/// and refused unless it is a finite tree of modest depth and size.
enum FoundationContainers {
    /// What a walk found.
    enum Shape: Equatable {
        case tree
        case cyclic
        case tooDeep
        case tooLarge
    }

    /// Deepest nesting bridged; Foundation's own bridging recurses once per level.
    static let maximumDepth = 256
    /// Most objects walked: a shared sub-graph counts each time it is reached.
    static let maximumCount = 1_000_000

    /// `true` when `value` is an `NSDictionary` or `NSArray` (not a Swift collection).
    static func isContainer(_ value: Any) -> Bool {
        let type = type(of: value)
        return type is NSDictionary.Type || type is NSArray.Type
    }

    /// Walks the containers below `root` iteratively, keeping the path for cycle detection.
    static func shape(of root: AnyObject) -> Shape {
        var path: [(object: AnyObject, children: [AnyObject], next: Int)] = [(root, children(of: root), 0)]
        var onPath: Set<ObjectIdentifier> = [ObjectIdentifier(root)]
        var count = 1
        while let top = path.last {
            guard top.next < top.children.count else {
                onPath.remove(ObjectIdentifier(top.object))
                path.removeLast()
                continue
            }
            path[path.count - 1].next += 1
            let child = top.children[top.next]
            count += 1
            guard count <= maximumCount else { return .tooLarge }
            guard isContainer(child) else { continue }
            guard onPath.insert(ObjectIdentifier(child)).inserted else { return .cyclic }
            guard path.count < maximumDepth else { return .tooDeep }
            path.append((child, children(of: child), 0))
        }
        return .tree
    }

    /// The keys and values of a dictionary, or the elements of an array, unbridged.
    private static func children(of container: AnyObject) -> [AnyObject] {
        var result: [AnyObject] = []
        for child in Mirror(reflecting: container).children {
            if let pair = child.value as? (key: NSObject, value: AnyObject) {
                result.append(pair.key)
                result.append(pair.value)
            } else {
                result.append(child.value as AnyObject)
            }
        }
        return result
    }

    /// How messages describe a container: `NSMutableDictionary of 2 keys that contains itself`.
    static func describe(_ value: Any) -> String {
        let object = value as AnyObject
        let kind = String(describing: type(of: value))
        let size: String
        if let dictionary = object as? NSDictionary {
            size = dictionary.count == 1 ? "1 key" : "\(dictionary.count) keys"
        } else if let array = object as? NSArray {
            size = array.count == 1 ? "1 element" : "\(array.count) elements"
        } else {
            size = "unknown size"
        }
        switch shape(of: object) {
        case .tree: return "\(kind) of \(size)"
        case .cyclic: return "\(kind) of \(size) that contains itself"
        case .tooDeep: return "\(kind) of \(size) nested deeper than \(maximumDepth) levels"
        case .tooLarge: return "\(kind) of \(size) reaching more than \(maximumCount) values"
        }
    }
}
