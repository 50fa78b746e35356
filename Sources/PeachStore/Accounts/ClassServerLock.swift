import Foundation
import PeachCore

/// The class files' one server: a class server on SQLite counts each user's revision in its own
/// process (`UserRevisions`), so a second server, or a command line writing a user's records
/// meanwhile, would leave its cached views behind unseen. The lock is an advisory `flock` on
/// `class/serve.lock`, let go by the kernel when the process ends, however it ends.
public final class ClassServerLock: Sendable {
    private let descriptor: Int32

    /// Taken for the life of this object; fails when another process holds it.
    public init(files: ClassFiles) throws(DataStoreError) {
        let path = Self.path(files)
        try? FileManager.default.createDirectory(at: files.directory, withIntermediateDirectories: true)
        descriptor = open(path, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .openFailed(path: path, reason: String(cString: strerror(errno))) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw .openFailed(
                path: files.directory.path,
                reason:
                    "another peach serve already serves this class (one process serves a class on SQLite; for more, use PostgreSQL)"
            )
        }
    }

    deinit { close(descriptor) }

    /// Whether a server holds the lock now.
    public static func isHeld(_ files: ClassFiles) -> Bool {
        let descriptor = open(path(files), O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return flock(descriptor, LOCK_SH | LOCK_NB) != 0
    }

    private static func path(_ files: ClassFiles) -> String {
        files.directory.appendingPathComponent("serve.lock").path
    }
}
