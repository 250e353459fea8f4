import Foundation

/// A ``Mappable`` model that is `Codable` through its mapping: `JSONDecoder`, `JSONEncoder`,
/// `PropertyListDecoder`, `PropertyListEncoder` and any other coder read and write it with the
/// same keys, adapters, type choices, requirements and undefined-key policy as its dictionaries.
///
/// ```swift
/// struct Note: MappableCodable {
///     var title = ""
///     var created = Date.distantPast
///     static let mappingConfiguration = MappingConfiguration(for: Note.self) { map in
///         map.map(\.created, to: "created_at", using: .iso8601)
///     }
/// }
/// let note = try JSONDecoder().decode(Note.self, from: Data(#"{"title": "a", "created_at": "2026-11-24T09:30:00Z"}"#.utf8))
/// let json = try JSONEncoder().encode(note)   // {"title":"a","created_at":"2026-11-24T09:30:00Z"}
/// ```
///
/// Values are read from the decoder as a dictionary would hold them (each key in the shape its
/// property expects, so the common case is one typed call), then mapped and committed as any
/// dictionary is. `Date` and `Data` properties without an adapter go through the coder's own
/// strategies. A failure is a `DecodingError` (or `EncodingError`) whose `codingPath` is the
/// key path and whose `underlyingError` is the ``MappingError``.
///
/// A ``Mapper`` put in the coder's `userInfo` under ``/MappingKit/Swift/CodingUserInfoKey/mappingKitMapper``
/// supplies configurations and policies, as it does for dictionaries. A `final` class adopts
/// this protocol as it is; a class meant to be subclassed implements
/// `required convenience init(from decoder: any Decoder)` with `self.init()` and
/// `update(from:)`, which its subclasses inherit:
///
/// ```swift
/// class Vehicle: MappableCodable {
///     var wheels = 0
///     required init() {}
///     required convenience init(from decoder: any Decoder) throws {
///         self.init()
///         try update(from: decoder)
///     }
/// }
/// final class Sedan: Vehicle { var brand = "" }   // decodes wheels and brand
/// ```
public protocol MappableCodable: Mappable, Codable {}

extension MappableCodable {
    /// Reads the model from `decoder` through its mapping.
    ///
    /// ```swift
    /// let user = try JSONDecoder().decode(User.self, from: data)   // through User's mapping
    /// ```
    public init(from decoder: any Decoder) throws {
        self.init()
        try update(fromDecoder: decoder)
    }

    /// Writes the model into `encoder` through its mapping.
    ///
    /// ```swift
    /// let data = try JSONEncoder().encode(user)   // through User's mapping
    /// ```
    public func encode(to encoder: any Encoder) throws {
        if try encodeFromPlan(to: encoder) { return }
        let context = CodableBridge.context(for: encoder.userInfo, style: .codable).started()
        let representation: [String: Any]
        do {
            representation = try encodedDictionary(in: context)
        } catch {
            throw CodableErrors.encoding(error, of: self, at: encoder.codingPath)
        }
        // The plan tells which values are typed `Decimal`s; one that does not compile has
        // already failed above, in `encodedDictionary`.
        let plan = try? PlanCache.plan(for: Self.self, configuration: context.declaredConfiguration(for: Self.self))
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try CodableOutput(encoder: encoder, context: context).write(representation, plan: plan, into: &container)
    }

    /// Writes the model into `encoder` straight from its plan (``CodableOutput/writeModel(at:plan:keys:into:depth:)``)
    /// when the plan allows it, and says whether it did. On any error the representation is made
    /// to report it, as the general path would: its problems first, whole and with their paths.
    private func encodeFromPlan(to encoder: any Encoder) throws -> Bool {
        let context = CodableBridge.context(for: encoder.userInfo, style: .codable).started()
        guard ObjectIdentifier(type(of: self)) == ObjectIdentifier(Self.self),
              let plan = try? PlanCache.plan(for: Self.self, configuration: context.declaredConfiguration(for: Self.self)),
              let keys = plan.coderKeys else { return false }
        do {
            var container = encoder.container(keyedBy: AnyCodingKey.self)
            try withModelBytes(isObject: plan.isObject) { model in
                try CodableOutput(encoder: encoder, context: context).writeModel(at: model, plan: plan, keys: keys, into: &container, depth: 1)
            }
            return true
        } catch {
            // A fresh call: the failed one has spent some of its limits.
            let again = CodableBridge.context(for: encoder.userInfo, style: .codable).started()
            do {
                _ = try encodedDictionary(in: again)
            } catch let problem {
                throw CodableErrors.encoding(problem, of: self, at: encoder.codingPath)
            }
            throw error
        }
    }

