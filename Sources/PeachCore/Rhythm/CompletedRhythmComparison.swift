import Foundation

/// An answered Compare Timing trial, as stored.
public struct CompletedRhythmComparison: Hashable, Sendable {
    /// Compare Timing, or an answer of its measurement (`timingMeasurement`).
    public let discipline: Discipline
    public let tempo: TempoBPM
    /// Signed, in percent of a sixteenth: negative means the click came early.
    public let offsetPercent: Double
    public let isCorrect: Bool
    public let timestamp: Date

    public init(
        tempo: TempoBPM, offsetPercent: Double, isCorrect: Bool, timestamp: Date,
        discipline: Discipline = .rhythmComparison
    ) {
        self.discipline = discipline
        self.tempo = tempo
        self.offsetPercent = offsetPercent
        self.isCorrect = isCorrect
        self.timestamp = timestamp
    }

    public init(_ trial: RhythmComparison, answer: TimingAnswer, timestamp: Date) {
        self.init(
            tempo: trial.tempo, offsetPercent: trial.offsetPercent, isCorrect: answer == trial.correctAnswer,
            timestamp: timestamp,
            discipline: trial.discipline)
    }

    /// The signed offset in milliseconds at the trial's tempo.
    public var offsetMs: Double { offsetPercent / 100 * tempo.sixteenthSeconds * 1000 }

    /// The difficulty the chain continues from.
    public var difference: Double { abs(offsetPercent) }

    public var direction: TimingAnswer { offsetPercent < 0 ? .early : .late }
}

extension CompletedRhythmComparison: MeasuredAnswer {
    public var thresholdTrial: ThresholdEstimator.Trial {
        ThresholdEstimator.Trial(difference: difference, isCorrect: isCorrect)
    }
}
