import Foundation
import Testing

@testable import PeachCore

/// Sing It's piece of the session loop, transition by transition, without mocks.
struct SingingSessionTests {
    typealias Event = SessionEvent<SingingPiece>

    let challenge = PitchMatchingChallenge(
        .pitchSinging, referenceNote: MIDINote(57)!, initialCentOffset: .zero, centRange: .zero)
    let moment = Date(timeIntervalSince1970: 500)
    /// A3 moved by `cents`.
    func sung(_ cents: Double) -> Frequency { Frequency(note: MIDINote(57)!, offset: Cents(cents)) }

    /// Notes of a second, A4 = 440 Hz.
    func session(_ events: Event...) -> TrainingSession<SingingPiece> {
        var session = TrainingSession(SingingPiece(settings: .default))
        for event in events { _ = session.handle(event) }
        return session
    }

    /// The singer's turn: the reference ended at `end` on the capture's clock, and so did its sound.
    func listening(from end: Double) -> TrainingSession<SingingPiece> {
        session(.start, .trialReady(challenge), .answersOpened(at: end), .soundEnded(at: moment))
    }

    /// Feeds a frame every 20 ms from `from` to `to`; returns the effects of the first frame that had any.
    func sing(
        _ session: inout TrainingSession<SingingPiece>, from: Double, to: Double, _ frequency: (Double) -> Frequency?
    ) -> (Double, [SessionEffect<SingingPiece>])? {
        for time in stride(from: from, to: to, by: 0.02) {
            let effects = session.handle(.input(.heard(HeardPitch(time: time, frequency: frequency(time))), at: moment))
            if !effects.isEmpty { return (time, effects) }
        }
        return nil
    }

    @Test func theReferencePlaysThenTheSingerIsHeardOnlyAfterItsEcho() throws {
        var session = session(.start)
        #expect(
            session.handle(.trialReady(challenge)) == [
                .play(
                    [
                        SoundingTones(
                            start: .zero, tones: [Tone(frequency: Frequency(hertz: 220), duration: .seconds(1))])
                    ], answersOpenAt: .seconds(1))
            ])
        // The speaker, heard while the reference plays, is not the singer.
        #expect(sing(&session, from: 0, to: 3) { _ in self.sung(0) } == nil)
        let listen = session.handle(.answersOpened(at: 10))
        guard case .piece(.listen(let from)) = listen.first, listen.count == 1 else {
            Issue.record("\(listen)")
            return
        }
        _ = session.handle(.soundEnded(at: moment))
        #expect(abs(from - 10.15) < 1e-9)
        // Nor its echo: frames that begin within 150 ms of the end change nothing, however steady.
        let state = session.state
        #expect(sing(&session, from: 8, to: 10.15) { _ in self.sung(40) } == nil)
        #expect(session.state == state)
        let (time, effects) = try #require(sing(&session, from: 10.16, to: 14) { _ in self.sung(23) })
        #expect(time >= 11.56 && time < 11.62)
        let completed = CompletedPitchMatching(
            challenge, sung: SungPitch(centsFromTarget: Cents(23))!, timestamp: moment)
        #expect(effects.count == 4 && effects[0] == .piece(.stopListening))
        guard case .record(let recorded) = effects[1] else {
            Issue.record("no record: \(effects)")
            return
        }
        #expect(abs(recorded.userCentError.rawValue - 23) < 1e-6 && recorded.sungOctave == 0)
        #expect(recorded.discipline == .pitchSinging && recorded.referenceNote == completed.referenceNote)
        #expect(effects[2] == .showFeedback(recorded))
        #expect(effects[3] == .wait(.milliseconds(400), then: .feedbackElapsed))
        #expect(session.handle(.feedbackElapsed) == [.chooseNext])
    }

    @Test func anOctaveBelowIsJudgedToTheNearestOctaveAndKeepsIt() throws {
        var session = listening(from: 0)
        let (_, effects) = try #require(sing(&session, from: 0.2, to: 4) { _ in self.sung(-1207) })
        guard case .record(let recorded) = effects.dropFirst().first else {
            Issue.record("no record")
            return
        }
        #expect(abs(recorded.userCentError.rawValue + 7) < 1e-6)
        #expect(recorded.sungOctave == -1)
    }

    @Test func enterCommitsWhatWasSungLatelyOrPromptsWhenNothingWas() throws {
        var session = session(.start, .trialReady(challenge))
        #expect(session.handle(.input(.commitNow, at: moment)) == [])
        _ = session.handle(.answersOpened(at: 0))
        _ = session.handle(.soundEnded(at: moment))
        #expect(session.handle(.input(.commitNow, at: moment)) == [.piece(.promptSilence)])
        #expect(sing(&session, from: 0.2, to: 0.6) { _ in self.sung(-12) } == nil)
        let effects = session.handle(.input(.commitNow, at: moment))
        guard case .record(let recorded) = effects.dropFirst().first else {
            Issue.record("no record: \(effects)")
            return
        }
        #expect(abs(recorded.userCentError.rawValue + 12) < 1e-6)
        #expect(session.handle(.input(.commitNow, at: moment)) == [])
    }

    @Test func eightSecondsOfSilenceGiveOnePromptUntilSomethingIsHeardAgain() throws {
        var session = listening(from: 0)
        let (time, effects) = try #require(sing(&session, from: 0.2, to: 20) { _ in nil })
        #expect(effects == [.piece(.promptSilence)])
        #expect(time >= 8 && time < 8.03)
        #expect(sing(&session, from: 8.04, to: 20) { _ in nil } == nil)
        // A short sound, then silence again: prompted once more, eight seconds after it.
        #expect(sing(&session, from: 20, to: 20.1) { _ in self.sung(0) } == nil)
        let (again, _) = try #require(sing(&session, from: 20.1, to: 40) { _ in nil })
        #expect(again >= 28.06 && again < 28.12)
        #expect(session.state.acceptsAnswer)
    }

    @Test func stoppingDiscardsTheAttemptAndStopsTheReference() {
        var playing = session(.start, .trialReady(challenge))
        #expect(playing.handle(.stop) == [.stopSound])
        var listening = listening(from: 0)
        #expect(listening.handle(.audioFailed) == [.stopSound, .piece(.stopListening)])
        #expect(listening.state == .idle)
    }
}
