import Foundation
import Logging
import PeachCore

/// The server's side of comparison training: it decides every trial, remembers what it handed out,
/// and owns the record of every answer.
public actor ComparisonService {
    /// A comparison as handed to a client, with the settings it was made under.
    public struct Issued: Sendable {
        public let id: String
        public let comparison: Comparison
        public let settings: TrainingSettings
    }

    public enum AnswerError: Error, Equatable {
        case unknown(id: String)
        case alreadyAnswered(id: String)
        case notSaved(String)
    }

    private let store: any TrainingDataStore
    private let profile: ProfileService
    private let source: AdaptiveComparisonSource
    private let settings: SettingsService
    private var pending = PendingTrials<Issued>()
    private let logger: Logger

    public init(
        store: any TrainingDataStore, settings: SettingsService, profile: ProfileService, logger: Logger
    ) async throws(DataStoreError) {
        self.store = store
        self.profile = profile
        self.settings = settings
        self.logger = logger
        // The chain continues from the newest stored answer, across restarts.
        let last = try await store.comparisons(limit: 1).first
        source = AdaptiveComparisonSource(
            settings: await settings.current.training, last: last, coldStart: await profile.meanThreshold)
    }

    /// Made with the settings as they are now, so a change applies to the very next comparison.
    public func next() async -> Issued {
        let settings = await self.settings.current.training
        await source.update(settings: settings)
        let comparison = await source.nextComparison()
        let id = UUID().uuidString.lowercased()
        let issued = Issued(id: id, comparison: comparison, settings: settings)
        _ = pending.issue(issued, id: id)
        return issued
    }

    /// Stores the answer before returning, so a returned value means the record is on disk.
    public func answer(_ id: String, _ answer: ComparisonAnswer, at timestamp: Date) async throws(AnswerError) -> CompletedComparison {
        switch pending.lookup(id) {
        case .unknown: throw .unknown(id: id)
        case .alreadyAnswered: throw .alreadyAnswered(id: id)
        case .pending: break
        }
        let issued = pending.trial(id)!
        // Resolved before the await so a concurrent duplicate answer sees 409, not a second save.
        pending.resolve(id)
        let completed = CompletedComparison(issued.comparison, answer: answer, timestamp: timestamp)
        do {
            try await store.save(completed)
        } catch {
            logger.error("answer not saved", metadata: ["id": "\(id)", "error": "\(error)"])
            pending.reopen(issued, id: id)
            throw .notSaved(error.description)
        }
        await source.didComplete(completed)
        await profile.record(completed)
        return completed
    }

    /// After the stored history changed wholesale (a reset, an import): open trials are forgotten and
    /// the chain continues from the newest stored answer, or starts cold, as after a restart.
    public func continueFromStoredAnswers(coldStart: Cents?) async throws(DataStoreError) {
        let last = try await store.comparisons(limit: 1).first
        pending.discardAll()
        await source.reset(coldStart: coldStart)
        if let last { await source.didComplete(last) }
    }
}
