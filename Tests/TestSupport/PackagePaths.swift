public import Foundation

/// Where the tests find the package and the workspace's shared folder, worked out once from
/// this file's place (`Tests/TestSupport/PackagePaths.swift`).
///
/// ```swift
/// let sample = PackagePaths.root.appendingPathComponent("Tests/Generated/Samples/APIs/github-issue.json")
/// ```
public enum PackagePaths {
    /// The package's root.
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `../shared` beside the package checkout (see ``SharedFolder``).
    public static let shared = root.deletingLastPathComponent().appendingPathComponent("shared")
}
