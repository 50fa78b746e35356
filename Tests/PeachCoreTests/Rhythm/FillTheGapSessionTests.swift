import Foundation
import Testing

@testable import PeachCore

/// Fill the Gap on a MIDI keyboard as a piece of the session loop, transition by transition, without mocks.
struct FillTheGapSessionTests {
    /// 120 BPM: sixteenths of 125 ms; the gaps at 0, 0.5 + 0.125, 1 + 0.25, … (position = cycle % 4).
    let trial = RhythmMatchingTrial(tempo: TempoBPM(120)!, gapPositions: (0..<16).map { $0 % 4 })
    let zero = 5000.0
    let moment = Date(timeIntervalSince1970: 9)
    let key = MIDINote(60)!

    /// The clicks are heard from `zero` on the keyboard's clock.
    func playing(latency: Double = 0) -> TrainingSession<FillTheGapPiece> {
        var session = TrainingSession(FillTheGapPiece(settings: .default, latencySeconds: latency))
        _ = session.handle(.start)
        _ = session.handle(.trialReady(trial))
        _ = session.handle(.answersOpened(at: zero))
        return session
    }

    func tap(_ message: MIDIMessage, at seconds: Double) -> SessionEvent<FillTheGapPiece> {
        .input(.midi(message, at: seconds), at: moment)
    }

    @Test func playsTheClicksAndWaitsForTheTrialToEndOnceTheyAreHeard() {
        var session = TrainingSession(FillTheGapPiece(settings: .default))
        #expect(session.handle(.start) == [.chooseNext])
        // The last cycle's gap is its last sixteenth (63 × 125 ms); a sixteenth more ends the trial.
        #expect(
            session.handle(.trialReady(trial)) == [
                .play(TappedClicks(onsets: trial.clickSeconds, length: .seconds(64 * 0.125)), answersOpenAt: .zero)
            ])
        #expect(session.handle(tap(.noteOn(key, velocity: 90), at: zero)) == [])
        #expect(session.handle(.answersOpened(at: zero)) == [])
        #expect(
            session.state == .answering(trial, TapAttempt(zero: zero, taps: [])),
            "a key before the clicks are heard is no tap")
    }

    @Test func aNoteOnIsATapOnTheTrialsTimeBaseLessTheCalibration() {
        // Binary fractions, so that the arithmetic is exact.
        var session = playing(latency: 0.0625)
        #expect(session.handle(tap(.noteOn(key, velocity: 64), at: zero + 0.6875)) == [])
        #expect(session.state == .answering(trial, TapAttempt(zero: zero, taps: [0.625])))
    }

    @Test func noteOffsVelocityZeroAndTheWheelAreNoTaps() {
        var session = playing()
        _ = session.handle(tap(.noteOff(key), at: zero + 0.1))
        _ = session.handle(tap(.noteOn(key, velocity: 0), at: zero + 0.2))
        _ = session.handle(tap(.pitchBend(PitchBend(300)!), at: zero + 0.3))
        #expect(session.state == .answering(trial, TapAttempt(zero: zero, taps: [])))
    }

    @Test func theEndJudgesEveryTapAndRecordsTheKindsRecord() {
        var session = playing()
        // Two hits and a miss (3.4375 s is three sixteenths from every gap), in binary fractions.
        let taps = [trial.gapSeconds[0] + 0.015625, trial.gapSeconds[1] - 0.03125, 3.4375]
        for seconds in taps { _ = session.handle(tap(.noteOn(key, velocity: 100), at: zero + seconds)) }
        let completed = RhythmMatchingKind.judge(trial, TapAnswer(seconds: taps), at: moment)!
        // The trial ends with its sound.
        #expect(
            session.handle(.soundEnded(at: moment)) == [
                .record(completed), .showFeedback(.judged(completed)),
                .wait(SessionRules.feedbackDuration, then: .feedbackElapsed),
            ])
        #expect(completed.hitRate == 2.0 / 16)
        #expect(session.handle(tap(.noteOn(key, velocity: 100), at: zero + 9)) == [], "a key after the trial is no tap")
        #expect(session.handle(.feedbackElapsed) == [.chooseNext])
    }

    @Test func aTrialWithoutTapsIsStoredWithNoHitAsTheBrowsersWouldBe() {
        var session = playing()
        let completed = RhythmMatchingKind.judge(trial, TapAnswer(seconds: []), at: moment)!
        #expect(session.handle(.soundEnded(at: moment)).first == .record(completed))
        #expect(completed.hitRate == 0 && completed.meanOffsetMs == nil)
    }

    @Test func moreTapsThanAnAnswerMayHoldStoreNothingAsTheServerRefusesThem() {
        var session = playing()
        let count = TapAnswerBody.maximumTaps + 1
        for index in 0..<count { _ = session.handle(tap(.noteOn(key, velocity: 1), at: zero + Double(index) * 0.01)) }
        #expect(
            session.handle(.soundEnded(at: moment)) == [
                .showFeedback(.tooManyTaps(count)), .wait(SessionRules.feedbackDuration, then: .feedbackElapsed),
            ])
    }

    @Test func stoppingSilencesTheClicks() {
        var session = playing()
        #expect(session.handle(.stop) == [.stopSound])
        #expect(session.state == .idle)
        #expect(session.handle(.soundEnded(at: moment)) == [])
    }
}
