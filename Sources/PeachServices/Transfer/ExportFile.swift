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
        // mkstemps(3) names the temporary file and creates it exclusively, so two exports to one
        // path never share it, without asking the caller for an id.
        let suffix = ".partial"
        var template = Array(
            target.deletingLastPathComponent()
                .appendingPathComponent(".\(target.lastPathComponent).XXXXXX\(suffix)").path.utf8CString)
        let descriptor = mkstemps(&template, Int32(suffix.utf8.count))
        guard descriptor >= 0 else {
            throw .saveFailed("cannot create a temporary file beside \(path): \(String(cString: strerror(errno)))")
        }
        let temporary = URL(fileURLWithPath: String(cString: template))
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
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
                throw DataStoreError.saveFailed(
                    "cannot move the export to \(target.path): \(String(cString: strerror(errno)))")
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
