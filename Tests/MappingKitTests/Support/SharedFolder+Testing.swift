import TestSupport
import Testing

extension Trait where Self == ConditionTrait {
    /// Runs the test when `folder` is beside the checkout. Otherwise the test is skipped with the
    /// reason, and counted in the lines printed after the run's summary.
    ///
    /// ```swift
    /// @Test("twitter.json maps", .needs(.data))
    /// ```
    static func needs(_ folder: SharedFolder) -> Self {
        .enabled(if: folder.enablesTest(), Comment(rawValue: folder.absence))
    }
}
