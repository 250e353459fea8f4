/// `Bool`. Takes `true`/`false` (Swift or JSONSerialization's boolean), the integers `0` and `1`,
/// and the strings `"true"` and `"false"`. Anything else is an error, never a guess.
struct BoolCodec: ValueCodec {
    var mode = CoercionMode.lossless

    func decode(_ input: Any, in context: MappingContext) throws -> Bool {
        if let value = ExistentialPayload.value(Bool.self, in: input) {
            return value
        }
        if let number = NumericInput.read(input) {
            switch (number, mode) {
            case (.bool(let value), _): return value
            case (.signed(0), .lossless), (.unsigned(0), .lossless): return false
            case (.signed(1), .lossless), (.unsigned(1), .lossless): return true
            case (.signed(let value), .lenient): return value != 0
            case (.unsigned(let value), .lenient): return value != 0
            case (.floating(let value), .lenient) where !value.isNaN: return value != 0
            default:
                throw MappingError(.mismatch(expected: "Bool", found: ValueDescription.describe(number)))
            }
        }
        switch (input as? String, mode) {
        case ("true", .lossless): return true
        case ("false", .lossless): return false
        case (let text?, .lenient):
            switch text.lowercased() {
            case "true", "yes", "y", "1": return true
            case "false", "no", "n", "0": return false
            default: return try mismatch(input, expected: "Bool", in: context)
            }
        default: return try mismatch(input, expected: "Bool", in: context)
        }
    }

    var encodesUnchanged: Bool { true }

    func encode(_ value: Bool, in context: MappingContext) throws -> Any? {
        value
    }
}
