import Foundation
import Testing

@testable import PeachCore

/// The comparison's piece of the session loop, transition by transition, without mocks.
struct ComparisonSessionTests {
    typealias Event = SessionEvent<ChoicePiece<ComparisonKind>>

    let comparison = Comparison(note1: MIDINote(69)!, centOffset: Cents(-20), note2LevelOffset: AmplitudeDB(1.5))
    /// Notes of a second, no gap, A4 = 440 Hz.
    let settings = TrainingSettings.default
    let moment = Date(timeIntervalSince1970: 1_000)

    var note1: SoundingTones {
        SoundingTones(start: .zero, tones: [Tone(frequency: Frequency(hertz: 440), duration: .seconds(1))])
    }
    func note2(at start: Duration) -> SoundingTones {
        SoundingTones(
            start: start,
            tones: [
                Tone(
                    frequency: Frequency(note: MIDINote(69)!, offset: Cents(-20)), duration: .seconds(1),
                    level: AmplitudeDB(1.5))
            ])
    }

    /// A session driven to the given point of the loop.
    func session(_ events: Event...) -> ComparisonSession {
        var session = ComparisonSession(ChoicePiece(settings: settings))
        for event in events { _ = session.handle(event) }
        return session
    }

    @Test func startAsksForAComparison() {
        var session = session()
        #expect(session.handle(.start) == [.chooseNext])
        #expect(session.state == .preparing)
    }

    @Test func aReadyComparisonPlaysNote1ThenNote2AtItsLevelAndOpensAnswersAsNote2Starts() {
        var session = session(.start)
        #expect(
            session.handle(.trialReady(comparison)) == [
                .play([note1, note2(at: .seconds(1))], answersOpenAt: .seconds(1))
            ])
        #expect(session.state == .playing(comparison))
        #expect(!session.state.acceptsAnswer)
        #expect(session.handle(.answersOpened(at: 0)) == [])
        #expect(session.state == .answering(comparison))
        #expect(session.state.acceptsAnswer)
    }

    @Test func aGapWaitsBetweenTheNotes() {
        var settings = settings
        settings.noteGapSeconds = 0.3
        var session = ComparisonSession(ChoicePiece(settings: settings))
        _ = session.handle(.start)
        #expect(
            session.handle(.trialReady(comparison)) == [
                .play([note1, note2(at: .milliseconds(1300))], answersOpenAt: .milliseconds(1300))
            ])
        #expect(!session.state.acceptsAnswer)
    }

    @Test func answeringAfterNote2RecordsShowsFeedbackAndWaits() {
        var session = session(.start, .trialReady(comparison), .answersOpened(at: 0), .soundEnded(at: moment))
        #expect(session.state == .answering(comparison))
        let completed = CompletedComparison(comparison, answer: .lower, timestamp: moment)
        #expect(completed.isCorrect)
        #expect(
            session.handle(.answered(.lower, at: moment)) == [
                .record(completed), .showFeedback(completed), .wait(.milliseconds(400), then: .feedbackElapsed),
            ])
        #expect(session.state == .showingFeedback(completed))
    }

    @Test func answeringDuringNote2StopsItFirst() {
        var session = session(.start, .trialReady(comparison), .answersOpened(at: 0))
        let completed = CompletedComparison(comparison, answer: .higher, timestamp: moment)
        #expect(!completed.isCorrect)
        #expect(
            session.handle(.answered(.higher, at: moment)) == [
                .stopSound, .record(completed), .showFeedback(completed),
                .wait(.milliseconds(400), then: .feedbackElapsed),
            ])
    }

    @Test func feedbackEndingLoopsToTheNextComparison() {
        var session = session(.start, .trialReady(comparison), .answersOpened(at: 0), .answered(.lower, at: moment))
        #expect(session.handle(.feedbackElapsed) == [.chooseNext])
        #expect(session.state == .preparing)
    }

    @Test func answersBeforeNote2OrTwiceAreIgnored() {
        var early = session(.start, .trialReady(comparison))
        #expect(early.handle(.answered(.higher, at: moment)) == [])
        #expect(early.state == .playing(comparison))

        var twice = session(.start, .trialReady(comparison), .answersOpened(at: 0), .answered(.lower, at: moment))
        let state = twice.state
        #expect(twice.handle(.answered(.higher, at: moment)) == [])
        #expect(twice.state == state)
    }

    @Test(arguments: [
        [Event.start],
        [.start, .trialReady(Comparison(note1: MIDINote(60)!, centOffset: Cents(5)))],
        [.start, .trialReady(Comparison(note1: MIDINote(60)!, centOffset: Cents(5))), .answersOpened(at: 0)],
        [
            .start, .trialReady(Comparison(note1: MIDINote(60)!, centOffset: Cents(5))), .answersOpened(at: 0),
            .soundEnded(at: .distantPast),
        ],
    ])
    func stoppingAnywhereDiscardsTheTrialWithoutRecording(events: [Event]) {
        for stop in [Event.stop, .audioFailed] {
            var session = ComparisonSession(ChoicePiece(settings: settings))
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
        var session = session(.start, .trialReady(comparison), .stop)
        #expect(session.handle(.answersOpened(at: 0)) == [])
        #expect(session.handle(.soundEnded(at: moment)) == [])
        #expect(session.handle(.feedbackElapsed) == [])
        #expect(session.handle(.trialReady(comparison)) == [])
        #expect(session.state == .idle)
    }
}
