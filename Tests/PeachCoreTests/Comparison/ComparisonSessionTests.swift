import Foundation
import Testing
@testable import PeachCore

struct ComparisonSessionTests {
    let comparison = Comparison(note1: MIDINote(69)!, centOffset: Cents(-20), note2LevelOffset: AmplitudeDB(1.5))
    let timing = ComparisonSession.Timing(noteDuration: .seconds(1))
    let moment = Date(timeIntervalSince1970: 1_000)

    var note1: Tone { Tone(frequency: Frequency(hertz: 440), duration: .seconds(1)) }
    var note2: Tone {
        Tone(frequency: Frequency(note: MIDINote(69)!, offset: Cents(-20)), duration: .seconds(1), level: AmplitudeDB(1.5))
    }

    /// A session driven to the given point of the loop.
    func session(_ events: ComparisonEvent...) -> ComparisonSession {
        var session = ComparisonSession(timing: timing)
        for event in events { _ = session.handle(event) }
        return session
    }

    @Test func startAsksForAComparison() {
        var session = session()
        #expect(session.handle(.start) == [.chooseNext])
        #expect(session.state == .preparing)
    }

    @Test func aReadyComparisonPlaysNote1() {
        var session = session(.start)
        #expect(session.handle(.comparisonReady(comparison)) == [.play(note1)])
        #expect(session.state == .playingNote1(comparison))
        #expect(!session.state.acceptsAnswer)
    }

    @Test func note1EndingPlaysNote2AtItsLevelAndOpensAnswers() {
        var session = session(.start, .comparisonReady(comparison))
        #expect(session.handle(.noteEnded) == [.play(note2)])
        #expect(session.state == .playingNote2(comparison))
        #expect(session.state.acceptsAnswer)
    }

    @Test func aGapWaitsBetweenTheNotes() {
        var session = ComparisonSession(timing: .init(noteDuration: .seconds(1), noteGap: .milliseconds(300)))
        _ = session.handle(.start)
        _ = session.handle(.comparisonReady(comparison))
        #expect(session.handle(.noteEnded) == [.wait(.milliseconds(300), then: .gapElapsed)])
        #expect(session.state == .betweenNotes(comparison))
        #expect(!session.state.acceptsAnswer)
        #expect(session.handle(.gapElapsed) == [.play(note2)])
        #expect(session.state == .playingNote2(comparison))
    }

    @Test func note2EndingAwaitsTheAnswer() {
        var session = session(.start, .comparisonReady(comparison), .noteEnded)
        #expect(session.handle(.noteEnded) == [])
        #expect(session.state == .awaitingAnswer(comparison))
    }

    @Test func answeringRecordsShowsFeedbackAndWaits() {
        var session = session(.start, .comparisonReady(comparison), .noteEnded, .noteEnded)
        let completed = CompletedComparison(comparison, answer: .lower, timestamp: moment)
        #expect(completed.isCorrect)
        #expect(session.handle(.answered(.lower, at: moment)) == [
            .record(completed), .showFeedback(isCorrect: true), .wait(.milliseconds(400), then: .feedbackElapsed),
        ])
        #expect(session.state == .showingFeedback(completed))
    }

    @Test func answeringDuringNote2StopsItFirst() {
        var session = session(.start, .comparisonReady(comparison), .noteEnded)
        let completed = CompletedComparison(comparison, answer: .higher, timestamp: moment)
        #expect(!completed.isCorrect)
        #expect(session.handle(.answered(.higher, at: moment)) == [
            .stopSound, .record(completed), .showFeedback(isCorrect: false),
            .wait(.milliseconds(400), then: .feedbackElapsed),
        ])
    }

    @Test func feedbackEndingLoopsToTheNextComparison() {
        var session = session(.start, .comparisonReady(comparison), .noteEnded, .noteEnded, .answered(.lower, at: moment))
        #expect(session.handle(.feedbackElapsed) == [.chooseNext])
        #expect(session.state == .preparing)
    }

    @Test func answersBeforeNote2OrTwiceAreIgnored() {
        var early = session(.start, .comparisonReady(comparison))
        #expect(early.handle(.answered(.higher, at: moment)) == [])
        #expect(early.state == .playingNote1(comparison))

        var twice = session(.start, .comparisonReady(comparison), .noteEnded, .answered(.lower, at: moment))
        let state = twice.state
        #expect(twice.handle(.answered(.higher, at: moment)) == [])
        #expect(twice.state == state)
    }

    @Test(arguments: [
        [ComparisonEvent.start],
        [.start, .comparisonReady(Comparison(note1: MIDINote(60)!, centOffset: Cents(5)))],
        [.start, .comparisonReady(Comparison(note1: MIDINote(60)!, centOffset: Cents(5))), .noteEnded],
        [.start, .comparisonReady(Comparison(note1: MIDINote(60)!, centOffset: Cents(5))), .noteEnded, .noteEnded],
    ])
    func stoppingAnywhereDiscardsTheTrialWithoutRecording(events: [ComparisonEvent]) {
        for stop in [ComparisonEvent.stop, .audioFailed] {
            var session = ComparisonSession(timing: timing)
            for event in events { _ = session.handle(event) }
            let effects = session.handle(stop)
            #expect(effects == [.stopSound])
            #expect(session.state == .idle)
        }
    }

    @Test func stoppingWhenIdleDoesNothing() {
        var session = session()
        #expect(session.handle(.stop) == [])
        #expect(session.state == .idle)
    }

    @Test func eventsOfADiscardedTrialAreIgnoredOnceIdle() {
        var session = session(.start, .comparisonReady(comparison), .stop)
        #expect(session.handle(.noteEnded) == [])
        #expect(session.handle(.feedbackElapsed) == [])
        #expect(session.handle(.comparisonReady(comparison)) == [])
        #expect(session.state == .idle)
    }
}
