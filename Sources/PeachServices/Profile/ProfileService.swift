import Foundation
import PeachCore

/// The server's profile: every kind's part of it (`ProfileParts`: the pitch profiles per scope, the
/// rhythm results per tempo band), rebuilt from every record once at start-up, then updated by each
/// stored answer. Requests read a snapshot; none re-reads the records.
public actor ProfileService {
    public private(set) var parts: ProfileParts
    /// Where the folded pitch profiles are saved for the next start; nil saves nothing.
    private let snapshotFile: ProfileSnapshot.File?
    /// The snapshot being written since the last load, if any.
    private var saving: Task<Void, Never>?

    public init(parts: ProfileParts = ProfileParts(calendar: .current), snapshotFile: ProfileSnapshot.File? = nil) {
        self.parts = parts
        self.snapshotFile = snapshotFile
    }

    private var calendar: Calendar { parts.calendar }

    /// Returns once the snapshot the last load started saving is on disk (or failed): a command
    /// that exits right after loading waits here, so that it leaves no half-written file behind.
    public func snapshotSaved() async {
        await saving?.value
    }

    /// Replays every stored record of every kind, oldest first, into its kind's part — or, from a
    /// snapshot in `snapshotFile`, the pitch profiles' records stored since it was saved.
    public static func load(
        from history: any TrainingHistory, snapshotFile: ProfileSnapshot.File? = nil, calendar: Calendar = .current
    ) async throws(DataStoreError) -> ProfileService {
        var parts = ProfileParts(calendar: calendar)
        var saving: Task<Void, Never>?
        var replayed = TrainingKinds.all
        if let snapshotFile, let history = history as? any MarkedHistory {
            let pitch: PitchProfiles
            (pitch, saving) = try await fold(history, saving: snapshotFile, calendar: calendar)
            parts[PitchProfiles.self] = pitch
            replayed = replayed.filter { !ProfileSnapshot.covers($0) }
        }
        for kind in replayed { try await parts.replay(kind, from: history) }
        // Start asks for these sparklines the moment it shows: fitted beside the listening server
        // (`ThresholdTimeline.overview`; the copies share their fits), they are ready when it asks.
        // Fitted before listening, they cost a debug build's start 300 ms.
        let pitch = parts[PitchProfiles.self]
        Task.detached(priority: .userInitiated) {
            for scope in [ProfileScope.pitch, .intervals] { _ = pitch[scope].timeline(.day).overview() }
        }
        let service = ProfileService(parts: parts, snapshotFile: snapshotFile)
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
    ) async throws(DataStoreError) -> (PitchProfiles, saving: Task<Void, Never>?) {
        if let saved = file.read(calendar: calendar),
            let (folded, replayed) = try await fold(history, from: saved, calendar: calendar)
        {
            return (
                PitchProfiles(scopes: folded.profiles, calendar: calendar),
                replayed >= rowsWorthSaving ? save(folded, to: file) : nil
            )
        }
        // From nothing, every row is new: a replay after no mark always succeeds.
        let (folded, _) = try await fold(history, from: nil, calendar: calendar)!
        return (PitchProfiles(scopes: folded.profiles, calendar: calendar), save(folded, to: file))
    }

    /// The pitch profiles and how many rows were replayed for them; nil when a table did more than
    /// grow since `saved`.
    private static func fold(
        _ history: any MarkedHistory, from saved: ProfileSnapshot?, calendar: Calendar
    ) async throws(DataStoreError) -> (ProfileSnapshot, replayed: Int)? {
        var profiles = PitchProfiles(scopes: saved?.profiles ?? [:], calendar: calendar)
        var marks: [String: HistoryMark] = [:]
        var replayed = 0
        for kind in TrainingKinds.all where ProfileSnapshot.covers(kind) {
            guard
                let (folded, mark, rows) = try await replay(
                    kind, history, after: saved?.marks[kind.id.rawValue], into: profiles)
            else { return nil }
            profiles = folded
            marks[kind.id.rawValue] = mark
            replayed += rows
        }
        return (ProfileSnapshot(marks: marks, profiles: profiles.scopes, calendar: calendar), replayed)
    }

    /// Folded as the kind's own part type, which `ProfileSnapshot.covers` made sure is the pitch
    /// profiles: a cast at either end, none per row.
    private static func replay<Kind: TrainingKind>(
        _ kind: Kind.Type, _ history: any MarkedHistory, after mark: HistoryMark?, into profiles: PitchProfiles
    ) async throws(DataStoreError) -> (PitchProfiles, HistoryMark, Int)? {
        guard let start = profiles as? Kind.ProfilePart,
            let replayed = try await history.replay(kind, after: mark, into: start, { Kind.feed($1, into: &$0) }),
            let folded = replayed.result as? PitchProfiles
        else { return nil }
        return (folded, replayed.mark, replayed.replayed)
    }

    /// In the background: encoding a large profile takes longer than the start-up it saves, and
    /// a server does not wait for it. A snapshot that fails to save costs only the next start's time.
    private static func save(_ snapshot: ProfileSnapshot, to file: ProfileSnapshot.File) -> Task<Void, Never> {
        Task.detached(priority: .utility) { try? file.write(snapshot) }
    }

    /// Call after the record is stored.
    public func record(_ record: TrainingRecord) {
        parts.add(record)
    }

    /// After the stored history changed wholesale (a reset, an import): built again as at start-up.
    public func rebuild(from history: any TrainingHistory) async throws(DataStoreError) {
        let loaded = try await Self.load(from: history, snapshotFile: snapshotFile, calendar: calendar)
        parts = await loaded.parts
        saving = await loaded.saving
    }

    /// A copy to compute from outside the actor (copy-on-write: free until the next answer).
    public func snapshot(_ scope: ProfileScope = .pitch) -> PerceptualProfile {
        parts[PitchProfiles.self][scope]
    }

    /// The pitch profile, as the original app's single profile.
    public var snapshot: PerceptualProfile { snapshot(.pitch) }

    /// Compare Timing and Fill the Gap per tempo band.
    public var rhythm: RhythmProfile { parts[RhythmProfile.self] }

    /// Every interval with records, in the settings grid's order.
    public var intervalProfiles: [(DirectedInterval, PerceptualProfile)] {
        let scopes = parts[PitchProfiles.self].scopes
        return DirectedInterval.all.compactMap { interval in scopes[.interval(interval)].map { (interval, $0) } }
    }

    public var meanThreshold: Cents? { snapshot.meanThreshold }
}
