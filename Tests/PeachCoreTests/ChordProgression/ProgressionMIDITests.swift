import Testing

@testable import PeachCore

struct ProgressionMIDITests {
    /// Each chord of a progression, played in other octaves and another voicing, names its numeral in
    /// every key; V and V7, vii° and V7 stay apart, and keys that are no numeral's chord name nothing.
    @Test(arguments: ScaleMode.allCases)
    func aChordPlayedInAnyOctaveNamesItsNumeral(mode: ScaleMode) {
        let numerals = RomanNumeral.offered(in: mode)
        for tonic in ProgressionVoicing.bassOctave {
            let trial = ChordProgressionTrial(
                tonic: MIDINote(tonic)!, mode: mode, progression: Progression(numerals),
                tuningSystem: .equalTemperament,
                choices: numerals)
            let midi = ChordProgressionKind.midi(trial)!
            for chord in trial.chords {
                let keys =
                    [chord.bass.rawValue + 36] + chord.upper.map { $0.rawValue - 12 } + [chord.bass.rawValue + 12]
                #expect(
                    midi.answer(forChord: keys.map { MIDINote($0)! }) == chord.numeral.rawValue,
                    "\(chord.numeral.rawValue) on \(tonic)")
            }
            #expect(midi.answer(forChord: [MIDINote(tonic + 12)!, MIDINote(tonic + 13)!]) == nil)
            // Its triad's three keys name V; the seventh added, V7.
            let five = [7, 11, 14].map { MIDINote(tonic + 24 + $0)! }
            #expect(midi.answer(forChord: five) == "V")
            #expect(midi.answer(forChord: five + [MIDINote(tonic + 24 + 17)!]) == "V7")
        }
    }

    /// Only the trial's choices answer: a numeral not offered yet names nothing.
    @Test func aNumeralNotAmongTheChoicesNamesNothing() {
        let trial = ChordProgressionTrial(
            tonic: MIDINote(36)!, mode: .major, progression: Progression([.one, .four, .five]),
            tuningSystem: .equalTemperament, choices: [.one, .four, .five])
        let midi = ChordProgressionKind.midi(trial)!
        // ii in C: D F A.
        #expect(midi.answer(forChord: [62, 65, 69].map { MIDINote($0)! }) == nil)
        #expect(midi.answer(forChord: [60, 64, 67].map { MIDINote($0)! }) == "I")
    }
}
