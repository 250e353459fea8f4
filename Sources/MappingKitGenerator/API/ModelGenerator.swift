/// Writes `Mappable` models for sample JSON: one type per object shape, properties named and
/// typed from the samples, with the configuration that maps them. The `mappingkit-generate`
/// command runs it.
///
/// ```swift
/// let source = try ModelGenerator(options: GeneratorOptions(name: "Timeline"))
///     .source(for: [Sample(name: "timeline.json", data: Data(#"{"user_name": "ann", "since": "2014-02-13T09:30:00Z"}"#.utf8))])
/// ```
///
/// gives
///
/// ```swift
/// struct Timeline: Mappable {
///     var userName = ""
///     var since = Date(timeIntervalSince1970: 0)
///
///     static let mappingConfiguration = MappingConfiguration(for: Timeline.self) { map in
///         map.keyStrategy = .snakeCase
///         map.map(\.since, using: .iso8601)
///     }
/// }
/// ```
///
/// Types are inferred without loss: `Int` for integers that fit 32 bits, `Int64`, `UInt64` or
/// `Decimal` past that, `Double` where a sample has a fraction, `URL` and `Date` only where
/// every sample's text converts and writes back unchanged, `[String: T]` for objects whose keys
/// are data (ids, dates), and `Any` only where the samples hold values of several kinds or none
/// but `null`.
public struct ModelGenerator: Sendable {
    /// The top type's name, the kind of types, the access level and the stash.
    public var options: GeneratorOptions

    /// A generator with `options`.
    public init(options: GeneratorOptions = GeneratorOptions()) {
        self.options = options
    }

    /// Swift source for models of `samples`, which are all samples of the top type: objects, or
    /// arrays of objects; a JSON Lines sample (`.jsonl`, `.ndjson`) is one sample per line.
    public func source(for samples: [Sample]) throws(GeneratorError) -> String {
        let (plans, topIsArray, inference) = try plans(for: samples)
        // The shapes live as long as the inference: it breaks their cycles when it goes.
        let names = Dictionary(uniqueKeysWithValues: plans.map { (ObjectIdentifier($0.node), $0.typeName) })
        return withExtendedLifetime(inference) {
            SourceWriter(options: options, sampleNames: samples.map(\.name), topIsArray: topIsArray) { names[ObjectIdentifier($0.resolved)] ?? "Any" }
                .source(for: plans) { $0.count }
        }
    }

    /// The JSON Schema (draft 2020-12) of the models ``source(for:)`` writes for `samples`: what
    /// their `jsonSchema()` gives once compiled, as JSON's untyped values (the top type's object;
    /// a top-level array's elements are that type).
    ///
    /// ```swift
    /// let schema = try ModelGenerator(options: GeneratorOptions(name: "Timeline")).jsonSchema(for: samples)
    /// ```
    public func jsonSchema(for samples: [Sample]) throws(GeneratorError) -> [String: Any] {
        let (plans, _, inference) = try plans(for: samples)
        let names = Dictionary(uniqueKeysWithValues: plans.map { (ObjectIdentifier($0.node), $0.typeName) })
        return withExtendedLifetime(inference) {
            SchemaWriter(plans: plans) { names[ObjectIdentifier($0.resolved)] ?? "Any" }.document()
        }
    }

    /// A plan per type, the top type's first, whether the samples are arrays of it, and the
    /// inference whose shapes the plans read (to be kept alive while they are).
    private func plans(for samples: [Sample]) throws(GeneratorError) -> (plans: [ModelPlan], topIsArray: Bool, inference: Inference) {
        try checkName()
        guard !samples.isEmpty else { throw GeneratorError("no samples: give at least one JSON file") }
        let inference = Inference()
        for sample in samples {
            // A JSON Lines file is one sample per line, each of the top type.
            let values = SampleParser.isJSONLines(sample) ? try SampleParser.parseLines(sample) : [try SampleParser.parse(sample)]
            for value in values { inference.observe(sample: value, name: options.name) }
        }
        var top = inference.root
        let topIsArray = top.arrays > 0
        if topIsArray, top.values == top.arrays, top.nulls == 0, let elements = top.elements { top = elements.summary }
        guard top.values == top.objects, top.nulls == 0, let topNode = top.object else {
            throw GeneratorError("expected every sample to be a JSON object, or an array of objects")
        }
        inference.findUnions(from: topNode)
        inference.findMaps(except: topNode, maps: options.dictionaries, structs: options.models)
        ShapeMerging(allowsSelfContainment: options.kind == .finalClass).run(from: top)
        let shapes = ShapeMerging.shapes(from: top).filter { $0 === topNode.resolved || !$0.keys.isEmpty || $0.union != nil || $0.names != nil }
        let names = typeNames(shapes, top: topNode.resolved)
        let name = { (node: ObjectNode) in names[ObjectIdentifier(node.resolved)] ?? "Any" }
        var plans: [ModelPlan] = []
        for shape in shapes {
            if options.kind == .struct, ShapeMerging.contains(shape, directly: shape) {
                throw GeneratorError("\(name(shape)) would contain itself, which a struct cannot: generate final classes (--class)")
            }
            plans.append(ModelPlan(
                node: shape, typeName: name(shape), stashes: options.stashesUndefinedKeys, avoidsKeywords: options.observable, names: name
            ))
        }
        return (plans, topIsArray, inference)
    }

