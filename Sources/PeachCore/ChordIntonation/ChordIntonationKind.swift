import Foundation

extension Discipline {
    /// Which Voice: a sustained triad, one voice out of tune; which one?
    public static let chordIntonation = Discipline(declared: "chordIntonation")
    /// "Measure my threshold in chords": Which Voice? trials placed by `ThresholdPlacement` for a
    /// choice of three, in runs of at most 40; its answers count as Which Voice? answers in the
    /// profile, and its runs are its measurements.
    public static let chordIntonationMeasurement = Discipline(declared: "chordIntonationMeasurement")
}

extension Discipline.Kind {
    public static let chordIntonation = Discipline.Kind(rawValue: "chordIntonation")
}

extension Discipline.AnswerMethod {
    /// The lowest, middle or highest voice of a chord.
    public static let chordVoice = Discipline.AnswerMethod(
        rawValue: "chordVoice", hint: "name the lowest, middle or highest voice")
}

extension DisciplineDeclaration.Group {
    /// Hearing in chords.
    public static let harmony = DisciplineDeclaration.Group(rawValue: "harmony")
}

/// Which Voice: a triad in just intonation or equal temperament, one voice detuned by a difference
/// that follows its own Kazez chain; the threshold is fitted for a choice of three. Its measurement
/// places each difference instead, for the same choice of three.
public enum ChordIntonationKind: TrainingKind {
    public static let id = Discipline.Kind.chordIntonation

    private static let settings =
        DisciplineDeclaration.noteSettings + ["minCentDifference", "maxCentDifference"]
        + ChordIntonationSettings.names

    public static let ownSettings: (any KindSettings.Type)? = ChordIntonationSettings.self

    public static let disciplines = [
        DisciplineDeclaration(
            .chordIntonation, names: .init(english: "Which Voice?", german: "Welche Stimme?"),
            summary: .init(
                english: "Which voice of a chord is out of tune?", german: "Welche Akkordstimme ist verstimmt?"),
            answerMethod: .chordVoice,
            group: .harmony, settings: settings, terminalCommand: "peach intonation"),
        DisciplineDeclaration(
            .chordIntonationMeasurement,
            names: .init(english: "Measure my threshold in chords", german: "Meine Schwelle im Akkord messen"),
            summary: .init(
                english: "Up to 40 trials find your threshold in chords.",
                german: "Bis zu 40 Versuche finden deine Schwelle im Akkord."),
            answerMethod: .chordVoice, group: .harmony, settings: settings,
            terminalCommand: "peach measure --discipline chords"),
    ]

    /// A choice of three voices.
    public static let guessRate = 1.0 / 3

    public static let measuredBy: [Discipline: Discipline] = [.chordIntonation: .chordIntonationMeasurement]

    /// The newest training answer, where the chain continues, and the measurement's runs.
    public struct Chain: Sendable {
        public var last: CompletedChordIntonation?
        public var measurements: ThresholdMeasurements

        public init(
            last: CompletedChordIntonation? = nil, measurements: ThresholdMeasurements = ChordIntonationKind.freshRuns
        ) {
            self.last = last
            self.measurements = measurements
        }
    }

    /// Runs over the differences the settings may allow, for a choice of three.
    public static var freshRuns: ThresholdMeasurements {
        ThresholdMeasurements(differences: TrainingSettings.centDifferenceRange, guessRate: guessRate)
    }

    public static let freshChain = Chain()

    /// Where a new user starts: a voice 100 ¢ off makes another chord, not an out-of-tune one, so
    /// the first chords are still themselves (issue 48); the chain narrows from here.
    public static let freshDifference = Cents(30)

    public static func resumeChain(from store: any TrainingDataStore, profile: ProfileParts)
        async throws(DataStoreError) -> Chain
    {
        Chain(
            last: try await store.records(CompletedChordIntonation.self, .chordIntonation, limit: 1).first,
            measurements: profile[ChordIntonationProfile.self].measurements)
    }

    /// A random triad whose three voices lie in the note range, a random voice detuned by the
    /// chain's next difference (a measurement: its run's), sharp or flat at random. Training starts
    /// at a measurement newer than its newest answer.
    public static func draw(
        _ discipline: Discipline, settings: TrainingSettings, chain: Chain,
        using generator: inout some RandomNumberGenerator
    ) -> ChordIntonationTrial {
        let bounds = settings.minCentDifference.rawValue...settings.maxCentDifference.rawValue
        let difference: Double
        let measurementTrial: Int?
        if measures(discipline) {
            difference = min(max(chain.measurements.nextDifference.rawValue, bounds.lowerBound), bounds.upperBound)
            measurementTrial = chain.measurements.nextTrialNumber
        } else {
            let measured = chain.measurements.finished.last.flatMap {
                $0.finished > chain.last?.timestamp ?? .distantPast ? $0 : nil
            }
            difference = KazezStrategy.next(
                after: measured == nil ? chain.last.map { ($0.centDifference.rawValue, $0.isCorrect) } : nil,
                coldStart: measured?.estimate.threshold.rawValue ?? freshDifference.rawValue, bounds: bounds)
            measurementTrial = nil
        }
        // Root position: the fifth on top.
        let root = MIDINote(
            Int.random(in: MusicalRegister.closeChord.lowestNotes(span: 7, in: settings.noteRange), using: &generator))!
        let triad = Triad.allCases.randomElement(using: &generator)!
        let voice = ChordVoice.allCases.randomElement(using: &generator)!
        let sign: Double = Bool.random(using: &generator) ? 1 : -1
        return ChordIntonationTrial(
            discipline, root: root, triad: triad,
            tuningSystem: settings[ChordIntonationSettings.self].chordTuningSystem, detunedVoice: voice,
            centOffset: Cents(sign * difference), measurementTrial: measurementTrial)
    }

