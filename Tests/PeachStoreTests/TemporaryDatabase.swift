import Foundation

/// A fresh directory per test, removed afterwards.
struct TemporaryDirectory: ~Copyable {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("peach-tests-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    var databasePath: String { url.appendingPathComponent("peach.sqlite").path }

    deinit { try? FileManager.default.removeItem(at: url) }
}
