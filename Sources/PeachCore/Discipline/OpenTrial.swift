import Foundation

/// A trial handed to a client and not answered yet. Kept by the store (OpenTrialStore) so an
/// answer that arrives after a server restart — queued by a client that lost the network —
/// still counts.
public struct OpenTrial: Hashable, Sendable {
    public let id: String
    public let trial: Trial
    /// An answer cannot have been given before the trial existed.
    public let issuedAt: Date
    /// The assignment task it was drawn for (with the task's settings), whose progress its answer
    /// moves; nil for the user's own training. Kept with the trial, so no client can name a task.
    public let task: Int64?

    public init(id: String, trial: Trial, issuedAt: Date, task: Int64? = nil) {
        self.id = id
        self.trial = trial
        self.issuedAt = issuedAt
        self.task = task
    }
}

extension OpenTrial {
    /// The trial as both backends keep it: its own JSON, with `task` beside the kind's key when
    /// it has one (a trial kept before tasks existed reads as the user's own).
    public func storedTrial() throws -> String {
        String(decoding: try JSONEncoder().encode(Stored(trial: trial, task: task)), as: UTF8.self)
    }

    /// An open trial as a store reads it back; nil for a trial this version cannot read (a newer one's).
    public init?(id: String, issuedAt: Date, storedTrial: String) {
        guard let stored = try? JSONDecoder().decode(Stored.self, from: Data(storedTrial.utf8)) else { return nil }
        self.init(id: id, trial: stored.trial, issuedAt: issuedAt, task: stored.task)
    }

    private struct Stored: Codable {
        let trial: Trial
        let task: Int64?

        private enum Keys: String, CodingKey { case task }

        init(trial: Trial, task: Int64?) {
            self.trial = trial
            self.task = task
        }

        init(from decoder: any Decoder) throws {
            trial = try Trial(from: decoder)
            task = try decoder.container(keyedBy: Keys.self).decodeIfPresent(Int64.self, forKey: .task)
        }

        // The trial's keyed container and this one are the same object.
        func encode(to encoder: any Encoder) throws {
            try trial.encode(to: encoder)
            var container = encoder.container(keyedBy: Keys.self)
            try container.encodeIfPresent(task, forKey: .task)
        }
    }
}
