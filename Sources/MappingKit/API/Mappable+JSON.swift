public import Foundation

extension Mappable {
    /// Creates a model from a JSON object, read straight into the model by MappingKit's own
    /// parser: no dictionary in between, every configuration feature as from a dictionary.
    ///
    /// ```swift
    /// let user = try User(json: Data(#"{"username": "john.doe", "messages": [{"text": "Hi"}]}"#.utf8))
    /// ```
    ///
    /// `undefinedKeys` and `limits`, when given, apply to this call as in
    /// ``init(dictionary:undefinedKeys:)`` and ``init(dictionary:limits:)``. Syntax errors are
    /// ``MappingError``s with the place in the input (``MappingError/Issue/location``).
    public init(json: some ContiguousBytes, undefinedKeys: UndefinedKeyPolicy? = nil, limits: MappingLimits? = nil) throws {
        CallTrace.note("API/Mappable+JSON.swift init(json:)")
        self.init()
        try update(fromJSON: json, call: MappingContext(undefinedKeys: undefinedKeys, limits: limits))
    }

    /// Creates a model from JSON text.
    ///
    /// ```swift
    /// let user = try User(json: #"{"username": "ann"}"#)
    /// ```
    public init(json: String, undefinedKeys: UndefinedKeyPolicy? = nil, limits: MappingLimits? = nil) throws {
        try self.init(json: Data(json.utf8), undefinedKeys: undefinedKeys, limits: limits)
    }

    /// Updates the model from a JSON object, atomically: on any error, syntax or mapping, the
    /// model is unchanged. Absent keys leave their properties as they are.
    ///
    /// ```swift
    /// try user.update(fromJSON: Data(#"{"username": "jane"}"#.utf8))   // other properties stay
    /// ```
    public mutating func update(fromJSON json: some ContiguousBytes, undefinedKeys: UndefinedKeyPolicy? = nil, limits: MappingLimits? = nil) throws {
        try update(fromJSON: json, call: MappingContext(undefinedKeys: undefinedKeys, limits: limits, updatesInPlace: true))
    }

    /// Maps every element of a top-level JSON array, which must all be objects; problems in all
    /// elements are reported together, with their indexes (`[2].name`).
    ///
    /// ```swift
    /// let messages = try Message.array(json: Data(#"[{"text": "Hi"}, {"text": "Bye"}]"#.utf8))
    /// ```
    public static func array(json: some ContiguousBytes, undefinedKeys: UndefinedKeyPolicy? = nil, limits: MappingLimits? = nil) throws -> [Self] {
        try array(json: json, call: MappingContext(undefinedKeys: undefinedKeys, limits: limits))
    }

    /// Maps every element of a top-level JSON array given as text.
    ///
    /// ```swift
    /// let points = try Point.array(json: #"[{"x": 1, "y": 2}, {"x": 3, "y": 4}]"#)
    /// ```
    public static func array(json: String, undefinedKeys: UndefinedKeyPolicy? = nil, limits: MappingLimits? = nil) throws -> [Self] {
        try array(json: Data(json.utf8), undefinedKeys: undefinedKeys, limits: limits)
    }

    /// Updates the model from a JSON object given as text.
    ///
    /// ```swift
    /// try user.update(fromJSON: #"{"username": "jane"}"#)
    /// ```
    public mutating func update(fromJSON json: String, undefinedKeys: UndefinedKeyPolicy? = nil, limits: MappingLimits? = nil) throws {
        try update(fromJSON: Data(json.utf8), undefinedKeys: undefinedKeys, limits: limits)
    }

    /// The model as JSON, written straight from the model: the same JSON value as its
    /// ``dictionaryRepresentation()``, compact, keys in declaration order unless `options` says
    /// otherwise; stashed keys (``UnmappedValues``) are written back in place.
    ///
    /// ```swift
    /// let data = try user.jsonData()
    /// // {"username":"john.doe","messages":[{"text":"Hi"}]}
    /// ```
    public func jsonData(options: JSONOutputOptions = [], limits: MappingLimits? = nil) throws -> Data {
        try jsonData(options: options, in: MappingContext(limits: limits))
    }

    /// Updates the model from a JSON document in a call with `context`'s settings.
    mutating func update(fromJSON json: some ContiguousBytes, call context: MappingContext) throws {
        let configuration = type(of: self).mappingConfiguration
        let context = context.started()
        try JSONReader.read(json, limits: context.effectiveLimits) { reader in
            try update(document: &reader, configuration: configuration, context: context)
        }
    }

    /// Updates the model from the document at the reader, which must be an object: handed to the
    /// engine's read entry, which calls JSON back only through the object's reader.
    mutating func update(document reader: inout JSONReader, configuration: MappingConfiguration, context: MappingContext) throws {
        guard try reader.peek() == UInt8(ascii: "{") else { throw Self.notAnObject(&reader) }
        try withUnsafeMutablePointer(to: &reader) { bytes in
            var object = JSONObjectReader(bytes: bytes, isDocument: true)
            try update(reading: &object, configuration: configuration, context: context)
        }
    }

