import Foundation
import Testing

@testable import PeachCore

/// Issue 48, item 2: chords around C4 and melodies where a voice sings, on the default note range
/// (C2–C6) that used to spread them from a rumble to a whistle; a range that does not reach the
/// register is still honoured.
struct MusicalRegisterTests {
    @Test func onTheDefaultRangeEveryChordSitsAroundMiddleCOnAllTwelveRoots() {
        var generator = SeededGenerator(seed: 3)
        var settings = TrainingSettings.default
        settings[ChordQualitySettings.self].chordQualities = ChordQuality.allCases
        settings[ChordQualitySettings.self].chordInversions = true
        var lowestNotes = Set<Int>()
        for _ in 0..<600 {
            let trial = ChordQualityKind.draw(
                .chordQuality, settings: settings, chain: ChordQualityKind.freshChain, using: &generator)
            #expect(trial.notes.allSatisfy { (53...75).contains($0.rawValue) }, "\(trial.notes)")
            lowestNotes.insert(trial.notes[0].rawValue % 12)
        }
        #expect(lowestNotes.count == 12)
        for _ in 0..<200 {
            let chord = ChordIntonationKind.draw(
                .chordIntonation, settings: settings, chain: ChordIntonationKind.freshChain, using: &generator)
            #expect((53...68).contains(chord.root.rawValue), "\(chord.root)")
        }
    }

    @Test func onTheDefaultRangeEveryMelodyLiesWhereAVoiceSingsIt() {
        var generator = SeededGenerator(seed: 5)
        for _ in 0..<300 {
            let trial = MelodicDictationKind.draw(
                .melodicDictation, settings: .default, chain: MelodicDictationKind.freshChain, using: &generator)
            #expect(trial.melody.notes.allSatisfy { (57...76).contains($0.rawValue) }, "\(trial.melody)")
            #expect((57...65).contains(trial.tonic.rawValue))
        }
    }

    @Test func aRangeBesideTheRegisterIsHonouredAsCloseToItAsItAllows() throws {
        let low = try NoteRange(lower: 21, upper: 40)
        #expect(MusicalRegister.closeChord.lowestNotes(span: 7, in: low) == 33...33)
        let high = try NoteRange(lower: 90, upper: 108)
        #expect(MusicalRegister.closeChord.lowestNotes(span: 7, in: high) == 90...90)
        let overlapping = try NoteRange(lower: 60, upper: 96)
        #expect(MusicalRegister.closeChord.lowestNotes(span: 4, in: overlapping) == 60...71)
        // A melody keeps an octave at least: an overlap narrower than that leaves the range as it is.
        let narrow = try NoteRange(lower: 70, upper: 96)
        #expect(MusicalRegister.melody.narrowing(narrow) == narrow)
        #expect(MusicalRegister.melody.narrowing(.default) == (try NoteRange(lower: 57, upper: 76)))
    }
}
