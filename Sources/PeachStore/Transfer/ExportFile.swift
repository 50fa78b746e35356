import Foundation
import PeachCore

/// An export as a file: our CSV format's first lines, then one row per record, written to a
/// temporary file beside `path` and renamed into place, so the file at `path` is always a complete
/// export (or the previous file). Every backend's export goes through here.
public enum ExportFile {
    /// `records` hands each record, oldest first, to the function it is given. Returns how many.
    public static func write(
        to path: String, _ records: (_ each: (TransferRecord) throws -> Void) throws -> Void
    ) throws(DataStoreError) -> Int {
        let target = URL(fileURLWithPath: path)
        let temporary = target.deletingLastPathComponent()
            .appendingPathComponent(".\(target.lastPathComponent).\(UUID().uuidString).partial")
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil),
              let handle = FileHandle(forWritingAtPath: temporary.path)
        else { throw .saveFailed("cannot create \(temporary.path)") }
        do {
            var buffer = Data((PeachCSVFormat.marker + "\n" + PeachCSVFormat.header + "\n").utf8)
            var count = 0
            try records { record in
                buffer.append(contentsOf: (try PeachCSVFormat.row(record) + "\n").utf8)
                count += 1
                if buffer.count >= 1 << 20 {
                    try handle.write(contentsOf: buffer)
                    buffer.removeAll(keepingCapacity: true)
                }
            }
            try handle.write(contentsOf: buffer)
            try handle.synchronize()
            try handle.close()
            // rename(2) replaces the target atomically.
            guard rename(temporary.path, target.path) == 0 else {
                throw DataStoreError.saveFailed("cannot move the export to \(target.path): \(String(cString: strerror(errno)))")
            }
            return count
        } catch {
            try? handle.close()
            try? FileManager.default.removeItem(at: temporary)
            if let error = error as? DataStoreError { throw error }
            throw .saveFailed(String(describing: error))
        }
    }
}
