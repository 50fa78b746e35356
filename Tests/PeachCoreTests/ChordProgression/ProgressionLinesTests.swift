import Foundation
import Testing

@testable import PeachCore

/// What `peach progressions` says, in English and in German: both front ends' words, the keys named
/// as each language names them.
struct ProgressionLinesTests {
    static let english = ProgressionLines(.english)
    static let german = ProgressionLines(.german)

    static func trial(tonic: Int, mode: ScaleMode = .major, inversions: Bool = false) -> ChordProgressionTrial {
        ChordProgressionTrial(
            tonic: MIDINote(tonic)!, mode: mode, progression: Progression([.one, .five, .six]),
            tuningSystem: .equalTemperament, inversions: inversions, choices: [.one, .four, .five])
    }

    static let common = ChordProgressionTrial(
        .commonProgression, tonic: MIDINote(38)!, mode: .major, progression: CommonProgression.twoFiveOne.progression,
        tuningSystem: .equalTemperament, choices: [], progressions: [.twoFiveOne, .twelveBarBlues])

    @Test func aTrialIsAnnouncedWithItsKeyInTheLanguagesName() {
        #expect(
            Self.english.announcement(Self.trial(tonic: 39))
                == "Key: E♭ major; 3 chords. Choose from I (1) IV (4) V (5).")
        #expect(
            Self.german.announcement(Self.trial(tonic: 39))
                == "Tonart: Es-Dur; 3 Akkorde. Wähle aus I (1) IV (4) V (5).")
        #expect(
            Self.german.announcement(Self.trial(tonic: 42, mode: .minor, inversions: true))
                == "Tonart: fis-Moll; 3 Akkorde, auch Umkehrungen. Wähle aus I (1) IV (4) V (5).")
        #expect(Self.english.announcement(Self.common) == "Key: D major. Choose from 1 ii–V–I · 2 12-bar blues.")
        #expect(Self.german.announcement(Self.common) == "Tonart: D-Dur. Wähle aus 1 ii–V–I · 2 12-taktiger Blues.")
    }

    @Test func theJudgementFiguresEachChordAsPlayedInEitherLanguage() {
        let record = CompletedChordProgression(
            tonicNote: MIDINote(43)!, mode: .major, progression: Progression([.one, .five, .six]),
            answer: Progression([.one, .five, .four]), inversions: ChordInversions([0, 1, 0]),
            tuningSystem: .equalTemperament, timestamp: Date(timeIntervalSince1970: 0))
        #expect(Self.english.judgement(record) == "✗\u{07} I✓ V⁶✓ IV✗ — it was I V⁶ vi")
        #expect(Self.german.judgement(record) == "✗\u{07} I✓ V⁶✓ IV✗ — es war I V⁶ vi")
        let named = CompletedChordProgression(
            Self.common, answer: CommonProgression.twelveBarBlues.progression, timestamp: Date(timeIntervalSince1970: 0)
        )
        #expect(Self.english.judgement(named) == "✗\u{07} it was ii–V–I, not 12-bar blues")
        #expect(Self.german.judgement(named) == "✗\u{07} es war ii–V–I, nicht 12-taktiger Blues")
        let right = CompletedChordProgression(
            Self.common, answer: CommonProgression.twoFiveOne.progression, timestamp: Date(timeIntervalSince1970: 0))
        #expect(Self.german.judgement(right) == "✓ ii–V–I")
    }

    @Test func typedAndPlayedAnswersAreRefusedInTheLanguage() {
        let choices: [RomanNumeral] = [.one, .four, .five]
        #expect(
            Self.german.refusal(.unknown("vi"), choices: choices)
                == "vi ist keine von I (1), IV (4), V (5): tippe sie noch einmal.")
        #expect(
            Self.english.refusal(.unknown("vi"), choices: choices)
                == "vi is none of I (1), IV (4), V (5): type them again.")
        #expect(Self.german.refusal(.empty, choices: choices) == "Tippe eine Stufe für jeden Akkord.")
        #expect(Self.german.wrongLength(4, of: 3) == "Die Akkordfolge hat 3 Akkorde, nicht 4: tippe sie noch einmal.")
        #expect(
            Self.german.noneOf("7", Self.common.progressions)
                == "7 ist keine von 1 ii–V–I · 2 12-taktiger Blues: tippe sie noch einmal.")
        let trial = Self.trial(tonic: 36)
        #expect(
            Self.german.said(.named([.one, .five]), trial: trial, offered: choices)
                == "Gespielt: I V (2 von 3; Enter beginnt von vorn).")
        #expect(
            Self.english.said(.named([.one, .five]), trial: trial, offered: choices)
                == "Played I V (2 of 3; Enter starts again).")
        #expect(
            Self.german.said(.answered(Progression([.one, .four, .five])), trial: trial, offered: choices)
                == "Gespielt: I IV V.")
        #expect(
            Self.german.said(.noNumeral, trial: trial, offered: choices)
                == "Dieser Akkord ist keiner von I IV V: spiele ihn noch einmal.")
        #expect(
            Self.german.said(.noProgression([.four]), trial: Self.common, offered: [.two, .five, .one])
                == "IV beginnt keine von 1 ii–V–I · 2 12-taktiger Blues: spiele sie noch einmal vom ersten Akkord an.")
    }

    /// A line of "-" takes back the last chord played on the keyboard.
    @Test func aChordTakenBackIsSaidInTheLanguage() {
        let trial = Self.trial(tonic: 36)
        #expect(Self.english.tookBack([.one, .four], trial: trial) == "Took back the last chord: I IV (2 of 3).")
        #expect(Self.german.tookBack([.one, .four], trial: trial) == "Letzten Akkord zurückgenommen: I IV (2 von 3).")
        #expect(Self.german.tookBack([.two], trial: Self.common) == "Letzten Akkord zurückgenommen: ii.")
        #expect(Self.german.tookBack([], trial: trial) == "Letzten Akkord zurückgenommen; keiner ist genannt.")
        #expect(Self.english.introduction(common: true, keyboard: true).contains("(- takes back the last chord)"))
    }

    /// No English word is left in a German line: every line the command says, in both modes, with
    /// and without a keyboard.
    @Test func noGermanLineSaysEnglish() {
        let trial = Self.trial(tonic: 36, inversions: true)
        let lines =
            [true, false].flatMap { common in
                [true, false].map { Self.german.introduction(common: common, keyboard: $0) }
            }
            + [
                Self.german.announcement(trial), Self.german.announcement(Self.common), Self.german.early,
                Self.german.startAgain, Self.german.wrongLength(2, of: 3),
                Self.german.said(.named([.one]), trial: Self.common, offered: [.one]),
            ]
        for line in lines {
            let words = Set(line.split(whereSeparator: { !$0.isLetter }).map { $0.lowercased() })
            #expect(
                words.isDisjoint(with: [
                    "the", "key", "chords", "choose", "from", "played", "it", "was", "quits", "name", "and", "or",
                    "again",
                ]),
                "\(line)")
        }
        #expect(
            Self.german.introduction(common: false, keyboard: true).hasSuffix(
                "oder spiele sie auf dem Keyboard (- nimmt den letzten Akkord zurück); q beendet."))
    }
}
