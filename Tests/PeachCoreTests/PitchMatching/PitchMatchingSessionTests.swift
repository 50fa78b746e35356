import Foundation
import Testing
@testable import PeachCore

struct PitchMatchingSessionTests {
    let challenge = PitchMatchingChallenge(referenceNote: MIDINote(69)!, initialCentOffset: Cents(25))
    let moment = Date(timeIntervalSince1970: 500)

    func session(_ events: PitchMatchingEvent...) -> PitchMatchingSession {
        var session = PitchMatchingSession(timing: .init(noteDuration: .seconds(1)))
        for event in events { _ = session.handle(event) }
        return session
    }

    @Test func theReferencePlaysForTheNoteDurationThenTheTunableNoteStartsAtTheOffset() {
        var session = session(.start)
        #expect(session.handle(.challengeReady(challenge)) == [.playReference(Tone(frequency: Frequency(hertz: 440), duration: .seconds(1)))])
        #expect(!session.state.acceptsSliderInput)
        #expect(session.handle(.referenceEnded) == [.startTunable(Frequency(note: MIDINote(69)!, offset: Cents(25)))])
        #expect(session.state == .tuning(challenge))
        #expect(session.state.acceptsSliderInput)
    }

    @Test func theSliderIsInertDuringTheReference() {
        var session = session(.start, .challengeReady(challenge))
        #expect(session.handle(.sliderMoved(NormalizedSliderValue(0.5)!)) == [])
        #expect(session.handle(.committed(NormalizedSliderValue(0.5)!, at: moment)) == [])
        #expect(session.state == .playingReference(challenge))
    }

    @Test func movingTheSliderRetunesTheNote() {
        var session = session(.start, .challengeReady(challenge), .referenceEnded)
        #expect(session.handle(.sliderMoved(NormalizedSliderValue(-0.25)!)) == [.retuneTunable(Frequency(hertz: 440))])
    }

    @Test func committingStopsRecordsShowsAndWaits() {
        var session = session(.start, .challengeReady(challenge), .referenceEnded)
        let completed = CompletedPitchMatching(
            referenceNote: MIDINote(69)!, initialCentOffset: Cents(25), userCentError: Cents(-15), timestamp: moment)
        #expect(session.handle(.committed(NormalizedSliderValue(-0.4)!, at: moment)) == [
            .stopTunable, .record(completed), .showFeedback(completed), .wait(.milliseconds(400), then: .feedbackElapsed),
        ])
        #expect(session.state == .showingFeedback(completed))
        #expect(session.handle(.feedbackElapsed) == [.chooseNext])
        #expect(session.state == .preparing)
    }

    @Test func stoppingWhileTuningDiscardsTheAttempt() {
        for stop in [PitchMatchingEvent.stop, .audioFailed] {
            var session = session(.start, .challengeReady(challenge), .referenceEnded)
            #expect(session.handle(stop) == [.stopTunable])
            #expect(session.state == .idle)
        }
    }

    @Test func stoppingDuringTheReferenceSilencesIt() {
        var session = session(.start, .challengeReady(challenge))
        #expect(session.handle(.stop) == [.stopReference])
        #expect(session.state == .idle)
    }

    @Test func aSecondCommitIsIgnored() {
        var session = session(.start, .challengeReady(challenge), .referenceEnded, .committed(.centre, at: moment))
        let state = session.state
        #expect(session.handle(.committed(.centre, at: moment)) == [])
        #expect(session.state == state)
    }
}
