import Foundation
import Testing
@testable import PeachCore

struct SingingSessionTests {
    let challenge = PitchMatchingChallenge(.pitchSinging, referenceNote: MIDINote(57)!, initialCentOffset: .zero, centRange: .zero)
    let moment = Date(timeIntervalSince1970: 500)
    /// A3 moved by `cents`.
    func sung(_ cents: Double) -> Frequency { Frequency(note: MIDINote(57)!, offset: Cents(cents)) }

    func session(_ events: SingingEvent...) -> SingingSession {
        var session = SingingSession(timing: .init(noteDuration: .seconds(1)))
        for event in events { _ = session.handle(event) }
        return session
    }

    /// Feeds a frame every 20 ms from `from` to `to`; returns the effects of the first frame that had any.
    func sing(_ session: inout SingingSession, from: Double, to: Double, _ frequency: (Double) -> Frequency?) -> (Double, [SingingEffect])? {
        for time in stride(from: from, to: to, by: 0.02) {
            let effects = session.handle(.heard(HeardPitch(time: time, frequency: frequency(time)), at: moment))
            if !effects.isEmpty { return (time, effects) }
        }
        return nil
    }

    @Test func theReferencePlaysThenTheSingerIsHeardOnlyAfterItsEcho() throws {
        var session = session(.start)
        #expect(session.handle(.challengeReady(challenge)) == [.playReference(Tone(frequency: Frequency(hertz: 220), duration: .seconds(1)))])
        // The speaker, heard while the reference plays, is not the singer.
        #expect(sing(&session, from: 0, to: 3) { _ in self.sung(0) } == nil)
        let listen = session.handle(.referenceEnded(at: 10))
        guard case let .listen(from) = listen.first, listen.count == 1 else { Issue.record("\(listen)"); return }
        #expect(abs(from - 10.15) < 1e-9)
        // Nor its echo: frames that begin within 150 ms of the end change nothing, however steady.
        let state = session.state
        #expect(sing(&session, from: 8, to: 10.15) { _ in self.sung(40) } == nil)
        #expect(session.state == state)
        let (time, effects) = try #require(sing(&session, from: 10.16, to: 14) { _ in self.sung(23) })
        #expect(time >= 11.56 && time < 11.62)
        let completed = CompletedPitchMatching(challenge, sung: SungPitch(centsFromTarget: Cents(23))!, timestamp: moment)
        #expect(effects.count == 4 && effects[0] == .stopListening)
        guard case let .record(recorded) = effects[1] else { Issue.record("no record: \(effects)"); return }
        #expect(abs(recorded.userCentError.rawValue - 23) < 1e-6 && recorded.sungOctave == 0)
        #expect(recorded.discipline == .pitchSinging && recorded.referenceNote == completed.referenceNote)
        #expect(effects[2] == .showFeedback(recorded))
        #expect(effects[3] == .wait(.milliseconds(400), then: .feedbackElapsed))
        #expect(session.handle(.feedbackElapsed) == [.chooseNext])
    }

    @Test func anOctaveBelowIsJudgedToTheNearestOctaveAndKeepsIt() throws {
        var session = session(.start, .challengeReady(challenge), .referenceEnded(at: 0))
        let (_, effects) = try #require(sing(&session, from: 0.2, to: 4) { _ in self.sung(-1207) })
        guard case let .record(recorded) = effects.dropFirst().first else { Issue.record("no record"); return }
        #expect(abs(recorded.userCentError.rawValue + 7) < 1e-6)
        #expect(recorded.sungOctave == -1)
    }

    @Test func enterCommitsWhatWasSungLatelyOrPromptsWhenNothingWas() throws {
        var session = session(.start, .challengeReady(challenge))
        #expect(session.handle(.commitNow(at: moment)) == [])
        _ = session.handle(.referenceEnded(at: 0))
        #expect(session.handle(.commitNow(at: moment)) == [.promptSilence])
        #expect(sing(&session, from: 0.2, to: 0.6) { _ in self.sung(-12) } == nil)
        let effects = session.handle(.commitNow(at: moment))
        guard case let .record(recorded) = effects.dropFirst().first else { Issue.record("no record: \(effects)"); return }
        #expect(abs(recorded.userCentError.rawValue + 12) < 1e-6)
        #expect(session.handle(.commitNow(at: moment)) == [])
    }

    @Test func eightSecondsOfSilenceGiveOnePromptUntilSomethingIsHeardAgain() throws {
        var session = session(.start, .challengeReady(challenge), .referenceEnded(at: 0))
        let (time, effects) = try #require(sing(&session, from: 0.2, to: 20) { _ in nil })
        #expect(effects == [.promptSilence])
        #expect(time >= 8 && time < 8.03)
        #expect(sing(&session, from: 8.04, to: 20) { _ in nil } == nil)
        // A short sound, then silence again: prompted once more, eight seconds after it.
        #expect(sing(&session, from: 20, to: 20.1) { _ in self.sung(0) } == nil)
        let (again, _) = try #require(sing(&session, from: 20.1, to: 40) { _ in nil })
        #expect(again >= 28.06 && again < 28.12)
        #expect(session.state.isListening)
    }

    @Test func stoppingDiscardsTheAttemptAndStopsTheReference() {
        var playing = session(.start, .challengeReady(challenge))
        #expect(playing.handle(.stop) == [.stopReference])
        var listening = session(.start, .challengeReady(challenge), .referenceEnded(at: 0))
        #expect(listening.handle(.audioFailed) == [.stopListening])
        #expect(listening.state == .idle)
    }
}
