extension Mappable {
    /// Creates a model from `dictionary` with `undefinedKeys` as the policy for this call, for
    /// this model and every model nested in it.
    ///
    /// ```swift
    /// let user = try User(dictionary: input, undefinedKeys: .raise)
    /// ```
    public init(dictionary: [String: Any], undefinedKeys: UndefinedKeyPolicy) throws {
        self.init()
        try update(from: dictionary, call: MappingContext(undefinedKeys: undefinedKeys))
    }

    /// Updates the model from `dictionary` with `undefinedKeys` as the policy for this call.
    /// Under `.stash`, new undefined keys are added to the model's ``UnmappedValues`` and keys it
    /// already keeps are replaced.
    ///
    /// ```swift
    /// try user.update(from: ["username": "ann", "theme": "dark"], undefinedKeys: .raise)
    /// // theme: expected a key User maps, found String "dark"
    /// ```
    public mutating func update(from dictionary: [String: Any], undefinedKeys: UndefinedKeyPolicy) throws {
        try update(from: dictionary, call: MappingContext(undefinedKeys: undefinedKeys, updatesInPlace: true))
    }

    /// Maps every element of `array` with `undefinedKeys` as the policy for this call.
    ///
    /// ```swift
    /// let users = try User.array(from: payload, undefinedKeys: .stash)
    /// ```
    public static func array(from array: [Any], undefinedKeys: UndefinedKeyPolicy) throws -> [Self] {
        try Self.array(from: array, call: MappingContext(undefinedKeys: undefinedKeys))
    }

    /// The dictionary representation, limited to the top-level `keys`.
    ///
    /// ```swift
    /// try user.dictionaryRepresentation(keys: ["user_id", "username"])
    /// ```
    public func dictionaryRepresentation(keys: Set<String>) throws -> [String: Any] {
        try dictionaryRepresentation().filter { keys.contains($0.key) }
    }
}

extension Mappable where Self: AnyObject {
    /// Updates the object in place from `dictionary` with `undefinedKeys` as the policy for this
    /// call; callable on a `let` reference.
    ///
    /// ```swift
    /// try session.update(from: ["token": "abc", "extra": 1], undefinedKeys: .stash)   // a class instance
    /// ```
    public func update(from dictionary: [String: Any], undefinedKeys: UndefinedKeyPolicy) throws {
        var object = self
        try object.update(from: dictionary, call: MappingContext(undefinedKeys: undefinedKeys, updatesInPlace: true))
    }
}
