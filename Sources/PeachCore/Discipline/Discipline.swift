/// The ways Peach trains pitch and timing, each declared once here. Everything else — the store's
/// discipline column, the API's `discipline` field, the CSV, the web client's screens and the
/// terminal's commands — follows from this list; adding a discipline starts with a case below.
public enum Discipline: String, Hashable, Sendable, CaseIterable, Codable, CustomStringConvertible {
    case pitchComparison
    case intervalComparison
    case pitchMatching
    case intervalMatching
    /// Pitch matching answered by singing or playing the note into the microphone.
    case pitchSinging
    /// Compare Timing: was the third of four clicks early or late?
    case rhythmComparison
    /// Fill the Gap: tap where the silent sixteenth of each cycle belongs.
    case rhythmMatching

    /// What the user does: say higher or lower, tune a note, say early or late, or tap.
    public enum Kind: String, Hashable, Sendable, Codable {
        case comparison
        case matching
        case rhythmComparison
        case rhythmMatching
    }

    public var kind: Kind {
        switch self {
        case .pitchComparison, .intervalComparison: .comparison
        case .pitchMatching, .intervalMatching, .pitchSinging: .matching
        case .rhythmComparison: .rhythmComparison
        case .rhythmMatching: .rhythmMatching
        }
    }

    /// How a matching trial is answered: with the slider, or with the user's own voice or instrument.
    public enum AnswerMethod: String, Hashable, Sendable, Codable {
        case slider
        case voice
    }

    public var answerMethod: AnswerMethod { self == .pitchSinging ? .voice : .slider }

    /// Whether the target is an interval above or below the reference rather than the same note.
    public var usesIntervals: Bool { self == .intervalComparison || self == .intervalMatching }

    /// The discipline of the given kind that trains intervals or unison (a rhythm kind has one
    /// discipline and no intervals).
    public init(kind: Kind, intervals: Bool) {
        switch (kind, intervals) {
        case (.rhythmComparison, _): self = .rhythmComparison
        case (.rhythmMatching, _): self = .rhythmMatching
        case (.comparison, false): self = .pitchComparison
        case (.comparison, true): self = .intervalComparison
        case (.matching, false): self = .pitchMatching
        case (.matching, true): self = .intervalMatching
        }
    }

    /// The intervals a trial may be drawn from under `settings`.
    public func intervals(_ settings: TrainingSettings) -> [DirectedInterval] {
        usesIntervals ? settings.intervals : [.unison]
    }

    /// Unison sounds the same in every tuning; only interval disciplines follow the setting.
    public func tuningSystem(_ settings: TrainingSettings) -> TuningSystem {
        usesIntervals ? settings.tuningSystem : .equalTemperament
    }

    /// How far a matching trial starts from its target, and how far the slider reaches either
    /// way: ±100 ¢ for unison (the seeds), the interval-matching setting (default ±20 ¢) for
    /// intervals, where a 100 ¢ error would be another interval; nothing for a sung answer, which
    /// has no tunable note.
    public func matchingRange(_ settings: TrainingSettings) -> Cents {
        if answerMethod == .voice { return .zero }
        return usesIntervals ? settings.intervalMatchingRange : PitchMatchingChallenge.defaultCentRange
    }

    public var description: String { rawValue }
}