    /// The top type's name must be a type name of its own.
    func checkName() throws(GeneratorError) {
        let scalars = options.name.unicodeScalars
        let valid = scalars.first.map { $0 == "_" || ($0.isASCII && $0.properties.isAlphabetic) } == true
            && scalars.allSatisfy { $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
        guard valid, !Naming.keywords.contains(options.name), !Naming.reservedTypes.contains(options.name) else {
            throw GeneratorError("--name \(options.name): expected a Swift type name of ASCII letters, digits and underscores that names no standard type")
        }
        let prefix = options.typePrefix.unicodeScalars
        let validPrefix = prefix.first.map { $0 == "_" || ($0.isASCII && $0.properties.isAlphabetic) } ?? true
            && prefix.allSatisfy { $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
        guard validPrefix else {
            throw GeneratorError("--prefix \(options.typePrefix): expected the start of a Swift type name, ASCII letters, digits and underscores")
        }
    }

    /// A name for every shape, the top first: from the key it was first seen under, made unique
    /// with its parent's name, then a number.
    private func typeNames(_ shapes: [ObjectNode], top: ObjectNode) -> [ObjectIdentifier: String] {
        var names: [ObjectIdentifier: String] = [:]
        var used = Naming.reservedTypes
        // How many shapes inside cases' payloads each name would go to.
        var payloadNames: [String: Int] = [:]
        for shape in shapes where shape.origin.parent?.resolved.union != nil {
            let origin = shape.namingOrigin
            payloadNames[Naming.typeName(for: origin.key, isElement: origin.isElement), default: 0] += 1
        }
        for shape in shapes {
            var candidate = options.name
            if shape !== top {
                let origin = shape.namingOrigin
                // The parent's name without the prefix, to qualify a name taken.
                let parentName = origin.parent.flatMap { names[ObjectIdentifier($0.resolved)] }.map { name in
                    name.hasPrefix(options.typePrefix) ? String(name.dropFirst(options.typePrefix.count)) : name
                }
                // A tagged union's case is named after its tag (`PushEvent`, `Point`).
                var base = shape.union.map { Naming.typeName(for: $0.tag, isElement: false) }
                    ?? Naming.typeName(for: origin.key, isElement: origin.isElement)
                // A standard type's name takes a word after it (`URLElement`, `DataObject`), or
                // its parent's name before it when that word is already there (`elements` →
                // `PackageElement`, never `ElementElement`).
                if Naming.reservedTypes.contains(base), options.typePrefix.isEmpty {
                    let word = origin.isElement ? "Element" : "Object"
                    base = base == word ? parentName.map { $0 + base } ?? base + "Item" : base + word
                }
                candidate = options.typePrefix + base
                // Inside cases' payloads, a name several of them use says whose it is
                // (`PushEventPayload`, `WatchEventPayload`).
                let shared = origin.parent?.resolved.union != nil && payloadNames[base, default: 0] > 1
                if used.contains(candidate) || shared, let parentName {
                    candidate = options.typePrefix + parentName + base
                }
            }
            var name = candidate
            var suffix = 2
            while used.contains(name), shape !== top {
                name = candidate + "\(suffix)"
                suffix += 1
            }
            used.insert(name)
            names[ObjectIdentifier(shape)] = name
        }
        return names
    }
}
