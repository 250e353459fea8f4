/// `Bool`. Takes `true`/`false` (Swift or JSONSerialization's boolean), the integers `0` and `1`,
/// and the strings `"true"` and `"false"`. Anything else is an error, never a guess.
struct BoolCodec: ValueCodec {
    func decode(_ input: Any, in context: MappingContext) throws -> Bool {
        if type(of: input) == Bool.self, let value = input as? Bool {
            return value
        }
        if let number = NumericInput.read(input) {
            switch number {
            case .bool(let value): return value
            case .signed(0), .unsigned(0): return false
            case .signed(1), .unsigned(1): return true
            default:
                throw MappingError(.mismatch(expected: "Bool", found: ValueDescription.describe(number)))
            }
        }
        switch input as? String {
        case "true": return true
        case "false": return false
        default: return try mismatch(input, expected: "Bool", in: context)
        }
    }

    var encodesUnchanged: Bool { true }

    func encode(_ value: Bool, in context: MappingContext) throws -> Any? {
        value
    }
}
