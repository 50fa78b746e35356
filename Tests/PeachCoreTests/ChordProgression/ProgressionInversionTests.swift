import Foundation
import Testing

@testable import PeachCore

struct ProgressionInversionTests {
    static func trial(_ numerals: [RomanNumeral], tonic: Int, mode: ScaleMode = .major, inversions: Bool = true)
        -> ChordProgressionTrial
    {
        ChordProgressionTrial(
            tonic: MIDINote(tonic)!, mode: mode, progression: Progression(numerals), tuningSystem: .justIntonation,
            inversions: inversions, choices: RomanNumeral.offered(in: mode))
    }

    /// Every pair and triple of a key's numerals after the cadence, on every tonic.
    static func progressions(_ mode: ScaleMode) -> [[RomanNumeral]] {
        let offered = RomanNumeral.offered(in: mode)
        return offered.flatMap { a in offered.flatMap { b in offered.map { c in [a, b, c] } } }
    }

    @Test(arguments: ScaleMode.allCases)
    func anInversionsBassIsItsChordToneInC2ToC3AndTheRightHandPlaysTheRest(mode: ScaleMode) {
        var inverted = Set<Int>()
        for tonic in ProgressionVoicing.bassOctave {
            for numerals in Self.progressions(mode) {
                for chord in Self.trial(numerals, tonic: tonic, mode: mode).chords {
                    let semitones = chord.numeral.quality.semitones
                    let bassTone = tonic + chord.numeral.root.semitones + semitones[chord.inversion]
                    #expect((chord.bass.rawValue - bassTone) % 12 == 0)
                    #expect((36...48).contains(chord.bass.rawValue))
                    for (note, tone) in zip(chord.upper, chord.upperTones) {
                        #expect((note.rawValue - tonic - chord.numeral.root.semitones - semitones[tone]) % 12 == 0)
                    }
                    // A triad's three tones above; a seventh chord's three the bass leaves.
                    #expect(
                        Set(chord.upperTones)
                            == Set(semitones.indices).subtracting(semitones.count == 4 ? [chord.inversion] : []))
                    inverted.insert(chord.inversion)
                }
            }
        }
        // First and second inversions come, and V7's third.
        #expect(inverted == [0, 1, 2, 3])
    }

    /// Not random: the same numerals give the same inversions; the cadence and the last chord stand
    /// on their roots, and a six-four's bass is held into the next chord or passes by step.
    @Test(arguments: ScaleMode.allCases)
    func theBassLineFollowsTheRule(mode: ScaleMode) {
        for tonic in ProgressionVoicing.bassOctave {
            for numerals in Self.progressions(mode) {
                let chords = Self.trial(numerals, tonic: tonic, mode: mode).chords
                #expect(
                    chords.map(\.inversion) == Self.trial(numerals, tonic: tonic, mode: mode).chords.map(\.inversion))
                #expect(chords.prefix(4).allSatisfy { $0.inversion == 0 } && chords.last!.inversion == 0)
                for index in 4..<chords.count - 1
                where chords[index].inversion == 2 && chords[index].numeral.quality.semitones.count == 3 {
                    let into = chords[index].bass.rawValue - chords[index - 1].bass.rawValue
                    let out = chords[index + 1].bass.rawValue - chords[index].bass.rawValue
                    #expect(
                        out == 0
                            || (into.signum() == out.signum() && [into, out].allSatisfy { (1...2).contains(abs($0)) }))
                }
            }
        }
    }

    /// The bass steps where an inversion lets it: G–F♯–E, E–C–D.
    @Test func inGMajorTheBassStepsThroughV6AndIi6() {
        let iV6vi = Self.trial([.one, .five, .six], tonic: 43).chords.suffix(3)
        #expect(iV6vi.map(\.inversion) == [0, 1, 0])
        #expect(iV6vi.map(\.bass.rawValue) == [43, 42, 40])
        let viIi6V = Self.trial([.six, .two, .five], tonic: 43).chords.suffix(3)
        #expect(viIi6V.map(\.inversion) == [0, 1, 0])
        #expect(viIi6V.map(\.bass.rawValue) == [40, 36, 38])
        #expect(Self.trial([.one, .four, .five, .one], tonic: 36).chords.allSatisfy { $0.inversion == 0 })
    }

    @Test func withoutTheSettingEveryChordStandsOnItsRoot() {
        for numerals in Self.progressions(.major) {
            #expect(Self.trial(numerals, tonic: 43, inversions: false).chords.allSatisfy { $0.inversion == 0 })
        }
    }

    @Test func anInversionIsNamedByItsFigure() {
        #expect(RomanNumeral.five.figured(inversion: 1) == "V⁶")
        #expect(RomanNumeral.one.figured(inversion: 2) == "I⁶₄")
        #expect(RomanNumeral.seven.figured(inversion: 1) == "vii°⁶")
        #expect(
            (0...3).map { RomanNumeral.dominantSeventh.figured(inversion: $0) } == ["V7", "V⁶₅", "V⁴₃", "V⁴₂"])
        #expect(RomanNumeral.six.figured(inversion: 0) == "vi")
    }

    /// In just intonation each chord stays pure from its root where the bass plays another tone:
    /// every note stands at its harmonic's distance from the root (in any octave), within 1e-4 ¢.
    @Test(arguments: ScaleMode.allCases)
    func anInvertedJustChordIsPureFromItsRoot(mode: ScaleMode) {
        var invertedChords = 0
        for tonic in ProgressionVoicing.bassOctave {
            for numerals in Self.progressions(mode) {
                let trial = Self.trial(numerals, tonic: tonic, mode: mode)
                for chord in trial.chords where chord.inversion > 0 {
                    let hertz = chord.notes.map {
                        trial.frequency($0.note, tone: $0.tone, of: chord.numeral, reference: .a440)
                    }
                    // The right hand always has the root when the bass does not.
                    let root = hertz[chord.notes.firstIndex { $0.tone == 0 }!]
                    let harmonics = chord.numeral.quality.harmonics
                    for (index, note) in chord.notes.enumerated() {
                        let off =
                            hertz[index].cents(from: root).rawValue
                            - 1200 * log2(Double(harmonics[note.tone]) / Double(harmonics[0]))
                        #expect(abs(off - 1200 * (off / 1200).rounded()) < 1e-4, "\(chord.numeral.rawValue) \(off) ¢")
                    }
                    invertedChords += 1
                }
            }
        }
        #expect(invertedChords > 1000)
    }

    /// Open trials stored before inversions came have no `inversions`: they load without.
    @Test func aTrialStoredBeforeInversionsLoadsInRootPosition() throws {
        let trial = Self.trial([.one, .five, .six], tonic: 43)
        var stored = try JSONSerialization.jsonObject(with: JSONEncoder().encode(trial)) as! [String: Any]
        #expect(stored.removeValue(forKey: "inversions") as? Bool == true)
        let old = try JSONDecoder().decode(
            ChordProgressionTrial.self, from: JSONSerialization.data(withJSONObject: stored))
        #expect(!old.inversions && old.progression == trial.progression && old.tonic == trial.tonic)
        #expect(old.chords.allSatisfy { $0.inversion == 0 })
        #expect(try JSONDecoder().decode(ChordProgressionTrial.self, from: JSONEncoder().encode(trial)) == trial)
    }

    @Test func theSettingDrawsTrialsWithInversions() throws {
        var settings = TrainingSettings.default
        var generator = SeededGenerator(seed: 5)
        let plain = ChordProgressionKind.draw(
            .chordProgression, settings: settings, chain: ChordProgressionKind.freshChain, using: &generator)
        #expect(!plain.inversions)
        settings = try PeachSettings.default.applying(
            SettingsUpdate(kindValues: ["progressionInversions": .flag(true)])
        ).training
        #expect(settings[ChordProgressionSettings.self].progressionInversions)
        let inverted = ChordProgressionKind.draw(
            .chordProgression, settings: settings, chain: ChordProgressionKind.freshChain, using: &generator)
        #expect(inverted.inversions)
    }

    /// Without the setting, the ladder's last step inverts: once every numeral of both modes is
    /// mastered, the trials are drawn with inversions; Common Progressions' are not.
    @Test func theLadderInvertsOnceEveryChordIsMastered() {
        var chain = ChordProgressionKind.freshChain
        var generator = SeededGenerator(seed: 5)
        var steps = 0
        while !chain.ladder.step.inversions && steps < 2000 {
            let trial = ChordProgressionKind.draw(
                .chordProgression, settings: .default, chain: chain, using: &generator)
            #expect(!trial.inversions)
            ChordProgressionKind.advance(
                &chain, after: CompletedChordProgression(trial, answer: trial.progression, timestamp: Date()))
            steps += 1
        }
        #expect(chain.ladder.step == ProgressionLadder.ladder.last!)
        let trial = ChordProgressionKind.draw(.chordProgression, settings: .default, chain: chain, using: &generator)
        #expect(trial.inversions && trial.progression.count == 5)
        let common = ChordProgressionKind.draw(.commonProgression, settings: .default, chain: chain, using: &generator)
        #expect(!common.inversions)
    }
}
