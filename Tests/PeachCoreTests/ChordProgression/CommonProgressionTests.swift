import Foundation
import Testing

@testable import PeachCore

struct CommonProgressionTests {
    static let now = Date(timeIntervalSince1970: 0)

    static func settings(_ chosen: [CommonProgression]) -> TrainingSettings {
        var settings = TrainingSettings.default
        settings[ChordProgressionSettings.self].commonProgressions = chosen
        return settings
    }

    static func trial(_ played: CommonProgression, offered: [CommonProgression]) -> ChordProgressionTrial {
        ChordProgressionTrial(
            .commonProgression, tonic: MIDINote(40)!, mode: .major, progression: played.progression,
            tuningSystem: .equalTemperament, choices: [], progressions: offered)
    }

    @Test func aTrialPlaysOneOfTheChosenProgressionsInMajorAndOffersThemAll() {
        var generator = SeededGenerator(seed: 11)
        let chosen: [CommonProgression] = [.twoFiveOne, .twelveBarBlues]
        var played: Set<Progression> = []
        for _ in 0..<100 {
            let trial = ChordProgressionKind.draw(
                .commonProgression, settings: Self.settings(chosen), chain: ChordProgressionKind.freshChain,
                using: &generator)
            #expect(trial.discipline == .commonProgression && trial.mode == .major)
            #expect(trial.progressions == chosen && trial.choices.isEmpty)
            #expect(chosen.map(\.progression).contains(trial.progression))
            #expect(ChordProgressionKind.midi(trial) == nil)
            played.insert(trial.progression)
        }
        #expect(played == Set(chosen.map(\.progression)))
    }

    @Test func theBluesIsTwelveBarsWithTheDominantSeventhInTheNinth() {
        let blues = CommonProgression.twelveBarBlues.progression
        #expect(blues.count == 12 && blues.numerals[8] == .dominantSeventh)
        #expect(blues.description == "I I I I IV IV I I V7 IV I I")
        // Its length is its own: the numerals' discipline still names three to five chords.
        #expect(!Progression.lengths.contains(blues.count))
        let trial = Self.trial(.twelveBarBlues, offered: [.twoFiveOne, .twelveBarBlues])
        #expect(trial.chords.count == 16 && trial.playedInversions.count == 12)
    }

    @Test func aProgressionConfusedComesBackSoonerAndTheNumeralsLadderIsUntouched() {
        var chain = ChordProgressionKind.freshChain
        let trial = Self.trial(.twoFiveOne, offered: [.twoFiveOne, .oneFourFiveOne])
        for _ in 0..<3 {
            ChordProgressionKind.advance(
                &chain, after: ChordProgressionKind.judge(trial, trial.progression, at: Self.now)!)
        }
        #expect(chain.common.box(of: .twoFiveOne) == 3)
        let wrong = ChordProgressionKind.judge(trial, CommonProgression.oneFourFiveOne.progression, at: Self.now)!
        ChordProgressionKind.advance(&chain, after: wrong)
        #expect(chain.common.box(of: .twoFiveOne) == 0 && chain.common.box(of: .oneFourFiveOne) == 0)
        #expect(chain.ladder.stepIndex == 0 && chain.ladder.schedule.box(of: .one) == 0)
    }

