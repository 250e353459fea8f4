extension MappingConfiguration {
    /// A configuration written as a dictionary from external keys to property names, as
    /// ObjectMapping and KVCMapping declare them; a property may be prefixed with the name of a
    /// registered adapter and a colon.
    ///
    /// ```swift
    /// Adapter<Date>.date(format: "yyyy/MM/dd").register(as: "ISO8601StringToDate")
    ///
    /// let configuration = MappingConfiguration(for: Person.self, keyMapping: [
    ///     "name1": "name",
    ///     "name2": "surname",
    ///     "caffeine": "likesCoffee",
    ///     "bday": "ISO8601StringToDate:birthdate",
    /// ])
    /// ```
    ///
    /// Property names and adapter names are checked when the model is first mapped: a name the
    /// model does not have, an adapter never registered, or one that does not fit its property is
    /// a configuration error. Several keys naming one property are tried in sorted order, and the
    /// first is written back. Properties the dictionary does not name keep their own names.
    public init<Model: Mappable>(
        for model: Model.Type,
        keyMapping: [String: String],
        extending base: MappingConfiguration? = nil
    ) {
        var keysByProperty: [String: [ExternalKey]] = [:]
        var adapterByProperty: [String: String] = [:]
        var problems: [String] = []
        for (key, target) in keyMapping.sorted(by: { $0.key < $1.key }) {
            let parts = target.split(separator: ":", maxSplits: 1).map(String.init)
            let property = parts.last ?? target
            keysByProperty[property, default: []].append(ExternalKey(key))
            if parts.count == 2 {
                if let other = adapterByProperty[property], other != parts[0] {
                    problems.append("\(property) is given two adapters, \(other) and \(parts[0])")
                }
                adapterByProperty[property] = parts[0]
            }
        }
        let properties = keysByProperty.sorted { $0.key < $1.key }.map { property, keys in
            var rule = PropertyRule(label: property, locator: NameLocator(name: property, modelName: "\(Model.self)"))
            rule.keys = keys
            if let adapterName = adapterByProperty[property] {
                rule.adapterName = adapterName
                rule.codec = RuleIdentity("named:\(adapterName)")
                rule.makeCodec = { type, mode in NamedAdapters.adapter(named: adapterName)?.codec(for: type, mode: mode) }
            }
            return rule
        }
        let own = ConfigurationRules(properties: properties, policies: base?.rules.policies ?? TypePolicies(), problems: problems)
        self.init()
        rules = base.map { $0.rules.extended(by: own) } ?? own
    }
}

extension Adapter {
    /// Registers the adapter under `name`, for configurations that name adapters in text
    /// (``MappingConfiguration/init(for:keyMapping:extending:)``). Register before the first
    /// mapping that uses the name; registering a name again replaces the adapter for plans
    /// compiled afterwards.
    ///
    /// ```swift
    /// Adapter<Date>.iso8601.register(as: "ISO8601StringToDate")
    /// MappingConfiguration(for: Person.self, keyMapping: ["bday": "ISO8601StringToDate:birthdate"])
    /// ```
    public func register(as name: String) {
        NamedAdapters.register(self, as: name)
    }
}
