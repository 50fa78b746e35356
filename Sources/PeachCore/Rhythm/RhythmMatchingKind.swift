import Foundation

extension Discipline {
    /// Fill the Gap: tap where the silent sixteenth of each cycle belongs.
    public static let rhythmMatching = Discipline(declared: "rhythmMatching")
}

extension Discipline.Kind {
    public static let rhythmMatching = Discipline.Kind(rawValue: "rhythmMatching")
}

extension Discipline.AnswerMethod {
    /// Taps in time.
    public static let taps = Discipline.AnswerMethod(
        rawValue: "taps", hint: "send tapSeconds, a list of tap times in seconds")
}

/// Fill the Gap: sixteen cycles of four sixteenths, one silent in each, answered by tapping where
/// the silent clicks belong. Every trial is drawn afresh.
public enum RhythmMatchingKind: TrainingKind {
    public typealias Chain = NoChain

    public static let id = Discipline.Kind.rhythmMatching

    /// In the terminal on a MIDI keyboard only: a typed key arrives when it is read, without the
    /// moment it was pressed; the sequencer stamps each MIDI key with its own.
    public static let disciplines = [
        DisciplineDeclaration(
            .rhythmMatching, names: .init(english: "Fill the Gap", german: "Lücke füllen"),
            summary: .init(english: "Tap the missing beat in time.", german: "Tippe den fehlenden Schlag im Takt."),
            answerMethod: .taps,
            group: .rhythm,
            settings: ["tempoBPM"], terminalCommand: "peach rhythm --fill-the-gap --midi")
    ]

    public static func draw(
        _ discipline: Discipline, settings: TrainingSettings, chain: NoChain,
        using generator: inout some RandomNumberGenerator
    ) -> RhythmMatchingTrial {
        RhythmMatchingTrial.random(tempo: settings.tempo, using: &generator)
    }

    public static func judge(_ trial: RhythmMatchingTrial, _ answer: TapAnswer, at timestamp: Date)
        -> CompletedRhythmMatching?
    {
        CompletedRhythmMatching(trial.judge(taps: answer.seconds), timestamp: timestamp)
    }

    public static func feed(_ record: CompletedRhythmMatching, into part: inout RhythmProfile) { part.add(record) }

    public static var sparklineReading: Sparkline.Reading { .closerToZero }

    /// The mean offset per day at one tempo band (early below, late above).
    public static func sparkline(_ discipline: Discipline, in profile: ProfileParts, band: TempoBand?) -> Sparkline {
        let rhythm = profile[RhythmProfile.self]
        let days = rhythm.tappingDays[band ?? rhythm.mostTrained(rhythm.tapping, count: \.count)] ?? []
        return Sparkline(
            values: days.compactMap(\.stats.meanOffsetMs), hasData: !days.isEmpty,
            caption: .init(
                english: "Mean offset per day: closer to 0 ms is better",
                german: "Mittlere Abweichung pro Tag: näher an 0 ms ist besser"))
    }
}

/// Fill the Gap's answer: every tap.
public struct TapAnswer: KindAnswer {
    public typealias Kind = RhythmMatchingKind

    /// Seconds from the trial's time zero, already corrected for latency by the client.
    public let seconds: [Double]

    public init(seconds: [Double]) { self.seconds = seconds }
}

extension RhythmMatchingTrial: KindTrial {
    public typealias Kind = RhythmMatchingKind
}

extension CompletedRhythmMatching: KindRecord {
    public typealias Kind = RhythmMatchingKind

    public enum Field: Int, CodingKey, CaseIterable {
        case tempoBPM, meanOffsetMs, offsetSDMs, hitRate
        case meanOffsetMsPosition0, meanOffsetMsPosition1, meanOffsetMsPosition2, meanOffsetMsPosition3

        static let positions: [Field] = [
            .meanOffsetMsPosition0, .meanOffsetMsPosition1, .meanOffsetMsPosition2, .meanOffsetMsPosition3,
        ]
    }

    /// Taps are judged against the nearest gap, so no offset reaches half a sixteenth at 40 BPM
    /// (187.5 ms); a second is a generous bound that still keeps a file's absurd values out.
    public static let millisecondLimit: ClosedRange<Double> = -1000...1000

    public var labels: RecordLabels { RecordLabels(discipline: .rhythmMatching) }

    public init(timestamp: Date, labels: RecordLabels, fields: KeyedDecodingContainer<Field>) throws {
        var positions: [Double?] = []
        for field in Field.positions { positions.append(try fields.decodeIfPresent(Double.self, forKey: field)) }
        self.init(
            tempo: try fields.decode(TempoBPM.self, forKey: .tempoBPM),
            meanOffsetMs: try fields.decodeIfPresent(Double.self, forKey: .meanOffsetMs),
            offsetSDMs: try fields.decodeIfPresent(Double.self, forKey: .offsetSDMs),
            hitRate: try fields.decodeIfPresent(Double.self, forKey: .hitRate), meanOffsetMsByPosition: positions,
            timestamp: timestamp)
    }

    public func encode(fields: inout KeyedEncodingContainer<Field>) throws {
        try fields.encode(tempo, forKey: .tempoBPM)
        try fields.encodeIfPresent(meanOffsetMs, forKey: .meanOffsetMs)
        try fields.encodeIfPresent(offsetSDMs, forKey: .offsetSDMs)
        try fields.encodeIfPresent(hitRate, forKey: .hitRate)
        for (field, offset) in zip(Field.positions, meanOffsetMsByPosition) {
            try fields.encodeIfPresent(offset, forKey: field)
        }
    }

    public static func importBound(_ field: String) -> ImportBound? {
        switch field {
        case Field.hitRate.stringValue: .number(0...1, unit: "hits per gap")
        case Field.offsetSDMs.stringValue: .number(0...millisecondLimit.upperBound, unit: "milliseconds")
        case Field.tempoBPM.stringValue: nil
        default: .number(millisecondLimit, unit: "milliseconds")
        }
    }
}

extension Trial {
    public static func rhythmMatching(_ trial: RhythmMatchingTrial) -> Trial { Trial(trial) }
}

extension TrialAnswer {
    public static func taps(_ seconds: [Double]) -> TrialAnswer { TrialAnswer(TapAnswer(seconds: seconds)) }
}

extension TrainingRecord {
    public static func rhythmMatching(_ record: CompletedRhythmMatching) -> TrainingRecord { TrainingRecord(record) }
}
