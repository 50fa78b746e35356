import Foundation
import Logging
import PeachCore

/// The server's side of pitch matching: it chooses every challenge, turns the slider value the
/// browser commits into the signed error (story 19.5: the pitch maths lives here, not in the
/// client), and owns the record of every attempt.
public actor PitchMatchingService {
    /// A challenge as handed to a client, with the settings it was made under.
    public struct Issued: Sendable {
        public let id: String
        public let challenge: PitchMatchingChallenge
        public let settings: TrainingSettings
    }

    public enum CommitError: Error, Equatable {
        case unknown(id: String)
        case alreadyCommitted(id: String)
        case notSaved(String)
    }

    private let store: any TrainingDataStore
    private let settings: SettingsService
    private let profile: ProfileService
    private var pending = PendingTrials<Issued>()
    private var generator: any RandomNumberGenerator & Sendable
    private let logger: Logger

    public init(
        store: any TrainingDataStore, settings: SettingsService, profile: ProfileService, logger: Logger,
        generator: any RandomNumberGenerator & Sendable = SystemRandomNumberGenerator()
    ) {
        self.store = store
        self.settings = settings
        self.profile = profile
        self.logger = logger
        self.generator = generator
    }

    /// Made with the settings as they are now, so a change applies to the very next challenge.
    public func next() async -> Issued {
        let settings = await self.settings.current.training
        let challenge = Self.challenge(in: settings.noteRange, using: &generator)
        let id = UUID().uuidString.lowercased()
        let issued = Issued(id: id, challenge: challenge, settings: settings)
        _ = pending.issue(issued, id: id)
        return issued
    }

    // Opening the existential here, in a generic function of its own, sidesteps a Swift 6.3 IRGen
    // crash when it is opened directly in the actor method.
    private static func challenge(in range: NoteRange, using generator: inout some RandomNumberGenerator) -> PitchMatchingChallenge {
        PitchMatchingChallenge.random(in: range, using: &generator)
    }

    /// After the records were cleared: open challenges are forgotten.
    public func discardPending() { pending.discardAll() }

    /// Stores the attempt before returning, so a returned value means the record is on disk.
    public func commit(
        _ id: String, at value: NormalizedSliderValue, timestamp: Date
    ) async throws(CommitError) -> CompletedPitchMatching {
        switch pending.lookup(id) {
        case .unknown: throw .unknown(id: id)
        case .alreadyAnswered: throw .alreadyCommitted(id: id)
        case .pending: break
        }
        let issued = pending.trial(id)!
        // Resolved before the await so a concurrent duplicate commit sees 409, not a second save.
        pending.resolve(id)
        let completed = CompletedPitchMatching(issued.challenge, committedAt: value, timestamp: timestamp)
        do {
            try await store.save(completed)
        } catch {
            logger.error("pitch matching not saved", metadata: ["id": "\(id)", "error": "\(error)"])
            pending.reopen(issued, id: id)
            throw .notSaved(error.description)
        }
        await profile.record(completed)
        return completed
    }
}
