/// Runs imports: survey, prefetch, map, save, commit; or roll back and restore.
enum StoreImports {
    static func run<Result>(
        into store: any MappingStore,
        mapper: Mapper?,
        saves: Bool = true,
        survey: (ImportSession, MappingContext) -> Void,
        map: (ImportSession, MappingContext) throws -> Result
    ) throws -> Result {
        let session = ImportSession(store: store)
        let context = MappingContext(mapper: mapper, undefinedKeys: mapper?.undefinedKeys, session: session)
        session.start(in: context)
        defer { session.end() }
        do {
            try store.beginImport()
        } catch {
            throw MappingError.wrapping(error, at: [])
        }
        session.lookAtStore()
        do {
            survey(session, context)
            try session.prefetch()
            let result = try map(session, context)
            if saves { try session.save() }
            do {
                try store.commitImport()
            } catch {
                throw MappingError.wrapping(error, at: [])
            }
            return result
        } catch {
            store.rollbackImport()
            session.restore()
            throw error
        }
    }

    /// Notes the keys every dictionary of `elements`, a `Model` each, mentions.
    static func survey<Model: Mappable>(_ elements: [Any], as _: Model.Type, session: ImportSession, in context: MappingContext) {
        guard let plan = try? session.plan(for: Model.self, in: context) else { return }
        // The survey reads values the mapping reads again, and reports.
        let context = context.muted
        session.expectedObjects = min(elements.count, 1024)
        if session.surveyIsForReferencesOnly, !session.refersAnywhere(elements, as: Model.self, plan: plan, in: context) { return }
        for element in elements {
            guard let dictionary = InputValue.dictionary(element) else { continue }
            session.survey(dictionary, as: Model.self, plan: plan, in: context)
        }
    }
}
