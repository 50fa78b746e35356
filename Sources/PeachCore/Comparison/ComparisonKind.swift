import Foundation

extension Discipline {
    public static let pitchComparison = Discipline(declared: "pitchComparison")
    public static let intervalComparison = Discipline(declared: "intervalComparison")
    /// "Measure my threshold": pitch comparisons placed by `ThresholdPlacement` in runs of at most
    /// 40; its answers count as pitch comparisons everywhere, and its runs are its measurements.
    public static let pitchMeasurement = Discipline(declared: "pitchMeasurement")
    /// "Measure my threshold" for intervals: the same runs over the intervals and tuning system the
    /// settings choose; its answers count as interval comparisons, in every interval's scope too,
    /// and its runs are the intervals scope's measurements.
    public static let intervalMeasurement = Discipline(declared: "intervalMeasurement")
}

extension Discipline.Kind {
    public static let comparison = Discipline.Kind(rawValue: "comparison")
}

extension Discipline.AnswerMethod {
    /// Higher or lower.
    public static let higherLower = Discipline.AnswerMethod(rawValue: "higherLower", hint: "answer higher or lower")
}

/// Higher or lower: two notes, the second slightly off (from the first, or from the interval above
/// or below it), answered by which way it lies. Each discipline follows its own Kazez chain.
public enum ComparisonKind: TrainingKind {
    public static let id = Discipline.Kind.comparison

    private static let settings =
        DisciplineDeclaration.noteSettings
        + ["varyLoudness", "noteGapSeconds", "minCentDifference", "maxCentDifference"]

    public static let disciplines = [
        DisciplineDeclaration(
            .pitchComparison, names: .init(english: "Compare Pitch", german: "Tonhöhe vergleichen"),
            summary: .init(
                english: "Is the second note higher or lower?", german: "Ist der zweite Ton höher oder tiefer?"),
            answerMethod: .higherLower,
            group: .pitch, settings: settings, terminalCommand: "peach train"),
        DisciplineDeclaration(
            .intervalComparison, names: .init(english: "Compare Intervals", german: "Intervalle vergleichen"),
            summary: .init(
                english: "Is the interval too wide or narrow?", german: "Ist das Intervall zu weit oder zu eng?"),
            answerMethod: .higherLower, usesIntervals: true, group: .intervals,
            settings: settings + DisciplineDeclaration.intervalSettings, terminalCommand: "peach train --interval"),
        DisciplineDeclaration(
            .pitchMeasurement, names: .init(english: "Measure my threshold", german: "Meine Schwelle messen"),
            summary: .init(
                english: "Up to 40 trials find your pitch threshold.",
                german: "Bis zu 40 Versuche finden deine Tonhöhen-Schwelle."),
            answerMethod: .higherLower, group: .pitch,
            settings: DisciplineDeclaration.noteSettings + [
                "noteGapSeconds", "minCentDifference", "maxCentDifference",
            ],
            terminalCommand: "peach measure"),
        DisciplineDeclaration(
            .intervalMeasurement,
            names: .init(english: "Measure my interval threshold", german: "Meine Intervall-Schwelle messen"),
            summary: .init(
                english: "Up to 40 trials find your interval threshold.",
                german: "Bis zu 40 Versuche finden deine Intervall-Schwelle."),
            answerMethod: .higherLower, usesIntervals: true, group: .intervals,
            settings: DisciplineDeclaration.noteSettings + ["noteGapSeconds", "minCentDifference", "maxCentDifference"]
                + DisciplineDeclaration.intervalSettings,
            terminalCommand: "peach measure --discipline intervals"),
    ]

    public static let measuredBy: [Discipline: Discipline] = [
        .pitchComparison: .pitchMeasurement, .intervalComparison: .intervalMeasurement,
    ]

    /// Each discipline's chain: its newest answer, or where it starts without one.
    public struct Chain: Sendable {
        public var lastAnswers: [Discipline: CompletedComparison]
        /// Each discipline's profile threshold, where a chain without an answer starts.
        public var coldStarts: [Discipline: Cents]
        /// Each measurement discipline's runs.
        public var measurements: [Discipline: ThresholdMeasurements]

        public init(
            lastAnswers: [Discipline: CompletedComparison] = [:], coldStarts: [Discipline: Cents] = [:],
            measurements: [Discipline: ThresholdMeasurements] = [:]
        ) {
            self.lastAnswers = lastAnswers
            self.coldStarts = coldStarts
            self.measurements = measurements
        }
    }

    public static let freshChain = Chain()

    /// A discipline without answers starts at its scope's mean threshold (the original app's rule
    /// for a fresh chain), or at the maximum when the profile has none.
    public static func resumeChain(from store: any TrainingDataStore, profile: ProfileParts)
        async throws(DataStoreError) -> Chain
    {
        let pitch = profile[PitchProfiles.self]
        var coldStarts: [Discipline: Cents] = [:]
        for declared in disciplines {
            coldStarts[declared.discipline] = pitch[ProfileScope.scope(of: declared.discipline)].meanThreshold
        }
        var measurements: [Discipline: ThresholdMeasurements] = [:]
        for measuring in measuredBy.values {
            measurements[measuring] = pitch[ProfileScope.scope(of: measuring)].measurements
        }
        return Chain(lastAnswers: try await store.lastComparisons(), coldStarts: coldStarts, measurements: measurements)
    }

