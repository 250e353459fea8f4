import Foundation
import MappingKit
import Observation
import Testing

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@Observable private final class Contact: Mappable {
    var id = 0
    var name = ""
    required init() {}

    static let mappingConfiguration = MappingConfiguration(for: Contact.self) { map in
        map.identity(\.id)
        map.observed(\.id, \.name)
    }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@Observable private final class UnobservedContact: Mappable {
    var id = 0
    var name = ""
    required init() {}

    static let mappingConfiguration = MappingConfiguration(for: UnobservedContact.self) { $0.identity(\.id) }
}

@propertyWrapper private struct Uppercased: MappableWrapper {
    private var value = ""
    init(wrappedValue: String) { self.wrappedValue = wrappedValue }
    var wrappedValue: String {
        get { value }
        set { value = newValue.uppercased() }
    }
}

private final class Code: Mappable {
    var id = 0
    @Uppercased var label = ""
    required init() {}

    static let mappingConfiguration = MappingConfiguration(for: Code.self) { $0.identity(\.id) }
}

@Suite("Imports of @Observable and wrapped models")
struct ObservableImportTests {
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("a re-import updates the stored @Observable object through its setters and tells its observers")
    func observedReimport() throws {
        let store = IdentityMap()
        let first = try Contact.array(from: [["id": 1, "name": "Ada"]], in: store)
        let told = Told()
        withObservationTracking { _ = first[0].name } onChange: { told.mark() }
        let second = try Contact.array(from: [["id": 1, "name": "Ada Lovelace"]], in: store)
        #expect(second[0] === first[0])
        #expect(first[0].name == "Ada Lovelace")
        #expect(told.marked)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("without observed(_:), the re-import is refused and the stored object kept as it was")
    func unobservedReimport() throws {
        let store = IdentityMap()
        let first = try UnobservedContact.array(from: [["id": 1, "name": "Ada"]], in: store)
        let error = mappingError { _ = try UnobservedContact.array(from: [["id": 1, "name": "Bea"]], in: store) }
        #expect(error?.description == """
            [0]: configuration of UnobservedContact: UnobservedContact is @Observable and this update changes it in place, \
            which would not tell the observers of id, name: add `map.observed(\\.id, \\.name)` to its mappingConfiguration
            """)
        #expect(first[0].name == "Ada")
    }

    @Test("wrapped properties import through their wrappers")
    func wrappedImport() throws {
        let store = IdentityMap()
        let codes = try Code.array(from: [["id": 1, "label": "abc"], ["id": 1, "label": "def"]], in: store)
        #expect(codes[0] === codes[1])
        #expect(codes[0].label == "DEF")
    }
}

private final class Told: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func mark() { lock.withLock { value = true } }
    var marked: Bool { lock.withLock { value } }
}
