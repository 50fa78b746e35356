import Foundation
import Testing

/// The test bundle's own entry point, for Swift Testing alone, which finds its tests at run time.
/// Without this file SwiftPM generates one for XCTest too, whose list of tests it reads from the
/// build's index store on Linux: every module had to be indexed while building. With it the suite
/// builds with `--disable-index-store` (scripts/test.sh), and `swift test` needs
/// `--enable-swift-testing --disable-xctest` (CONTRIBUTING.md).
@main
struct PeachTests {
    static func main() async {
        guard CommandLine.arguments.contains("swift-testing") else {
            // SwiftPM's XCTest pass (a plain `swift test`) asks for XCTest's list of tests.
            print("Peach's tests are Swift Testing's: swift test --enable-swift-testing --disable-xctest")
            exit(64)
        }
        await Testing.__swiftPMEntryPoint() as Never
    }
}
