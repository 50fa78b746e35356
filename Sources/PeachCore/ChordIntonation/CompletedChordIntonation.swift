import Foundation

/// An answered Which Voice trial: the chord, the voice that was detuned and by how much, the voice
/// the user named. Exactly what is stored; the tuning is the record's label.
public struct CompletedChordIntonation: Hashable, Sendable {
    /// Which Voice?, or an answer of its measurement (`chordIntonationMeasurement`).
    public let discipline: Discipline
    public let rootNote: MIDINote
    public let triad: Triad
    public let detunedVoice: ChordVoice
    /// Signed: positive means the detuned voice was sharp.
    public let detuneCents: Cents
    public let answeredVoice: ChordVoice
    public let timestamp: Date
    public let tuningSystem: TuningSystem

    public init(
        rootNote: MIDINote, triad: Triad, detunedVoice: ChordVoice, detuneCents: Cents, answeredVoice: ChordVoice,
        timestamp: Date,
        tuningSystem: TuningSystem, discipline: Discipline = .chordIntonation
    ) {
        self.discipline = discipline
        self.rootNote = rootNote
        self.triad = triad
        self.detunedVoice = detunedVoice
        self.detuneCents = detuneCents
        self.answeredVoice = answeredVoice
        self.timestamp = timestamp
        self.tuningSystem = tuningSystem
    }

    public init(_ trial: ChordIntonationTrial, answer: ChordVoice, timestamp: Date) {
        self.init(
            rootNote: trial.root, triad: trial.triad, detunedVoice: trial.detunedVoice, detuneCents: trial.centOffset,
            answeredVoice: answer, timestamp: timestamp, tuningSystem: trial.tuningSystem, discipline: trial.discipline)
    }

    public var isCorrect: Bool { answeredVoice == detunedVoice }

    /// The difficulty played: what the chain continues from and the threshold is fitted to.
    public var centDifference: Cents { detuneCents.magnitude }
}

extension CompletedChordIntonation: MeasuredAnswer {
    public var thresholdTrial: ThresholdEstimator.Trial {
        ThresholdEstimator.Trial(difference: centDifference.rawValue, isCorrect: isCorrect)
    }
}
