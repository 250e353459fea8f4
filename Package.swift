// swift-tools-version: 6.0
import PackageDescription

let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "MappingKit",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "MappingKit", targets: ["MappingKit"]),
        .library(name: "MappingKitSQLite", targets: ["MappingKitSQLite"]),
    ],
    targets: [
        .target(name: "MappingKit", swiftSettings: strictSettings),
        .testTarget(name: "MappingKitTests", dependencies: ["MappingKit"], swiftSettings: strictSettings),
        // The system's SQLite: Debian's libsqlite3-dev on Linux, the SDK's on Apple platforms.
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
        .target(name: "MappingKitSQLite", dependencies: ["MappingKit", "CSQLite"], swiftSettings: strictSettings),
        .testTarget(name: "MappingKitSQLiteTests", dependencies: ["MappingKitSQLite"], swiftSettings: strictSettings),
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
