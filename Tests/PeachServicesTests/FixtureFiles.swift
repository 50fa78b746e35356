import Foundation

/// Files under Tests/Fixtures, found from this source file's place in the tree.
enum FixtureFiles {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func url(_ relativePath: String) -> URL { directory.appendingPathComponent(relativePath) }

    static func bytes(_ relativePath: String) throws -> [UInt8] { Array(try Data(contentsOf: url(relativePath))) }
}
