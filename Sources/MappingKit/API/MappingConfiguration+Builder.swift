extension MappingConfiguration {
    /// Declares how the properties of `Model` map, with key paths the compiler checks.
    ///
    /// A key path must name a stored `var` of `Model` (or of a superclass); anything else is a
    /// configuration error reported when the model is first mapped.
    ///
    /// ```swift
    /// MappingConfiguration(for: User.self) { (map: inout MappingConfiguration.Builder<User>) in
    ///     map.map(\.username, to: "login")
    /// }
    /// ```
    public struct Builder<Model: Mappable> {
        /// How property names become keys for properties with no explicit key.
        ///
        /// ```swift
        /// map.keyStrategy = .snakeCase
        /// ```
        public var keyStrategy: KeyStrategy {
            get { policies.keyStrategy }
            set { policies.keyStrategy = newValue }
        }
        /// Empty text reads as `nil` into every optional property of the type (`"homepage": ""`
        /// → `homepage == nil`), and of the nested types that set no such policy (an optional
        /// payload value of a tagged enum too), each one reported; non-optional properties are
        /// unaffected. Default: `false`, where empty text into a `URL?` or an `Int?` is an error
        /// (see ``emptyStringAsNil(_:fileID:line:)`` for one property).
        ///
        /// ```swift
        /// map.emptyStringsAsNil = true   // "homepage": "" → homepage == nil
        /// ```
        public var emptyStringsAsNil: Bool {
            get { policies.flags[.emptyStringsAsNil] }
            set { policies.flags[.emptyStringsAsNil] = newValue }
        }
        /// How far values may be converted to fit their properties.
        ///
        /// ```swift
        /// map.coercion = .strict
        /// ```
        public var coercion: CoercionMode {
            get { policies.coercion }
            set { policies.coercion = newValue }
        }
        /// What happens to keys no mapping reads. Default: `.drop`.
        ///
        /// ```swift
        /// map.undefinedKeys = .stash
        /// ```
        public var undefinedKeys: UndefinedKeyPolicy {
            get { policies.output.undefinedKeys }
            set { policies.output.undefinedKeys = newValue }
        }
        /// What making a model does with a non-optional property whose key is absent. Default:
        /// `.keep`; `.raise` reports every absent key, as `JSONDecoder` does, in this type and
        /// every nested type that sets no policy of its own (see ``MissingKeyPolicy``).
        ///
        /// ```swift
        /// map.missingKeys = .raise
        /// map.allowsMissing(\.createdAt)   // this one keeps its declared value
        /// ```
        public var missingKeys: MissingKeyPolicy {
            get { policies.missingKeys }
            set { policies.missingKeys = newValue }
        }
        /// Every array, set and dictionary property of this type, and of the nested types that set
        /// no such policy, leaves out the elements that do not convert and keeps the rest; each
        /// one left out is in the ``MappingReport``. Default: `false`, where one bad element fails
        /// the mapping (see ``lossy(_:fileID:line:)`` for one property).
        ///
        /// ```swift
        /// map.lossyCollections = true   // "tags": ["a", 2, "b"] → ["a", "b"] for a [String]
        /// ```
        public var lossyCollections: Bool {
            get { policies.flags[.lossyCollections] }
            set { policies.flags[.lossyCollections] = newValue }
        }
        /// A value that does not convert (text for a `Bool`, a number out of range, `null` for a
        /// property that is not optional, a nested model that fails) leaves its property as it
        /// was: its declared value when a model is made, its value when one is updated. In this
        /// type and every nested type that sets no policy of its own, on every input; each one
        /// reported (``MappingReport/Action/defaultedWhenInvalid(_:problem:)``), never silent. A
        /// failed requirement and the call's limits stay errors. Default: `false`. One property:
        /// ``defaultValue(_:whenInvalid:fileID:line:)``.
        ///
        /// ```swift
        /// map.defaultsWhenInvalid = true   // "isActive": "yes" → isActive keeps false, reported
        /// ```
        public var defaultsWhenInvalid: Bool {
            get { policies.flags[.defaultsWhenInvalid] }
            set { policies.flags[.defaultsWhenInvalid] = newValue }
        }
        /// `null` for a property that is not optional leaves it as it was: its declared value when
        /// a model is made, its value when one is updated (ObjectMapper's way with `null`, serde's
        /// `DefaultOnNull`). In this type and every nested type that sets no policy of its own, on
        /// every input; each one reported (``MappingReport/Action/defaultedWhenNull(_:)``). An
        /// optional still reads `null` as `nil`; a `null` inside a value (an array's element)
        /// stays an error. Default: `false`, where such a `null` is an error, as in Codable. One
        /// property: ``defaultValue(_:whenNull:fileID:line:)``.
        ///
        /// ```swift
        /// map.defaultsWhenNull = true   // "retweets": null → retweets keeps 0, reported
        /// ```
        public var defaultsWhenNull: Bool {
            get { policies.flags[.defaultsWhenNull] }
            set { policies.flags[.defaultsWhenNull] = newValue }
        }
        /// Every array and set property of this type, and of the nested types that set no such
        /// policy, reads one value that is no array as its only element (KVCMapping's automatic
        /// collections): `"tags": "swift"` → `["swift"]`, reported
        /// (``MappingReport/Action/boxedAsOnlyElement``). Default: `false`, where such a value is
        /// an error, as in Codable (see ``singleValueAsArray(_:fileID:line:)`` for one property).
        /// Only the property's own collection takes one value: an array nested in it must be an
        /// array, so `[[1, 2]]` never reads as `[[1], [2]]`.
        ///
        /// ```swift
        /// map.singleValuesAsArrays = true   // "tags": "swift" → ["swift"] for a [String]
        /// ```
        public var singleValuesAsArrays: Bool {
            get { policies.flags[.singleValuesAsArrays] }
            set { policies.flags[.singleValuesAsArrays] = newValue }
        }
        /// How `nil` optionals are written by the dictionary representation. Default: `.omitted`.
        ///
        /// ```swift
        /// map.nilRepresentation = .null   // nickname == nil ↔ "nickname": null
        /// ```
        public var nilRepresentation: NilRepresentation {
            get { policies.output.nilRepresentation }
            set { policies.output.nilRepresentation = newValue }
        }
        /// The type's policies: what the configuration being extended had, changed by the
        /// properties above (a policy added to ``TypePolicies`` needs only its accessor here).
        var policies: TypePolicies
        /// The only properties the dictionary representation writes, when set.
        var represented: [RepresentedProperty]? {
            get { policies.output.represented }
            set { policies.output.represented = newValue }
        }
        var identityProperties: [RepresentedProperty]?
        private var properties: [PropertyRule] = []
        private var problems: [String] = []
        /// Where the configuration call being run was written (`Models.swift:12`): a key path to
        /// a property reached through accessors cannot say its name, so messages cite the line.
        var callSite: String?
        var hooks = ConfigurationHooks()
        /// The policies another type hands down to its nested types, taken as this type's
        /// inherited ones wherever it is mapped (``inheritPolicies(from:fileID:line:)``).
        var treePolicies: InheritedPolicies?

        init(rules: ConfigurationRules) {
            policies = rules.policies
            policies.inheritsKeyStrategy = false
            policies.inheritsMissingKeys = false
            policies.inheritedAdapters = ValueAdapters()
            policies.flags.inherited = []
            policies.output.represented = nil
        }

        /// Maps `property` from `key`, or from the first of `key` and `alternatives` that is
        /// present. The dictionary representation writes `key`.
        ///
        /// ```swift
        /// map.map(\.userId, to: "user_id")
        /// map.map(\.name, to: "name", "full_name", "user.profile.name")
        /// ```
        public mutating func map<Value>(
            _ property: WritableKeyPath<Model, Value>,
            to key: ExternalKey,
            _ alternatives: ExternalKey...,
            fileID: String = #fileID,
            line: Int = #line
        ) {
            callSite = "\(fileID):\(line)"
            map(property, to: [key] + alternatives)
        }

        mutating func map<Value>(_ property: WritableKeyPath<Model, Value>, to keys: [ExternalKey]) {
            let index = ruleIndex(for: property)
            if properties[index].keys != nil { problems.append("\(Self.displayName(of: property)) is given keys twice") }
            if properties[index].isIgnored { problems.append("\(Self.displayName(of: property)) is both ignored and mapped") }
            properties[index].keys = keys
        }

        /// Leaves `property` out of the mapping in both directions: its key is not read, and the
        /// dictionary representation does not contain it.
        ///
        /// ```swift
        /// map.ignore(\.cache)   // never read, never written
        /// ```
        public mutating func ignore<Value>(_ property: WritableKeyPath<Model, Value>, fileID: String = #fileID, line: Int = #line) {
            callSite = "\(fileID):\(line)"
            let index = ruleIndex(for: property)
            let rule = properties[index]
            let name = Self.displayName(of: property)
            if rule.keys != nil || rule.makeCodec != nil { problems.append("\(name) is both ignored and mapped") }
            if rule.requirements != nil { problems.append("\(name) is both ignored and required") }
            if rule.defaults.whenMissing != nil || rule.defaults.whenNull != nil || rule.defaults.whenInvalid != nil {
                problems.append("\(name) is both ignored and given a default")
            }
            properties[index].isIgnored = true
        }

        /// Leaves the `let` property `constant` as the model's `init()` makes it, in both
        /// directions. MappingKit never sets a `let` (Swift may assume it keeps its initial
        /// value), and a plan refuses one that no rule ignores, so that a key it would read is
        /// never silently passed over: declare it `var` to map it, or ignore it here.
        ///
        /// ```swift
        /// struct Item: Mappable, Identifiable {
        ///     let id = UUID()
        ///     var name = ""
        ///     static let mappingConfiguration = MappingConfiguration(for: Item.self) { $0.ignore(\.id) }
        /// }
        /// ```
        public mutating func ignore<Value>(_ constant: KeyPath<Model, Value>, fileID: String = #fileID, line: Int = #line) {
            callSite = "\(fileID):\(line)"
            let label = KeyPathNames.name(of: constant)
            guard !properties.contains(where: { $0.label == label && $0.valueType == ObjectIdentifier(Value.self) }) else { return }
            var rule = PropertyRule(label: label, locator: ConstantLocator(keyPath: constant, label: label))
            rule.valueType = ObjectIdentifier(Value.self)
            rule.depth = Self.classDepth
            rule.isIgnored = true
            properties.append(rule)
        }

        /// Records that `property`, already ignored, is also given `rule` (a contradiction).
        mutating func checkNotIgnored<Value>(_ property: WritableKeyPath<Model, Value>, at index: Int, given rule: String) {
            if properties[index].isIgnored { problems.append("\(Self.displayName(of: property)) is both ignored and \(rule)") }
        }

        func rule(at index: Int) -> PropertyRule {
            properties[index]
        }

        mutating func editRule(at index: Int, _ edit: (inout PropertyRule) -> Void) {
            edit(&properties[index])
        }

        mutating func record(_ problem: String) {
            problems.append(problem)
        }

        /// The index of the rule for `property`, started if there is none yet.
        /// `opaqueStorage`: the property is set through its accessors, whatever type its storage
        /// has (see ``observed(_:fileID:line:)``).
        mutating func ruleIndex<Value>(for property: WritableKeyPath<Model, Value>, opaqueStorage: Bool = false) -> Int {
            let label = Self.label(of: property)
            var shown = Self.displayName(of: property)
            if shown.contains("<computed "), let callSite { shown += " (configured at \(callSite))" }
            // By name and type: an empty model's field has the offset of the next field, and a
            // key path's name is the first field's at its offset.
            if let index = properties.firstIndex(where: { $0.label == label && $0.valueType == ObjectIdentifier(Value.self) }) {
                if opaqueStorage { properties[index].locator = KeyPathLocator(keyPath: property, label: shown, opaqueStorage: true) }
                return index
            }
            var rule = PropertyRule(label: label, locator: KeyPathLocator(keyPath: property, label: shown, opaqueStorage: opaqueStorage))
            rule.valueType = ObjectIdentifier(Value.self)
            rule.depth = Self.classDepth
            properties.append(rule)
            return properties.count - 1
        }

        /// How many superclasses `Model` has: 0 for a struct or a root class.
        static var classDepth: Int {
            guard var type = Model.self as? AnyClass else { return 0 }
            var depth = 0
            while let superclass = _getSuperclass(type) {
                depth += 1
                type = superclass
            }
            return depth
        }

        /// The key path's identity: `\User.userId`, or `\Animal.<computed 0x… (Int)>` for
        /// properties reached through accessors (computed ones, and those of non-final classes).
        static func label<Value>(of property: WritableKeyPath<Model, Value>) -> String {
            KeyPathNames.name(of: property)
        }

        /// How messages name the key path: `\User.userId`, or `\Animal.<computed Int>`.
        static func displayName<Value>(of property: WritableKeyPath<Model, Value>) -> String {
            let label = label(of: property)
            return label.contains("<computed ") ? "\\\(Model.self).<computed \(Value.self)>" : label
        }

        /// The hooks, with the identity when this builder declares one.
        private var hooksWithIdentity: ConfigurationHooks {
            var hooks = hooks
            if let identityProperties { hooks.identity = identityProperties }
            return hooks
        }

        func rules() -> ConfigurationRules {
            ConfigurationRules(properties: properties, policies: policies, hooks: hooksWithIdentity, problems: problems)
        }
    }
}
