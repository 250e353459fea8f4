import Foundation
import TestSupport

/// Places beside this test file: the package's root, and the real-world JSON in
/// `../shared/data` beside the checkout.
enum Paths {
    static let packageRoot = PackagePaths.root
    static let data = SharedFolder.data.url
}
