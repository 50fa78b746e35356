import Foundation

extension Discipline {
    /// Compare Timing: was the third of four clicks early or late?
    public static let rhythmComparison = Discipline(declared: "rhythmComparison")
    /// "Measure my timing threshold": Compare Timing trials placed by `ThresholdPlacement` in runs
    /// of at most 40, per tempo band; its answers count as Compare Timing answers everywhere, and
    /// its runs are its measurements.
    public static let timingMeasurement = Discipline(declared: "timingMeasurement")
}

extension Discipline.Kind {
    public static let rhythmComparison = Discipline.Kind(rawValue: "rhythmComparison")
}

extension Discipline.AnswerMethod {
    /// Early or late.
    public static let earlyLate = Discipline.AnswerMethod(rawValue: "earlyLate", hint: "answer early or late")
}

/// Compare Timing: four clicks a sixteenth apart, the third early or late, on one Kazez chain in
/// percent of a sixteenth (`TimingChain`), and its measurement.
public enum RhythmComparisonKind: TrainingKind {
    public static let id = Discipline.Kind.rhythmComparison

    public static let disciplines = [
        DisciplineDeclaration(
            .rhythmComparison, names: .init(english: "Compare Timing", german: "Timing vergleichen"),
            summary: .init(english: "Was a click early or late?", german: "Kam ein Klick zu früh oder zu spät?"),
            answerMethod: .earlyLate,
            group: .rhythm, settings: ["tempoBPM"], terminalCommand: "peach rhythm"),
        DisciplineDeclaration(
            .timingMeasurement,
            names: .init(english: "Measure my timing threshold", german: "Meine Timing-Schwelle messen"),
            summary: .init(
                english: "Up to 40 trials find your timing threshold.",
                german: "Bis zu 40 Versuche finden deine Timing-Schwelle."),
            answerMethod: .earlyLate, group: .rhythm, settings: ["tempoBPM"],
            terminalCommand: "peach measure --discipline timing"),
    ]

    /// The measurement is of the tempo band played.
    public static let measuredBy: [Discipline: Discipline] = [.rhythmComparison: .timingMeasurement]

    public static let freshChain = TimingChain()

    /// The training chain from its stored answers, the measurement runs as the profile folded them.
    public static func resumeChain(from store: any TrainingDataStore, profile: ProfileParts)
        async throws(DataStoreError) -> TimingChain
    {
        var chain = try await store.timingChain()
        chain.measurements = profile[RhythmProfile.self].measurementRuns
        return chain
    }

    public static func draw(
        _ discipline: Discipline, settings: TrainingSettings, chain: TimingChain,
        using generator: inout some RandomNumberGenerator
    ) -> RhythmComparison {
        chain.next(discipline, tempo: settings.tempo, using: &generator)
    }

    public static func advance(_ chain: inout TimingChain, after record: CompletedRhythmComparison) {
        chain.add(record)
    }

    public static func judge(_ trial: RhythmComparison, _ answer: TimingAnswer, at timestamp: Date)
        -> CompletedRhythmComparison?
    {
        CompletedRhythmComparison(trial, answer: answer, timestamp: timestamp)
    }

    public static func feed(_ record: CompletedRhythmComparison, into part: inout RhythmProfile) { part.add(record) }

    public static let thresholdUnit = ThresholdUnit.percentOfSixteenth

    /// The newest run of any tempo band: a task measures at the tempo it sets.
    public static func newestMeasurement(_ discipline: Discipline, in profile: ProfileParts) -> ThresholdMeasurement? {
        guard measures(discipline) else { return nil }
        return profile[RhythmProfile.self].measurements.values.compactMap(\.last?.measurement)
            .max { $0.finished < $1.finished }
    }

