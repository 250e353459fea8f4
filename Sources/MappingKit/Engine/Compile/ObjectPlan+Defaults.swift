/// What a fresh model (`init()`) holds that the plan must know when it compiles: optionals that
/// hold a value, nested models whose declared default is not their own `init()`'s. Found once
/// per plan by making the model and comparing its bytes with a second fresh one.
extension ObjectPlan {
    /// A stored field and its index among a plan's mapped fields: the few fields a question is
    /// about, listed alone (an array with an entry for every field, mostly empty, would be written
    /// to fresh memory when the plan compiles).
    typealias IndexedField = (index: Int, field: StoredField)

    /// For each mapped field, whether it is an optional that a fresh model (`init()`) holds a
    /// value in; empty when none is (the common case: no model is made to find out).
    /// `optionals`: the optional fields, each with its index among the `count` mapped fields.
    static func optionalsWithDefaults(of model: any Mappable.Type, among optionals: [IndexedField], count: Int) -> [Bool] {
        guard !optionals.isEmpty else { return [] }
        func check<Model: Mappable>(_: Model.Type) -> [Bool] {
            var prototype = Model()
            return Self.withBytes(of: &prototype) { base in
                var flags = [Bool](repeating: false, count: count)
                for (index, field) in optionals where !Self.holdsNil(field.type, at: base + field.offset) { flags[index] = true }
                return flags
            }
        }
        let flags = check(model)
        return flags.contains(true) ? flags : []
    }

    /// For each mapped field, whether it holds a nested model whose declared default is not what
    /// the model's own `init()` makes (``FieldSlot/mergesDefault``); empty when none does.
    /// `merging`: the fields that ``FieldSlot/holdsModel`` and are stored as themselves, each
    /// with its index among the `count` mapped fields.
    ///
    /// Two fresh models are made: a class instance that both hold (a `shared` one) is never
    /// mapped onto, so that mapping never changes what other models hold. A struct whose stored
    /// properties have the bits of its type's `init()`'s (`var user = User()`: empty strings and collections
    /// are the same bits every time) is left to the faster fresh path, which gives the same
    /// model; any other default (`Car(name: "Bently")`, a class instance of its own, an
    /// optional holding a model) is mapped onto. Bits, not a printout: `dump` or a cast to an
    /// optional asks the runtime about conformances, which the first time scans every
    /// conformance in the process.
    static func modelsWithDefaults(of model: any Mappable.Type, among merging: [IndexedField], count: Int) -> [Bool] {
        guard !merging.isEmpty else { return [] }
        func check<Model: Mappable>(_: Model.Type) -> [Bool] {
            var first = Model()
            var second = Model()
            return Self.withBytes(of: &first) { base in
                Self.withBytes(of: &second) { other in
                    var flags = [Bool](repeating: false, count: count)
                    for (index, field) in merging {
                        flags[index] = FieldDiscovery.isOptional(field.type)
                            ? !Self.holdsNil(field.type, at: base + field.offset)
                            : Self.differsFromFresh(field.type, at: base + field.offset, again: other + field.offset)
                    }
                    return flags
                }
            }
        }
        let flags = check(model)
        return flags.contains(true) ? flags : []
    }

    /// Whether the model of type `type` at `pointer` differs from what its `init()` makes: a
    /// class instance always does, unless it is the one at `again` too (shared: never mapped
    /// onto); a struct when the bits of a stored property differ.
    private static func differsFromFresh(_ type: Any.Type, at pointer: UnsafeRawPointer, again: UnsafeRawPointer) -> Bool {
        guard let modelType = type as? any Mappable.Type else { return false }
        func check<Nested: Mappable>(_: Nested.Type) -> Bool {
            if Nested.self is AnyClass {
                return pointer.load(as: UnsafeRawPointer.self) != again.load(as: UnsafeRawPointer.self)
            }
            var fresh = Nested()
            return withUnsafeBytes(of: &fresh) { bytes in
                guard let base = bytes.baseAddress else { return false }
                return !Self.sameBits(Nested.self, base, pointer, depth: 0)
            }
        }
        return check(modelType)
    }

    /// Whether the values of type `type` at `first` and `second` have the same bits, stored
    /// property by stored property, so that a struct's padding (which holds whatever was there)
    /// is not compared; below a few levels, or for any other kind of value, all its bytes.
    private static func sameBits(_ type: Any.Type, _ first: UnsafeRawPointer, _ second: UnsafeRawPointer, depth: Int) -> Bool {
        if depth < 4, FieldDiscovery.isStruct(type) {
            return FieldDiscovery.storedFields(of: type).allSatisfy { field in
                sameBits(field.type, first + field.offset, second + field.offset, depth: depth + 1)
            }
        }
        let size = LayoutOf.size(type)
        return UnsafeRawBufferPointer(start: first, count: size).elementsEqual(UnsafeRawBufferPointer(start: second, count: size))
    }

    /// `body` with the address of the model's stored properties (a class's object, a struct's bytes).
    private static func withBytes<Model: Mappable, Result>(of model: inout Model, _ body: (UnsafeRawPointer) -> Result) -> Result {
        if Model.self is AnyClass {
            let object = model as AnyObject
            return withExtendedLifetime(object) { body(UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())) }
        }
        return withUnsafeBytes(of: &model) { bytes in
            ModelAccess.withNonNilBase(bytes.baseAddress.map(UnsafeMutableRawPointer.init(mutating:))) { body(UnsafeRawPointer($0)) }
        }
    }

    /// `true` when the optional of type `type` at `pointer` is `nil`.
    private static func holdsNil(_ type: Any.Type, at pointer: UnsafeRawPointer) -> Bool {
        func check<Value>(_: Value.Type) -> Bool {
            (pointer.assumingMemoryBound(to: Value.self).pointee as? any OptionalValue)?.wrappedValue == nil
        }
        return check(type)
    }
}
