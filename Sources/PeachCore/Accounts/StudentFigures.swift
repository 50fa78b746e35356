import Foundation

/// What a teacher's class table shows of one student: what their own Profile headline says. Kept
/// in the database beside the accounts (`ClassroomStore.keep`), so that a class of a thousand is
/// read in one query after a start instead of fitted again from every student's records.
public struct StudentFigures: Sendable, Hashable, Codable {
    /// Unison pitch comparison's fitted threshold, as the student's headline shows it.
    public let threshold: ThresholdEstimate?
    /// Why `threshold` is nil, as the student's headline says it.
    public let missingThreshold: MissingThreshold?
    /// How far that threshold moved over its newest answers, as the student's headline says it.
    public var change: ThresholdChange? { keptChange.value }
    /// Kept as null when there is none, never left out: a row without it was kept when the trend
    /// had a rule of its own (fitted halves), and is fitted again.
    private let keptChange: Nullable<ThresholdChange>
    /// The direction of `change`.
    public var trend: Trend? { change.map(Trend.init) }
    /// Every record of every discipline: more than the Profile's "Comparisons", which counts the
    /// unison pitch comparisons only, so the page calls it "All answers".
    public let trials: Int
    public let lastActivity: Date?
    /// One for each of `DisciplineFigures.disciplines`, in its order. A row kept by a version with
    /// other disciplines is not taken (`init(kept:)` is nil), so it is fitted again with these.
    public let disciplines: [DisciplineFigures]

    private enum CodingKeys: String, CodingKey {
        case threshold, missingThreshold, trials, lastActivity, disciplines
        case keptChange = "change"
    }

    public init(
        threshold: ThresholdEstimate?, missingThreshold: MissingThreshold?, change: ThresholdChange?, trials: Int,
        lastActivity: Date?, disciplines: [DisciplineFigures]
    ) {
        self.threshold = threshold
        self.missingThreshold = missingThreshold
        keptChange = Nullable(change)
        self.trials = trials
        self.lastActivity = lastActivity
        self.disciplines = disciplines
    }

    /// From the store alone, without building the student's whole profile: the headline's fits
    /// read only the newest comparisons (`PerceptualProfile.recentCapacity`), so three queries
    /// and one a discipline of `DisciplineFigures` give what the student's own Profile shows.
    public init(store: any TrainingDataStore) async throws(DataStoreError) {
        var profile = PerceptualProfile(calendar: .current)
        // The pitch scope's comparisons are the unison discipline's (ProfileScope.scope(of:)).
        for comparison in try await store.comparisons(.pitchComparison, limit: PerceptualProfile.recentCapacity)
            .reversed()
        {
            profile.record(comparison)
        }
        threshold = profile.thresholdEstimate
        missingThreshold = profile.missingThreshold
        keptChange = Nullable(profile.thresholdChange)
        trials = try await store.recordCount()
        lastActivity = try await store.records(nil, limit: 1).first?.timestamp
        var disciplines: [DisciplineFigures] = []
        for discipline in DisciplineFigures.disciplines {
            disciplines.append(try await DisciplineFigures(discipline, store: store))
        }
        self.disciplines = disciplines
    }

    /// As a database keeps it: JSON, so that both backends keep one text column and a row this
    /// version cannot read (`init(kept:)` is nil: written by a newer one) is only fitted again.
    /// Cannot fail: every field is a number, a string or a date, and the numbers that JSON has no
    /// word for are written as strings (`floats`).
    public var kept: String {
        let encoder = JSONEncoder()
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: Self.floats.0, negativeInfinity: Self.floats.1, nan: Self.floats.2)
        return String(decoding: try! encoder.encode(self), as: UTF8.self)
    }

    public init?(kept: String) {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: Self.floats.0, negativeInfinity: Self.floats.1, nan: Self.floats.2)
        // A row without threshold and reason was kept before the reason was: fitted again, to state it.
        guard let decoded = try? decoder.decode(Self.self, from: Data(kept.utf8)),
            decoded.disciplines.map(\.discipline) == DisciplineFigures.disciplines,
            decoded.threshold != nil || decoded.missingThreshold != nil, decoded.disciplines.allSatisfy(\.isComplete)
        else { return nil }
        self = decoded
    }

    private static let floats = ("inf", "-inf", "nan")
}
