import Foundation
import PeachCore

/// Where a class server on SQLite keeps its files: `class/` beside the personal database, holding
/// `accounts.sqlite` (accounts, sessions, classes) and one directory per user with a database of
/// the same schema as the personal Peach's (`users/ID/peach.sqlite`). A user's data is thus a
/// personal Peach of its own — every guarantee of that file (group commit, crash safety, imports
/// that reject a broken file whole) holds per user — and the personal data stays apart.
public struct ClassFiles: Sendable {
    public let directory: URL

    /// The class directory beside the personal database at `databasePath`.
    public init(besidePersonalDatabase databasePath: String) {
        directory = URL(fileURLWithPath: databasePath).deletingLastPathComponent().appendingPathComponent(
            "class", isDirectory: true)
    }

    public var accountsPath: String { directory.appendingPathComponent("accounts.sqlite").path }

    var usersDirectory: URL { directory.appendingPathComponent("users", isDirectory: true) }

    func userDirectory(_ user: UserID) -> URL {
        usersDirectory.appendingPathComponent(String(user.rawValue), isDirectory: true)
    }

    /// The user's own database (created on first open).
    public func databasePath(of user: UserID) -> String {
        userDirectory(user).appendingPathComponent("peach.sqlite").path
    }

    /// The users that have a directory, whether or not their account still exists.
    func usersWithFiles() -> [UserID] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: usersDirectory.path)) ?? []
        return names.compactMap { Int64($0).map(UserID.init(rawValue:)) }
    }

    func removeFiles(of user: UserID) throws {
        let directory = userDirectory(user)
        guard FileManager.default.fileExists(atPath: directory.path) else { return }
        try FileManager.default.removeItem(at: directory)
    }
}
