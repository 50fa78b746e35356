import Foundation
import Testing

@testable import PeachCore

/// Compare Timing's piece of the session loop, transition by transition, without mocks.
struct RhythmComparisonSessionTests {
    let early = RhythmComparison(tempo: TempoBPM(120)!, offsetPercent: -8)
    let late = RhythmComparison(tempo: TempoBPM(60)!, offsetPercent: 5)
    let moment = Date(timeIntervalSince1970: 7)

    func answersOpen(_ trial: RhythmComparison) -> Duration {
        RhythmComparisonKind.session(trial, settings: .default).answersOpen
    }

    @Test func playsTheClicksAndOpensAnswersWhenTheDisplacedClickSounds() {
        var session = TrainingSession(RhythmComparisonPiece(settings: .default))
        #expect(session.handle(.start) == [.chooseNext])
        let effects = session.handle(.trialReady(early))
        // 120 BPM: sixteenths of 125 ms; the third click 8 % of one early, at 250 − 10 ms.
        #expect(effects == [.play(early.clickSeconds, answersOpenAt: .milliseconds(240))])
        #expect(abs(early.answersOpenSeconds - 0.24) < 1e-12)
        #expect(early.answersOpenSeconds == early.clickSeconds[2])
        #expect(session.state == .playing(early) && !session.state.acceptsAnswer)
        #expect(session.handle(.answered(.early, at: moment)) == [], "no answer before the displaced click")
        #expect(session.handle(.answersOpened(at: 0)) == [])
        #expect(session.state.acceptsAnswer)
    }

    @Test(arguments: [(TimingAnswer.early, true), (.late, false)])
    func anAnswerIsRecordedJudgedAndFollowedByTheNextTrial(answer: TimingAnswer, correct: Bool) {
        var session = TrainingSession(RhythmComparisonPiece(settings: .default))
        _ = session.handle(.start)
        _ = session.handle(.trialReady(early))
        _ = session.handle(.answersOpened(at: 0))
        // The clicks were handed to the output whole: for the loop they are over as answers open.
        _ = session.handle(.soundEnded(at: moment))
        let completed = CompletedRhythmComparison(early, answer: answer, timestamp: moment)
        #expect(completed.isCorrect == correct)
        #expect(
            session.handle(.answered(answer, at: moment)) == [
                .record(completed), .showFeedback(completed),
                .wait(SessionRules.feedbackDuration, then: .feedbackElapsed),
            ])
        #expect(session.handle(.answered(.late, at: moment)) == [], "one answer per trial")
        #expect(session.handle(.feedbackElapsed) == [.chooseNext])
        #expect(session.handle(.trialReady(late)).first == .play(late.clickSeconds, answersOpenAt: answersOpen(late)))
    }

    @Test func stoppingSilencesWhatIsPlayingAndDiscardsTheTrial() {
        var session = TrainingSession(RhythmComparisonPiece(settings: .default))
        #expect(session.handle(.stop) == [], "nothing sounds when idle")
        _ = session.handle(.start)
        _ = session.handle(.trialReady(late))
        #expect(session.handle(.stop) == [.stopSound])
        #expect(session.state == .idle)
        #expect(session.handle(.answersOpened(at: 0)) == [])
        #expect(session.handle(.answered(.late, at: moment)) == [])
    }
}
