import Foundation

/// An answered Play it Back trial: the key (tonic and mode), the melody played and the notes the
/// user played back, in order. Exactly what is stored; whether each note was right follows from
/// the two melodies.
public struct CompletedMelodicDictation: Hashable, Sendable {
    public let tonicNote: MIDINote
    public let mode: ScaleMode
    public let melody: Melody
    public let answer: Melody
    public let timestamp: Date

    public init(tonicNote: MIDINote, mode: ScaleMode, melody: Melody, answer: Melody, timestamp: Date) {
        self.tonicNote = tonicNote
        self.mode = mode
        self.melody = melody
        self.answer = answer
        self.timestamp = timestamp
    }

    public init(_ trial: MelodicDictationTrial, answer: Melody, timestamp: Date) {
        self.init(tonicNote: trial.tonic, mode: trial.mode, melody: trial.melody, answer: answer, timestamp: timestamp)
    }

    /// How the answer is judged: as each trial tells the page (`MelodyJudging`).
    public var judging: MelodyJudging { MelodyJudging(melody) }

    /// Each note's judgement, in the melody's order.
    public var notesCorrect: [Bool] { judging.notesCorrect(answer) }

    public var correctNotes: Int { notesCorrect.filter { $0 }.count }

    public var isCorrect: Bool { judging.isCorrect(correctNotes: correctNotes) }
}
