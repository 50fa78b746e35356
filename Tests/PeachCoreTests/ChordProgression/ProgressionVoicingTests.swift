import Testing

@testable import PeachCore

struct ProgressionVoicingTests {
    static let modes = ScaleMode.allCases

    @Test(arguments: ScaleMode.allCases)
    func everyChordHasItsRootInTheBassAndItsToneInCloseVoicingAroundC4(mode: ScaleMode) {
        for tonic in ProgressionVoicing.bassOctave {
            let numerals = RomanNumeral.offered(in: mode) + RomanNumeral.offered(in: mode).reversed()
            for chord in ProgressionVoicing.voice(numerals, tonic: MIDINote(tonic)!) {
                #expect((36...47).contains(chord.bass.rawValue))
                #expect((chord.bass.rawValue - tonic - chord.numeral.root.semitones) % 12 == 0)
                #expect(chord.upper.count == 3 && chord.upper.last!.rawValue - chord.upper.first!.rawValue < 12)
                #expect(zip(chord.upper, chord.upper.dropFirst()).allSatisfy { $0 < $1 })
                #expect(chord.upper.allSatisfy { ProgressionVoicing.upperCompass.contains($0.rawValue) })
                for (note, tone) in zip(chord.upper, chord.upperTones) {
                    #expect((note.rawValue - chord.bass.rawValue - chord.numeral.quality.semitones[tone]) % 12 == 0)
                }
                // A triad has all three tones above, a seventh chord its third, fifth and seventh.
                #expect(
                    Set(chord.upperTones).count == 3
                        && !chord.upperTones.contains(chord.numeral.quality.semitones.count == 4 ? 0 : 3))
            }
        }
    }

    /// From every chord of a key to every other: a voice whose note the next chord's right hand has
    /// stays; the others move by a step (one or two semitones) wherever some voicing of the next
    /// chord in the compass lets every voice do so.
    @Test(arguments: ScaleMode.allCases)
    func commonTonesAreHeldAndTheOtherVoicesMoveByStepWhereTheyCan(mode: ScaleMode) {
        var checked = 0
        for tonic in ProgressionVoicing.bassOctave {
            let offered = RomanNumeral.offered(in: mode)
            for first in offered {
                for second in offered where second != first {
                    let chords = ProgressionVoicing.voice(
                        RomanNumeral.cadence(in: mode) + [first, second], tonic: MIDINote(tonic)!)
                    let (before, after) = (chords[chords.count - 2], chords[chords.count - 1])
                    let nextClasses = Set(after.upper.map { $0.rawValue % 12 })
                    for (old, new) in zip(before.upper, after.upper) where nextClasses.contains(old.rawValue % 12) {
                        #expect(
                            old == new,
                            "\(first.rawValue)→\(second.rawValue) on \(tonic): \(before.upper) \(after.upper)")
                    }
                    let stepwise = ProgressionVoicing.voicings(second, tonic: MIDINote(tonic)!).contains { option in
                        zip(before.upper, option.notes).allSatisfy { abs($0.rawValue - $1) <= 2 }
                    }
                    if stepwise {
                        #expect(
                            zip(before.upper, after.upper).allSatisfy { abs($0.rawValue - $1.rawValue) <= 2 },
                            "\(first.rawValue)→\(second.rawValue) on \(tonic): \(before.upper) \(after.upper)")
                        checked += 1
                    }
                }
            }
        }
        // Most pairs of a key's chords can move by step: the rule is not vacuous.
        #expect(checked > 12 * 40)
    }

    /// C held into IV, IV to V by step in every voice (rather than a leap of a third), V to I holding G.
    @Test func theMajorCadenceInCMovesByStepAndHoldsItsCommonTones() {
        let chords = ProgressionVoicing.voice(RomanNumeral.cadence(in: .major), tonic: MIDINote(36)!)
        #expect(
            chords.map { $0.upper.map(\.rawValue) } == [[60, 64, 67], [60, 65, 69], [62, 67, 71], [64, 67, 72]])
        #expect(chords.map(\.bass.rawValue) == [36, 41, 43, 36])
    }
}
