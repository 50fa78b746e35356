import Foundation
import Testing

@testable import PeachCore

struct CompletedMelodicDictationTests {
    static let melody = Melody(numbers: [60, 62, 64, 67])!

    static func record(_ answer: [Int], at day: Double = 0) -> CompletedMelodicDictation {
        CompletedMelodicDictation(
            tonicNote: MIDINote(60)!, mode: .major, melody: melody, answer: Melody(numbers: answer)!,
            timestamp: Date(timeIntervalSince1970: 1_800_000_000 + day * 86_400))
    }

    @Test func eachNoteIsJudgedByPitchClassAndOctave() {
        // The octave below is as wrong as another note.
        let record = Self.record([60, 62, 52, 66])
        #expect(record.notesCorrect == [true, true, false, false])
        #expect(record.correctNotes == 2 && !record.isCorrect)
        #expect(Self.record([60, 62, 64, 67]).isCorrect)
    }

    @Test func anAnswerOfAnotherLengthIsNoAnswer() {
        let trial = MelodicDictationTrial(tonic: MIDINote(60)!, mode: .major, melody: Self.melody)
        #expect(MelodicDictationKind.judge(trial, Melody(numbers: [60, 62, 64])!, at: Date()) == nil)
        #expect(MelodicDictationKind.judge(trial, Melody(numbers: [60, 62, 64, 67])!, at: Date())?.isCorrect == true)
    }

    @Test func aRecordRoundTripsThroughJSONWithItsMelodiesAsText() throws {
        let record = Self.record([60, 62, 65, 67])
        let json = String(decoding: try JSONEncoder().encode(record), as: UTF8.self)
        #expect(
            json.contains("\"melody\":\"60 62 64 67\"") && json.contains("\"answer\":\"60 62 65 67\"")
                && json.contains("\"correctNotes\":3"))
        #expect(try JSONDecoder().decode(CompletedMelodicDictation.self, from: Data(json.utf8)) == record)
    }

    @Test func aFileMustNotStateOtherJudgementsOrOddMelodies() {
        let record = Self.record([60, 62, 65, 67])
        #expect(record.disagreement(with: .init(correctNotes: 3, isCorrect: false)) == nil)
        #expect(record.disagreement(with: .init(correctNotes: 4, isCorrect: false))?.field == "correctNotes")
        let uneven = CompletedMelodicDictation(
            tonicNote: MIDINote(60)!, mode: .major, melody: Self.melody, answer: Melody(numbers: [60])!,
            timestamp: Date())
        #expect(uneven.importProblem()?.field == "answer")
    }

    @Test func theProfileNamesTheLongestMasteredLengthAndEachStepsAccuracy() {
        var profile = DictationProfile(calendar: Calendar(identifier: .gregorian))
        #expect(profile.longestMastered == nil && !profile.sparkline.hasData)
        // 60→62 a second, 62→64 a second, 64→67 a third.
        for _ in 0..<3 { profile.add(Self.record([60, 62, 64, 67])) }
        profile.add(Self.record([60, 62, 64, 65], at: 1))
        #expect(profile.longestMastered == 4)
        #expect(profile.steps[2]?.notes == 8 && profile.steps[2]?.correct == 8)
        #expect(profile.steps[3]?.accuracy == 0.75)
        #expect(profile.sparkline.values == [0, 25])
    }

    @Test func typedNotesNameOctavesOrFollowTheNoteBefore() throws {
        let d3 = MIDINote(50)!
        #expect(try TypedMelody.parse("C4 d4, Eb4 g#3", tonic: d3).get() == Melody(numbers: [60, 62, 63, 56])!)
        // The first in the octave from the tonic up, each next nearest the one before.
        #expect(try TypedMelody.parse("d b d", tonic: d3).get() == Melody(numbers: [50, 47, 50])!)
        #expect(
            try TypedMelody.parse("c d e♭ g c", tonic: MIDINote(48)!).get() == Melody(numbers: [48, 50, 51, 55, 60])!)
        #expect(try TypedMelody.parse("c# a", tonic: d3).get() == Melody(numbers: [61, 57])!)
        // A tritone away goes up.
        #expect(try TypedMelody.parse("f# c", tonic: MIDINote(60)!).get() == Melody(numbers: [66, 72])!)
        #expect(try TypedMelody.parse("B#3 Cb4", tonic: d3).get() == Melody(numbers: [60, 59])!)
        #expect(throws: TypedMelody.Problem.self) { try TypedMelody.parse("c h e", tonic: d3).get() }
        #expect(throws: TypedMelody.Problem.self) { try TypedMelody.parse("  ", tonic: d3).get() }
        #expect(throws: TypedMelody.Problem.self) { try TypedMelody.parse("a0 g0", tonic: d3).get() }
    }
}
