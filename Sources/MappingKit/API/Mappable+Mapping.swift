extension Mappable {
    /// The empty configuration: every `var` property maps from the key with its name.
    ///
    /// ```swift
    /// struct Point: Mappable { var x = 0.0; var y = 0.0 }   // uses this empty configuration: "x", "y"
    /// ```
    public static var mappingConfiguration: MappingConfiguration {
        MappingConfiguration()
    }

    /// Runs ``defaultUpdate(from:configuration:)``.
    ///
    /// ```swift
    /// try user.update(from: ["username": "ann"], configuration: User.mappingConfiguration)
    /// ```
    public mutating func update(from dictionary: [String: Any], configuration: MappingConfiguration) throws {
        CallTrace.note("API/Mappable+Mapping.swift update(from:configuration:)")
        if CurrentCall.context?.defaultProbe == ObjectIdentifier(type(of: self)) {
            // JSON is about to be read straight into the model: only say that this default ran.
            try PlanCache.plan(for: type(of: self), configuration: configuration).defaults.sawDefaultUpdate()
            return
        }
        try applyPlan(to: dictionary, configuration: configuration, byDefault: true)
    }

    /// MappingKit's own mapping of `dictionary` onto this model: the behaviour an
    /// ``update(from:configuration:)`` override calls after adjusting the configuration.
    ///
    /// Every problem in the input is collected into one ``MappingError``; when it throws, the
    /// model is unchanged (structs and classes alike).
    ///
    /// ```swift
    /// mutating func update(from dictionary: [String: Any], configuration: MappingConfiguration) throws {
    ///     var input = dictionary
    ///     input["username"] = input["login"]   // an older API's key
    ///     try defaultUpdate(from: input, configuration: configuration)
    /// }
    /// ```
    public mutating func defaultUpdate(from dictionary: [String: Any], configuration: MappingConfiguration) throws {
        try applyPlan(to: dictionary, configuration: configuration)
    }

    /// Creates a model from `dictionary`: `init()`, then ``update(from:)-4ze7c``.
    ///
    /// ```swift
    /// let user = try User(dictionary: ["username": "john.doe", "messages": [["text": "Hi"]]])
    /// ```
    public init(dictionary: [String: Any]) throws {
        CallTrace.note("API/Mappable+Mapping.swift init(dictionary:)")
        self.init()
        try update(from: dictionary, call: MappingContext())
    }

    /// Updates the model from `dictionary` with the type's ``mappingConfiguration``. Keys that
    /// are absent leave their properties as they are.
    ///
    /// ```swift
    /// var user = try User(dictionary: ["username": "ann", "website": "https://ann.example"])
    /// try user.update(from: ["username": "jane"])   // website stays
    /// ```
    public mutating func update(from dictionary: [String: Any]) throws {
        try update(from: dictionary, call: MappingContext(updatesInPlace: true))
    }

    /// Maps every element of `array`, which must all be dictionaries, into a model.
    ///
    /// Problems in all elements are reported together, with their indexes: `[2].name`.
    ///
    /// ```swift
    /// let messages = try Message.array(from: json["messages"] as? [Any] ?? [])
    /// ```
    public static func array(from array: [Any]) throws -> [Self] {
        try Self.array(from: array, call: MappingContext())
    }

}

extension Mappable where Self: AnyObject {
    /// Updates the object in place from `dictionary`; callable on a `let` reference.
    ///
    /// ```swift
    /// let session = Session()   // a class: `let` is enough
    /// try session.update(from: ["token": "abc"])
    /// ```
    public func update(from dictionary: [String: Any]) throws {
        var object = self
        try object.update(from: dictionary, call: MappingContext(updatesInPlace: true))
    }

    /// MappingKit's own mapping, for a class's ``update(from:configuration:)`` implementation:
    ///
    /// ```swift
    /// class Animal: Mappable {
    ///     func update(from dictionary: [String: Any], configuration: MappingConfiguration) throws {
    ///         let configuration = configuration  // adjust it here; subclasses override and call super
    ///         try defaultUpdate(from: dictionary, configuration: configuration)
    ///     }
    /// }
    /// ```
    public func defaultUpdate(from dictionary: [String: Any], configuration: MappingConfiguration) throws {
        var object = self
        try object.applyPlan(to: dictionary, configuration: configuration)
    }
}
