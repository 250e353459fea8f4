public import Foundation

extension Mappable {
    /// A model from property-list data (XML or binary), whose root is a dictionary. `Date` and
    /// `Data` values go to `Date` and `Data` properties as they are.
    ///
    /// ```swift
    /// let settings = try Settings(propertyList: Data(contentsOf: url))
    /// let data = try settings.propertyListData(format: .xml)
    /// ```
    public init(propertyList data: Data) throws {
        self.init()
        try update(from: PropertyListDocument.dictionary(from: data), call: MappingContext(limits: .propertyList(byteCount: data.count)))
    }

    /// Updates the model from property-list data whose root is a dictionary.
    ///
    /// ```swift
    /// try settings.update(fromPropertyList: try Data(contentsOf: plistURL))
    /// ```
    public mutating func update(fromPropertyList data: Data) throws {
        let context = MappingContext(limits: .propertyList(byteCount: data.count), updatesInPlace: true)
        try update(from: PropertyListDocument.dictionary(from: data), call: context)
    }

    /// Models from property-list data whose root is an array of dictionaries.
    ///
    /// ```swift
    /// let items = try Item.array(propertyList: try Data(contentsOf: plistURL))
    /// ```
    public static func array(propertyList data: Data) throws -> [Self] {
        try Self.array(from: propertyListArray(data), call: MappingContext(limits: .propertyList(byteCount: data.count)))
    }

    /// The root of property-list data, which must be an array (of this type's dictionaries).
    static func propertyListArray(_ data: Data) throws -> [Any] {
        let root = try PropertyListDocument.root(of: data)
        guard let array = InputValue.array(root) else {
            throw MappingError(.mismatch(expected: "an array of \(ValueDescription.typeName(Self.self))", found: ValueDescription.describe(root)))
        }
        return array
    }

    /// The model as property-list data: its dictionary representation in the
    /// ``RepresentationStyle/propertyList`` style. A value a property list cannot hold exactly
    /// (`null`, a `Decimal` that is not an integer, a fraction of a second in an XML date) is
    /// an error with its key path, never dropped or rounded.
    ///
    /// ```swift
    /// let data = try settings.propertyListData(format: .xml)
    /// ```
    public func propertyListData(format: PropertyListSerialization.PropertyListFormat = .binary) throws -> Data {
        try propertyListData(format: format, in: MappingContext(style: .propertyList))
    }

    /// The model as property-list data, written in `call` (a mapper's, or none).
    func propertyListData(format: PropertyListSerialization.PropertyListFormat, in call: MappingContext) throws -> Data {
        let context = call.started()
        let representation = try encodedDictionary(in: context)
        let checked = try PropertyListDocument.checked(representation, format: format, maximumNesting: context.effectiveLimits.maximumNesting)
        do {
            return try PropertyListSerialization.data(fromPropertyList: checked, format: format, options: 0)
        } catch {
            throw MappingError(.failed(description: "PropertyListSerialization refused the representation: \(error)", underlying: error))
        }
    }

    /// The dictionary representation for a kind of document: ``RepresentationStyle/json`` (what
    /// ``dictionaryRepresentation()`` gives) or ``RepresentationStyle/propertyList``.
    ///
    /// ```swift
    /// try event.dictionaryRepresentation(style: .propertyList)   // ["date": <a Date>]
    /// try event.dictionaryRepresentation(style: .json)           // ["date": "2014-02-13T09:30:00Z"]
    /// ```
    public func dictionaryRepresentation(style: RepresentationStyle) throws -> [String: Any] {
        try encodedDictionary(in: MappingContext(style: style))
    }
}

extension Mappable where Self: AnyObject {
    /// Updates the object from property-list data whose root is a dictionary.
    ///
    /// ```swift
    /// try session.update(fromPropertyList: data)   // a class instance, updated in place
    /// ```
    public func update(fromPropertyList data: Data) throws {
        var object = self
        let context = MappingContext(limits: .propertyList(byteCount: data.count), updatesInPlace: true)
        try object.update(from: PropertyListDocument.dictionary(from: data), call: context)
    }
}