    public static func advance(_ chain: inout Chain, after record: CompletedChordIntonation) {
        if measures(record.discipline) { chain.measurements.add(record) } else { chain.last = record }
    }

    public static func judge(_ trial: ChordIntonationTrial, _ answer: ChordVoice, at timestamp: Date)
        -> CompletedChordIntonation?
    {
        CompletedChordIntonation(trial, answer: answer, timestamp: timestamp)
    }

    public static func feed(_ record: CompletedChordIntonation, into part: inout ChordIntonationProfile) {
        part.add(record)
    }

    public static let fitsThreshold = true

    /// The measurement's threshold is its newest run's.
    public static func threshold(_ discipline: Discipline, in profile: ProfileParts) -> ThresholdEstimate? {
        measures(discipline)
            ? newestMeasurement(discipline, in: profile)?.estimate : profile[ChordIntonationProfile.self].threshold
    }

    public static func missingThreshold(_ discipline: Discipline, in profile: ProfileParts) -> MissingThreshold? {
        measures(discipline) ? nil : profile[ChordIntonationProfile.self].missingThreshold
    }

    /// A measurement's runs are results, not a training's drift: no change for them.
    public static func thresholdChange(_ discipline: Discipline, in profile: ProfileParts) -> ThresholdChange? {
        measures(discipline) ? nil : profile[ChordIntonationProfile.self].thresholdChange
    }

    public static func newestMeasurement(_ discipline: Discipline, in profile: ProfileParts) -> ThresholdMeasurement? {
        measures(discipline) ? profile[ChordIntonationProfile.self].measurements.finished.last : nil
    }

    public static func goalThreshold(_ discipline: Discipline, fittedTo trials: [ThresholdEstimator.Trial]) -> Cents? {
        hasGoalThreshold(discipline) ? ChordIntonationProfile.threshold(fittedTo: trials)?.threshold : nil
    }

    public static func sparkline(_ discipline: Discipline, in profile: ProfileParts, band: TempoBand?) -> Sparkline {
        let part = profile[ChordIntonationProfile.self]
        if measures(discipline) {
            let measured = part.measurements.finished.suffix(Sparkline.maximumPoints)
            return Sparkline(
                values: measured.map(\.estimate.threshold.rawValue), hasData: !measured.isEmpty,
                caption: .init(
                    english: "Measured threshold in a chord, run by run: lower is better",
                    german: "Gemessene Schwelle im Akkord, Messung für Messung: niedriger ist besser"))
        }
        let daily = part.dailyThresholds
        return Sparkline(
            values: daily.map(\.threshold), hasData: part.count > 0,
            caption: .init(
                english: "Threshold in a chord, day by day (newest answers): lower is better",
                german: "Schwelle im Akkord, Tag für Tag (neueste Antworten): niedriger ist besser"),
            marks: part.measuredMarks(on: daily.map(\.day)))
    }

    /// A held chord: a sound that decays plays as the sine.
    public static let holdsNotes = true
}

extension ChordIntonationTrial: KindTrial {
    public typealias Kind = ChordIntonationKind
}

extension ChordVoice: KindAnswer {
    public typealias Kind = ChordIntonationKind
}

extension CompletedChordIntonation: JudgedRecord {
    public typealias Kind = ChordIntonationKind

    public enum Field: Int, CodingKey, CaseIterable {
        case rootNote, triad, detunedVoice, detuneCents, answeredVoice
    }

    public static let correctness = "whether answeredVoice is detunedVoice"

    public var labels: RecordLabels { RecordLabels(discipline: discipline, tuningSystem: tuningSystem) }

    public init(timestamp: Date, labels: RecordLabels, fields: KeyedDecodingContainer<Field>) throws {
        self.init(
            rootNote: try fields.decode(MIDINote.self, forKey: .rootNote),
            triad: try fields.decode(Triad.self, forKey: .triad),
            detunedVoice: try fields.decode(ChordVoice.self, forKey: .detunedVoice),
            detuneCents: try fields.decode(Cents.self, forKey: .detuneCents),
            answeredVoice: try fields.decode(ChordVoice.self, forKey: .answeredVoice), timestamp: timestamp,
            tuningSystem: labels.tuningSystem, discipline: labels.discipline)
    }

    public func encode(fields: inout KeyedEncodingContainer<Field>) throws {
        try fields.encode(rootNote, forKey: .rootNote)
        try fields.encode(triad, forKey: .triad)
        try fields.encode(detunedVoice, forKey: .detunedVoice)
        try fields.encode(detuneCents, forKey: .detuneCents)
        try fields.encode(answeredVoice, forKey: .answeredVoice)
    }

    public static func importBound(_ field: String) -> ImportBound? {
        switch field {
        case Field.detuneCents.stringValue:
            .number(
                -TrainingSettings.centDifferenceRange.upperBound...TrainingSettings.centDifferenceRange.upperBound,
                unit: "cents")
        default: nil
        }
    }
}

extension Trial {
    public static func chordIntonation(_ trial: ChordIntonationTrial) -> Trial { Trial(trial) }
}

extension TrialAnswer {
    public static func voice(_ voice: ChordVoice) -> TrialAnswer { TrialAnswer(voice) }
}

extension TrainingRecord {
    public static func chordIntonation(_ record: CompletedChordIntonation) -> TrainingRecord { TrainingRecord(record) }
}

extension ChordIntonationProfile {
    public init(_ profile: ProfileParts) { self = profile[ChordIntonationProfile.self] }
}
