import Foundation

/// How many values a binary property list becomes when its references are followed, found from
/// its object table without building anything.
///
/// A binary property list names each object once and refers to it by number, so
/// `{"kids": [d, d]}` thirty levels deep takes a few hundred bytes and reaches 2^30 leaves.
/// Foundation's parser on Linux copies a shared object at every reference, which makes such a
/// list cost hours before a mapping sees it; MappingKit counts first, each object's expanded size
/// once (a sum over the references of a DAG), and refuses the list when the count passes the
/// bound. Malformed data is left to the parser, which reports it: this scan never traps and
/// never recurses (an explicit stack).
enum BinaryPropertyListExpansion {
    /// `nil` when `data` is no binary property list (or a malformed one); otherwise the number of
    /// values it expands to, capped at `bound + 1`. A reference cycle counts as past the bound.
    static func expandedCount(of data: Data, bound: Int) -> Int? {
        let bytes = [UInt8](data)
        guard bytes.count >= 40, bytes.starts(with: Array("bplist00".utf8)) else { return nil }
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6])
        let referenceSize = Int(bytes[trailer + 7])
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize),
              let objectCount = integer(bytes, at: trailer + 8, size: 8),
              let top = integer(bytes, at: trailer + 16, size: 8),
              let tableOffset = integer(bytes, at: trailer + 24, size: 8),
              objectCount > 0, objectCount <= bytes.count, top < objectCount,
              tableOffset < trailer, objectCount <= (trailer - tableOffset) / offsetSize else { return nil }
        func offset(of object: Int) -> Int? {
            integer(bytes, at: tableOffset + object * offsetSize, size: offsetSize).flatMap { $0 < tableOffset ? $0 : nil }
        }
        /// The objects `object` refers to (keys left out: they are strings), or `[]` for a leaf.
        func children(of object: Int) -> [Int]? {
            guard let start = offset(of: object) else { return nil }
            let marker = bytes[start]
            let kind = marker >> 4
            guard kind == 0xA || kind == 0xC || kind == 0xD else { return [] }
            var position = start + 1
            var count = Int(marker & 0x0F)
            if count == 0x0F {
                guard position < tableOffset, bytes[position] >> 4 == 0x1 else { return nil }
                let size = 1 << Int(bytes[position] & 0x0F)
                guard size <= 8, let counted = integer(bytes, at: position + 1, size: size) else { return nil }
                count = counted
                position += 1 + size
            }
            let references = kind == 0xD ? 2 * count : count
            guard count >= 0, references <= (tableOffset - position) / referenceSize else { return nil }
            let first = kind == 0xD ? count : 0
            var result: [Int] = []
            result.reserveCapacity(references - first)
            for index in first..<references {
                guard let child = integer(bytes, at: position + index * referenceSize, size: referenceSize), child < objectCount else {
                    return nil
                }
                result.append(child)
            }
            return result
        }
        // Depth-first, each object once: its size is 1 plus its children's, known when it is left.
        // A child still on the path is a cycle.
        let limit = bound + 1
        var state = [UInt8](repeating: 0, count: objectCount)   // 0 unseen, 1 on the path, 2 done
        var size = [Int](repeating: 0, count: objectCount)
        guard let topChildren = children(of: top) else { return nil }
        var path: [(object: Int, children: [Int], next: Int)] = [(top, topChildren, 0)]
        state[top] = 1
        while let frame = path.last {
            if frame.next < frame.children.count {
                let child = frame.children[frame.next]
                path[path.count - 1].next += 1
                switch state[child] {
                case 0:
                    guard let grandchildren = children(of: child) else { return nil }
                    state[child] = 1
                    path.append((child, grandchildren, 0))
                case 1:
                    return limit
                default:
                    continue
                }
                continue
            }
            var total = 1
            for child in frame.children { total = min(limit, total + size[child]) }
            size[frame.object] = total
            state[frame.object] = 2
            path.removeLast()
        }
        return size[top]
    }

    /// The big-endian unsigned integer of `size` bytes at `position`, when it is in the data.
    private static func integer(_ bytes: [UInt8], at position: Int, size: Int) -> Int? {
        guard position >= 0, size > 0, position <= bytes.count - size else { return nil }
        var value = 0
        for byte in bytes[position..<(position + size)] {
            guard value <= (Int.max >> 8) else { return nil }
            value = value << 8 | Int(byte)
        }
        return value
    }
}