    /// The fitted threshold per day at one tempo band, in percent of a sixteenth; days it cannot
    /// place are left out, as in the pitch sparkline; the band's measurements are marked on it with
    /// their intervals. The measurement's line is the band's measured thresholds, one point per run.
    public static func sparkline(_ discipline: Discipline, in profile: ProfileParts, band: TempoBand?) -> Sparkline {
        let rhythm = profile[RhythmProfile.self]
        if measures(discipline) {
            let measured = (rhythm.measurements[band ?? rhythm.mostTrained(rhythm.measurements, count: \.count)] ?? [])
                .suffix(Sparkline.maximumPoints)
            return Sparkline(
                values: measured.map(\.measurement.estimate.threshold.rawValue), hasData: !measured.isEmpty,
                caption: .init(
                    english: "Measured timing threshold, run by run: lower is better",
                    german: "Gemessene Timing-Schwelle, Messung für Messung: niedriger ist besser"))
        }
        let drawn = band ?? rhythm.mostTrained(rhythm.timing, count: \.count)
        let days = rhythm.timingDays[drawn] ?? []
        let placed = days.filter { $0.stats.thresholdPercent != nil }
        return Sparkline(
            values: placed.compactMap(\.stats.thresholdPercent), hasData: !days.isEmpty,
            caption: .init(
                english: "Timing threshold per day: lower is better",
                german: "Timing-Schwelle pro Tag: niedriger ist besser"),
            marks: rhythm.measuredMarks(drawn, on: placed.map(\.start)))
    }
}

extension RhythmComparison: KindTrial {
    public typealias Kind = RhythmComparisonKind
}

extension TimingAnswer: KindAnswer {
    public typealias Kind = RhythmComparisonKind
}

extension CompletedRhythmComparison: KindRecord {
    public typealias Kind = RhythmComparisonKind

    public enum Field: Int, CodingKey, CaseIterable {
        case tempoBPM, offsetPercent, isCorrect
    }

    /// The offset in milliseconds, for people reading a file: the percent is what is stored.
    public struct Derived: DerivedFields {
        public let offsetMs: Double
    }

    /// What a spreadsheet's rounding of `offsetMs` may change.
    private static let millisecondTolerance = 0.01

    /// A click displaced by more than a sixteenth would sit on another grid position.
    public static let percentLimit: ClosedRange<Double> = -100...100

    public var labels: RecordLabels { RecordLabels(discipline: discipline) }

    public var derived: Derived { Derived(offsetMs: offsetMs) }

    public init(timestamp: Date, labels: RecordLabels, fields: KeyedDecodingContainer<Field>) throws {
        self.init(
            tempo: try fields.decode(TempoBPM.self, forKey: .tempoBPM),
            offsetPercent: try fields.decode(Double.self, forKey: .offsetPercent),
            isCorrect: try fields.decode(Bool.self, forKey: .isCorrect), timestamp: timestamp,
            discipline: labels.discipline)
    }

    public func encode(fields: inout KeyedEncodingContainer<Field>) throws {
        try fields.encode(tempo, forKey: .tempoBPM)
        try fields.encode(offsetPercent, forKey: .offsetPercent)
        try fields.encode(isCorrect, forKey: .isCorrect)
    }

    /// The API states the displacement's size, as its trials and results do; `offsetMs` keeps the
    /// sign.
    public func encode(apiFields: inout KeyedEncodingContainer<Field>) throws {
        try apiFields.encode(tempo, forKey: .tempoBPM)
        try apiFields.encode(abs(offsetPercent), forKey: .offsetPercent)
        try apiFields.encode(isCorrect, forKey: .isCorrect)
    }

    public func disagreement(with stated: Derived) -> RecordFieldError? {
        abs(stated.offsetMs - offsetMs) <= Self.millisecondTolerance
            ? nil
            : RecordFieldError(
                field: "offsetMs", problem: "is not offsetPercent \(offsetPercent) of a sixteenth at \(tempo)")
    }

    public static func importBound(_ field: String) -> ImportBound? {
        switch field {
        case Field.offsetPercent.stringValue: .number(percentLimit, unit: "percent of a sixteenth")
        case "offsetMs": .number(CompletedRhythmMatching.millisecondLimit, unit: "milliseconds")
        default: nil
        }
    }
}

extension Trial {
    public static func rhythmComparison(_ trial: RhythmComparison) -> Trial { Trial(trial) }
}

extension TrialAnswer {
    public static func timing(_ answer: TimingAnswer) -> TrialAnswer { TrialAnswer(answer) }
}

extension TrainingRecord {
    public static func rhythmComparison(_ record: CompletedRhythmComparison) -> TrainingRecord {
        TrainingRecord(record)
    }
}

extension TrainingDataStore {
    /// Where the Compare Timing chain stands, from every stored Compare Timing answer (a few a
    /// minute of training: kept whole, unlike the pitch history).
    public func timingChain() async throws(DataStoreError) -> TimingChain {
        TimingChain(try await records(CompletedRhythmComparison.self, .rhythmComparison, limit: .max).reversed())
    }
}
