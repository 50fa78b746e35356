/// Where answers live. Each save is one atomic transaction: it lands whole or not at all.
public protocol TrainingDataStore: Sendable {
    /// With a key, the record and its key land in the same transaction: a key is never stored
    /// without its record, nor a keyed record without its key. With `trialID`, the open trial it
    /// answers (OpenTrialStore) is closed in that transaction too, and the save fails whole with
    /// `trialNotOpen` when that trial is not open: two instances taking one trial's answer under
    /// two keys store it once.
    func save(_ record: TrainingRecord, key: AnswerKey?, closing trialID: String?) async throws(DataStoreError)
    /// The record saved under `key`; nothing when no record was (or it was deleted since).
    func record(savedUnder key: AnswerKey) async throws(DataStoreError) -> TrainingRecord?
    /// Newest first; every discipline when `discipline` is nil.
    func records(_ discipline: Discipline?, limit: Int) async throws(DataStoreError) -> [TrainingRecord]
    /// Every record of every discipline, in one transaction ("Reset training data").
    func deleteAll() async throws(DataStoreError)
    /// How many records there are, of every discipline (a teacher's "trials" column).
    func recordCount() async throws(DataStoreError) -> Int
}

extension TrainingDataStore {
    public func save(_ record: TrainingRecord, key: AnswerKey?) async throws(DataStoreError) {
        try await save(record, key: key, closing: nil)
    }

    public func save(_ record: TrainingRecord) async throws(DataStoreError) {
        try await save(record, key: nil)
    }

    public func save(_ record: some KindRecord) async throws(DataStoreError) {
        try await save(TrainingRecord(record))
    }

    /// The newest records of one discipline, newest first, as its kind's own type.
    public func records<Record: KindRecord>(_ type: Record.Type, _ discipline: Discipline, limit: Int)
        async throws(DataStoreError) -> [Record]
    {
        try await records(discipline, limit: limit).compactMap { $0.as(type) }
    }
}

public enum DataStoreError: Error, Equatable, Sendable, CustomStringConvertible {
    case openFailed(path: String, reason: String)
    case saveFailed(String)
    case fetchFailed(String)
    /// The trial a save would close is not open (answered already, or never opened here).
    case trialNotOpen(id: String)

    public var description: String {
        switch self {
        case .openFailed(let path, let reason): "cannot open the training database at \(path): \(reason)"
        case .saveFailed(let reason): "cannot save the record: \(reason)"
        case .trialNotOpen(let id): "trial \(id) is not open: it was answered already"
        case .fetchFailed(let reason): "cannot read records: \(reason)"
        }
    }
}
