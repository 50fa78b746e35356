import Foundation
import PeachCore

/// The server's perceptual profiles — unison pitch, all intervals, and each interval — rebuilt
/// from every record once at start-up, then updated by each stored answer. Requests read a
/// snapshot; none re-reads the records.
public actor ProfileService {
    private(set) var profiles: [ProfileScope: PerceptualProfile]
    /// Compare Timing and Fill the Gap per tempo band.
    public private(set) var rhythm: RhythmProfile
    private let calendar: Calendar
    /// Where the folded profiles are saved for the next start; nil saves nothing.
    private let snapshotFile: ProfileSnapshot.File?
    /// The snapshot being written since the last load, if any.
    private var saving: Task<Void, Never>?

    public init(
        profiles: [ProfileScope: PerceptualProfile] = [:], rhythm: RhythmProfile = RhythmProfile(), calendar: Calendar = .current,
        snapshotFile: ProfileSnapshot.File? = nil
    ) {
        self.profiles = profiles
        self.rhythm = rhythm
        self.calendar = calendar
        self.snapshotFile = snapshotFile
    }

    /// Returns once the snapshot the last load started saving is on disk (or failed): a command
    /// that exits right after loading waits here, so that it leaves no half-written file behind.
    public func snapshotSaved() async {
        await saving?.value
    }

    /// Replays every stored comparison and matching attempt, oldest first — or, from a snapshot
    /// in `snapshotFile`, only those stored since it was saved.
    public static func load(
        from history: any TrainingHistory, snapshotFile: ProfileSnapshot.File? = nil, calendar: Calendar = .current
    ) async throws(DataStoreError) -> ProfileService {
        let profiles: [ProfileScope: PerceptualProfile]
        var saving: Task<Void, Never>?
        if let snapshotFile, let history = history as? any MarkedHistory {
            (profiles, saving) = try await fold(history, saving: snapshotFile, calendar: calendar)
        } else {
            let compared = try await history.reduceComparisons(into: [ProfileScope: PerceptualProfile]()) { profiles, comparison in
                Self.add(.comparison(comparison), to: &profiles, calendar: calendar)
            }
            profiles = try await history.reducePitchMatchings(into: compared) { profiles, attempt in
                Self.add(.matching(attempt), to: &profiles, calendar: calendar)
            }
        }
        let rhythm = try await history.reduceRhythm(into: RhythmProfile(calendar: calendar)) { rhythm, record in rhythm.add(record) }
        let service = ProfileService(profiles: profiles, rhythm: rhythm, calendar: calendar, snapshotFile: snapshotFile)
        await service.track(saving)
        return service
    }

    private func track(_ saving: Task<Void, Never>?) {
        self.saving = saving
    }

    /// A replay this long is worth saving, so that the next start does not repeat it.
    static let rowsWorthSaving = 1000

    private static func fold(
        _ history: any MarkedHistory, saving file: ProfileSnapshot.File, calendar: Calendar
    ) async throws(DataStoreError) -> ([ProfileScope: PerceptualProfile], saving: Task<Void, Never>?) {
        if let saved = file.read(calendar: calendar), let (folded, replayed) = try await fold(history, from: saved, calendar: calendar) {
            return (folded.profiles, replayed >= rowsWorthSaving ? save(folded, to: file) : nil)
        }
        // From nothing, every row is new: a replay after no mark always succeeds.
        let (folded, _) = try await fold(history, from: nil, calendar: calendar)!
        return (folded.profiles, save(folded, to: file))
    }

    /// The profiles and how many rows were replayed for them; nil when a table did more than grow
    /// since `saved`.
    private static func fold(
        _ history: any MarkedHistory, from saved: ProfileSnapshot?, calendar: Calendar
    ) async throws(DataStoreError) -> (ProfileSnapshot, replayed: Int)? {
        let step: @Sendable (inout [ProfileScope: PerceptualProfile], TrainingRecord) -> Void = { profiles, record in
            Self.add(record, to: &profiles, calendar: calendar)
        }
        guard let comparisons = try await history.replay(.comparison, after: saved?.comparisons, into: saved?.profiles ?? [:], step),
            let matchings = try await history.replay(.matching, after: saved?.matchings, into: comparisons.result, step)
        else { return nil }
        return (ProfileSnapshot(comparisons: comparisons.mark, matchings: matchings.mark, profiles: matchings.result, calendar: calendar),
                comparisons.replayed + matchings.replayed)
    }

    /// In the background: encoding a large profile takes longer than the start-up it saves, and
    /// a server does not wait for it. A snapshot that fails to save costs only the next start's time.
    private static func save(_ snapshot: ProfileSnapshot, to file: ProfileSnapshot.File) -> Task<Void, Never> {
        Task.detached(priority: .utility) { try? file.write(snapshot) }
    }

    /// An interval record counts in its interval's scope too.
    private static func add(_ record: TrainingRecord, to profiles: inout [ProfileScope: PerceptualProfile], calendar: Calendar) {
        guard record.discipline.kind == .comparison || record.discipline.kind == .matching else { return }
        let scope = ProfileScope.scope(of: record.discipline)
        add(record, in: scope, to: &profiles, calendar: calendar)
        if scope == .intervals { add(record, in: .interval(record.interval), to: &profiles, calendar: calendar) }
    }

    private static func add(
        _ record: TrainingRecord, in scope: ProfileScope, to profiles: inout [ProfileScope: PerceptualProfile], calendar: Calendar
    ) {
        switch record {
        case let .comparison(comparison): profiles[scope, default: PerceptualProfile(calendar: calendar)].record(comparison)
        case let .matching(attempt): profiles[scope, default: PerceptualProfile(calendar: calendar)].record(attempt)
        case .rhythmComparison, .rhythmMatching: break
        }
    }

    /// Call after the record is stored.
    public func record(_ record: TrainingRecord) {
        Self.add(record, to: &profiles, calendar: calendar)
        rhythm.add(record)
    }

    /// After the stored history changed wholesale (a reset, an import): built again as at start-up.
    public func rebuild(from history: any TrainingHistory) async throws(DataStoreError) {
        let loaded = try await Self.load(from: history, snapshotFile: snapshotFile, calendar: calendar)
        profiles = await loaded.profiles
        rhythm = await loaded.rhythm
        saving = await loaded.saving
    }

    /// A copy to compute from outside the actor (copy-on-write: free until the next answer).
    public func snapshot(_ scope: ProfileScope = .pitch) -> PerceptualProfile {
        profiles[scope] ?? PerceptualProfile(calendar: calendar)
    }

    /// The pitch profile, as the seeds' single profile.
    public var snapshot: PerceptualProfile { snapshot(.pitch) }

    /// Every interval with records, in the settings grid's order.
    public var intervalProfiles: [(DirectedInterval, PerceptualProfile)] {
        DirectedInterval.all.compactMap { interval in profiles[.interval(interval)].map { (interval, $0) } }
    }

    public var meanThreshold: Cents? { snapshot.meanThreshold }

    /// Where each comparison discipline's chain starts when it has no answer yet: its mean threshold.
    public var coldStarts: [Discipline: Cents] {
        var starts: [Discipline: Cents] = [:]
        starts[.pitchComparison] = profiles[.pitch]?.meanThreshold
        starts[.intervalComparison] = profiles[.intervals]?.meanThreshold
        return starts
    }
}
