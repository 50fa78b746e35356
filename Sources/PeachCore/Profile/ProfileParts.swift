import Foundation

/// What one or more kinds' records add up to in the profile (`TrainingKind.feed`): the pitch
/// profiles, the rhythm results. Built from nothing when a kind's first record arrives.
public protocol ProfilePart: Sendable {
    init(calendar: Calendar)
}

/// The whole profile: every kind's part, each folded from that kind's records, oldest first.
public struct ProfileParts: Sendable {
    public let calendar: Calendar
    private var parts: [ObjectIdentifier: any ProfilePart] = [:]

    public init(calendar: Calendar) { self.calendar = calendar }

    public subscript<Part: ProfilePart>(part: Part.Type) -> Part {
        get { parts[ObjectIdentifier(part)] as? Part ?? Part(calendar: calendar) }
        set { parts[ObjectIdentifier(part)] = newValue }
    }

    /// Adds a stored record to its kind's part, in place: taking the part out first leaves it the
    /// only copy, so a part of a million answers is not copied for each new one.
    public mutating func add(_ record: TrainingRecord) { add(record.value) }

    public mutating func add<Record: KindRecord>(_ record: Record) {
        let key = ObjectIdentifier(Record.Kind.ProfilePart.self)
        var part =
            parts.removeValue(forKey: key) as? Record.Kind.ProfilePart ?? Record.Kind.ProfilePart(calendar: calendar)
        Record.Kind.feed(record, into: &part)
        parts[key] = part
    }

    /// The part `kind` feeds, with every record of `kind` in `history` added, oldest first.
    public mutating func replay<Kind: TrainingKind>(_ kind: Kind.Type, from history: any TrainingHistory)
        async throws(DataStoreError)
    {
        let key = ObjectIdentifier(Kind.ProfilePart.self)
        let part = parts.removeValue(forKey: key) as? Kind.ProfilePart ?? Kind.ProfilePart(calendar: calendar)
        parts[key] = try await history.reduce(kind, into: part) { part, record in Kind.feed(record, into: &part) }
    }
}

/// The pitch profiles: one `PerceptualProfile` per scope (unison pitch, all intervals, each
/// interval, the sung answers), fed by the comparisons and the matching attempts.
public struct PitchProfiles: ProfilePart {
    public private(set) var scopes: [ProfileScope: PerceptualProfile]
    private let calendar: Calendar

    public init(calendar: Calendar) { self.init(scopes: [:], calendar: calendar) }

    public init(scopes: [ProfileScope: PerceptualProfile], calendar: Calendar) {
        self.scopes = scopes
        self.calendar = calendar
    }

    /// A scope's profile; an empty one where it has no records.
    public subscript(scope: ProfileScope) -> PerceptualProfile {
        scopes[scope] ?? PerceptualProfile(calendar: calendar)
    }

    public mutating func add(_ comparison: CompletedComparison) {
        let own = ProfileScope.scope(of: comparison.discipline)
        // A run belongs to its discipline's own scope alone: one interval's scope sees only that
        // interval's answers of a run, which would split it anew.
        let measures = ComparisonKind.measures(comparison.discipline)
        for scope in Self.scopes(own, comparison.interval) {
            scopes[scope, default: PerceptualProfile(calendar: calendar)].record(
                comparison, measures: measures && scope == own)
        }
    }

    public mutating func add(_ attempt: CompletedPitchMatching) {
        for scope in Self.scopes(ProfileScope.scope(of: attempt.discipline), attempt.interval) {
            scopes[scope, default: PerceptualProfile(calendar: calendar)].record(attempt)
        }
    }

    /// An interval record counts in its interval's scope too.
    private static func scopes(_ scope: ProfileScope, _ interval: DirectedInterval) -> [ProfileScope] {
        scope == .intervals ? [scope, .interval(interval)] : [scope]
    }
}

extension RhythmProfile: ProfilePart {}
