extension MappingConfiguration.Builder {
    /// Gives this type the policies `Root` hands down to the types nested in it (its key
    /// strategy, adapters by value type, missing keys, lossy collections, single values as
    /// arrays), wherever this type is mapped: on its own (`Milestone(json:)`, `jsonData()`, a
    /// ``Mapper``, `JSONDecoder`) exactly as nested in `Root`. A policy this type sets itself
    /// still wins, and nested in another model that hands down its own, that model's apply, as
    /// for any nested type. `Root`'s declared configuration is read (its `mappingConfiguration`),
    /// once, when this configuration is built; `Root` must not name this type in turn.
    ///
    /// Without it, a type mapped on its own has only its own policies: a `Milestone` taken out
    /// of an `Issue` that converts `Date` with `.iso8601` and keys with `.snakeCase` writes
    /// `dueOn` as camelCase, and its `Date` has no JSON form (the error says where an adapter
    /// comes from, and names this line).
    ///
    /// ```swift
    /// struct Milestone: Mappable {
    ///     var title = ""
    ///     var dueOn = Date()
    ///     static let mappingConfiguration = MappingConfiguration(for: Milestone.self) { map in
    ///         map.inheritPolicies(from: Issue.self)   // snake_case keys, .iso8601 dates, as inside an Issue
    ///     }
    /// }
    /// ```
    public mutating func inheritPolicies<Root: Mappable>(from root: Root.Type, fileID: String = #fileID, line: Int = #line) {
        callSite = "\(fileID):\(line)"
        treePolicies = Root.mappingConfiguration.rules.handedDown.flatMap(InheritedPolicies.of)
    }
}
