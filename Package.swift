// swift-tools-version: 6.0
import PackageDescription

let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "MappingKit",
    platforms: [.macOS("10.15.4"), .iOS("13.4"), .tvOS("13.4"), .watchOS("6.2"), .visionOS(.v1)],
    products: [
        .library(name: "MappingKit", targets: ["MappingKit"]),
        .library(name: "MappingKitSQLite", targets: ["MappingKitSQLite"]),
        .executable(name: "mappingkit-generate", targets: ["mappingkit-generate"]),
    ],
    targets: [
        // Atomic machine words through the compiler's builtins (Synchronization's Atomic needs iOS 18).
        .target(name: "CMappingKitAtomics"),
        // JSON's bytes scanned sixteen at a time (SSE2, NEON; a scalar path elsewhere and under
        // `-Xcc -DMAPPINGKIT_SCALAR_SCAN`), static inline in its header.
        .target(name: "CMappingKitScan"),
        // README.md: the contributors' map of the engine.
        .target(name: "MappingKit", dependencies: ["CMappingKitAtomics", "CMappingKitScan"], exclude: ["README.md"], swiftSettings: strictSettings),
        // What the test targets share: the ../shared folders they read (and the count of the tests skipped
        // without them), and README.md and the DocC articles, whose snippets' outcomes they compare.
        .target(name: "TestSupport", path: "Tests/TestSupport", swiftSettings: strictSettings),
        // The schema's zoo: a model of every property type, rule and tagging, for the schema differential and the generator's round trip.
        .target(name: "SchemaZoo", dependencies: ["MappingKit"], path: "Tests/SchemaZoo", swiftSettings: strictSettings),
        .testTarget(name: "MappingKitTests", dependencies: ["MappingKit", "CMappingKitScan", "TestSupport", "SchemaZoo"], swiftSettings: strictSettings),
        // The system's SQLite: Debian's libsqlite3-dev on Linux, the SDK's on Apple platforms.
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
        .target(name: "MappingKitSQLite", dependencies: ["MappingKit", "CSQLite"], swiftSettings: strictSettings),
        .testTarget(name: "MappingKitSQLiteTests", dependencies: ["MappingKitSQLite", "TestSupport"], swiftSettings: strictSettings),
        // The model generator: a library the tests reach, and the command that runs it.
        .target(name: "MappingKitGenerator", dependencies: ["MappingKit"], swiftSettings: strictSettings),
        .executableTarget(name: "mappingkit-generate", dependencies: ["MappingKitGenerator", "MappingKit"], swiftSettings: strictSettings),
        // Models generated from samples (../shared/data's, Tests/Generated/Samples), checked in; the tests regenerate and compare them.
        .target(name: "GeneratedTwitter", dependencies: ["MappingKit"], path: "Tests/Generated/Twitter", swiftSettings: strictSettings),
        .target(name: "GeneratedCitmCatalog", dependencies: ["MappingKit"], path: "Tests/Generated/CitmCatalog", swiftSettings: strictSettings),
        .target(name: "GeneratedCanada", dependencies: ["MappingKit"], path: "Tests/Generated/Canada", swiftSettings: strictSettings),
        .target(name: "GeneratedEdgeCases", dependencies: ["MappingKit"], path: "Tests/Generated/EdgeCases", swiftSettings: strictSettings),
        .target(
            name: "GeneratedObservableEdgeCases", dependencies: ["MappingKit"], path: "Tests/Generated/ObservableEdgeCases", swiftSettings: strictSettings
        ),
        // Five APIs' models in one target: their type prefixes keep them apart.
        .target(name: "GeneratedAPIs", dependencies: ["MappingKit"], path: "Tests/Generated/APIs", swiftSettings: strictSettings),
        // Models generated from schemas (Tests/Generated/Samples/Schemas), checked in; the tests regenerate them and compare their schema with the one they came from.
        .target(name: "GeneratedFromSchemaZoo", dependencies: ["MappingKit"], path: "Tests/Generated/FromSchema/Zoo", swiftSettings: strictSettings),
        .target(name: "GeneratedFromSchemaTwitter", dependencies: ["MappingKit"], path: "Tests/Generated/FromSchema/Twitter", swiftSettings: strictSettings),
        .target(name: "GeneratedFromSchemaCitmCatalog", dependencies: ["MappingKit"], path: "Tests/Generated/FromSchema/CitmCatalog", swiftSettings: strictSettings),
        .target(name: "GeneratedFromSchemaCanada", dependencies: ["MappingKit"], path: "Tests/Generated/FromSchema/Canada", swiftSettings: strictSettings),
        .testTarget(
            name: "MappingKitGeneratorTests",
            dependencies: [
                "MappingKitGenerator", "MappingKit", "GeneratedTwitter", "GeneratedCitmCatalog", "GeneratedCanada", "GeneratedEdgeCases",
                "GeneratedObservableEdgeCases", "GeneratedAPIs", "GeneratedFromSchemaZoo", "GeneratedFromSchemaTwitter", "GeneratedFromSchemaCitmCatalog",
                "GeneratedFromSchemaCanada", "TestSupport",
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "MappingKitDemo",
            dependencies: ["MappingKit", "MappingKitSQLite"],
            path: "Examples/MappingKitDemo",
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "MappingKitBenchmark",
            dependencies: ["MappingKit", "MappingKitSQLite"],
            path: "Benchmarks/MappingKitBenchmark",
            swiftSettings: strictSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
