/// A sample's JSON, as the generator needs it: object members in document order (properties are
/// declared in that order) and numbers as their text (which tells `1` from `1.0`, and keeps
/// integers of any size exact).
indirect enum SampleValue {
    case object([(key: String, value: SampleValue)])
    case array([SampleValue])
    case string(String)
    case number(String)
    case bool(Bool)
    case null
}
