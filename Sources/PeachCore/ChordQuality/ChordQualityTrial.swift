import Foundation

/// A chord in root position or an inversion, block or arpeggiated: what quality is it?
public struct ChordQualityTrial: Hashable, Sendable, Codable {
    public let discipline: Discipline
    /// The chord's root as it is played: the bass in root position, above the bass in an inversion.
    public let root: MIDINote
    public let quality: ChordQuality
    /// 0 for root position, 1 for the first inversion (the third in the bass), and so on.
    public let inversion: Int
    public let voicing: ChordVoicing
    /// The qualities the user may answer, in the kind's order: the chosen set the quality was drawn from.
    public let choices: [ChordQuality]

    public init(
        _ discipline: Discipline = .chordQuality, root: MIDINote, quality: ChordQuality, inversion: Int,
        voicing: ChordVoicing,
        choices: [ChordQuality]
    ) {
        self.discipline = discipline
        self.root = root
        self.quality = quality
        self.inversion = inversion
        self.voicing = voicing
        self.choices = choices
    }

    /// The notes, bass first: in an inversion, the chord tones above the bass's an octave down, so
    /// the root stays where it is and the chord keeps its register.
    public var notes: [MIDINote] { Self.notes(root: root, quality: quality, inversion: inversion) }

    /// Semitones from the root, bass first (negative below the root).
    public static func offsets(_ quality: ChordQuality, inversion: Int) -> [Int] {
        let semitones = quality.semitones
        return semitones[inversion...].map { $0 - (inversion > 0 ? 12 : 0) } + semitones[..<inversion]
    }

    static func notes(root: MIDINote, quality: ChordQuality, inversion: Int) -> [MIDINote] {
        offsets(quality, inversion: inversion).map { MIDINote(root.rawValue + $0)! }
    }
}
