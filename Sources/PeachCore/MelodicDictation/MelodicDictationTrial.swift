import Foundation

/// A cadence in a key, then a melody in it: play it back.
public struct MelodicDictationTrial: Hashable, Sendable, Codable {
    public let discipline: Discipline
    public let tonic: MIDINote
    public let mode: ScaleMode
    public let melody: Melody

    public init(_ discipline: Discipline = .melodicDictation, tonic: MIDINote, mode: ScaleMode, melody: Melody) {
        self.discipline = discipline
        self.tonic = tonic
        self.mode = mode
        self.melody = melody
    }

    public var cadence: Cadence { Cadence(tonic: tonic, mode: mode) }

    public var scale: DiatonicScale { DiatonicScale(tonic: tonic, mode: mode) }

    /// The keys to play it back on: from the C at or below the melody's lowest note, two octaves and
    /// the C above (fifteen white keys), farther if the melody reaches higher, within the piano.
    public var keyboard: ClosedRange<Int> {
        let lowest = melody.notes.map(\.rawValue).min()!
        let highest = melody.notes.map(\.rawValue).max()!
        let bottom = lowest - lowest % 12
        let top = max(bottom + 24, highest + (12 - highest % 12) % 12)
        return max(bottom, NoteRange.pianoRange.lowerBound)...min(top, NoteRange.pianoRange.upperBound)
    }
}
