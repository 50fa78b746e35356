import PeachCore

/// Moving training records between a store and CSV files, on any backend: the SQLite file's
/// (`TrainingDataTransfer`) or one PostgreSQL user's (`PostgresTrainingDataTransfer`). The file
/// format (`ExportFile`, `TrainingDataParser`) and the merge rule (`TransferRecord` equality: same
/// kind, same millisecond, same fields) are the same for both.
public protocol TrainingDataTransferring: Sendable {
    /// Every record, oldest first, to `path` in our CSV format; returns how many.
    func exportCSV(to path: String) async throws(DataStoreError) -> Int
    /// The checked file's records, all or nothing. Merge skips a record already stored; replace
    /// takes every stored record away first.
    func importRecords(
        _ parsed: ParsedTrainingData, mode: ImportMode, progress: @escaping @Sendable (Double) -> Void
    ) async throws(DataStoreError) -> ImportSummary
}

extension TrainingDataTransferring {
    public func importRecords(_ parsed: ParsedTrainingData, mode: ImportMode) async throws(DataStoreError) -> ImportSummary {
        try await importRecords(parsed, mode: mode) { _ in }
    }
}
