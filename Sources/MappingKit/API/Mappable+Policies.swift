extension Mappable {
    /// Creates a model from `dictionary` with `undefinedKeys` as the policy for this call, for
    /// this model and every model nested in it.
    ///
    /// ```swift
    /// let user = try User(dictionary: input, undefinedKeys: .raise)
    /// ```
    public init(dictionary: [String: Any], undefinedKeys: UndefinedKeyPolicy) throws {
        self.init()
        try update(from: dictionary, undefinedKeys: undefinedKeys)
    }

    /// Updates the model from `dictionary` with `undefinedKeys` as the policy for this call.
    /// Under `.stash`, new undefined keys are added to the model's ``UnmappedValues`` and keys it
    /// already keeps are replaced.
    public mutating func update(from dictionary: [String: Any], undefinedKeys: UndefinedKeyPolicy) throws {
        try update(from: dictionary, call: MappingContext(undefinedKeys: undefinedKeys))
    }

    /// Maps every element of `array` with `undefinedKeys` as the policy for this call.
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
    public func update(from dictionary: [String: Any], undefinedKeys: UndefinedKeyPolicy) throws {
        var object = self
        try object.update(from: dictionary, call: MappingContext(undefinedKeys: undefinedKeys))
    }
}
