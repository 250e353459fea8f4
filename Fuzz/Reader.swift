// The *reader* target: MappingKit's JSON reader against JSONSerialization on the same bytes.
//
// The oracle:
// - MappingKit never traps, and fails only with a `MappingError`; a syntax error's location
//   points into the input (its offset within the bytes, its line the count of line feeds before
//   it, plus one, its column within the line);
// - the two accept and reject the same documents, but for the deliberate differences below;
// - where both accept, they give the same value: the same structure, strings, keys, booleans and
//   nulls, and numbers compared exactly (`numbersAgree`);
// - what MappingKit reads, it writes, and reads back as the same value;
// - the string and space scans' vector paths (SSE2, NEON) find what their scalar paths find,
//   from every offset of the input (`CMappingKitScan`).
//
// The deliberate differences, each where RFC 8259 is clear and JSONSerialization is lenient or
// reads another representation (checked by name in `checkReader`, so a new one fails):
// 1. *Encoding*: JSONSerialization detects UTF-16 and UTF-32 (from NUL bytes among the first
//    four) and skips byte order marks; MappingKit reads UTF-8 without a BOM only (§8.1: JSON
//    exchanged between systems must be UTF-8, and a BOM must not be added).
// 2. *Trailing commas*: JSONSerialization accepts a comma before `]` or `}`; the grammar (§2,
//    §4, §5) does not.
// 3. *Negative zero*: `-0` is the `Double` `-0.0` in MappingKit (the sign is kept, as §6 leaves
//    to the implementation); JSONSerialization reads the integer 0.
// 4. *Long numbers*: JSONSerialization keeps at most 38 significant digits (an
//    `NSDecimalNumber`, cut past them); MappingKit reads every integer exactly and a fraction as
//    the correctly rounded `Double` (`-9900000000000001.0…0106958` is -9900000000000002, where
//    Foundation's cut decimal is -9900000000000001). Against such a decimal the `Double`s may be
//    one apart (the rounding itself is checked exactly by `ParseNumberFxx` in the tests); and
//    an integer past `Double`'s range, which MappingKit keeps as its digits (`ExactNumber`),
//    JSONSerialization refuses.
// 5. *Numbers beyond `Double`*: MappingKit refuses a number whose value is past `Double`'s range
//    (§9 lets a parser limit the range); JSONSerialization reads some: an exponent too long for
//    its integer wraps (`340282366920938e63463374607431768211455` reads as 340282393).
// 6. *U+FEFF in a string*: JSONSerialization drops one from the start of a string and from right
//    after an escape sequence (it decodes each run between escapes as if a BOM could start it);
//    inside a string it is a character (ZERO WIDTH NO-BREAK SPACE), which MappingKit keeps.
//    Compared with every U+FEFF left out of both, Foundation's having no more of them; keys
//    match exactly first (two keys may differ by a U+FEFF alone: seed `keys-equal-without-feff`),
//    and the keys left over must pair up that way, their values not compared (nor the value of
//    an exact match that a key left over becomes without its U+FEFF: seed
//    `keys-feff-collides-exact`).
import CMappingKitScan
import Foundation

/// What the reader target checks for one input (see the top of the file).
func checkReader(_ bytes: [UInt8]) {
    checkScan(bytes)
    let mine: Any
    do {
        mine = try JSONValue.parse(bytes)
    } catch let error as MappingError {
        checkLocations(of: error, in: bytes)
        guard let theirs = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) else { return }
        if readsAnotherEncoding(bytes) || hasTrailingComma(error, in: bytes) || isBeyondDouble(error) { return }
        fatalError("JSONSerialization accepts what MappingKit refuses (\(error)): \(String(describing: theirs).prefix(200))")
    } catch {
        fatalError("not a MappingError: \(error)")
    }
    do {
        let again = try JSONValue.parse(JSONValue.data(mine))
        if !UntypedValues.equal(mine, again) {
            fatalError("written and read again differs:\n\(UntypedValues.describe(mine))\n\(UntypedValues.describe(again))")
        }
    } catch {
        fatalError("what was read could not be written and read again: \(error)")
    }
    let theirs: Any
    do {
        theirs = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
    } catch {
        if holdsDigitsOnly(mine) { return }
        fatalError("MappingKit accepts what JSONSerialization refuses (\(error)): \(UntypedValues.describe(mine).prefix(200))")
    }
    if let difference = firstDifference(mine, theirs, at: "") {
        fatalError("the values differ at \(difference)")
    }
}

/// Difference 1: JSONSerialization reads the bytes as UTF-16 or UTF-32, or skips a BOM.
func readsAnotherEncoding(_ bytes: [UInt8]) -> Bool {
    bytes.prefix(4).contains(0) || bytes.starts(with: [0xEF, 0xBB, 0xBF]) || bytes.starts(with: [0xFE, 0xFF])
        || bytes.starts(with: [0xFF, 0xFE])
}

