public import Foundation

extension Mappable where Self: NSObject {
    /// Writes the model into a keyed archive through its mapping: EFDataMappingKit's
    /// `encodeObject:withCoder:`. With ``decodeMapping(from:mapper:)``, `NSSecureCoding` takes two
    /// lines:
    ///
    /// ```swift
    /// final class Note: NSObject, Mappable, NSSecureCoding {
    ///     var title = ""
    ///     var created = Date()
    ///     static let supportsSecureCoding = true
    ///     required override init() {}
    ///     required init?(coder: NSCoder) { super.init(); if !decodeMapping(from: coder) { return nil } }
    ///     func encode(with coder: NSCoder) { encodeMapping(with: coder) }
    /// }
    /// let data = try NSKeyedArchiver.archivedData(withRootObject: note, requiringSecureCoding: true)
    /// let copy = try NSKeyedUnarchiver.unarchivedObject(ofClass: Note.self, from: data)
    /// ```
    ///
    /// The archive holds the property-list representation (`Date` and `Data` native, stashed
    /// undefined keys included) with every value's kind kept, under one key of the archive. A
    /// model that cannot be represented (a failing adapter, say) is archived as that failure,
    /// and ``decodeMapping(from:mapper:)`` reports it: nothing is archived partly.
    ///
    /// A `mapper` supplies the configuration and policies, as EFDataMappingKit's `EFMapper` did;
    /// without one the model's own configuration applies.
    public func encodeMapping(with coder: NSCoder, mapper: Mapper? = nil) {
        do {
            let context = MappingContext(mapper: mapper, undefinedKeys: mapper?.undefinedKeys, style: .propertyList).started()
            let representation = try encodedDictionary(in: context)
            let value = try ArchiveValue(representation, maximumNesting: context.effectiveLimits.maximumNesting)
            let encoder = PropertyListEncoder()
            encoder.outputFormat = .binary
            coder.encode(try encoder.encode(value) as NSData, forKey: ArchiveKeys.representation)
        } catch {
            coder.encode(MappingError.wrapping(error, at: []).description as NSString, forKey: ArchiveKeys.failure)
        }
    }

    /// Updates the model from a keyed archive made by ``encodeMapping(with:mapper:)``: `true` when it
    /// did. On failure the model is left as it was. On Apple platforms a coder whose
    /// `decodingFailurePolicy` is `.setErrorAndReturn` is told the ``MappingError``
    /// (`failWithError`), which `NSKeyedUnarchiver.unarchivedObject(ofClass:from:)` throws. On Linux
    /// the unarchiver throws an error of its own whatever it is told, so it is not told;
    /// ``update(fromArchive:mapper:)`` throws MappingKit's.
    ///
    /// ```swift
    /// required init?(coder: NSCoder) {
    ///     super.init()
    ///     guard decodeMapping(from: coder) else { return nil }
    /// }
    /// ```
    public func decodeMapping(from coder: NSCoder, mapper: Mapper? = nil) -> Bool {
        do {
            try update(fromArchive: coder, mapper: mapper)
            return true
        } catch {
            // Under `.raiseException` (an unarchiver's default unless made by
            // `unarchivedObject(ofClass:from:)`), telling the coder would raise: returning
            // `false` makes the object `nil` instead, and never traps. swift-corelibs-foundation's
            // `failWithError` keeps nothing: it logs "decoding error" to standard error, and the
            // unarchiver throws its own error. There, telling it would only add a log line.
            #if canImport(Darwin)
            if coder.decodingFailurePolicy == .setErrorAndReturn {
                coder.failWithError(MappingError.wrapping(error, at: []))
            }
            #endif
            return false
        }
    }
}

extension Mappable where Self: NSObject {
    /// Updates the model from a keyed archive made by ``encodeMapping(with:mapper:)``, or throws the
    /// ``MappingError`` that says why not (the model is then left as it was). Unarchivers on
    /// Linux report a failed object with an error of their own; this gives MappingKit's.
    ///
    /// ```swift
    /// let user = User()
    /// try user.update(fromArchive: unarchiver)   // throws the MappingError a bad archive gives
    /// ```
    public func update(fromArchive coder: NSCoder, mapper: Mapper? = nil) throws {
        let dictionary = try ArchiveKeys.representation(in: coder)
        guard let mapper else { return try update(from: dictionary) }
        var object = self
        try mapper.update(&object, from: dictionary)
    }
}

/// Where ``Mappable/encodeMapping(with:)`` keeps its values in an archive.
enum ArchiveKeys {
    static let representation = "MappingKit.representation"
    static let failure = "MappingKit.failure"

    /// The dictionary an archive holds, or the error that kept it out.
    static func representation(in coder: NSCoder) throws -> [String: Any] {
        if coder.containsValue(forKey: failure) {
            let message = coder.decodeObject(of: NSString.self, forKey: failure).map { String(describing: $0) } ?? "unknown"
            throw MappingError(.mismatch(expected: "an archived model", found: "the failure to archive it: \(message)"))
        }
        guard coder.allowsKeyedCoding, coder.containsValue(forKey: representation),
              let data = coder.decodeObject(of: NSData.self, forKey: representation) else {
            throw MappingError(.mismatch(expected: "an archived model (\(representation))", found: "nothing"))
        }
        let value: ArchiveValue
        do {
            value = try PropertyListDecoder().decode(ArchiveValue.self, from: data as Data)
        } catch {
            throw MappingError(.mismatch(expected: "an archived model", found: "data that is not one (\(error))"))
        }
        guard let dictionary = value.plain as? [String: Any] else {
            throw MappingError(.mismatch(expected: "an archived model", found: ValueDescription.describe(value.plain)))
        }
        return dictionary
    }
}
