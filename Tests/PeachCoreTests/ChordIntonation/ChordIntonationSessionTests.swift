import Foundation
import Testing

@testable import PeachCore

/// Which Voice's loop: the reducer's transitions without mocks, then the driver through a mock note
/// player, the in-memory store and a test clock.
struct ChordIntonationSessionTests {
    static let trial = ChordIntonationTrial(
        root: MIDINote(60)!, triad: .major, tuningSystem: .justIntonation, detunedVoice: .middle, centOffset: Cents(-9))
    static let next = ChordIntonationTrial(
        root: MIDINote(52)!, triad: .minor, tuningSystem: .justIntonation, detunedVoice: .lowest, centOffset: Cents(6))
    static let at = Date(timeIntervalSince1970: 42)

    @Test func theChordSoundsAnswersOpenAndAnAnswerIsStoredAndJudged() throws {
        var session = TrainingSession(ChoicePiece<ChordIntonationKind>(settings: .default))
        #expect(session.handle(.start) == [.chooseNext])
        let sounding = ChordIntonationKind.sounding(Self.trial, settings: .default)
        #expect(sounding.count == 1 && sounding[0].start == .zero)
        let tones = sounding[0].tones
        #expect(
            session.handle(.trialReady(Self.trial)) == [.play(sounding, answersOpenAt: ChordIntonationKind.answersOpen)]
        )
        #expect(
            tones.count == 3
                && tones.allSatisfy {
                    $0.duration == ChordIntonationKind.chordDuration && $0.level == ChordIntonationKind.voiceLevel
                })
        // The middle voice, a just major third above C4 and 9 ¢ flat.
        #expect(
            abs(1200 * log2(tones[1].frequency.hertz / tones[0].frequency.hertz) - (1200 * log2(5.0 / 4) - 9)) < 1e-9)
        // Too early: answers are not open yet.
        #expect(session.handle(.answered(.middle, at: Self.at)).isEmpty)
        #expect(session.handle(.answersOpened(at: 0)).isEmpty && session.state.acceptsAnswer)
        let completed = CompletedChordIntonation(Self.trial, answer: .middle, timestamp: Self.at)
        #expect(
            session.handle(.answered(.middle, at: Self.at))
                == [
                    .stopSound, .record(completed), .showFeedback(completed),
                    .wait(SessionRules.feedbackDuration, then: .feedbackElapsed),
                ])
        #expect(completed.isCorrect)
        // A second answer changes nothing; the feedback's end asks for the next chord.
        #expect(session.handle(.answered(.lowest, at: Self.at)).isEmpty)
        #expect(session.handle(.feedbackElapsed) == [.chooseNext])
        #expect(session.handle(.stop) == [.stopSound] && session.state == .idle)
        #expect(session.handle(.stop).isEmpty)
    }

    actor FixedSource: TrialSupplying {
        typealias Kind = ChordIntonationKind
        var served = 0
        var completed: [CompletedChordIntonation] = []
        func next() -> ChordIntonationTrial {
            defer { served += 1 }
            return served == 0 ? ChordIntonationSessionTests.trial : ChordIntonationSessionTests.next
        }
        func didComplete(_ answer: CompletedChordIntonation) { completed.append(answer) }
    }

    @Test func theDriverHoldsTheThreeVoicesStoresTheAnswerAndPlaysTheNextChord() async throws {
        let clock = ManualClock()
        let player = MockNotePlayer()
        let store = InMemoryTrainingDataStore()
        let source = FixedSource()
        let feedback = Log<CompletedChordIntonation>()
        let driver = TrainingSessionDriver(
            ChoicePiece<ChordIntonationKind>(settings: .default), player: TonePlayer(player), store: store,
            source: source, clock: clock, now: { Self.at },
            onFeedback: { feedback.append($0) })
        await driver.start()
        let chord = ChordIntonationKind.sounding(Self.trial, settings: .default)[0].tones.map(\.frequency)
        #expect(await eventually { player.plays.all == chord })
        await advance(clock, by: ChordIntonationKind.answersOpen)
        #expect(await eventually { await driver.state == .answering(Self.trial) })
        await driver.answer(.highest)
        let expected = CompletedChordIntonation(Self.trial, answer: .highest, timestamp: Self.at)
        #expect(await store.records(nil, limit: 10) == [.chordIntonation(expected)])
        #expect(await source.completed == [expected] && feedback.all == [expected] && !expected.isCorrect)
        // The answer silences all three voices at once.
        #expect(await eventually { Set(player.stops.all.map(\.hertz)) == Set(chord.map(\.hertz)) })
        await advance(clock, by: SessionRules.feedbackDuration)
        #expect(await eventually { player.plays.all.count == 6 })
        await driver.stop()
        #expect(await driver.state == .idle)
    }
}
