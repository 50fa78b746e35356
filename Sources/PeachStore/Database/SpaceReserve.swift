import Foundation

/// A few hundred KB kept beside the database so that a full disk can always be recovered from.
///
/// On a disk with no byte free, the checkpoint that would cut the write-ahead log back (most of
/// the disk, under load) cannot run: it copies the log's newest pages into the database file, which
/// may have to grow. Giving back this reserve lets it run; the log cut to nothing frees far more,
/// and the reserve is written again. Written with real bytes: a sparse file reserves nothing.
final class SpaceReserve: Sendable {
    static let bytes = 256 * 1024

    let path: String

    init(path: String) {
        self.path = path
        restore()
    }

    func release() {
        unlink(path)
    }

    /// Best effort: on a disk still full the reserve is simply not there until the next success.
    func restore() {
        guard !FileManager.default.fileExists(atPath: path) || size < Self.bytes else { return }
        let partial = path + ".partial"
        guard FileManager.default.createFile(atPath: partial, contents: Data(count: Self.bytes)) else {
            unlink(partial)
            return
        }
        if rename(partial, path) != 0 { unlink(partial) }
    }

    private var size: Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    }
}
