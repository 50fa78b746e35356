import Foundation
import Testing

@testable import PeachCore

struct ProgressionLadderTests {
    @Test func trainingStartsWithOneFourFiveInMajorThreeChordsLong() {
        var generator = SeededGenerator(seed: 7)
        let ladder = ProgressionLadder()
        #expect(ladder.modes == [.major])
        for _ in 0..<200 {
            let progression = ladder.draw(in: .major, using: &generator)
            #expect(progression.count == 3)
            #expect(progression.numerals.allSatisfy(([.one, .four, .five] as [RomanNumeral]).contains))
            #expect(zip(progression.numerals, progression.numerals.dropFirst()).allSatisfy { $0 != $1 })
        }
    }

    @Test func masteringEveryNumeralTakesTheNextStepAndAConfusionDoesNotTakeItBack() {
        var ladder = ProgressionLadder()
        let played = Progression([.one, .four, .five])
        for _ in 0..<(ProgressionLadder.masteredBox - 1) { ladder.record(played: played, answered: played, in: .major) }
        #expect(ladder.stepIndex == 0)
        ladder.record(played: played, answered: played, in: .major)
        #expect(ladder.stepIndex == 1 && ladder.numerals(in: .major).contains(.six))
        ladder.record(
            played: Progression([.six, .one, .five]), answered: Progression([.four, .one, .five]), in: .major)
        #expect(ladder.stepIndex == 1)
        #expect(ladder.schedule.box(of: .six) == 0 && ladder.schedule.box(of: .four) == 0)
    }

    @Test func aConfusedNumeralComesBackMoreOften() {
        var ladder = ProgressionLadder()
        for _ in 0..<2 {
            ladder.record(
                played: Progression([.one, .five, .one]), answered: Progression([.one, .five, .one]), in: .major)
        }
        var generator = SeededGenerator(seed: 3)
        var fours = 0
        var total = 0
        for _ in 0..<500 {
            let numerals = ladder.draw(in: .major, using: &generator).numerals
            fours += numerals.filter { $0 == .four }.count
            total += numerals.count
        }
        // IV is in the first box, I and V two boxes up: it is drawn far more than a third of the time.
        #expect(Double(fours) / Double(total) > 0.45)
    }

    /// Every numeral mastered alike, but only in the changes I–I, I–V and V–IV: after V, I (a change
    /// never heard) comes far more often than IV; the numerals' schedule alone would draw each half
    /// of the time. A change named wrong goes back to the first box, with the change named.
    @Test func aChordChangeNotYetMasteredComesBackMoreOftenThanTheNumeralAlone() {
        var ladder = ProgressionLadder()
        let played = Progression([.one, .five, .four])
        for _ in 0..<LeitnerSchedule<RomanNumeral>.boxCount {
            ladder.record(played: played, answered: played, in: .major)
        }
        #expect([RomanNumeral.one, .four, .five].allSatisfy { ladder.schedule.box(of: $0) == 4 })
        var generator = SeededGenerator(seed: 5)
        var (ones, fours) = (0, 0)
        for _ in 0..<4000 {
            let numerals = ladder.draw(in: .major, using: &generator).numerals
            for (before, chord) in zip(numerals, numerals.dropFirst()) where before == .five {
                if chord == .one { ones += 1 }
                if chord == .four { fours += 1 }
            }
        }
        // (Mastering the three took the next step: vi, new, is drawn most; it is left out here.)
        #expect(ones + fours > 50 && Double(ones) / Double(ones + fours) > 0.85)
        ladder.record(
            played: Progression([.one, .five, .four]), answered: Progression([.one, .five, .one]), in: .major)
        #expect(ladder.moves.box(of: ChordMove(from: .five, to: .four)) == 0)
        #expect(ladder.moves.box(of: ChordMove(from: .five, to: .one)) == 0)
        #expect(ladder.moves.box(of: ChordMove(from: .one, to: .five)) == 4)
    }

    @Test func theLadderEndsWithEveryNumeralOfBothModesFiveChordsLong() {
        var ladder = ProgressionLadder()
        for _ in 0..<200 {
            for mode in ladder.modes {
                let all = Progression(Array(ladder.numerals(in: mode).prefix(5)))
                ladder.record(played: all, answered: all, in: mode)
                let rest = Progression(Array(ladder.numerals(in: mode).suffix(5)))
                ladder.record(played: rest, answered: rest, in: mode)
            }
        }
        #expect(ladder.step == ProgressionLadder.ladder.last!)
        #expect(ladder.modes == [.major, .minor] && ladder.step.length == 5 && ladder.step.inversions)
        #expect(ProgressionLadder.ladder.dropLast().allSatisfy { !$0.inversions })
        #expect(Set(ladder.numerals(in: .minor)) == Set(RomanNumeral.offered(in: .minor)))
    }

    @Test func anAnswerNamesEveryChordWithTheTrialsNumerals() {
        let trial = ChordProgressionTrial(
            tonic: MIDINote(40)!, mode: .major, progression: Progression([.one, .four, .five]),
            tuningSystem: .equalTemperament, choices: [.one, .four, .five])
        let now = Date(timeIntervalSince1970: 0)
        #expect(ChordProgressionKind.judge(trial, Progression([.one, .four]), at: now) == nil)
        #expect(ChordProgressionKind.judge(trial, Progression([.one, .six, .five]), at: now) == nil)
        let record = ChordProgressionKind.judge(trial, Progression([.one, .five, .five]), at: now)!
        #expect(record.chordsCorrect == [true, false, true] && record.correctChords == 2 && !record.isCorrect)
        #expect(Progression(recordText: "I IV V7 vii°") == Progression([.one, .four, .dominantSeventh, .seven]))
        #expect(Progression(recordText: "I  IV") == nil && Progression(recordText: "I X") == nil)
    }
}
