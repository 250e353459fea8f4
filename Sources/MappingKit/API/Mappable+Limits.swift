extension Mappable {
    /// Creates a model from `dictionary` with `limits` bounding this call's work.
    ///
    /// ```swift
    /// let tree = try Tree(dictionary: untrusted, limits: MappingLimits(maximumModels: 10_000))
    /// ```
    public init(dictionary: [String: Any], limits: MappingLimits) throws {
        self.init()
        try update(from: dictionary, call: MappingContext(limits: limits))
    }

    /// Updates the model from `dictionary` with `limits` bounding this call's work.
    ///
    /// ```swift
    /// try tree.update(from: dictionary, limits: MappingLimits(maximumDepth: 8))
    /// ```
    public mutating func update(from dictionary: [String: Any], limits: MappingLimits) throws {
        try update(from: dictionary, call: MappingContext(limits: limits, updatesInPlace: true))
    }

    /// Maps every element of `array` with `limits` bounding the whole call's work.
    ///
    /// ```swift
    /// let nodes = try Node.array(from: array, limits: MappingLimits(maximumModels: 1_000))
    /// ```
    public static func array(from array: [Any], limits: MappingLimits) throws -> [Self] {
        try Self.array(from: array, call: MappingContext(limits: limits))
    }

    /// The dictionary representation, with `limits` bounding the models it writes.
    ///
    /// ```swift
    /// let dictionary = try tree.dictionaryRepresentation(limits: MappingLimits(maximumDepth: 8))
    /// ```
    public func dictionaryRepresentation(limits: MappingLimits) throws -> [String: Any] {
        try encodedDictionary(in: MappingContext(limits: limits))
    }
}

extension Mappable where Self: AnyObject {
    /// Updates the object in place with `limits` bounding this call's work; callable on a `let`
    /// reference.
    ///
    /// ```swift
    /// try node.update(from: dictionary, limits: MappingLimits(maximumDepth: 8))   // a class instance
    /// ```
    public func update(from dictionary: [String: Any], limits: MappingLimits) throws {
        var object = self
        try object.update(from: dictionary, call: MappingContext(limits: limits, updatesInPlace: true))
    }
}
