public import Foundation

extension Mapper {
    /// A model from property-list data whose root is a dictionary, with this mapper's
    /// configurations (``Mappable/init(propertyList:)`` through a mapper).
    ///
    /// ```swift
    /// let settings = try v1.map(propertyList: try Data(contentsOf: url), to: Settings.self)
    /// ```
    public func map<Model: Mappable>(propertyList data: Data, to model: Model.Type) throws -> Model {
        try Model.instantiate(from: PropertyListDocument.dictionary(from: data), configuration: configuration(for: model), context: propertyListContext(data))
    }

    /// Updates `model` from property-list data whose root is a dictionary, atomically.
    ///
    /// ```swift
    /// try v1.update(&settings, fromPropertyList: try Data(contentsOf: url))
    /// ```
    public func update<Model: Mappable>(_ model: inout Model, fromPropertyList data: Data) throws {
        let configuration = configuration(for: type(of: model))
        let dictionary = try PropertyListDocument.dictionary(from: data)
        var context = propertyListContext(data)
        context.updatesInPlace = true
        try CurrentCall.with(context) { try model.update(from: dictionary, configuration: configuration) }
    }

    /// Models from property-list data whose root is an array of dictionaries.
    ///
    /// ```swift
    /// let items = try v1.array(of: Item.self, propertyList: try Data(contentsOf: url))
    /// ```
    public func array<Model: Mappable>(of model: Model.Type, propertyList data: Data) throws -> [Model] {
        try Model.models(from: Model.propertyListArray(data), configuration: configuration(for: model), context: propertyListContext(data))
    }

    /// `model` as property-list data, written with this mapper's configurations
    /// (``Mappable/propertyListData(format:)`` through a mapper).
    ///
    /// ```swift
    /// let data = try v1.propertyListData(of: settings, format: .xml)
    /// ```
    public func propertyListData<Model: Mappable>(of model: Model, format: PropertyListSerialization.PropertyListFormat = .binary) throws -> Data {
        try model.propertyListData(format: format, in: callContext(style: .propertyList))
    }

    /// A call reading `data`, bounded as a property list of its size is.
    private func propertyListContext(_ data: Data) -> MappingContext {
        callContext(limits: .propertyList(byteCount: data.count))
    }
}
