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
    try modernModelsDemo()
} catch {
    print("demo failed: \(error)")
    exit(1)
}
