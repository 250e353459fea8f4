/// The Swift type a place's values take, inferred without loss.
indirect enum SwiftType {
    case bool
    /// `Int` (32-bit values, so the model means the same on every platform), `Int64` or `UInt64`.
    case integer(String)
    case double
    case string
    case url
    case date(DateForm)
    /// Integers past 64 bits, through the `.decimal` adapter.
    case decimal
    case model(ObjectNode)
    /// A tagged union's enum, named by its stand-in shape (``Variants/enumNode``).
    case union(ObjectNode, Variants)
    case array(SwiftType, optionalElements: Bool)
    case map(SwiftType, optionalValues: Bool)
    /// Values of several kinds, or none but `null`: kept as they are.
    case any
    /// Objects that were always empty: `[String: Any]`.
    case emptyObject

    /// Where a value sits, which decides what an adapter can reach: a property or the elements
    /// of a non-optional array property take one; values deeper down (maps, arrays of arrays,
    /// optional arrays) do not.
    enum Position {
        case property, optionalProperty, element, deep
    }

    /// The type `summary`'s values take at `position`.
    static func inferred(from summary: Summary, at position: Position) -> SwiftType {
        let kinds = [summary.bools, summary.integers + summary.hugeIntegers + summary.fractions, summary.strings, summary.arrays, summary.objects]
        guard kinds.filter({ $0 > 0 }).count == 1 else { return .any }
        let adapts = position == .property || position == .optionalProperty || (position == .element && summary.nulls == 0)
        if summary.bools > 0 { return .bool }
        if summary.strings > 0 {
            if adapts, summary.forms.iso8601 { return .date(.iso8601) }
            if adapts, summary.forms.twitterDate { return .date(.twitter) }
            if adapts, case .pattern(let pattern) = summary.forms.offsetDate { return .date(.offset(pattern)) }
            return summary.forms.url ? .url : .string
        }
        if summary.arrays > 0, let elements = summary.elements?.summary {
            guard elements.values > 0 else { return .array(.any, optionalElements: false) }
            let element = inferred(from: elements, at: position == .property && summary.nulls == 0 ? .element : .deep)
            return .array(element, optionalElements: elements.nulls > 0 && !element.isAny)
        }
        if summary.objects > 0, let variants = summary.variants, variants.isUnion, let standIn = variants.enumNode {
            return .union(standIn, variants)
        }
        if summary.objects > 0, let node = summary.object?.resolved {
            if let values = node.mapValues {
                guard values.values > 0 else { return .emptyObject }
                let value = inferred(from: values, at: .deep)
                return .map(value, optionalValues: values.nulls > 0 && !value.isAny)
            }
            return node.keys.isEmpty ? .emptyObject : .model(node)
        }
        return number(summary, adapts: adapts)
    }

    private static func number(_ summary: Summary, adapts: Bool) -> SwiftType {
        if summary.fractions > 0 {
            let exact: UInt64 = 1 << 53
            let fits = summary.hugeIntegers == 0
                && (summary.integers == 0 || (summary.smallest >= SampleInteger(negative: exact) && summary.largest <= SampleInteger(exact)))
            return fits ? .double : .any
        }
        if summary.hugeIntegers == 0 {
            if summary.smallest >= SampleInteger(Int64(Int32.min)), summary.largest <= SampleInteger(Int64(Int32.max)) { return .integer("Int") }
            if summary.smallest >= SampleInteger(Int64.min), summary.largest <= SampleInteger(Int64.max) { return .integer("Int64") }
            if summary.smallest >= SampleInteger(0 as UInt64) { return .integer("UInt64") }
        }
        return adapts ? .decimal : .any
    }

    /// Whether the type names one of Foundation's types.
    var usesFoundation: Bool {
        switch self {
        case .url, .date, .decimal: true
        case .array(let element, _): element.usesFoundation
        case .map(let value, _): value.usesFoundation
        default: false
        }
    }

    var isAny: Bool {
        if case .any = self { true } else { false }
    }

    /// The adapter the property needs, as generated code spells it.
    var adapter: String? {
        switch self {
        case .date(let form): form.adapterSource
        case .decimal: ".decimal"
        case .array(let element, _): element.adapter
        default: nil
        }
    }

    /// The type as generated code spells it; `name` gives each model's type name.
    func spelled(_ name: (ObjectNode) -> String) -> String {
        switch self {
        case .bool: "Bool"
        case .integer(let type): type
        case .double: "Double"
        case .string: "String"
        case .url: "URL"
        case .date: "Date"
        case .decimal: "Decimal"
        case .model(let node): name(node.resolved)
        case .union(let standIn, _): name(standIn)
        case .array(let element, let optional): "[\(element.spelled(name))\(optional ? "?" : "")]"
        case .map(let value, let optional): "[String: \(value.spelled(name))\(optional ? "?" : "")]"
        case .any: "Any"
        case .emptyObject: "[String: Any]"
        }
    }

    /// The declaration's type and initial value for a property that is always present and never
    /// `null`: `= 0`, `: Int64 = 0`, `= User()`. `nil` when the type has no natural empty value
    /// (`URL`, `Any`), which makes the property optional.
    func initialValue(_ name: (ObjectNode) -> String) -> String? {
        switch self {
        case .bool: " = false"
        case .integer(let type): type == "Int" ? " = 0" : ": \(type) = 0"
        case .double: " = 0.0"
        case .string: " = \"\""
        case .date: " = Date(timeIntervalSince1970: 0)"
        case .decimal: " = Decimal()"
        case .model(let node): " = \(name(node.resolved))()"
        case .union(let standIn, let variants): " = \(name(standIn)).\(UnionCases(variants).fallback)(\"\", UnmappedValues())"
        case .array: ": \(spelled(name)) = []"
        case .map, .emptyObject: ": \(spelled(name)) = [:]"
        case .url, .any: nil
        }
    }
}
