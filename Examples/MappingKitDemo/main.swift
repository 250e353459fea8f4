import Foundation
import MappingKit

// MappingKit demo: `swift run MappingKitDemo`. Each section maps one of the seed libraries'
// README examples, with data the demo carries itself, and prints what came out.

if CommandLine.arguments.count > 1 {
    let asked = CommandLine.arguments.dropFirst().allSatisfy { $0 == "-h" || $0 == "--help" }
    print("""
        usage: MappingKitDemo

        Maps each seed library's README examples (DHNObjectMapping, ObjectMapping, KVCMapping,
        XLYMapping, EFDataMappingKit), undefined keys, JSON, every input shape, a store and
        @Observable models with MappingKit, with data it carries itself, and prints what came out.
        It takes no options.
        """)
    exit(asked ? 0 : 2)
}

do {
    try dhnObjectMappingDemo()
    try objectMappingDemo()
    try kvcMappingDemo()
    try xlyMappingDemo()
    try efDataMappingKitDemo()
    try efDataMappingKitArchivingDemo()
    try undefinedKeysDemo()
    try jsonDemo()
    try inputShapesDemo()
    try storeDemo()
    if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
        try modernModelsDemo()
    } else {
        print("(the @Observable section needs Observation: macOS 14, iOS 17, tvOS 17, watchOS 10)")
    }
} catch {
    print("demo failed: \(error)")
    exit(1)
}
