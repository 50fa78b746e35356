import Foundation

/// An answered chord-quality trial: the chord played (root, quality, inversion, block or
/// arpeggiated) and the quality the user named. Exactly what is stored; chords are always played in
/// equal temperament.
public struct CompletedChordQuality: Hashable, Sendable {
    public let rootNote: MIDINote
    public let quality: ChordQuality
    public let inversion: Int
    public let voicing: ChordVoicing
    public let answeredQuality: ChordQuality
    public let timestamp: Date

    public init(
        rootNote: MIDINote, quality: ChordQuality, inversion: Int, voicing: ChordVoicing, answeredQuality: ChordQuality,
        timestamp: Date
    ) {
        self.rootNote = rootNote
        self.quality = quality
        self.inversion = inversion
        self.voicing = voicing
        self.answeredQuality = answeredQuality
        self.timestamp = timestamp
    }

    public init(_ trial: ChordQualityTrial, answer: ChordQuality, timestamp: Date) {
        self.init(
            rootNote: trial.root, quality: trial.quality, inversion: trial.inversion, voicing: trial.voicing,
            answeredQuality: answer,
            timestamp: timestamp)
    }

    public var isCorrect: Bool { answeredQuality == quality }
}