    /// Maps a JSON document's top-level array in one call with `context`'s settings.
    static func array(json: some ContiguousBytes, call context: MappingContext) throws -> [Self] {
        try array(json: json, configuration: Self.mappingConfiguration, context: context.started())
    }

    static func array(json: some ContiguousBytes, configuration: MappingConfiguration, context: MappingContext) throws -> [Self] {
        try JSONReader.read(json, limits: context.effectiveLimits) { reader in
            if context.isReporting {
                // As a dictionary's array, whose loops keep the report's path.
                let value = try reader.readAny()
                try reader.expectEnd()
                guard let array = InputValue.array(value) else {
                    let found = ValueDescription.describe(value)
                    throw MappingError(.mismatch(expected: "an array of \(ValueDescription.typeName(Self.self))", found: found))
                }
                return try models(from: array, configuration: configuration, context: context)
            }
            let models = try models(fromJSON: &reader, configuration: configuration, context: context)
            try reader.expectEnd()
            return models
        }
    }

    /// Maps every element of the array at the reader, collecting every element's problems.
    static func models(fromJSON reader: inout JSONReader, configuration: MappingConfiguration, context: MappingContext) throws -> [Self] {
        guard try reader.peek() == UInt8(ascii: "[") else {
            let found = ValueDescription.describe(try reader.readAny())
            throw MappingError(.mismatch(expected: "an array of \(ValueDescription.typeName(Self.self))", found: found))
        }
        let elements = TopLevelModelCodec<Self>(configuration: configuration, context: context)
        // Top-level elements count as models, not as collection values, as from an array: a
        // context of their own, under the call's cap on problems.
        var elementLimits = MappingLimits.default
        elementLimits.maximumProblems = context.maximumProblems
        return try elements.decodeJSONElements(&reader, in: MappingContext(limits: elementLimits))
    }

    /// The model as JSON in a call with `context`'s settings.
    func jsonData(options: JSONOutputOptions, in context: MappingContext) throws -> Data {
        let context = context.started()
        var writer = JSONWriter(options: options, limits: context.effectiveLimits)
        try writeJSON(into: &writer, in: context, configuration: context.declaredConfiguration(for: type(of: self)))
        return writer.data
    }
}

extension Mappable where Self: AnyObject {
    /// Updates the object in place from a JSON object; callable on a `let` reference.
    ///
    /// ```swift
    /// let session = Session()   // a class
    /// try session.update(fromJSON: Data(#"{"token": "abc"}"#.utf8))
    /// ```
    public func update(fromJSON json: some ContiguousBytes, undefinedKeys: UndefinedKeyPolicy? = nil, limits: MappingLimits? = nil) throws {
        var object = self
        try object.update(fromJSON: json, call: MappingContext(undefinedKeys: undefinedKeys, limits: limits, updatesInPlace: true))
    }

    /// Updates the object in place from a JSON object given as text.
    ///
    /// ```swift
    /// try session.update(fromJSON: #"{"token": "abc"}"#)
    /// ```
    public func update(fromJSON json: String, undefinedKeys: UndefinedKeyPolicy? = nil, limits: MappingLimits? = nil) throws {
        try update(fromJSON: Data(json.utf8), undefinedKeys: undefinedKeys, limits: limits)
    }
}

/// Arrays of models written as one JSON array.
///
/// ```swift
/// let data = try [Point(x: 1, y: 2)].jsonData()   // [{"x":1,"y":2}]
/// ```
extension Array where Element: Mappable {
    /// The models as a JSON array, each written as ``Mappable/jsonData(options:limits:)`` writes it.
    ///
    /// ```swift
    /// let data = try messages.jsonData()
    /// // [{"text":"Hi"},{"text":"Bye"}]
    /// ```
    public func jsonData(options: JSONOutputOptions = [], limits: MappingLimits? = nil) throws -> Data {
        let context = MappingContext(limits: limits).started()
        var writer = JSONWriter(options: options, limits: context.effectiveLimits)
        try writer.beginArray()
        var failure: MappingError?
        // By index: `enumerated()` in this generic code looks its tuple and optional types up on
        // every element (measured: about 2,000 instructions each).
        for index in indices {
            let model = self[index]
            writer.beginElement(first: index == 0)
            do {
                try model.writeJSON(into: &writer, in: context, configuration: context.declaredConfiguration(for: type(of: model)))
            } catch {
                try failure.collect(MappingError.wrapping(error, at: .index(index)), in: context)
            }
        }
        if let failure { throw failure }
        writer.endArray(empty: isEmpty)
        return writer.data
    }
}
