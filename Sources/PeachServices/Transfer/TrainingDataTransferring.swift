import PeachCore

/// Moving training records between a store and CSV files, on any backend: the SQLite file's
/// (`TrainingDataTransfer`) or one PostgreSQL user's (`PostgresTrainingDataTransfer`). The file
/// format (`ExportFile`, `TrainingDataSource`) and the merge rule (`TransferRecord` equality: same
/// kind, same millisecond, same fields) are the same for both.
public protocol TrainingDataTransferring: Sendable {
    /// Every record, oldest first, to `path` in our CSV format; returns how many.
    func exportCSV(to path: String) async throws(DataStoreError) -> Int
    /// The file's records, all or nothing, written as the file is read: no reader sees any of
    /// them before the last is written, and a bad row, an error or the importer's end takes them
    /// all back. Merge skips a record already stored; replace takes away the records stored when
    /// the import began (never an answer stored after). One import at a time: a second is `.busy`.
    func importRecords(
        from source: TrainingDataSource, mode: ImportMode, progress: @escaping @Sendable (Double) -> Void
    ) async throws(ImportFailure) -> ImportSummary
}

extension TrainingDataTransferring {
    public func importRecords(from source: TrainingDataSource, mode: ImportMode) async throws(ImportFailure)
        -> ImportSummary
    {
        try await importRecords(from: source, mode: mode) { _ in }
    }

    /// A file already checked whole.
    public func importRecords(_ parsed: ParsedTrainingData, mode: ImportMode) async throws(ImportFailure)
        -> ImportSummary
    {
        try await importRecords(from: TrainingDataSource(parsed), mode: mode)
    }
}
