import Foundation
import Testing

@testable import PeachCore

struct ChordProgressionTuningTests {
    static let reference = ReferencePitch.a440

    static func trial(
        _ numerals: [RomanNumeral], tonic: Int, mode: ScaleMode, tuning: TuningSystem, inversions: Bool = false
    ) -> ChordProgressionTrial {
        ChordProgressionTrial(
            tonic: MIDINote(tonic)!, mode: mode, progression: Progression(numerals), tuningSystem: tuning,
            inversions: inversions, choices: RomanNumeral.offered(in: mode))
    }

    /// Every chord of the trial, each note with its frequency.
    static func tuned(_ trial: ChordProgressionTrial) -> [(chord: VoicedChord, hertz: [Frequency])] {
        trial.chords.map { chord in
            (
                chord,
                chord.notes.map { trial.frequency($0.note, tone: $0.tone, of: chord.numeral, reference: reference) }
            )
        }
    }

    /// Pure from the root: from the bass where it plays the root, and where an inversion puts another
    /// tone there, from the root in the right hand.
    @Test(arguments: ScaleMode.allCases, [false, true])
    func everyJustChordIsPureFromItsRootWithin1e4Cents(mode: ScaleMode, inversions: Bool) {
        for tonic in ProgressionVoicing.bassOctave {
            // Every numeral of the mode, twice, so that each follows others.
            let numerals = RomanNumeral.offered(in: mode) + RomanNumeral.offered(in: mode).reversed()
            let trial = Self.trial(numerals, tonic: tonic, mode: mode, tuning: .justIntonation, inversions: inversions)
            for (chord, hertz) in Self.tuned(trial) {
                let harmonics = chord.numeral.quality.harmonics
                let root = hertz[chord.notes.firstIndex { $0.tone == 0 }!]
                for (index, note) in chord.notes.enumerated() {
                    let heard = hertz[index].cents(from: root).rawValue
                    let pure = 1200 * log2(Double(harmonics[note.tone]) / Double(harmonics[0]))
                    let off = heard - pure
                    #expect(
                        abs(off - 1200 * (off / 1200).rounded()) < 1e-4,
                        "\(chord.numeral.rawValue) on tonic \(tonic), note \(note.note.rawValue): \(off) ¢")
                }
            }
        }
    }

    @Test(arguments: ScaleMode.allCases, [false, true])
    func theTonicIsTheSameFrequencyAtTheStartAndTheEnd(mode: ScaleMode, inversions: Bool) {
        let tonicChord = RomanNumeral.cadence(in: mode)[0]
        let wanderers: [RomanNumeral] =
            mode == .major
            ? [.six, .two, .five, .three, .six, .two, .dominantSeventh, .one]
            : [.flatSix, .minorTwo, .dominantSeventh, .flatThree, .flatSeven, .minorOne]
        for tonic in ProgressionVoicing.bassOctave {
            let tuned = Self.tuned(
                Self.trial(wanderers, tonic: tonic, mode: mode, tuning: .justIntonation, inversions: inversions))
            let first = tuned.first!.hertz[0]
            let last = tuned.last!.hertz[0]
            #expect(tuned.first!.chord.numeral == tonicChord && tuned.last!.chord.numeral == tonicChord)
            #expect(first == last, "tonic \(tonic): \(first) then \(last)")
            // The anchor: the tonic where equal temperament puts it.
            #expect(first == Frequency(note: MIDINote(tonic)!, reference: Self.reference))
        }
    }

    @Test func anEqualTemperedTrialPlaysEveryNoteInEqualTemperament() {
        let trial = Self.trial(
            [.two, .dominantSeventh, .one, .six], tonic: 41, mode: .major, tuning: .equalTemperament)
        for (chord, hertz) in Self.tuned(trial) {
            #expect(hertz == chord.notes.map { Frequency(note: $0.note, reference: Self.reference) })
        }
    }

    /// The rule the docs state: each root's distance from equal temperament, in cents.
    @Test func eachRootsShiftFromEqualTemperamentIsItsJustRatios() {
        let shifts: [RomanNumeral: Double] = [
            .one: 0, .two: 3.910, .three: -13.686, .four: -1.955, .five: 1.955, .six: -15.641, .seven: -11.731,
            .flatThree: 15.641, .flatSix: 13.686, .flatSeven: 17.596,
        ]
        for (numeral, cents) in shifts {
            #expect(abs(numeral.rootShift.rawValue - cents) < 0.001, "\(numeral.rawValue)")
        }
    }
}
