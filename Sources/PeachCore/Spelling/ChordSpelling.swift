/// A chord as it is written, without an octave: its root spelled as the key it suggests would
/// spell its tonic (A♭ major, G♯ minor, G♯°) and every tone on its own letter (a third is two
/// letters up), so A♭ major is A♭ C E♭, never G♯ C D♯.
public struct ChordSpelling: Hashable, Sendable {
    public let root: SpelledPitchClass
    public let quality: ChordQuality
    /// Root first, then the third, the fifth and the seventh.
    public let tones: [SpelledPitchClass]

    public init(rootPitchClass: Int, quality: ChordQuality) {
        // A chord with a minor third reads as the tonic chord of a minor key, any other as a major one.
        let mode: ScaleMode = quality.semitones[1] == 3 ? .minor : .major
        self.init(root: MusicalKey(tonicPitchClass: rootPitchClass, mode: mode).tonic, quality: quality)
    }

    public init(root: SpelledPitchClass, quality: ChordQuality) {
        self.root = root
        self.quality = quality
        tones = quality.semitones.enumerated().map { index, semitones in
            // Conventional roots carry at most one accidental, so every tone is within a double one.
            SpelledPitchClass(pitchClass: root.pitchClass + semitones, on: root.letter.advanced(by: 2 * index))!
        }
    }

    /// The lead-sheet symbol: "A♭", "G♯m", "B♭7", "F♯ø7"; in German "As", "Gism", "B7", "Fisø7".
    public func symbol(in language: NoteNameLanguage) -> String { root.name(in: language) + quality.symbol }
}
