import Testing

/// A string argument of a parameterized test, shown in the test's name with its control and
/// invisible characters escaped. Swift Testing shows a `String` argument as it is, so a newline in
/// one breaks the output's lines, and a U+FEFF is not seen at all.
///
/// ```swift
/// @Test(arguments: ["[\"a\nb\"]"] as [ShownText])   // shown as json → "["a\nb"]"
/// ```
struct ShownText: CustomTestStringConvertible, ExpressibleByStringLiteral, Sendable {
    let text: String

    init(stringLiteral text: String) { self.text = text }

    var testDescription: String {
        var shown = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": shown += "\\n"
            case "\r": shown += "\\r"
            case "\t": shown += "\\t"
            default:
                switch scalar.properties.generalCategory {
                case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned, .privateUse:
                    shown += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                default:
                    shown.unicodeScalars.append(scalar)
                }
            }
        }
        return shown + "\""
    }
}
