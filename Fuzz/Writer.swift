// The *writer* target: an untyped value, made from the input bytes as the models target's
// programs make them (`value(from:depth:)`: integers of every width, doubles from any bit
// pattern, decimals, `NSNumber`s, strings with controls and emoji, nested arrays and
// dictionaries, Swift optionals, Foundation containers that contain themselves), written by
// MappingKit and read back by both parsers.
//
// The oracle:
// - writing fails only with a `MappingError`, and only for what JSON cannot hold: a number that
//   is not finite, a container that contains itself;
// - MappingKit's reader gives back the same value (numbers by value, `UntypedValues.equal`), a
//   decimal fraction as the `Double` its exact text rounds to (the untyped reader's fractions
//   are `Double`s; a `Decimal` property reads the text exactly);
// - JSONSerialization reads the same bytes as the same value, numbers bit for bit, with the
//   reader target's rules (`firstDifference`).
import Foundation

/// What the writer target checks for one input (see the top of the file).
func checkWriter(_ bytes: [UInt8]) {
    var source = ByteSource(bytes: bytes)
    let original = value(from: &source, depth: 0)
    defer { breakCycles() }
    let written: Data
    do {
        written = try JSONValue.data(original)
    } catch let error as MappingError {
        // Each problem by its kind and words, not the rendered description: no path is
        // rendered, and no Foundation string search made, for an expected outcome.
        let explained = error.issues.allSatisfy { issue in
            switch issue.problem {
            case .mismatch(let expected, let found):
                expected.hasPrefix("a finite") || found.hasSuffix("that contains itself")
            case .limitExceeded(_, _, name: "maximumNesting"), .tooDeep: true
            default: false
            }
        }
        if !explained {
            fatalError("writing failed for another reason: \(error)\n\(String(describing: original).prefix(300))")
        }
        return
    } catch {
        fatalError("not a MappingError: \(error)")
    }
    let mine: Any
    do {
        mine = try JSONValue.parse(written)
    } catch {
        fatalError("MappingKit cannot read what it wrote (\(error)): \(String(decoding: written, as: UTF8.self))")
    }
    if !UntypedValues.equal(readBack(original), mine) {
        fatalError("written and read back differs:\n\(readBack(original))\n\(mine)\n\(String(decoding: written, as: UTF8.self))")
    }
    let theirs: Any
    do {
        theirs = try JSONSerialization.jsonObject(with: written, options: [.fragmentsAllowed])
    } catch {
        fatalError("JSONSerialization cannot read what MappingKit wrote (\(error)): \(String(decoding: written, as: UTF8.self))")
    }
    if let difference = firstDifference(mine, theirs, at: "") {
        fatalError("JSONSerialization reads \(String(decoding: written, as: UTF8.self)) differently at \(difference)")
    }
}

/// `value` as the untyped reader gives it back: a decimal fraction as the `Double` nearest its
/// exact text (the standard library's correctly rounded conversion), a whole decimal as the `Int`
/// or `UInt64` it fits (JSON text does not say which type wrote a number), the rest as it is.
func readBack(_ value: Any) -> Any {
    let value = InputValue.flattened(value)
    if let array = value as? [Any], type(of: value) == [Any].self { return array.map(readBack) }
    if let object = value as? [String: Any], type(of: value) == [String: Any].self { return object.mapValues(readBack) }
    let decimal: Decimal? = if let number = value as? NSDecimalNumber { number.decimalValue }
        else if type(of: value) == Decimal.self { value as? Decimal } else { nil }
    guard let decimal else { return value }
    let text = decimal.description
    if decimal == decimal.rounded(toPlaces: 0) { return Int(text) ?? UInt64(text).map { $0 as Any } ?? value }
    return Double(text) ?? value
}

extension Decimal {
    /// This decimal rounded to `places` fraction digits.
    func rounded(toPlaces places: Int) -> Decimal {
        var value = self
        var result = Decimal()
        NSDecimalRound(&result, &value, places, .plain)
        return result
    }
}

/// Empties the containers made to contain themselves, so that they do not leak.
func breakCycles() {
    for container in cycles {
        (container as? NSMutableDictionary)?.removeAllObjects()
        (container as? NSMutableArray)?.removeAllObjects()
    }
    cycles.removeAll()
}
