import Testing

@testable import PeachCore

struct MusicalKeyTests {
    /// Every key by its tonic's pitch class, as a musician names it, English then German.
    static let names: [ScaleMode: [(String, String)]] = [
        .major: [
            ("C major", "C-Dur"), ("D♭ major", "Des-Dur"), ("D major", "D-Dur"), ("E♭ major", "Es-Dur"),
            ("E major", "E-Dur"), ("F major", "F-Dur"), ("F♯ major", "Fis-Dur"), ("G major", "G-Dur"),
            ("A♭ major", "As-Dur"), ("A major", "A-Dur"), ("B♭ major", "B-Dur"), ("B major", "H-Dur"),
        ],
        .minor: [
            ("C minor", "c-Moll"), ("C♯ minor", "cis-Moll"), ("D minor", "d-Moll"), ("E♭ minor", "es-Moll"),
            ("E minor", "e-Moll"), ("F minor", "f-Moll"), ("F♯ minor", "fis-Moll"), ("G minor", "g-Moll"),
            ("G♯ minor", "gis-Moll"), ("A minor", "a-Moll"), ("B♭ minor", "b-Moll"), ("B minor", "h-Moll"),
        ],
    ]

    @Test(arguments: ScaleMode.allCases)
    func everyKeyIsNamedAsMusiciansNameIt(mode: ScaleMode) {
        for pitchClass in 0..<12 {
            let key = MusicalKey(tonicPitchClass: pitchClass, mode: mode)
            #expect(key.tonic.pitchClass == pitchClass)
            #expect(key.name(in: .english) == Self.names[mode]![pitchClass].0)
            #expect(key.name(in: .german) == Self.names[mode]![pitchClass].1)
        }
    }

    /// All 24 keys: the scale takes each letter once, in order, sounds as the mode's scale, and
    /// writes its accidentals all sharp or all flat, six at the most (a key signature).
    @Test(arguments: ScaleMode.allCases)
    func everyScaleTakesEachLetterOnceWithOneKindOfAccidental(mode: ScaleMode) {
        for pitchClass in 0..<12 {
            let key = MusicalKey(tonicPitchClass: pitchClass, mode: mode)
            let scale = ScaleDegree.diatonic(in: mode).map(key.spelling(of:))
            #expect(
                scale.map(\.letter) == (0..<7).map { key.tonic.letter.advanced(by: $0) }, "\(key.name(in: .english))")
            #expect(scale.map(\.pitchClass) == ScaleDegree.diatonic(in: mode).map { (pitchClass + $0.semitones) % 12 })
            let accidentals = scale.map(\.accidental).filter { $0 != 0 }
            #expect(
                accidentals.allSatisfy { $0 == 1 } || accidentals.allSatisfy { $0 == -1 }, "\(key.name(in: .english))")
            #expect(accidentals.count <= 6, "\(key.name(in: .english))")
        }
    }

    @Test
    func theSpelledScalesOfKeysTheIssueNamed() {
        func scale(_ pitchClass: Int, _ mode: ScaleMode, _ language: NoteNameLanguage = .english) -> String {
            let key = MusicalKey(tonicPitchClass: pitchClass, mode: mode)
            return ScaleDegree.diatonic(in: mode).map { key.spelling(of: $0).name(in: language) }.joined(separator: " ")
        }
        #expect(scale(8, .major) == "A♭ B♭ C D♭ E♭ F G")
        #expect(scale(3, .major) == "E♭ F G A♭ B♭ C D")
        #expect(scale(6, .minor) == "F♯ G♯ A B C♯ D E")
        #expect(scale(6, .minor, .german) == "Fis Gis A H Cis D E")
        #expect(scale(10, .major, .german) == "B C D Es F G A")
        #expect(scale(3, .minor) == "E♭ F G♭ A♭ B♭ C♭ D♭")
    }

    /// A chromatic note: raised from the letter below on the way up, lowered from the letter above
    /// on the way down, named as its degree with no direction.
    @Test
    func chromaticNotesAreSpelledByTheirDirection() {
        let cMajor = MusicalKey(tonicPitchClass: 0, mode: .major)
        #expect(cMajor.spelling(ofPitchClass: 6, ascending: true).name(in: .english) == "F♯")
        #expect(cMajor.spelling(ofPitchClass: 6, ascending: false).name(in: .english) == "G♭")
        #expect(cMajor.spelling(ofPitchClass: 6).name(in: .english) == "F♯")
        #expect(cMajor.spelling(ofPitchClass: 10).name(in: .english) == "B♭")
        #expect(cMajor.spelling(ofPitchClass: 1, ascending: true).name(in: .english) == "C♯")
        // A scale note keeps its letter whichever way the melody moves.
        #expect(cMajor.spelling(ofPitchClass: 4, ascending: false).name(in: .english) == "E")
        let aMinor = MusicalKey(tonicPitchClass: 9, mode: .minor)
        #expect(aMinor.spelling(ofPitchClass: 8).name(in: .english) == "G♯")
        #expect(aMinor.spelling(ofPitchClass: 8, ascending: false).name(in: .english) == "A♭")
        // F♯ major's lowered second, raised from its tonic: F𝄪.
        let fSharpMajor = MusicalKey(tonicPitchClass: 6, mode: .major)
        #expect(fSharpMajor.spelling(ofPitchClass: 7, ascending: true).name(in: .english) == "F𝄪")
        #expect(fSharpMajor.spelling(ofPitchClass: 7, ascending: true).name(in: .german) == "Fisis")
    }

    /// Every pitch class in every key, either way, is a spelling of that pitch class.
    @Test(arguments: ScaleMode.allCases)
    func everySpellingSoundsAsThePitchClassItSpells(mode: ScaleMode) {
        for tonic in 0..<12 {
            let key = MusicalKey(tonicPitchClass: tonic, mode: mode)
            for pitchClass in 0..<12 {
                for direction in [true, false, nil] as [Bool?] {
                    let spelling = key.spelling(ofPitchClass: pitchClass, ascending: direction)
                    #expect(spelling.pitchClass == pitchClass, "\(key.name(in: .english)) \(pitchClass)")
                    #expect(abs(spelling.accidental) <= 2)
                }
            }
        }
    }

    @Test
    func aMelodyIsSpelledInItsKeyWithItsOctaves() {
        let bFlatMajor = MusicalKey(tonicPitchClass: 10, mode: .major)
        let melody = [58, 57, 53, 54, 53].map { MIDINote($0)! }
        #expect(bFlatMajor.spell(melody: melody).map { $0.name(in: .english) } == ["B♭3", "A3", "F3", "F♯3", "F3"])
        #expect(bFlatMajor.spell(melody: melody).map { $0.name(in: .german) } == ["B3", "A3", "F3", "Fis3", "F3"])
        let eMajor = MusicalKey(tonicPitchClass: 4, mode: .major)
        #expect(eMajor.spell(MIDINote(59)!).name(in: .german) == "H3")
    }
}
