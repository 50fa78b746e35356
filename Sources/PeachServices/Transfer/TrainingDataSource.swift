/// A file to import, read as it arrives: records a batch at a time, each checked as a whole file
/// is (`TrainingDataReader`). An import writes a batch, then asks for the next, so it holds one
/// piece of the file and one batch of records whatever the file's size; a bad row found late still
/// rejects the whole file, because a store keeps the import invisible until the last batch.
///
/// Unchecked Sendable: one importer reads it, a batch after another; a store's transaction closure
/// (which must be Sendable) is where it is read from.
public final class TrainingDataSource: @unchecked Sendable {
    /// Records per batch: a store's write per batch stays short, and the batch small in memory.
    public static let batchSize = 4096

    /// nil for a file read whole before (`parsed`).
    private let pieces: (() async throws -> [UInt8]?)?
    private var reader = TrainingDataReader()
    private let parsed: ParsedTrainingData?
    private var ready: [TransferRecord] = []
    private var ended = false
    private let expectedBytes: Int?

    /// - Parameters:
    ///   - expectedBytes: the file's size when known (for `fractionRead`).
    ///   - pieces: the next piece of the file; nil at its end.
    public init(expectedBytes: Int?, pieces: @escaping () async throws -> [UInt8]?) {
        self.pieces = pieces
        parsed = nil
        self.expectedBytes = expectedBytes
    }

    /// A file already read and checked whole.
    public init(_ parsed: ParsedTrainingData) {
        pieces = nil
        self.parsed = parsed
        ready = parsed.records
        ended = true
        expectedBytes = nil
    }

    /// The next records; nil once the file has ended and was complete.
    public func nextBatch() async throws(ImportFailure) -> [TransferRecord]? {
        while !ended, ready.count < Self.batchSize {
            guard let pieces else { break }
            let piece: [UInt8]?
            do {
                piece = try await pieces()
            } catch {
                throw .rejected(ImportError(line: 0, "the file could not be read to its end: \(error)"))
            }
            do throws(ImportError) {
                if let piece {
                    try reader.feed(piece, into: &ready)
                } else {
                    try reader.finish(into: &ready)
                    ended = true
                }
            } catch {
                throw .rejected(error)
            }
        }
        guard !ready.isEmpty else { return nil }
        let batch = Array(ready.prefix(Self.batchSize))
        ready.removeFirst(batch.count)
        return batch
    }

    /// What the first line said, in words ("Peach records format 1"): known after the first batch.
    public var format: String {
        parsed?.format ?? reader.format
    }

    /// Valid rows deliberately not imported: complete once `nextBatch` returned nil.
    public var skipped: [SkippedRows] {
        parsed?.skipped ?? reader.skippedRows
    }

    /// How much of the file was read, when its size is known; else 0.
    public var fractionRead: Double {
        guard let expectedBytes, expectedBytes > 0 else { return 0 }
        return min(1, Double(reader.bytesFed) / Double(expectedBytes))
    }
}
