// The fuzz targets, one binary: `Fuzz/run.sh TARGET` sets `MAPPINGKIT_FUZZ_TARGET`, read once,
// and each input goes to that target's oracle alone, so a campaign spends its executions on one
// concern with one corpus (`Fuzz/corpus/TARGET/`).
//
// | target | input | oracle |
// |---|---|---|
// | `reader` | any bytes | `Reader.swift`: MappingKit's reader against JSONSerialization |
// | `writer` | a program that builds an untyped value | `Writer.swift`: written, read back by both parsers |
// | `models` | JSON bytes, or a program that builds a dictionary | `MappingKitFuzz.swift`: the model zoo, every input representation, imports |
// | `streams` | JSON bytes, or a program's dictionary as JSON | `checkStream`: a stream read in pieces gives what the whole document gives |
// | `coders` | JSON bytes, or a program's dictionary as JSON | `checkCodable`, `checkPropertyList`: the Codable bridge and property lists |
import Foundation

/// The target this process runs, from `MAPPINGKIT_FUZZ_TARGET` (`models` when unset).
let fuzzTarget: String = ProcessInfo.processInfo.environment["MAPPINGKIT_FUZZ_TARGET"] ?? "models"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    switch fuzzTarget {
    case "reader": checkReader(bytes)
    case "writer": checkWriter(bytes)
    case "models": checkModels(bytes)
    case "streams": checkStream(json(bytes, asArray: true))
    case "coders": checkCoders(json(bytes, asArray: false))
    default: fatalError("unknown fuzz target \(fuzzTarget): reader, writer, models, streams or coders")
    }
    return 0
}

/// The input as JSON bytes: as it is when it looks like JSON, else the dictionary its program
/// builds (`dictionary(from:depth:)`), written as JSON (in an array for `asArray`), so that no
/// execution is spent on input the oracle rejects at once.
func json(_ bytes: [UInt8], asArray: Bool) -> [UInt8] {
    if looksLikeJSON(bytes) { return bytes }
    var source = ByteSource(bytes: bytes)
    let object = dictionary(from: &source, depth: 0)
    defer { breakCycles() }
    guard let data = try? JSONValue.data(asArray ? [object] : object) else { return bytes }
    return Array(data)
}

/// The input starts as a JSON document may (else the models target reads it as a program).
func looksLikeJSON(_ bytes: [UInt8]) -> Bool {
    guard let first = bytes.first else { return false }
    return Array(#"{["-0123456789tfn "#.utf8).contains(first) || first == 0x0A
}
