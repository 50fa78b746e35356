import Foundation
import PeachCore

/// The pitch profiles as folded from the records up to a mark per record table, kept in a file
/// beside the database so that a restart replays only what was answered since: a million records
/// would otherwise be read and folded again at every start. The other parts of the profile (the
/// rhythm results, a few answers a minute) are replayed in full.
///
/// Only a cache: the records stay the truth, and a snapshot that is missing, unreadable, of
/// another format or calendar, or behind a table that did more than grow, is simply not used.
public struct ProfileSnapshot: Codable, Sendable {
    /// Bump whenever what a profile keeps, or how a record is folded into it, changes: snapshots
    /// of another format are ignored, and the records are replayed in full. Format 2 keeps a mark
    /// per kind of the pitch profiles, by the kind's name; format 3 a monthly timeline too; format 4
    /// their measurement runs; format 5 the range each discipline's runs place over; format 6 their
    /// guess rate (Which Voice? is a choice of three).
    static let currentFormat = 6

    let format: Int
    /// Periods are calendar periods: a snapshot made in another time zone or week convention
    /// would put answers in the wrong days.
    let calendar: String
    /// How far each kind's table was replayed, by the kind's name (`TrainingKind.id`).
    let marks: [String: HistoryMark]
    let profiles: [ProfileScope: PerceptualProfile]

    init(marks: [String: HistoryMark], profiles: [ProfileScope: PerceptualProfile], calendar: Calendar) {
        format = Self.currentFormat
        self.calendar = Self.key(calendar)
        self.marks = marks
        self.profiles = profiles
    }

    /// Whether the snapshot holds what `kind`'s records add up to: the kinds that feed the pitch
    /// profiles.
    static func covers(_ kind: any TrainingKind.Type) -> Bool { covers(kindOf: kind) }

    private static func covers<Kind: TrainingKind>(kindOf kind: Kind.Type) -> Bool {
        Kind.ProfilePart.self == PitchProfiles.self
    }

    static func key(_ calendar: Calendar) -> String {
        "\(calendar.identifier) \(calendar.timeZone.identifier) \(calendar.firstWeekday) \(calendar.minimumDaysInFirstWeek)"
    }

    /// Where a snapshot is kept.
    public struct File: Sendable {
        public let url: URL

        public init(url: URL) { self.url = url }

        /// `cache/<file>.profile.json` beside the database file: one snapshot per database, in the
        /// folder that also caches rendered sounds.
        public init(besideDatabase path: String) {
            let file = URL(fileURLWithPath: path)
            url = file.deletingLastPathComponent().appendingPathComponent(
                "cache/\(file.lastPathComponent).profile.json")
        }

        /// Nil unless the file holds a snapshot of this format made with this calendar.
        func read(calendar: Calendar) -> ProfileSnapshot? {
            guard let data = try? Data(contentsOf: url),
                let snapshot = try? JSONDecoder().decode(ProfileSnapshot.self, from: data),
                snapshot.format == ProfileSnapshot.currentFormat, snapshot.calendar == ProfileSnapshot.key(calendar)
            else { return nil }
            return snapshot
        }

        /// Written whole under a temporary name and renamed, so a crash leaves the old file or the
        /// new one, never half of one.
        func write(_ snapshot: ProfileSnapshot) throws {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try JSONEncoder().encode(snapshot).write(to: url, options: .atomic)
        }
    }
}
