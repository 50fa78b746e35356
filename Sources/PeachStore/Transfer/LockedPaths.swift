import Foundation

/// A set of paths many tasks add to and take from: which database files something holds.
final class LockedPaths: @unchecked Sendable {
    private let lock = NSLock()
    private var paths: Set<String> = []

    /// false if `path` is held already.
    func insert(_ path: String) -> Bool { lock.withLock { paths.insert(path).inserted } }

    func remove(_ path: String) { _ = lock.withLock { paths.remove(path) } }
}
