import Foundation

/// A chord in root position or an inversion, block or arpeggiated: what quality is it?
public struct ChordQualityTrial: Hashable, Sendable, Codable {
    public let discipline: Discipline
    /// The chord's root, where it is in the chord played: the bass only in root position.
    public let root: MIDINote
    public let quality: ChordQuality
    /// 0 for root position, 1 for the first inversion (the third in the bass), and so on.
    public let inversion: Int
    public let voicing: ChordVoicing
    /// The qualities the user may answer, in the kind's order: the chosen set the quality was drawn from.
    public let choices: [ChordQuality]

    public init(
        _ discipline: Discipline = .chordQuality, root: MIDINote, quality: ChordQuality, inversion: Int, voicing: ChordVoicing,
        choices: [ChordQuality]
    ) {
        self.discipline = discipline
        self.root = root
        self.quality = quality
        self.inversion = inversion
        self.voicing = voicing
        self.choices = choices
    }

    /// The notes, bass first: root position's lowest `inversion` notes an octave up.
    public var notes: [MIDINote] { Self.notes(root: root, quality: quality, inversion: inversion) }

    static func offsets(_ quality: ChordQuality, inversion: Int) -> [Int] {
        let semitones = quality.semitones
        return Array(semitones[inversion...]) + semitones[..<inversion].map { $0 + 12 }
    }

    static func notes(root: MIDINote, quality: ChordQuality, inversion: Int) -> [MIDINote] {
        offsets(quality, inversion: inversion).map { MIDINote(root.rawValue + $0)! }
    }
}
