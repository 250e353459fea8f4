/// The input side of the seam between the plans and the formats: one object of a format, read
/// into a plan's staging buffer.
///
/// The plan's driver, ``ObjectPlan/read(_:into:in:finish:)``, does what every format shares: the
/// staging buffer on the stack, the undefined-key policy, the commit (every staged value swapped
/// in at once, the hooks run, nothing changed on a failure). A reader only stages the object's
/// values, in its format's own order:
/// - `[String: Any]` (here, through ``FieldInput``): each field's value looked up by its key, in
///   declaration order;
/// - `JSONObjectReader` (`JSON/`): the object's members in document order, in one pass over the
///   bytes;
/// - `DecoderObjectReader` (`Codable/`): a decoder's keyed container, asked for each field with
///   the decoder's typed calls.
///
/// A fresh struct skips the staging buffer (``ObjectPlan/decodeInPlace(_:into:in:)``, and
/// `decodeInPlace(row:into:in:)` for a store's ``StoredRow``): there is nothing to keep as it
/// was, so a ``FieldInput`` is decoded straight into the model.
protocol PlanReader {
    /// Stages the object's values into `staging`: each field's value, or its default when the
    /// object has none; every problem goes into `failure` (a fatal one ends the read). Returns the
    /// input as the undefined-key policy and the hooks read it.
    mutating func stageFields(
        of plan: ObjectPlan,
        into staging: ObjectPlan.Staging,
        failure: inout MappingError?,
        in context: MappingContext
    ) throws -> [String: Any]
}

/// One object of a format as the engine's read entry takes it
/// (``Mappable/update(reading:configuration:context:)``): a ``PlanReader`` of its members, which
/// can also hand the whole object over as native values, for a type that reads dictionaries (one
/// that overrides `update(from:configuration:)`, found out on its first read; a `willMap` hook
/// that rewrites the input; a reporting call, whose loops keep the report's path).
///
/// ```swift
/// var object = JSONObjectReader(bytes: reader, isDocument: true)   // JSON/
/// try model.update(reading: &object, configuration: configuration, context: context)
/// ```
protocol ObjectSource: PlanReader {
    /// The object as native values, consumed (a document's end checked).
    mutating func readDictionary() throws -> [String: Any]

    /// Back to where the object starts, to read it again member by member.
    mutating func rewind()
}

extension ObjectPlan {
    /// Reads one object from `reader` into `model` and commits it, then runs `finish` (the hooks)
    /// with the input as the reader returns it; when anything throws, every problem found is
    /// reported and `model` is left as it was.
    @inline(__always)
    func read<Reader: PlanReader>(
        _ reader: inout Reader,
        into model: UnsafeMutableRawPointer,
        in context: MappingContext,
        finish: ([String: Any]) throws -> Void
    ) throws {
        CallTrace.note("Engine/Run/PlanReader.swift read")
        try stage(into: model, in: context, finish: finish) { staging, failure in
            try reader.stageFields(of: self, into: staging, failure: &failure, in: context)
        }
    }
}

extension Dictionary: PlanReader where Key == String, Value == Any {
    /// Each field's value, read by the plan's one dictionary driver (`ObjectPlan+Read.swift`).
    mutating func stageFields(
        of plan: ObjectPlan,
        into staging: ObjectPlan.Staging,
        failure: inout MappingError?,
        in context: MappingContext
    ) throws -> [String: Any] {
        CallTrace.note("Engine/Run/PlanReader.swift Dictionary.stageFields")
        if let problem = plan.readFields(of: self, into: StagingDestination(staging: staging, merges: plan.mergeMask(in: context)), in: context) {
            failure.merge(problem)
        }
        return self
    }
}

/// The output side of the seam: one model written by a format, field by field, in its format's
/// own way.
///
/// The plan's driver, ``ObjectPlan/write(_:into:in:)``, hands the writer the key strategy the
/// model hands down and throws what it collected; a writer walks the fields (their represented
/// subset, the nil policy, each field's codec or its common type written as itself):
/// - `DictionaryWriter` (here): the dictionary representation;
/// - `JSONObjectWriter` (`JSON/`): a JSON object, streamed member by member;
/// - `EncoderObjectWriter` (`Codable/`): an encoder's keyed container, with its typed calls;
/// - `RowWriter` (`Store/`): a store's row, column by column, through a ``StoreRowWriter``.
protocol PlanWriter {
    /// Writes the model at `model` with `plan`; a field's problem goes into `failure` (every
    /// field is tried), or is thrown where the format stops at the first.
    mutating func writeFields(
        of plan: ObjectPlan,
        from model: UnsafeRawPointer,
        failure: inout MappingError?,
        in context: MappingContext
    ) throws
}

extension ObjectPlan {
    /// Writes the model at `model` with `writer`, in the key strategy this plan hands down, and
    /// throws every problem it collected.
    @inline(__always)
    func write<Writer: PlanWriter>(_ model: UnsafeRawPointer, into writer: inout Writer, in context: MappingContext) throws {
        var failure: MappingError?
        try writer.writeFields(of: self, from: model, failure: &failure, in: context.handingDown(handedDown))
        if let failure { throw failure }
    }
}
