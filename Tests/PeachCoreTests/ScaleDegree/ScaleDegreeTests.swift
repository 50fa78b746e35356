import Foundation
import Testing

@testable import PeachCore

struct ScaleDegreeTests {
    @Test func degreesAreNamedByNumberAndBySolfege() {
        #expect(ScaleDegree.allCases.map(\.semitones) == Array(0...11))
        #expect(ScaleDegree.allCases.map(\.number) == [1, 2, 2, 3, 3, 4, 4, 5, 6, 6, 7, 7])
        #expect(ScaleDegree.flatThree.numberLabel == "\u{266D}3" && ScaleDegree.sharpFour.numberLabel == "\u{266F}4")
        #expect(
            ScaleDegree.flatThree.solfege == "me" && ScaleDegree.five.solfege == "sol"
                && ScaleDegree.seven.label(.solfege) == "ti")
        #expect(ScaleDegree.diatonic(in: .minor).map(\.semitones) == [0, 2, 3, 5, 7, 8, 10])
    }

    @Test func theChoicesAreTheModesNumbersAndOnRequestTheOtherFive() {
        #expect(ScaleDegree.choices(mode: .major, numbers: [1, 3, 5], chromatic: false) == [.one, .three, .five])
        #expect(ScaleDegree.choices(mode: .minor, numbers: [1, 3, 5], chromatic: false) == [.one, .flatThree, .five])
        #expect(ScaleDegree.choices(mode: .minor, numbers: Set(1...7), chromatic: true) == ScaleDegree.allCases)
        #expect(
            ScaleDegree.choices(mode: .major, numbers: [1], chromatic: true) == [
                .one, .flatTwo, .flatThree, .sharpFour, .flatSix, .flatSeven,
            ])
    }

    @Test func aDrawnNoteIsAChosenDegreeAboveATonicThatRovesTheRange() throws {
        var settings = TrainingSettings.default
        settings.noteRange = try NoteRange(lower: 48, upper: 66)
        settings[ScaleDegreeSettings.self].scaleMode = .minor
        settings[ScaleDegreeSettings.self].scaleDegrees = [1, 3, 6]
        var generator = SeededGenerator(seed: 3)
        var tonics = Set<Int>()
        for _ in 0..<300 {
            let trial = ScaleDegreeKind.draw(
                .scaleDegree, settings: settings, chain: ScaleDegreeKind.freshChain, using: &generator)
            #expect(
                trial.choices == [.one, .flatThree, .flatSix] && trial.choices.contains(trial.degree)
                    && trial.mode == .minor)
            #expect(settings.noteRange.contains(trial.tonic) && settings.noteRange.contains(trial.note))
            #expect(trial.note.rawValue - trial.tonic.rawValue == trial.degree.semitones)
            tonics.insert(trial.tonic.rawValue)
        }
        #expect(tonics == Set(48...55))
    }

    @Test func onlyAnOfferedDegreeIsAnAnswer() throws {
        let trial = ScaleDegreeTrial(tonic: MIDINote(60)!, mode: .major, degree: .five, choices: [.one, .three, .five])
        #expect(ScaleDegreeKind.judge(trial, .two, at: Date()) == nil)
        let wrong = try #require(ScaleDegreeKind.judge(trial, .three, at: Date()))
        #expect(
            !wrong.isCorrect && wrong.degree == .five && wrong.answeredDegree == .three
                && wrong.tonicNote.rawValue == 60)
        #expect(try #require(ScaleDegreeKind.judge(trial, .five, at: Date())).isCorrect)
    }

    /// Keys 1–7 name a choice by its number; where the mode's own degree and an altered one share
    /// the number, the key is the mode's own.
    @Test func eachNumberKeyNamesOneChoice() {
        var settings = TrainingSettings.default
        settings[ScaleDegreeSettings.self].chromaticDegrees = true
        let trial = ScaleDegreeTrial(
            tonic: MIDINote(60)!, mode: .major, degree: .five, choices: settings[ScaleDegreeSettings.self].choices)
        let body = ScaleDegreeKind.trialBody(trial, settings: settings)
        let keys = Dictionary(uniqueKeysWithValues: body.choices.map { ($0.degree, $0.key) })
        #expect(
            keys[.three] == "3" && keys[.flatThree] == .some(nil) && keys[.sharpFour] == .some(nil)
                && keys[.seven] == "7")
        let minor = ScaleDegreeTrial(
            tonic: MIDINote(60)!, mode: .minor, degree: .five, choices: [.one, .three, .flatThree])
        let minorKeys = ScaleDegreeKind.trialBody(minor, settings: settings).choices.map(\.key)
        #expect(minorKeys == ["1", nil, "3"])
        let alone = ScaleDegreeTrial(tonic: MIDINote(60)!, mode: .major, degree: .one, choices: [.one, .flatThree])
        #expect(ScaleDegreeKind.trialBody(alone, settings: settings).choices.map(\.key) == ["1", "3"])
    }

    @Test func theTrialPlaysTheCadenceThenTheNoteAndOpensAnswersAtTheNote() {
        var settings = TrainingSettings.default
        settings[ScaleDegreeSettings.self].degreeLabels = .solfege
        let trial = ScaleDegreeTrial(tonic: MIDINote(62)!, mode: .major, degree: .six, choices: [.one, .six])
        let body = ScaleDegreeKind.trialBody(trial, settings: settings)
        #expect(body.cadence.map(\.degree) == [.one, .four, .five, .one])
        #expect(body.cadence.map(\.startSeconds) == [0, 0.7, 1.4, 2.1])
        #expect(body.note.midi == 71 && abs(body.note.frequencyHz - 493.8833) < 1e-3)
        #expect(abs(body.noteStartSeconds - 3.2) < 1e-12)
        #expect(ScaleDegreeKind.session(trial, settings: settings).answersOpenSeconds == body.noteStartSeconds)
        #expect(body.choices.map(\.label) == ["do", "la"])
        // Four voices as loud together as the one note.
        #expect(abs(4 * pow(10, body.cadence[0].levelDB / 10) - 1) < 1e-12)
    }
}
