import Foundation
import Testing

@testable import PeachCore

/// Scale Degrees' loop: the reducer's transitions without mocks, then the driver through a mock note
/// player, the in-memory store and a test clock.
struct ScaleDegreeSessionTests {
    static let trial = ScaleDegreeTrial(
        tonic: MIDINote(60)!, mode: .major, degree: .five, choices: [.one, .three, .five])
    static let next = ScaleDegreeTrial(
        tonic: MIDINote(57)!, mode: .minor, degree: .flatThree, choices: [.one, .flatThree])
    static let at = Date(timeIntervalSince1970: 42)

    @Test func theCadenceAndNoteSoundAnswersOpenAtTheNoteAndAnOfferedDegreeIsJudged() throws {
        var session = TrainingSession(ChoicePiece<ScaleDegreeKind>(settings: .default))
        #expect(session.handle(.start) == [.chooseNext])
        let sounding = ScaleDegreeKind.sounding(Self.trial, settings: .default)
        #expect(session.handle(.trialReady(Self.trial)) == [.play(sounding, answersOpenAt: ScaleDegreeKind.noteStart)])
        // Four chords of four notes back to back, the rest, then the note: G4 over a C major cadence
        // (the bass on C2, the chord from C4).
        #expect(
            sounding.map(\.start) == [
                .zero, .milliseconds(700), .milliseconds(1400), .milliseconds(2100), .milliseconds(3200),
            ])
        #expect(
            sounding.prefix(4).allSatisfy {
                $0.tones.count == 4 && $0.tones.allSatisfy { $0.duration == Cadence.chordDuration }
            })
        #expect(sounding[0].tones.map(\.frequency) == [36, 60, 64, 67].map { Frequency(note: MIDINote($0)!) })
        #expect(sounding[4].tones == [Tone(frequency: Frequency(note: MIDINote(67)!), duration: .seconds(1))])
        // During the cadence, answers are not open.
        #expect(session.handle(.answered(.five, at: Self.at)).isEmpty)
        #expect(session.handle(.answersOpened(at: 0)).isEmpty && session.state.acceptsAnswer)
        // A degree the trial did not offer is no answer.
        #expect(session.handle(.answered(.two, at: Self.at)).isEmpty && session.state.acceptsAnswer)
        let completed = CompletedScaleDegree(Self.trial, answer: .three, timestamp: Self.at)
        #expect(
            session.handle(.answered(.three, at: Self.at))
                == [
                    .stopSound, .record(completed), .showFeedback(completed),
                    .wait(SessionRules.feedbackDuration, then: .feedbackElapsed),
                ])
        #expect(!completed.isCorrect)
        #expect(session.handle(.answered(.five, at: Self.at)).isEmpty)
        #expect(session.handle(.feedbackElapsed) == [.chooseNext])
        #expect(session.handle(.stop) == [.stopSound] && session.state == .idle)
        #expect(session.handle(.stop).isEmpty)
    }

    actor FixedSource: TrialSupplying {
        typealias Kind = ScaleDegreeKind
        var served = 0
        var completed: [CompletedScaleDegree] = []
        func next() -> ScaleDegreeTrial {
            defer { served += 1 }
            return served == 0 ? ScaleDegreeSessionTests.trial : ScaleDegreeSessionTests.next
        }
        func didComplete(_ answer: CompletedScaleDegree) { completed.append(answer) }
    }

    @Test func theDriverPlaysEachChordInTurnThenTheNoteAndStoresTheAnswer() async throws {
        let clock = ManualClock()
        let player = MockNotePlayer()
        let store = InMemoryTrainingDataStore()
        let source = FixedSource()
        let feedback = Log<CompletedScaleDegree>()
        let driver = TrainingSessionDriver(
            ChoicePiece<ScaleDegreeKind>(settings: .default), player: TonePlayer(player), store: store, source: source,
            clock: clock, now: { Self.at },
            onFeedback: { feedback.append($0) })
        await driver.start()
        let sounding = ScaleDegreeKind.sounding(Self.trial, settings: .default)
        #expect(await eventually { player.plays.all == sounding[0].tones.map(\.frequency) })
        // Each chord is released before the next starts.
        await advance(clock, by: Cadence.chordDuration)
        #expect(await eventually { player.plays.all.count == 8 && player.stops.all.count == 4 })
        await advance(clock, by: Cadence.chordDuration * 3)
        // The note starts as the answers open: both are steps of the sound's one timeline.
        await advance(clock, by: Cadence.restAfter)
        #expect(
            await eventually { player.plays.all.count == 17 && player.plays.all.last == sounding[4].tones[0].frequency }
        )
        #expect(await eventually { await driver.state == .answering(Self.trial) })
        await driver.answer(.five)
        let expected = CompletedScaleDegree(Self.trial, answer: .five, timestamp: Self.at)
        #expect(await store.records(nil, limit: 10) == [.scaleDegree(expected)])
        #expect(await source.completed == [expected] && feedback.all == [expected] && expected.isCorrect)
        // The answer silences the note.
        #expect(await eventually { player.stops.all.count == 17 })
        await advance(clock, by: SessionRules.feedbackDuration)
        #expect(await eventually { player.plays.all.count == 21 })
        await driver.stop()
        #expect(await driver.state == .idle)
    }
}
