import Foundation

/// What a teacher's class table shows of a discipline that states a figure of its own on the
/// Profile: the share of right answers for one answered by naming items (Scale Degrees, Chord
/// Quality), the fitted threshold for one that fits its own (Which Voice?). Pitch and the
/// intervals have their own columns and sections, so they are not among these.
public struct DisciplineFigures: Sendable, Hashable, Codable {
    public let discipline: Discipline
    /// The answers the figure is taken from: the newest `PerceptualProfile.recentCapacity`.
    public let answers: Int
    /// Right answers ÷ answers; nil without answers and for a kind that names no items.
    public let accuracy: Double?
    /// As the student's Profile states it; nil until the answers place it, and for a kind that fits none.
    public let threshold: ThresholdEstimate?
    /// Why `threshold` is nil, as the student's Profile says it; nil when it is not, and for a kind
    /// that fits none.
    public let missingThreshold: MissingThreshold?

    /// The disciplines with such a figure, in the catalogue's order: every kind that declares a
    /// confusion matrix or a threshold of its own has a column, with no list to keep. A measurement
    /// has none: its answers count in its training discipline's figure, and its runs cannot be
    /// folded from the newest answers alone.
    public static var disciplines: [Discipline] {
        Discipline.allCases.filter { discipline in
            let kind = discipline.trainingKind
            return (kind.hasConfusion(discipline) || kind.fitsThreshold) && !kind.measures(discipline)
        }
    }

    public init(
        discipline: Discipline, answers: Int, accuracy: Double?, threshold: ThresholdEstimate?,
        missingThreshold: MissingThreshold? = nil
    ) {
        self.discipline = discipline
        self.answers = answers
        self.accuracy = accuracy
        self.threshold = threshold
        self.missingThreshold = missingThreshold
    }

    /// Whether a kept row says what this version states: a kind that fits a threshold has one or
    /// says why not (a row kept before the reason was has neither).
    var isComplete: Bool {
        !discipline.trainingKind.fitsThreshold || threshold != nil || missingThreshold != nil
    }

    /// From its answers as a profile of those answers alone holds them.
    public init(_ discipline: Discipline, answers: Int, profile: ProfileParts) {
        let kind = discipline.trainingKind
        self.init(
            discipline: discipline, answers: answers,
            accuracy: kind.confusion(discipline, in: profile).flatMap(\.overallAccuracy),
            threshold: kind.fitsThreshold ? kind.threshold(discipline, in: profile) : nil,
            missingThreshold: kind.fitsThreshold ? kind.missingThreshold(discipline, in: profile) : nil)
    }

    /// Reads the discipline's newest answers only, as the pitch threshold beside it does.
    public init(_ discipline: Discipline, store: any TrainingDataStore) async throws(DataStoreError) {
        let records = try await store.records(discipline, limit: PerceptualProfile.recentCapacity)
        var profile = ProfileParts(calendar: .current)
        for record in records.reversed() { profile.add(record) }
        self.init(discipline, answers: records.count, profile: profile)
    }
}
