import Foundation
import Testing

@testable import PeachCore

/// A Chord Progressions record keeps each chord's inversion as it was played, whether the setting or
/// the ladder's last step inverted it; what the Profile counts is the numerals alone, as before.
struct ProgressionRecordTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func judged(_ numerals: [RomanNumeral], tonic: Int, inversions: Bool, answer: [RomanNumeral]? = nil)
        -> CompletedChordProgression
    {
        let trial = ProgressionInversionTests.trial(numerals, tonic: tonic, inversions: inversions)
        return ChordProgressionKind.judge(trial, Progression(answer ?? numerals), at: Self.now)!
    }

    @Test func anAnswerKeepsEachChordsInversionAsPlayed() {
        let inverted = Self.judged([.one, .five, .six], tonic: 43, inversions: true)
        #expect(inverted.inversions == ChordInversions([0, 1, 0]))
        #expect(inverted.chordNames == ["I", "V⁶", "vi"])
        let rooted = Self.judged([.one, .five, .six], tonic: 43, inversions: false)
        #expect(rooted.inversions == ChordInversions([0, 0, 0]))
        #expect(rooted.chordNames == ["I", "V", "vi"])
    }

    /// The record says what the trial played, chord for chord, for every progression of a key.
    @Test(arguments: ScaleMode.allCases)
    func theRecordsInversionsAreTheTrialsChords(mode: ScaleMode) {
        for numerals in ProgressionInversionTests.progressions(mode) {
            let trial = ProgressionInversionTests.trial(numerals, tonic: 38, mode: mode)
            let record = CompletedChordProgression(trial, answer: trial.progression, timestamp: Self.now)
            #expect(record.inversions?.inversions == trial.chords.suffix(numerals.count).map(\.inversion))
            #expect(record.importProblem() == nil, "\(numerals)")
        }
    }

    /// Once every chord is mastered the ladder inverts without the setting: the record knows it.
    @Test func theLaddersInversionsAreKeptWithoutTheSetting() {
        var chain = ChordProgressionKind.freshChain
        var generator = SeededGenerator(seed: 5)
        while !chain.ladder.step.inversions {
            let trial = ChordProgressionKind.draw(
                .chordProgression, settings: .default, chain: chain, using: &generator)
            ChordProgressionKind.advance(
                &chain, after: CompletedChordProgression(trial, answer: trial.progression, timestamp: Self.now))
        }
        var inverted = 0
        for _ in 0..<20 {
            let trial = ChordProgressionKind.draw(
                .chordProgression, settings: .default, chain: chain, using: &generator)
            let record = ChordProgressionKind.judge(trial, trial.progression, at: Self.now)!
            #expect(record.inversions == trial.playedInversions)
            inverted += record.inversions!.inversions.filter { $0 != 0 }.count
        }
        #expect(inverted > 0)
    }

    /// Played inverted or not, or not known, a chord named counts alike in the confusion matrix and
    /// in the chord changes' summary.
    @Test func theProfileCountsTheNumeralsWhateverTheirInversion() {
        func profile(_ inversions: ChordInversions?) -> (ConfusionMatrix?, [String]?) {
            var parts = ProfileParts(calendar: Calendar(identifier: .gregorian))
            parts.add(
                CompletedChordProgression(
                    tonicNote: MIDINote(43)!, mode: .major, progression: Progression([.one, .five, .six]),
                    answer: Progression([.one, .five, .four]), inversions: inversions, tuningSystem: .justIntonation,
                    timestamp: Self.now))
            return (
                ChordProgressionKind.confusion(.chordProgression, in: parts),
                ChordProgressionKind.profileSummary(.chordProgression, in: parts)?.moves.map {
                    "\($0.from.rawValue)–\($0.to.rawValue): \($0.correct) of \($0.chords)"
                }
            )
        }
        let inverted = profile(ChordInversions([0, 1, 0]))
        #expect(inverted.1?.count == 3)
        #expect(inverted.0 == profile(ChordInversions([0, 0, 0])).0 && inverted.0 == profile(nil).0)
        #expect(inverted.1 == profile(ChordInversions([0, 0, 0])).1 && inverted.1 == profile(nil).1)
    }

    @Test func aFilesInversionsMustFitTheProgression() {
        func problem(_ inversions: [Int], _ numerals: [RomanNumeral] = [.one, .dominantSeventh, .one]) -> String? {
            CompletedChordProgression(
                tonicNote: MIDINote(40)!, mode: .major, progression: Progression(numerals),
                answer: Progression(numerals), inversions: ChordInversions(inversions), tuningSystem: .equalTemperament,
                timestamp: Self.now
            ).importProblem()?.field
        }
        #expect(problem([0, 3, 0]) == nil)
        #expect(problem([0, 1]) == "inversions")
        #expect(problem([0, 0, 0, 0]) == "inversions")
        #expect(problem([3, 0, 0]) == "inversions")
        #expect(problem([0, 2, 0], [.one, .five, .one]) == nil)
        #expect(problem([0, 3, 0], [.one, .five, .one]) == "inversions")
    }
}
