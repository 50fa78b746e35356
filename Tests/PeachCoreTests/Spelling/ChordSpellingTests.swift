import Testing

@testable import PeachCore

struct ChordSpellingTests {
    @Test
    func chordsAreSpelledByTheKeyTheySuggest() {
        func tones(_ root: Int, _ quality: ChordQuality) -> String {
            ChordSpelling(rootPitchClass: root, quality: quality).tones.map { $0.name(in: .english) }.joined(
                separator: " ")
        }
        #expect(tones(8, .major) == "A♭ C E♭")
        #expect(tones(8, .minor) == "G♯ B D♯")
        #expect(tones(3, .dominant7) == "E♭ G B♭ D♭")
        #expect(tones(8, .diminished) == "G♯ B D")
        #expect(tones(1, .augmented) == "D♭ F A")
        #expect(tones(6, .halfDiminished7) == "F♯ A C E")
        #expect(ChordSpelling(rootPitchClass: 10, quality: .minor).symbol(in: .english) == "B♭m")
        #expect(ChordSpelling(rootPitchClass: 10, quality: .minor).symbol(in: .german) == "Bm")
        #expect(ChordSpelling(rootPitchClass: 8, quality: .minor7).symbol(in: .german) == "Gism7")
    }

    /// Every root and quality: the tones stack in thirds by letter and sound as the quality's semitones.
    @Test(arguments: ChordQuality.allCases)
    func everyChordStacksLettersInThirds(quality: ChordQuality) {
        for root in 0..<12 {
            let chord = ChordSpelling(rootPitchClass: root, quality: quality)
            #expect(chord.root.pitchClass == root)
            #expect(chord.tones.map(\.letter) == chord.tones.indices.map { chord.root.letter.advanced(by: 2 * $0) })
            #expect(chord.tones.map(\.pitchClass) == quality.semitones.map { (root + $0) % 12 })
        }
    }
}
