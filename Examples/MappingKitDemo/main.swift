import Foundation
import MappingKit

// MappingKit demo: `swift run MappingKitDemo`. Each section maps one of the seed libraries'
// README examples, with data the demo carries itself, and prints what came out.

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
