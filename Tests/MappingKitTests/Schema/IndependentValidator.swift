import Foundation

/// Python's `jsonschema` (Draft 2020-12, with format checking on): a validator nobody here wrote,
/// to check MappingKit's schemas against (issue 60). `SchemaValidator` in this folder was written
/// with the schema builder, and agrees with it for that reason.
///
/// ```swift
/// let passes = try IndependentValidator.validate([(schema: schemaData, documents: [#"{"a":1}"#])])
/// ```
enum IndependentValidator {
    /// The `python3` that has `jsonschema` 4 and the packages its format checks need
    /// (`.ci/run` installs them: `pip install 'jsonschema[format]'`); `nil` when there is none,
    /// and the tests that need it are skipped.
    static let python: String? = {
        // Without their optional packages, some formats go unchecked, silently.
        let check = "import jsonschema; assert {'date-time', 'uri', 'uri-reference', 'uuid'} <= set(jsonschema.Draft202012Validator.FORMAT_CHECKER.checkers)"
        guard let (status, _) = try? run(["python3", "-c", check]), status == 0 else { return nil }
        return "python3"
    }()

    /// Why the tests that need the validator are skipped where it is missing.
    static let absence = "python3 with jsonschema[format] 4 is not installed (pip install 'jsonschema[format]')"

    /// Each document's verdict, in order, for each schema: valid or not, formats checked.
    /// Documents are JSON texts, so that numbers no Swift type holds (`1e400`) reach the
    /// validator as written.
    static func validate(_ cases: [(schema: Data, documents: [String])]) throws -> [[Bool]] {
        guard let python else { throw ValidatorError(message: absence) }
        var input = Data("[".utf8)
        for (index, item) in cases.enumerated() {
            if index > 0 { input.append(Data(",".utf8)) }
            input.append(Data(#"{"schema":"#.utf8))
            input.append(item.schema)
            input.append(Data(#","documents":"#.utf8))
            input.append(try JSONSerialization.data(withJSONObject: item.documents))
            input.append(Data("}".utf8))
        }
        input.append(Data("]".utf8))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("mappingkit-schema-\(UUID().uuidString).json")
        try input.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let (status, output) = try run([python, "-c", script, file.path])
        guard status == 0, let verdicts = try JSONSerialization.jsonObject(with: output) as? [[Bool]] else {
            throw ValidatorError(message: "the validator failed (status \(status)): \(String(decoding: output, as: UTF8.self))")
        }
        return verdicts
    }

    private static let script = """
        import json, sys
        from jsonschema import Draft202012Validator as V
        verdicts = []
        with open(sys.argv[1]) as cases:
            cases = json.load(cases)
        for case in cases:
            V.check_schema(case["schema"])
            validator = V(case["schema"], format_checker=V.FORMAT_CHECKER)
            verdicts.append([validator.is_valid(json.loads(text)) for text in case["documents"]])
        json.dump(verdicts, sys.stdout)
        """

    struct ValidatorError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    /// Runs `arguments` (found on the `PATH`); its status and standard output (standard error
    /// goes to the test's).
    private static func run(_ arguments: [String]) throws -> (Int32, Data) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let stdout = Pipe()
        process.standardOutput = stdout
        try process.run()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }
}