    @Test func anAnswerIsOneOfTheTrialsProgressionsJudgedAsAWhole() {
        let trial = Self.trial(.oneFiveSixFour, offered: [.oneFourFiveOne, .oneFiveSixFour, .oneSixFourFive])
        let right = ChordProgressionKind.judge(trial, CommonProgression.oneFiveSixFour.progression, at: Self.now)!
        #expect(right.isCorrect && right.discipline == .commonProgression)
        #expect(right.named?.played == .oneFiveSixFour && right.named?.answered == .oneFiveSixFour)
        let wrong = ChordProgressionKind.judge(trial, CommonProgression.oneSixFourFive.progression, at: Self.now)!
        #expect(!wrong.isCorrect && wrong.named?.answered == .oneSixFourFive)
        // Not offered, or no common progression at all: no answer to this trial.
        #expect(ChordProgressionKind.judge(trial, CommonProgression.twoFiveOne.progression, at: Self.now) == nil)
        #expect(ChordProgressionKind.judge(trial, Progression([.one, .five, .six, .five]), at: Self.now) == nil)
        // Each offered one is judged when the trial is drawn, by the name the page sends.
        #expect(
            ChordProgressionKind.choices(trial) == [
                "I-IV-V-I": CommonProgression.oneFourFiveOne.progression,
                "I-V-vi-IV": CommonProgression.oneFiveSixFour.progression,
                "I-vi-IV-V": CommonProgression.oneSixFourFive.progression,
            ])
    }

    @Test func noProgressionBeginsAnotherSoOneNamedForAnotherIsWrong() {
        for played in CommonProgression.allCases {
            for named in CommonProgression.allCases where named != played {
                let trial = Self.trial(played, offered: CommonProgression.allCases)
                #expect(!ChordProgressionKind.judge(trial, named.progression, at: Self.now)!.isCorrect)
            }
        }
    }

    @Test func theAnswerBodyNamesAProgressionByItsNameAndTheNumeralsKeepTheirLengths() throws {
        let decode = { (json: String) in
            try JSONDecoder().decode(ChordProgressionAnswerBody.self, from: Data(json.utf8))
        }
        let blues = try decode(#"{"answer":"12-bar-blues"}"#).trialAnswer()
        #expect(blues == .progression(CommonProgression.twelveBarBlues.progression))
        #expect(throws: AnswerProblem.self) { try decode(#"{"answer":"blues"}"#).trialAnswer() }
        let twelve = Array(repeating: #""I""#, count: 12).joined(separator: ",")
        #expect(throws: AnswerProblem.self) { try decode(#"{"numerals":[\#(twelve)]}"#).trialAnswer() }
    }

    @Test func aTypedLineNamesAProgressionByNumberNameOrNumerals() {
        let offered: [CommonProgression] = [.twoFiveOne, .twelveBarBlues, .oneFourFiveOne]
        #expect(CommonProgression.typed("2", choices: offered) == .twelveBarBlues)
        #expect(CommonProgression.typed(" ii V I ", choices: offered) == .twoFiveOne)
        #expect(CommonProgression.typed("I-IV-V-I", choices: offered) == .oneFourFiveOne)
        #expect(CommonProgression.typed("12-taktiger Blues", choices: offered) == .twelveBarBlues)
        #expect(CommonProgression.typed("12-bar blues", choices: offered) == .twelveBarBlues)
        #expect(CommonProgression.typed("Blues", choices: offered) == .twelveBarBlues)
        #expect(CommonProgression.typed("4", choices: offered) == nil)
        #expect(CommonProgression.typed("I V vi IV", choices: offered) == nil)
        #expect(CommonProgression.typed("", choices: offered) == nil)
    }

    @Test func anImportedRecordOfTheDisciplineNamesCommonProgressionsInMajor() {
        let record = { (progression: Progression, answer: Progression, mode: ScaleMode, discipline: Discipline) in
            CompletedChordProgression(
                tonicNote: MIDINote(40)!, mode: mode, progression: progression, answer: answer, inversions: nil,
                tuningSystem: .equalTemperament, timestamp: Self.now, discipline: discipline)
        }
        let blues = CommonProgression.twelveBarBlues.progression
        let twoFiveOne = CommonProgression.twoFiveOne.progression
        #expect(record(blues, twoFiveOne, .major, .commonProgression).importProblem() == nil)
        #expect(record(blues, twoFiveOne, .minor, .commonProgression).importProblem()?.field == "mode")
        #expect(
            record(Progression([.one, .five, .one]), twoFiveOne, .major, .commonProgression).importProblem()?.field
                == "progression")
        #expect(record(twoFiveOne, blues, .major, .chordProgression).importProblem()?.field == "answer")
        #expect(record(blues, blues, .major, .chordProgression).importProblem()?.field == "progression")
        #expect(record(blues, blues, .major, .commonProgression).labels.discipline == .commonProgression)
    }

    @Test func theProfileCountsWhatWasNamedForEachProgressionApartFromTheNumerals() {
        var profile = ProfileParts(calendar: Calendar(identifier: .gregorian))
        let trial = Self.trial(.twoFiveOne, offered: [.twoFiveOne, .oneFourFiveOne])
        for named in [CommonProgression.twoFiveOne, .twoFiveOne, .oneFourFiveOne] {
            profile.add(ChordProgressionKind.judge(trial, named.progression, at: Self.now)!)
        }
        let matrix = ChordProgressionKind.confusion(.commonProgression, in: profile)!
        #expect(matrix.items == ["I–IV–V–I", "ii–V–I"])
        #expect(matrix.counts == [[0, 0], [1, 2]])
        #expect(ChordProgressionKind.confusion(.chordProgression, in: profile)!.items.isEmpty)
        #expect(ChordProgressionKind.sparkline(.commonProgression, in: profile, band: nil).hasData)
        #expect(!ChordProgressionKind.sparkline(.chordProgression, in: profile, band: nil).hasData)
    }
}
