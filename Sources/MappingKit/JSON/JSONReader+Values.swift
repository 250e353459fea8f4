import Foundation

extension JSONReader {
    /// Consumes one value as native Swift values: `String`, `Bool`, `NSNull`, `[Any]`,
    /// `[String: Any]`, and numbers as `Int` (integers that fit), `UInt64` (larger ones that
    /// fit) or `Double` (the rest, correctly rounded). A repeated key keeps its last value.
    mutating func readAny() throws -> Any {
        switch try peek() {
        case UInt8(ascii: "\""):
            return text(of: try scanString())
        case UInt8(ascii: "{"):
            if try enterObject() { return [String: Any]() }
            let pending = self.pending
            let first = pending._withUnsafeGuaranteedRef { $0.keys.count }
            defer {
                pending._withUnsafeGuaranteedRef { members in
                    members.keys.removeSubrange(first...)
                    members.values.removeSubrange(first...)
                }
            }
            repeat {
                let key = text(of: try readKey())
                // Read before adding: the value's own members go on the same arrays.
                let value: Any
                do {
                    value = try readAny()
                } catch {
                    throw MappingError.wrapping(error, at: .key(key))
                }
                pending._withUnsafeGuaranteedRef { members in
                    members.keys.append(key)
                    members.values.append(value)
                }
            } while try nextMember()
            return pending._withUnsafeGuaranteedRef { members in
                var object = [String: Any](minimumCapacity: members.keys.count - first)
                for index in first..<members.keys.count {
                    // Moved out, not copied: the placeholders left behind cost nothing to destroy.
                    var key = ""
                    var value: Any = ()
                    swap(&key, &members.keys[index])
                    swap(&value, &members.values[index])
                    object[key] = value
                }
                return object
            }
        case UInt8(ascii: "["):
            var array: [Any] = []
            if try enterArray() { return array }
            repeat {
                do {
                    array.append(try readAny())
                } catch {
                    throw MappingError.wrapping(error, at: .index(array.count))
                }
            } while try nextElement()
            return array
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            guard let bool = try readLiteral() else { return NSNull() }
            return bool
        default:
            return try value(of: try scanNumber())
        }
    }

    /// A number as the native value ``readAny()`` gives; beyond `Double`'s range, an error.
    func value(of number: JSONNumber) throws -> Any {
        if let magnitude = integerMagnitude(number) {
            if !number.isNegative { return Int(exactly: magnitude) ?? magnitude }
            if let int = int(number) { return int }
        }
        let value = double(number)
        guard value.isFinite else {
            throw MappingError(.mismatch(expected: "a number within Double's range", found: "the number \(text(of: number))"))
        }
        return value
    }
}
