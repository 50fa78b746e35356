import Foundation
import Testing

@testable import PeachCore

/// Pitch matching's piece of the session loop, transition by transition, without mocks.
struct PitchMatchingSessionTests {
    let challenge = PitchMatchingChallenge(referenceNote: MIDINote(69)!, initialCentOffset: Cents(25))
    let moment = Date(timeIntervalSince1970: 500)

    /// Notes of a second, A4 = 440 Hz.
    func session(_ events: SessionEvent<PitchMatchingPiece>...) -> PitchMatchingSession {
        var session = PitchMatchingSession(PitchMatchingPiece(settings: .default))
        for event in events { _ = session.handle(event) }
        return session
    }

    @Test func theReferencePlaysForTheNoteDurationThenTheTunableNoteStartsAtTheOffset() {
        var session = session(.start)
        #expect(
            session.handle(.trialReady(challenge)) == [
                .play(
                    [
                        SoundingTones(
                            start: .zero, tones: [Tone(frequency: Frequency(hertz: 440), duration: .seconds(1))])
                    ], answersOpenAt: .seconds(1))
            ])
        #expect(!session.state.acceptsAnswer)
        #expect(
            session.handle(.answersOpened(at: 0)) == [.piece(.hold(Frequency(note: MIDINote(69)!, offset: Cents(25))))])
        #expect(session.state == .answering(challenge))
        #expect(session.state.acceptsAnswer)
    }

    @Test func theSliderIsInertDuringTheReference() {
        var session = session(.start, .trialReady(challenge))
        #expect(session.handle(.input(.sliderMoved(NormalizedSliderValue(0.5)!), at: moment)) == [])
        #expect(session.handle(.answered(.slider(NormalizedSliderValue(0.5)!), at: moment)) == [])
        #expect(session.state == .playing(challenge))
    }

    @Test func movingTheSliderRetunesTheNote() {
        var session = session(.start, .trialReady(challenge), .answersOpened(at: 0))
        #expect(
            session.handle(.input(.sliderMoved(NormalizedSliderValue(-0.25)!), at: moment)) == [
                .piece(.retune(Frequency(hertz: 440)))
            ])
    }

    @Test func committingStopsRecordsShowsAndWaits() {
        var session = session(.start, .trialReady(challenge), .answersOpened(at: 0), .soundEnded(at: moment))
        let completed = CompletedPitchMatching(
            referenceNote: MIDINote(69)!, initialCentOffset: Cents(25), userCentError: Cents(-15), timestamp: moment)
        #expect(
            session.handle(.answered(.slider(NormalizedSliderValue(-0.4)!), at: moment)) == [
                .piece(.release), .record(completed), .showFeedback(completed),
                .wait(.milliseconds(400), then: .feedbackElapsed),
            ])
        #expect(session.state == .showingFeedback(completed))
        #expect(session.handle(.feedbackElapsed) == [.chooseNext])
        #expect(session.state == .preparing)
    }

    @Test func stoppingWhileTuningDiscardsTheAttemptAndEndsTheNote() {
        for stop in [SessionEvent<PitchMatchingPiece>.stop, .audioFailed] {
            var session = session(.start, .trialReady(challenge), .answersOpened(at: 0), .soundEnded(at: moment))
            #expect(session.handle(stop) == [.stopSound, .piece(.release)])
            #expect(session.state == .idle)
        }
    }

    @Test func stoppingDuringTheReferenceSilencesIt() {
        var session = session(.start, .trialReady(challenge))
        #expect(session.handle(.stop) == [.stopSound])
        #expect(session.state == .idle)
    }

    @Test func aSecondCommitIsIgnored() {
        var session = session(
            .start, .trialReady(challenge), .answersOpened(at: 0), .answered(.slider(.centre), at: moment))
        let state = session.state
        #expect(session.handle(.answered(.slider(.centre), at: moment)) == [])
        #expect(session.state == state)
    }
}
