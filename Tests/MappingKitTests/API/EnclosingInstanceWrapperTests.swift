import Foundation
import MappingKit
import Testing

/// Something told before a property changes, as an `ObservableObject` is by `@Published`.
private protocol Announcing: AnyObject {
    func willChange()
}

/// A wrapper of `@Published`'s shape (Combine does not exist on Linux): its `wrappedValue` is
/// unavailable, and the class's property is read and set through the enclosing-instance
/// subscript, which tells the owner before each change. It cannot adopt `MappableWrapper`.
@propertyWrapper private struct Announced<Value> {
    private var value: Value

    init(wrappedValue: Value) {
        value = wrappedValue
    }

    @available(*, unavailable, message: "@Announced is only available on properties of classes")
    var wrappedValue: Value {
        get { fatalError("unavailable") }
        set { _ = newValue }
    }

    static subscript<Owner: Announcing>(
        _enclosingInstance owner: Owner,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Owner, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<Owner, Announced<Value>>
    ) -> Value {
        get { owner[keyPath: storageKeyPath].value }
        set {
            owner.willChange()
            owner[keyPath: storageKeyPath].value = newValue
        }
    }
}

/// Counts announcements outside the object, so that setting a property changes its storage alone.
private final class Announcements: @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [ObjectIdentifier: Int] = [:]
    func add(_ owner: AnyObject) { lock.withLock { counts[ObjectIdentifier(owner), default: 0] += 1 } }
    func count(_ owner: AnyObject) -> Int { lock.withLock { counts[ObjectIdentifier(owner), default: 0] } }
}

private let announcements = Announcements()

private final class Scoreboard: Mappable, Announcing {
    @Announced var score = 0
    @Announced var leader = ""
    required init() {}

    func willChange() { announcements.add(self) }

    static let mappingConfiguration = MappingConfiguration(for: Scoreboard.self) { map in
        map.observed(\.score, \.leader)
    }
}

private final class Unlisted: Mappable, Announcing {
    @Announced var score = 0
    required init() {}
    func willChange() {}
}

@Suite("Wrappers reached through their class (the @Published route)")
struct EnclosingInstanceWrapperTests {
    @Test("observed(_:) maps them by their declared names through the class's setter, which announces each change")
    func observedRoute() throws {
        let board = try mapped(Scoreboard.self, ["score": 3, "leader": "ann"])
        #expect(board.score == 3)
        #expect(board.leader == "ann")
        #expect(try plainRepresentation(of: board) == .object(["score": .int(3), "leader": .string("ann")]))
        let before = announcements.count(board)
        try board.update(from: ["score": 4])
        #expect(board.score == 4)
        #expect(announcements.count(board) == before + 1)
    }

    @Test("without observed(_:), such a wrapper is a configuration error that names it")
    func unlisted() throws {
        let error = mappingError { _ = try Unlisted(dictionary: ["score": 1]) }
        #expect(error?.description == """
            configuration of Unlisted: score is stored as _score, a Announced<Int>, which MappingKit can neither convert \
            nor reach through: if Announced is a property wrapper, add `extension Announced: MappableWrapper {}`; \
            otherwise map or ignore \\Unlisted._score in the configuration
            """)
    }
}
