extension MappingConfiguration.Builder where Model: AnyObject {
    /// Maps `properties` through their setters and getters, so that a mapping tells their
    /// observers: an `@Observable` class's `withObservationTracking` and SwiftUI views, or an
    /// `ObservableObject`'s `objectWillChange` for `@Published` properties (Combine, Apple
    /// platforms).
    ///
    /// ```swift
    /// @Observable final class Profile: Mappable {
    ///     var name = ""
    ///     var age = 0
    ///     required init() {}
    ///
    ///     static let mappingConfiguration = MappingConfiguration(for: Profile.self) { map in
    ///         map.observed(\.name, \.age)
    ///     }
    /// }
    ///
    /// let profile = try Profile(dictionary: ["name": "Ann", "age": 3])
    /// withObservationTracking { _ = profile.name } onChange: { print("name changed") }
    /// try profile.update(from: ["name": "Bea"])   // prints "name changed"
    /// ```
    ///
    /// Why it is needed: the macro turns `var name` into a computed property over a stored
    /// `_name`, and observers are told by the computed property's setter, which only a key path
    /// reaches (MappingKit maps `_name` as `name` on its own, but cannot make `\.name`). Without
    /// it, making a model (`Profile(dictionary:)`, JSON, nested, arrays) works, since nobody can
    /// observe a model before it exists; updating one in place throws a configuration error
    /// that names the properties to list here, rather than changing them behind the observers' backs.
    ///
    /// Values are staged and checked first, as for any property: only a mapping that succeeds
    /// sets them, each through its setter, once.
    public mutating func observed(_ properties: PartialKeyPath<Model>..., fileID: String = #fileID, line: Int = #line) {
        callSite = "\(fileID):\(line)"
        for property in properties {
            let valueType: Any.Type = type(of: property).valueType
            observe(property, as: valueType)
        }
    }

    private mutating func observe<Value>(_ property: PartialKeyPath<Model>, as _: Value.Type) {
        guard let writable = property as? ReferenceWritableKeyPath<Model, Value> else {
            record("\(KeyPathNames.name(of: property)) is read-only: `observed` needs a settable property")
            return
        }
        let index = ruleIndex(for: writable, opaqueStorage: true)
        editRule(at: index) { $0.accessor = KeyPathAccessor(keyPath: writable) }
    }
}
