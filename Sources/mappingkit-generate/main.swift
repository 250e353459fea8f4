import Foundation
import MappingKit
import MappingKitGenerator

/// `mappingkit-generate [--name Root] [--prefix P] [--class | --observable] [--access level] [--stash]
/// [--map PATH]… [--model PATH]… [--schema] sample.json…`, or `mappingkit-generate --from-schema schema.json`:
/// MappingKit models for the samples, or for a JSON Schema, on standard output.
let usage = """
    usage: mappingkit-generate [--name Root] [--prefix Prefix] [--class | --observable] [--access internal|package|public] [--stash]
                               [--map PATH]... [--model PATH]... [--schema] <sample.json>...
           mappingkit-generate --from-schema [--name Root] [--prefix Prefix] [--class] [--access level] [--stash] <schema.json>

    Writes Swift source for MappingKit models of the sample JSON files to standard output: one
    type per object shape, with the keys' names, types inferred without loss, and the
    configuration that maps them. Every file is a sample of the top type; "-" reads standard input;
    a JSON Lines file (.jsonl, .ndjson) is one sample per line.

      --name <Name>      the top type's name (default: Root)
      --prefix <Prefix>  prefixed to every other type's name, so two APIs' models share a target
      --class            final classes instead of structs
      --observable       @Observable final classes, updated in place through their setters
      --access <level>   internal (default), package or public
      --stash            every model keeps the keys it does not map (undefinedKeys = .stash)
      --map <path>       the objects at this JSON path are a dictionary [String: T] (keys joined
                         by dots, [] after an array's key: versions, items[].attributes)
      --model <path>     the objects at this JSON path are a model, whatever their keys
      --schema           print the models' JSON Schema (draft 2020-12) instead of their source
      --from-schema      models of a JSON Schema document (draft 2020-12, or OpenAPI 3.1's
                         components/schemas) instead of samples: its root object, named by its
                         title or --name, and each of its definitions
      -h, --help         this text
    """

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("mappingkit-generate: \(message)\n".utf8))
    exit(1)
}

var options = GeneratorOptions()
var printsSchema = false
var readsSchema = false
var paths: [String] = []
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "-h", "--help":
        print(usage)
        exit(0)
    case "--name":
        guard let name = arguments.popFirst() else { fail("--name needs a type name") }
        options.name = name
    case "--prefix":
        guard let prefix = arguments.popFirst() else { fail("--prefix needs a type name prefix") }
        options.typePrefix = prefix
    case "--map":
        guard let path = arguments.popFirst() else { fail("--map needs a JSON path") }
        options.dictionaries.insert(path)
    case "--model":
        guard let path = arguments.popFirst() else { fail("--model needs a JSON path") }
        options.models.insert(path)
    case "--schema":
        printsSchema = true
    case "--from-schema":
        readsSchema = true
    case "--class":
        options.kind = .finalClass
    case "--struct":
        options.kind = .struct
    case "--observable":
        options.observable = true
        options.kind = .finalClass
    case "--access":
        guard let level = arguments.popFirst(), let access = GeneratorOptions.Access(rawValue: level) else {
            fail("--access takes internal, package or public")
        }
        options.access = access
    case "--stash":
        options.stashesUndefinedKeys = true
    default:
        if argument.hasPrefix("-"), argument != "-" { fail("unknown option \(argument)\n\(usage)") }
        paths.append(argument)
    }
}
guard !paths.isEmpty else { fail("no sample files\n\(usage)") }
if readsSchema, paths.count != 1 || printsSchema { fail("--from-schema takes one schema file, and no --schema") }

var samples: [Sample] = []
for path in paths {
    do {
        let data = path == "-" ? FileHandle.standardInput.readDataToEndOfFile() : try Data(contentsOf: URL(fileURLWithPath: path))
        samples.append(Sample(name: path == "-" ? "stdin" : URL(fileURLWithPath: path).lastPathComponent, data: data))
    } catch {
        fail("cannot read \(path): \(error.localizedDescription)")
    }
}
do {
    let generator = ModelGenerator(options: options)
    if readsSchema, let schema = samples.first {
        print(try generator.source(forSchema: schema), terminator: "")
    } else if printsSchema {
        let schema = try generator.jsonSchema(for: samples)
        print(String(decoding: try JSONValue.data(schema, options: [.prettyPrinted, .sortedKeys]), as: UTF8.self))
    } else {
        print(try generator.source(for: samples), terminator: "")
    }
} catch let error as GeneratorError {
    fail(error.description)
} catch {
    fail("\(error)")
}