/// Difference 2: MappingKit's first error is at a `]` or `}` that follows a comma.
func hasTrailingComma(_ error: MappingError, in bytes: [UInt8]) -> Bool {
    guard let location = error.issues.first?.location, location.offset < bytes.count,
          [UInt8(ascii: "]"), UInt8(ascii: "}")].contains(bytes[location.offset]) else { return false }
    let before = bytes[..<location.offset].last { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
    return before == UInt8(ascii: ",")
}

/// Difference 4: the value holds an integer past `Double`'s range, kept as its digits.
func holdsDigitsOnly(_ value: Any) -> Bool {
    if value is ExactNumber { return true }
    if let array = value as? [Any], type(of: value) == [Any].self { return array.contains(where: holdsDigitsOnly) }
    if let object = value as? [String: Any], type(of: value) == [String: Any].self { return object.values.contains(where: holdsDigitsOnly) }
    return false
}

/// Difference 5: MappingKit refused a number past `Double`'s range.
func isBeyondDouble(_ error: MappingError) -> Bool {
    error.issues.contains { $0.expected == "a number within Double's range" }
}

/// A syntax error's location is in the input: its offset within the bytes, its line one more
/// than the line feeds before it, its column at most the bytes since the last one, plus one.
func checkLocations(of error: MappingError, in bytes: [UInt8]) {
    for issue in error.issues {
        guard let location = issue.location else { continue }
        guard location.offset >= 0, location.offset <= bytes.count else {
            fatalError("\(location) is outside the \(bytes.count) bytes: \(error)")
        }
        let before = bytes[..<location.offset]
        let line = before.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        let lineStart = (before.lastIndex(of: 0x0A)).map { $0 + 1 } ?? 0
        guard location.line == line, location.column >= 1, location.column <= location.offset - lineStart + 1 else {
            fatalError("\(location) does not point at byte \(location.offset) (line \(line), line start \(lineStart)): \(error)")
        }
    }
}

/// Where MappingKit's value `mine` and JSONSerialization's `theirs` first differ, or `nil`.
func firstDifference(_ mine: Any, _ theirs: Any, at path: String) -> String? {
    guard let (reversedPath, message) = difference(mine, theirs) else { return nil }
    return path + reversedPath.reversed().joined() + ": " + message
}

/// The first difference below the two values: the path's components innermost first (built
/// only on the way out of a difference, so a comparison that agrees renders no path), and what
/// differs.
private func difference(_ mine: Any, _ theirs: Any) -> (reversedPath: [String], message: String)? {
    if let object = ExistentialPayload.value([String: Any].self, in: mine) ?? mine as? [String: Any] {
        guard let other = ExistentialPayload.value([String: Any].self, in: theirs) ?? theirs as? [String: Any] else {
            return ([], "an object, and \(type(of: theirs))")
        }
        // Difference 6 applies to keys too. Keys match exactly first (two keys may differ by a
        // U+FEFF alone); each key left on either side must have a counterpart left on the other
        // with the same text without U+FEFF, theirs with fewer of them. Which of several such
        // keys Foundation made of which is not known (and two may have become one), so the
        // values under keys left over are not compared, nor those under an exact match whose
        // text another key of mine becomes without its U+FEFF (`"pet"` and `"\u{FEFF}pet"`:
        // Foundation's `"pet"` is either one, the last; seed `keys-feff-collides-exact`).
        var unmatched = Set(other.keys)
        var pairs: [(key: String, mine: Any, theirs: Any)] = []
        var pending: [(kept: String, count: Int)] = []
        for (key, value) in object {
            if let theirs = other[key] {
                unmatched.remove(key)
                pairs.append((key, value, theirs))
            } else {
                pending.append(withoutFEFF(key))
            }
        }
        let leftOver = unmatched.map(withoutFEFF)
        let theirsKeys = pending.isEmpty ? [] : other.keys.map(withoutFEFF)
        for key in pending where !theirsKeys.contains(where: { $0.kept == key.kept && $0.count < key.count }) {
            return ([], "no key \(key.kept.debugDescription) (less U+FEFF) in \(other.keys.sorted())")
        }
        for key in leftOver where !pending.contains(where: { $0.kept == key.kept && $0.count > key.count }) {
            return ([], "keys \(object.keys.sorted()) and \(other.keys.sorted())")
        }
        let collided = Set(pending.map(\.kept))
        for pair in pairs where collided.isEmpty || !collided.contains(withoutFEFF(pair.key).kept) {
            if var found = difference(pair.mine, pair.theirs) {
                found.reversedPath.append(".\(pair.key.debugDescription)")
                return found
            }
        }
        return nil
    }
    if let array = ExistentialPayload.value([Any].self, in: mine) {
        guard let other = ExistentialPayload.value([Any].self, in: theirs) ?? theirs as? [Any], other.count == array.count else {
            return ([], "an array of \(array.count), and \(theirs)")
        }
        for (index, value) in array.enumerated() {
            if var found = difference(value, other[index]) {
                found.reversedPath.append("[\(index)]")
                return found
            }
        }
        return nil
    }
    if let text = ExistentialPayload.value(String.self, in: mine) {
        guard let other = ExistentialPayload.value(String.self, in: theirs) ?? theirs as? String else {
            return ([], "\(text.debugDescription) and \(theirs)")
        }
        if other == text { return nil }
        // Difference 6: JSONSerialization drops some U+FEFF from strings.
        let (mineKept, mineFEFF) = withoutFEFF(text)
        let (theirsKept, theirsFEFF) = withoutFEFF(other)
        return mineKept == theirsKept && theirsFEFF < mineFEFF ? nil : ([], "\(text.debugDescription) and \(other.debugDescription)")
    }
    if let flag = ExistentialPayload.value(Bool.self, in: mine) {
        let other = theirs as? NSNumber
        return other.map { NumericInput.isBoolean($0) && $0.boolValue == flag } == true ? nil : ([], "\(flag) and \(theirs)")
    }
    if InputValue.isNSNull(mine) {
        return InputValue.isNSNull(theirs) ? nil : ([], "null and \(theirs)")
    }
    guard let number = ExistentialPayload.number(in: theirs) ?? theirs as? NSNumber, !NumericInput.isBoolean(number) else {
        return ([], "\(mine) and \(theirs)")
    }
    return numbersAgree(mine, number) ? nil : ([], "\(type(of: mine)) \(mine) and \(type(of: number)) \(number)")
}

/// Whether `text` holds a U+FEFF (whose UTF-8 starts with the byte EF, rare in the inputs).
func containsFEFF(_ text: String) -> Bool {
    text.utf8.contains(0xEF) && text.unicodeScalars.contains("\u{FEFF}")
}

/// `text` with every U+FEFF left out, and how many there were (difference 6).
func withoutFEFF(_ text: String) -> (kept: String, count: Int) {
    guard containsFEFF(text) else { return (text, 0) }
    var kept = String.UnicodeScalarView()
    kept.append(contentsOf: text.unicodeScalars.lazy.filter { $0 != "\u{FEFF}" })
    return (String(kept), text.unicodeScalars.count - kept.count)
}

/// Numbers compared exactly: the same integer, or the same `Double` bit for bit; where
/// JSONSerialization reads another representation (differences 3 and 4), the value it holds
/// exactly must be MappingKit's.
func numbersAgree(_ mine: Any, _ theirs: NSNumber) -> Bool {
    let foundationText: String
    let kind = UInt8(bitPattern: theirs.objCType.pointee)
    if let decimal = theirs as? NSDecimalNumber {
        foundationText = decimal.description
        // Difference 4: past 38 significant digits Foundation's decimal is rounded.
        if foundationText.filter(\.isNumber).drop(while: { $0 == "0" }).count >= 38 { return true }
    } else if kind == UInt8(ascii: "d") || kind == UInt8(ascii: "f") {
        let double = theirs.doubleValue
        if let value = mine as? Double, type(of: mine) == Double.self {
            // Difference 3: `-0` read as the integer 0 is not a case here (that is an integer).
            return value.bitPattern == double.bitPattern
        }
        return Double(exactText(of: mine) ?? "") == double
    } else if kind == UInt8(ascii: "Q") {
        foundationText = "\(theirs.uint64Value)"
    } else {
        foundationText = "\(theirs.int64Value)"
    }
    if let value = mine as? Double, type(of: mine) == Double.self {
        // Difference 3: `-0` is `-0.0` here, 0 there.
        if value == 0, value.sign == .minus { return foundationText == "0" }
        guard let theirs = Double(foundationText) else { return false }
        // Difference 4: a decimal Foundation cut may round to the next `Double`.
        return theirs == value || theirs.nextUp == value || theirs.nextDown == value
    }
    guard let text = exactText(of: mine) else { return false }
    return text == foundationText || Decimal(string: text) == Decimal(string: foundationText)
}

/// The exact decimal text of an integer MappingKit read (`Int`, `UInt64`, `Decimal`, a 128-bit
/// integer, `ExactNumber`).
func exactText(of value: Any) -> String? {
    switch value {
    case let int as Int where type(of: value) == Int.self: "\(int)"
    case let unsigned as UInt64 where type(of: value) == UInt64.self: "\(unsigned)"
    case let decimal as Decimal where type(of: value) == Decimal.self: decimal.description
    case let exact as ExactNumber: exact.description
    default: "\(value)"
    }
}

/// The string scan's vector path against its scalar path, from every offset (each run up to 80
/// bytes long, so that every alignment of a 16-byte block and the scalar tail are reached).
private func checkScan(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { buffer in
        guard let base = buffer.baseAddress else { return }
        for offset in 0..<buffer.count {
            let length = min(buffer.count - offset, 80)
            let vector = mk_plain_string_length(base + offset, length)
            let scalar = mk_plain_string_length_scalar(base + offset, length)
            if vector != scalar {
                fatalError("the \(String(cString: mk_scan_path())) string scan stops at \(vector), the scalar one at \(scalar), from offset \(offset)")
            }
            let spaces = mk_space_run_length(base + offset, length)
            let scalarSpaces = mk_space_run_length_scalar(base + offset, length)
            if spaces != scalarSpaces {
                fatalError("the \(String(cString: mk_scan_path())) space scan stops at \(spaces), the scalar one at \(scalarSpaces), from offset \(offset)")
            }
        }
    }
}
