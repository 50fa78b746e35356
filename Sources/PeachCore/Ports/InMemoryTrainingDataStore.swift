/// The store ports kept in memory: what tests build the server and the drivers on, and the
/// reference the SQLite store's contract tests are checked against.
public actor InMemoryTrainingDataStore: TrainingDataStore, TrainingHistory, SettingsStore, OpenTrialStore {
    private var stored: [TrainingRecord] = []
    private var keys: [AnswerKey: Int] = [:]
    private var open: [String: OpenTrial] = [:]
    private var settings: SettingsUpdate?
    /// Set to make the next saves fail, as a full disk would.
    private var failSaves = false

    public init(records: [TrainingRecord] = []) { stored = records }

    public func setFailSaves(_ fail: Bool) { failSaves = fail }

    public func save(_ record: TrainingRecord, key: AnswerKey?, closing trialID: String?) throws(DataStoreError) {
        guard !failSaves else { throw .saveFailed("the in-memory store was told to fail") }
        if let trialID, open[trialID] == nil { throw .trialNotOpen(id: trialID) }
        if let key {
            guard keys[key] == nil else {
                throw .saveFailed("an answer was already saved under the key \(key.rawValue)")
            }
            keys[key] = stored.count
        }
        stored.append(record)
        if let trialID { open[trialID] = nil }
    }

    public func open(_ trial: OpenTrial, keptFor: Duration) throws(DataStoreError) {
        guard !failSaves else { throw .saveFailed("the in-memory store was told to fail") }
        let oldest = trial.issuedAt.addingTimeInterval(-keptFor.seconds)
        open = open.filter { $0.value.issuedAt >= oldest }
        open[trial.id] = trial
    }

    public func openTrial(id: String) -> OpenTrial? { open[id] }

    public func record(savedUnder key: AnswerKey) -> TrainingRecord? { keys[key].map { stored[$0] } }

    public func records(_ discipline: Discipline?, limit: Int) -> [TrainingRecord] {
        Array(newestFirst.filter { discipline == nil || $0.discipline == discipline }.prefix(limit))
    }

    public func recordCount() -> Int { stored.count }

    public func deleteAll() {
        stored.removeAll()
        keys.removeAll()
    }

    /// Newest first; among equal timestamps the later saved first, as the SQLite store orders them.
    private var newestFirst: [TrainingRecord] {
        stored.enumerated().sorted { ($0.element.timestamp, $0.offset) > ($1.element.timestamp, $1.offset) }.map(
            \.element)
    }

    public func reduce<Kind: TrainingKind, Result: Sendable>(
        _ kind: Kind.Type, into initial: Result, _ update: @escaping @Sendable (inout Result, Kind.Record) -> Void
    ) -> Result {
        newestFirst.reversed().reduce(into: initial) { result, record in
            if let record = record.as(Kind.Record.self) { update(&result, record) }
        }
    }

    public func loadSettings() -> SettingsUpdate? { settings }

    public func save(_ settings: PeachSettings) { self.settings = SettingsUpdate(settings) }
}