    public static func draw(
        _ discipline: Discipline, settings: TrainingSettings, chain: Chain,
        using generator: inout some RandomNumberGenerator
    ) -> Comparison {
        if measures(discipline) {
            return measurementTrial(discipline, settings: settings, chain: chain, using: &generator)
        }
        var last = chain.lastAnswers[discipline]
        var coldStart = chain.coldStarts[discipline]
        if let measured = measuredBy[discipline].flatMap({ chain.measurements[$0]?.finished.last }),
            measured.finished > last?.timestamp ?? .distantPast
        {
            last = nil
            coldStart = measured.estimate.threshold
        }
        return settings.kazezStrategy.nextComparison(
            discipline, after: last, coldStart: coldStart, in: settings.noteRange,
            intervals: discipline.intervals(settings), tuningSystem: discipline.tuningSystem(settings),
            loudnessVariation: settings.varyLoudness, using: &generator)
    }

    /// A comparison at the difference the run under way places next, within the settings' bounds,
    /// over the discipline's intervals (unison for pitch), with no loudness variation: a measurement
    /// asks about pitch alone.
    private static func measurementTrial(
        _ discipline: Discipline, settings: TrainingSettings, chain: Chain,
        using generator: inout some RandomNumberGenerator
    ) -> Comparison {
        let runs = chain.measurements[discipline] ?? ThresholdMeasurements()
        let difference = min(max(runs.nextDifference, settings.minCentDifference), settings.maxCentDifference)
        let intervals = discipline.intervals(settings)
        // A single choice draws nothing, so a pitch run uses the generator as it always has.
        let interval = intervals.count == 1 ? intervals[0] : intervals.randomElement(using: &generator) ?? .unison
        let note = settings.noteRange.randomReference(for: interval, using: &generator)
        let direction: Double = Bool.random(using: &generator) ? 1 : -1
        return Comparison(
            discipline, note1: note, interval: interval, tuningSystem: discipline.tuningSystem(settings),
            centOffset: Cents(direction * difference.rawValue), measurementTrial: runs.nextTrialNumber)
    }

    public static func advance(_ chain: inout Chain, after record: CompletedComparison) {
        chain.lastAnswers[record.discipline] = record
        if measures(record.discipline) {
            chain.measurements[record.discipline, default: ThresholdMeasurements()].add(record)
        }
    }

    public static func judge(_ trial: Comparison, _ answer: ComparisonAnswer, at timestamp: Date)
        -> CompletedComparison?
    {
        CompletedComparison(trial, answer: answer, timestamp: timestamp)
    }

    public static func feed(_ record: CompletedComparison, into part: inout PitchProfiles) { part.add(record) }

    /// A measurement discipline's line is its measured thresholds, one point per run.
    public static func sparkline(_ discipline: Discipline, in profile: ProfileParts, band: TempoBand?) -> Sparkline {
        let scope = profile[PitchProfiles.self][ProfileScope.scope(of: discipline)]
        guard measures(discipline) else {
            return .threshold(scope.timeline(.day), measurements: scope.measurements.finished)
        }
        let measured = scope.measurements.finished.suffix(Sparkline.maximumPoints)
        return Sparkline(
            values: measured.map(\.estimate.threshold.rawValue), hasData: !measured.isEmpty,
            caption: .init(
                english: "Measured threshold, run by run: lower is better",
                german: "Gemessene Schwelle, Messung für Messung: niedriger ist besser"))
    }

    /// Pitch and intervals compared: their Profile sections state the scope's fitted threshold,
    /// though the kind fits none of its own (`fitsThreshold`).
    public static func hasGoalThreshold(_ discipline: Discipline) -> Bool { !measures(discipline) }

    public static func goalThreshold(_ discipline: Discipline, fittedTo trials: [ThresholdEstimator.Trial]) -> Cents? {
        hasGoalThreshold(discipline) ? PerceptualProfile.threshold(fittedTo: trials)?.threshold : nil
    }

    public static func newestMeasurement(_ discipline: Discipline, in profile: ProfileParts) -> ThresholdMeasurement? {
        measures(discipline)
            ? profile[PitchProfiles.self][ProfileScope.scope(of: discipline)].measurements.finished.last : nil
    }
}

extension Comparison: KindTrial {
    public typealias Kind = ComparisonKind
}

extension ComparisonAnswer: KindAnswer {
    public typealias Kind = ComparisonKind
}

extension Trial {
    public static func comparison(_ comparison: Comparison) -> Trial { Trial(comparison) }
}

extension TrialAnswer {
    public static func direction(_ answer: ComparisonAnswer) -> TrialAnswer { TrialAnswer(answer) }
}

extension TrainingRecord {
    public static func comparison(_ comparison: CompletedComparison) -> TrainingRecord { TrainingRecord(comparison) }
}

extension TrainingDataStore {
    /// The newest answers of one comparison discipline, newest first.
    public func comparisons(_ discipline: Discipline = .pitchComparison, limit: Int) async throws(DataStoreError)
        -> [CompletedComparison]
    {
        try await records(CompletedComparison.self, discipline, limit: limit)
    }

    /// Each comparison discipline's newest answer: where its chain continues.
    public func lastComparisons() async throws(DataStoreError) -> [Discipline: CompletedComparison] {
        var last: [Discipline: CompletedComparison] = [:]
        for declared in ComparisonKind.disciplines {
            last[declared.discipline] = try await comparisons(declared.discipline, limit: 1).first
        }
        return last
    }
}
