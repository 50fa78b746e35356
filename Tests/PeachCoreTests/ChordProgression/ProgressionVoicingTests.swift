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

    /// From every chord of a key to every other, among the next chord's voicings in the compass
    /// that move in the fewest parallel fifths and octaves (none, wherever one does): a voice whose
    /// note the next chord's right hand has stays on it, wherever one of them holds every such voice; the
    /// others move by a step (one or two semitones) wherever one of them lets every voice do so.
    @Test(arguments: ScaleMode.allCases)
    func commonTonesAreHeldAndTheOtherVoicesMoveByStepWhereTheyCanWithoutParallels(mode: ScaleMode) {
        var (held, stepped, parallels) = (0, 0, 0)
        for tonic in ProgressionVoicing.bassOctave {
            let offered = RomanNumeral.offered(in: mode)
            for first in offered {
                for second in offered where second != first {
                    let chords = ProgressionVoicing.voice(
                        RomanNumeral.cadence(in: mode) + [first, second], tonic: MIDINote(tonic)!)
                    let (before, after) = (chords[chords.count - 2], chords[chords.count - 1])
                    let options = ProgressionVoicing.voicings(second, tonic: MIDINote(tonic)!).map {
                        VoicedChord(
                            numeral: second, bass: after.bass, inversion: 0, upper: $0.notes.map { MIDINote($0)! },
                            upperTones: $0.tones)
                    }
                    let fewest = options.map { ProgressionVoicing.parallels(from: before, to: $0) }.min()!
                    #expect(ProgressionVoicing.parallels(from: before, to: after) == fewest)
                    parallels += fewest
                    let clean = options.filter { ProgressionVoicing.parallels(from: before, to: $0) == fewest }
                    let nextClasses = Set(after.upper.map { $0.rawValue % 12 })
                    let common = before.upper.indices.filter { nextClasses.contains(before.upper[$0].rawValue % 12) }
                    let holds = { (option: VoicedChord) in common.allSatisfy { option.upper[$0] == before.upper[$0] } }
                    if clean.contains(where: holds) {
                        #expect(
                            holds(after),
                            "\(first.rawValue)→\(second.rawValue) on \(tonic): \(before.upper) \(after.upper)")
                        held += 1
                    }
                    let stepwise = clean.contains { option in
                        zip(before.upper, option.upper).allSatisfy { abs($0.rawValue - $1.rawValue) <= 2 }
                    }
                    if stepwise {
                        #expect(
                            zip(before.upper, after.upper).allSatisfy { abs($0.rawValue - $1.rawValue) <= 2 },
                            "\(first.rawValue)→\(second.rawValue) on \(tonic): \(before.upper) \(after.upper)")
                        stepped += 1
                    }
                }
            }
        }
        // Most pairs of a key's chords hold their common tones and move by step without parallels:
        // the rules are not vacuous, and a voicing without parallels is always found.
        #expect(held > 12 * 40 && stepped > 12 * 25)
        #expect(parallels == 0)
    }

    /// Every progression Peach plays, in every key, as the trial voices it (the cadence, then the
    /// chords, inverted where the setting allows): no two voices move in parallel fifths or octaves.
    @Test func noProgressionMovesInParallelFifthsOrOctaves() {
        var changes = 0
        for tonic in ProgressionVoicing.bassOctave {
            for mode in ScaleMode.allCases {
                let offered = RomanNumeral.offered(in: mode)
                let named = mode == .major ? CommonProgression.allCases.map(\.progression.numerals) : []
                let progressions = named + offered.map { [$0] + offered.filter { $0 != offered[0] } }
                for numerals in progressions {
                    for inversions in [false, true] {
                        let trial = ChordProgressionTrial(
                            tonic: MIDINote(tonic)!, mode: mode, progression: Progression(numerals),
                            tuningSystem: .equalTemperament, inversions: inversions, choices: offered)
                        for (a, b) in zip(trial.chords, trial.chords.dropFirst()) {
                            #expect(
                                ProgressionVoicing.parallels(from: a, to: b) == 0,
                                "\(a.numeral.rawValue)→\(b.numeral.rawValue) on \(tonic): \(a.notes.map(\.note)) \(b.notes.map(\.note))"
                            )
                            changes += 1
                        }
                    }
                }
            }
        }
        #expect(changes > 1000)
    }

    /// C held into IV; IV to V down against the rising bass (a leap of a third rather than
    /// parallel fifths and octaves by step); V to I holding G: the cadence as `Cadence` voices it.
    @Test func theMajorCadenceInCIsVoicedAsTheCadenceOfScaleDegrees() {
        let chords = ProgressionVoicing.voice(RomanNumeral.cadence(in: .major), tonic: MIDINote(36)!)
        #expect(
            chords.map { $0.upper.map(\.rawValue) } == [[60, 64, 67], [60, 65, 69], [59, 62, 67], [60, 64, 67]])
        #expect(chords.map { [$0.bass] + $0.upper } == Cadence(tonic: MIDINote(60)!, mode: .major).chords)
    }
}
