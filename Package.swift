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
    ],
    targets: [
        .target(name: "MappingKit", swiftSettings: strictSettings),
        .testTarget(name: "MappingKitTests", dependencies: ["MappingKit"], swiftSettings: strictSettings),
        .executableTarget(
            name: "MappingKitDemo",
            dependencies: ["MappingKit"],
            path: "Examples/MappingKitDemo",
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "MappingKitBenchmark",
            dependencies: ["MappingKit"],
            path: "Benchmarks/MappingKitBenchmark",
            swiftSettings: strictSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
