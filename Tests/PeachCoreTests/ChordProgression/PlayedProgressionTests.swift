import Testing

@testable import PeachCore

/// A MIDI keyboard's messages, read as the terminal reads them (`MIDIChordReader`, then
/// `PlayedProgression`): chords played in voicings of the player's own answer a progression.
struct PlayedProgressionTests {
    /// Plays `numeral` in the key of `tonic` as a pianist might, not as the trial voices it: the root
    /// an octave above the bass's, the third and fifth two octaves up, the root again on top; keys
    /// let go in another order than struck. Returns the step the last key let go gives.
    private func play(
        _ numeral: RomanNumeral, over tonic: MIDINote, into played: inout PlayedProgression,
        reader: inout MIDIChordReader
    ) -> PlayedProgression.Step? {
        let root = tonic.rawValue + 12 + numeral.root.semitones
        let keys = ([root] + numeral.quality.semitones.dropFirst().map { root + 24 + $0 } + [root + 36]).map {
            MIDINote($0)!
        }
        for key in keys { #expect(reader.read(.noteOn(key, velocity: 80)) == nil) }
        var step: PlayedProgression.Step?
        for key in keys.reversed() {
            if let chord = reader.read(.noteOff(key)) { step = played.play(chord) }
        }
        return step
    }

    @Test(arguments: [ScaleMode.major, .minor])
    func eachChordPlayedNamesItsNumeralAndTheLastAnswers(mode: ScaleMode) {
        let choices = RomanNumeral.offered(in: mode)
        let progression = Progression([choices[1], choices[7], choices[0], choices[5]])
        let tonic = MIDINote(41)!
        let trial = ChordProgressionTrial(
            tonic: tonic, mode: mode, progression: progression, tuningSystem: .justIntonation, choices: choices)
        var played = PlayedProgression(trial)
        var reader = MIDIChordReader()
        #expect(play(choices[1], over: tonic, into: &played, reader: &reader) == .named([choices[1]]))
        #expect(play(choices[7], over: tonic, into: &played, reader: &reader) == .named([choices[1], choices[7]]))
        #expect(
            play(choices[0], over: tonic, into: &played, reader: &reader)
                == .named([choices[1], choices[7], choices[0]]))
        // A wrong chord is an answer too: the fourth played names the numeral it is, and answers.
        #expect(
            play(choices[3], over: tonic, into: &played, reader: &reader)
                == .answered(Progression([choices[1], choices[7], choices[0], choices[3]])))
    }

    @Test func aChordOfNoChoiceNamesNothingAndAnEmptyStartDropsTheChordsPlayed() {
        let tonic = MIDINote(45)!
        let trial = ChordProgressionTrial(
            tonic: tonic, mode: .major, progression: Progression([.one, .four, .five]),
            tuningSystem: .equalTemperament, choices: [.one, .four, .five])
        var played = PlayedProgression(trial)
        var reader = MIDIChordReader()
        #expect(play(.four, over: tonic, into: &played, reader: &reader) == .named([.four]))
        // vi is not offered yet; a cluster is no chord of the key.
        #expect(play(.six, over: tonic, into: &played, reader: &reader) == .noNumeral)
        for key in [57, 58, 59] { _ = reader.read(.noteOn(MIDINote(key)!, velocity: 70)) }
        for key in [57, 58] { _ = reader.read(.noteOff(MIDINote(key)!)) }
        #expect(reader.read(.noteOff(MIDINote(59)!)).map { played.play($0) } == .noNumeral)
        #expect(played.numerals == [.four])
        played.restart()
        #expect(play(.one, over: tonic, into: &played, reader: &reader) == .named([.one]))
    }

    /// A chord taken back, as the page's undo takes back a numeral: the one played in its place
    /// names its numeral, and the progression answers at its length as before.
    @Test func aChordTakenBackIsPlayedAgain() {
        let tonic = MIDINote(38)!
        let trial = ChordProgressionTrial(
            tonic: tonic, mode: .major, progression: Progression([.one, .four, .five]),
            tuningSystem: .equalTemperament, choices: [.one, .four, .five])
        var played = PlayedProgression(trial)
        var reader = MIDIChordReader()
        #expect(play(.one, over: tonic, into: &played, reader: &reader) == .named([.one]))
        #expect(play(.five, over: tonic, into: &played, reader: &reader) == .named([.one, .five]))
        played.takeBack()
        #expect(played.numerals == [.one])
        #expect(play(.four, over: tonic, into: &played, reader: &reader) == .named([.one, .four]))
        #expect(
            play(.five, over: tonic, into: &played, reader: &reader) == .answered(Progression([.one, .four, .five])))
        var none = PlayedProgression(trial)
        none.takeBack()
        #expect(none.numerals.isEmpty)
    }

    /// Common Progressions: the chords answer once they are a progression offered; chords that
    /// begin none are dropped, and the user plays it again from its first chord.
    @Test func theChordsOfACommonProgressionNameIt() {
        let tonic = MIDINote(43)!
        let offered: [CommonProgression] = [.oneFourFiveOne, .twoFiveOne, .twelveBarBlues]
        let trial = ChordProgressionTrial(
            .commonProgression, tonic: tonic, mode: .major, progression: CommonProgression.twoFiveOne.progression,
            tuningSystem: .equalTemperament, choices: [], progressions: offered)
        var played = PlayedProgression(trial)
        #expect(played.offered == [.one, .two, .four, .five, .dominantSeventh])
        var reader = MIDIChordReader()
        #expect(play(.one, over: tonic, into: &played, reader: &reader) == .named([.one]))
        #expect(play(.five, over: tonic, into: &played, reader: &reader) == .noProgression([.one, .five]))
        #expect(played.numerals.isEmpty)
        #expect(play(.six, over: tonic, into: &played, reader: &reader) == .noNumeral)
        #expect(play(.two, over: tonic, into: &played, reader: &reader) == .named([.two]))
        #expect(play(.five, over: tonic, into: &played, reader: &reader) == .named([.two, .five]))
        #expect(play(.one, over: tonic, into: &played, reader: &reader) == .answered(Progression([.two, .five, .one])))

        var blues = PlayedProgression(trial)
        let chords = CommonProgression.twelveBarBlues.progression.numerals
        for (index, numeral) in chords.enumerated().dropLast() {
            #expect(
                play(numeral, over: tonic, into: &blues, reader: &reader) == .named(Array(chords[...index])))
        }
        #expect(
            play(chords.last!, over: tonic, into: &blues, reader: &reader)
                == .answered(CommonProgression.twelveBarBlues.progression))
    }

    /// What lets the chords answer at the first progression they complete.
    @Test func noCommonProgressionBeginsAnother() {
        for first in CommonProgression.allCases {
            for second in CommonProgression.allCases where second != first {
                #expect(!second.progression.numerals.starts(with: first.progression.numerals), "\(first) \(second)")
            }
        }
    }
}
