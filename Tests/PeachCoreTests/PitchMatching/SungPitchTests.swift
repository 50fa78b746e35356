import Foundation
import Testing

@testable import PeachCore

struct SungPitchTests {
    @Test(arguments: [
        (23.0, 0, 23.0), (-1177.0, -1, 23.0), (-1223.0, -1, -23.0), (2400.5, 2, 0.5), (599.0, 0, 599.0),
        (601.0, 1, -599.0), (-2450.0, -2, -50.0),
    ])
    func theErrorIsMeasuredToTheNearestOctaveOfTheTarget(cents: Double, octave: Int, error: Double) throws {
        let sung = try #require(SungPitch(centsFromTarget: Cents(cents)))
        #expect(sung.octave == octave)
        #expect(abs(sung.error.rawValue - error) < 1e-9)
    }

    @Test func moreThanFourAndAHalfOctavesAwayOrNaNIsNoAnswer() {
        #expect(SungPitch(centsFromTarget: Cents(5400)) != nil)
        #expect(SungPitch(centsFromTarget: Cents(5400.1)) == nil)
        #expect(SungPitch(centsFromTarget: Cents(-6000)) == nil)
        #expect(SungPitch(centsFromTarget: Cents(.nan)) == nil)
    }

    @Test func aSungTrialTakesOnlyAVoiceAndRecordsTheOctave() throws {
        let challenge = PitchMatchingChallenge(
            .pitchSinging, referenceNote: MIDINote(69)!, initialCentOffset: .zero, centRange: .zero)
        let trial = Trial.matching(challenge)
        let now = Date(timeIntervalSince1970: 1_000)
        let sung = try #require(SungPitch(centsFromTarget: Cents(-1177)))
        guard let record = trial.judge(.voice(sung), at: now)?.as(CompletedPitchMatching.self) else {
            Issue.record("a sung answer to a sung trial is judged")
            return
        }
        #expect(record.userCentError == Cents(23))
        #expect(record.sungOctave == -1)
        #expect(record.answerMethod == .voice)
        #expect(record.discipline == .pitchSinging)
        #expect(trial.judge(.slider(.centre), at: now) == nil)
        let sliderTrial = Trial.matching(
            PitchMatchingChallenge(referenceNote: MIDINote(69)!, initialCentOffset: Cents(10)))
        #expect(sliderTrial.judge(.voice(sung), at: now) == nil)
        guard let slid = sliderTrial.judge(.slider(.centre), at: now)?.as(CompletedPitchMatching.self) else {
            Issue.record("a slider answer to a slider trial is judged")
            return
        }
        #expect(slid.sungOctave == nil)
        #expect(slid.answerMethod == .slider)
    }
}