    /// Updates the model from `decoder` through its mapping: keys missing from the decoder
    /// leave their properties as they are, and a failure leaves the whole model as it was.
    ///
    /// ```swift
    /// init(from decoder: any Decoder) throws {
    ///     self.init()
    ///     try update(from: decoder)
    /// }
    /// ```
    public mutating func update(from decoder: any Decoder) throws {
        try update(fromDecoder: decoder)
    }

    /// A decoder's input is a whole value, whichever of `init(from:)` and `update(from:)` reads
    /// it (a class's `init(from:)` calls the latter): defaults and requirements about absent keys
    /// apply, as when a model is made.
    mutating func update(fromDecoder decoder: any Decoder) throws {
        let context = CodableBridge.context(for: decoder.userInfo).started()
        let configuration = context.declaredConfiguration(for: Self.self)
        let plan: ObjectPlan
        do {
            plan = try PlanCache.plan(for: Self.self, configuration: configuration)
        } catch {
            throw CodableErrors.decoding(error, at: decoder.codingPath)
        }
        if decodeFromPlan(decoder, plan: plan, context: context) { return }
        // A fresh call: a failed read from the plan has spent some of its limits.
        let fresh = CodableBridge.context(for: decoder.userInfo).started()
        let input = try CodableInput(context: fresh, keyConversion: DecoderKeyConversion(decoder)).object(from: decoder, plan: plan)
        do {
            try CurrentCall.with(fresh) { try update(from: input, configuration: configuration) }
        } catch {
            throw CodableErrors.decoding(error, at: decoder.codingPath) { plan.valueType(at: $0, in: fresh) }
        }
    }

    /// Reads the decoder straight into the model through `plan` (see `CodableInput+Plan.swift`)
    /// and says whether it did: only for a type known to use MappingKit's own update (its first
    /// decode goes the dictionary way, which finds out), read as itself (not a subclass). On any
    /// error nothing is changed and it says no, so that the dictionary way reads the input
    /// again, in a fresh call, and reports every problem with its path.
    private mutating func decodeFromPlan(_ decoder: any Decoder, plan: ObjectPlan, context: MappingContext) -> Bool {
        guard ObjectIdentifier(type(of: self)) == ObjectIdentifier(Self.self), let keys = plan.decoderKeys(in: context),
              let container = try? decoder.container(keyedBy: AnyCodingKey.self) else { return false }
        do {
            try withMutableModelBytes(isObject: plan.isObject) { model in
                try CodableInput(context: context, keyConversion: DecoderKeyConversion(decoder)).readModel(into: model, plan: plan, keys: keys, from: container, depth: 1)
            }
            return true
        } catch {
            return false
        }
    }
}

extension MappableCodable where Self: AnyObject {
    /// Updates the object from `decoder` through its mapping (see `MappableCodable.update(from:)`).
    ///
    /// ```swift
    /// required convenience init(from decoder: any Decoder) throws {
    ///     self.init()
    ///     try update(from: decoder)
    /// }
    /// ```
    public func update(from decoder: any Decoder) throws {
        var object = self
        try object.update(fromDecoder: decoder)
    }
}

/// The key under which a coder's `userInfo` holds the ``Mapper`` that `MappableCodable` models use.
///
/// ```swift
/// let decoder = JSONDecoder()
/// decoder.userInfo[.mappingKitMapper] = v1
/// ```
extension CodingUserInfoKey {
    /// Where a coder's `userInfo` holds the ``Mapper`` that ``MappableCodable`` models are read
    /// and written with:
    ///
    /// ```swift
    /// let decoder = JSONDecoder()
    /// decoder.userInfo[.mappingKitMapper] = Mapper(keyStrategy: .snakeCase, undefinedKeys: .raise)
    /// ```
    public static let mappingKitMapper = CodableBridge.mapperKey
}

/// What the Codable bridge shares between its directions.
enum CodableBridge {
    /// `CodingUserInfoKey(rawValue:)` accepts every string: the standard library's body is
    /// `self.rawValue = rawValue` (failable only to satisfy `RawRepresentable`; Swift 6.3 has no
    /// non-failable initializer). The key is a constant, so no input reaches the precondition.
    static let mapperKey: CodingUserInfoKey = {
        guard let key = CodingUserInfoKey(rawValue: "MappingKit.Mapper") else {
            preconditionFailure("CodingUserInfoKey refused a constant key")
        }
        return key
    }()

    static func context(for userInfo: [CodingUserInfoKey: Any], style: RepresentationStyle = .json) -> MappingContext {
        let mapper = userInfo[mapperKey] as? Mapper
        return MappingContext(mapper: mapper, undefinedKeys: mapper?.undefinedKeys, style: style)
    }
}
