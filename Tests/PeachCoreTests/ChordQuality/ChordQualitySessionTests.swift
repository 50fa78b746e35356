import Foundation
import Testing

@testable import PeachCore

/// Chord Quality's loop: the reducer's transitions without mocks, then the driver through a mock
/// note player, the in-memory store and a test clock.
struct ChordQualitySessionTests {
    static let trial = ChordQualityTrial(
        root: MIDINote(60)!, quality: .minor, inversion: 0, voicing: .arpeggio, choices: [.major, .minor, .diminished])
    static let next = ChordQualityTrial(
        root: MIDINote(50)!, quality: .major7, inversion: 1, voicing: .block, choices: [.major7, .dominant7])
    static let at = Date(timeIntervalSince1970: 42)

    @Test func theArpeggioSoundsAnswersOpenAfterItsLastNoteAndAnOfferedQualityIsJudged() {
        var session = TrainingSession(ChoicePiece<ChordQualityKind>(settings: .default))
        #expect(session.handle(.start) == [.chooseNext])
        let sounding = ChordQualityKind.sounding(Self.trial, settings: .default)
        #expect(session.handle(.trialReady(Self.trial)) == [.play(sounding, answersOpenAt: .milliseconds(1000))])
        #expect(sounding.map(\.start) == [.zero, .milliseconds(350), .milliseconds(700)])
        #expect(sounding.map { $0.tones[0].frequency } == [60, 63, 67].map { Frequency(note: MIDINote($0)!) })
        #expect(session.handle(.answered(.minor, at: Self.at)).isEmpty)
        #expect(session.handle(.answersOpened(at: 0)).isEmpty && session.state.acceptsAnswer)
        #expect(session.handle(.answered(.augmented, at: Self.at)).isEmpty && session.state.acceptsAnswer)
        let completed = CompletedChordQuality(Self.trial, answer: .diminished, timestamp: Self.at)
        #expect(
            session.handle(.answered(.diminished, at: Self.at))
                == [
                    .stopSound, .record(completed), .showFeedback(completed),
                    .wait(SessionRules.feedbackDuration, then: .feedbackElapsed),
                ])
        #expect(session.handle(.feedbackElapsed) == [.chooseNext])
        #expect(session.handle(.stop) == [.stopSound] && session.state == .idle)
    }

    actor FixedSource: TrialSupplying {
        typealias Kind = ChordQualityKind
        var served = 0
        var completed: [CompletedChordQuality] = []
        func next() -> ChordQualityTrial {
            defer { served += 1 }
            return served == 0 ? ChordQualitySessionTests.trial : ChordQualitySessionTests.next
        }
        func didComplete(_ answer: CompletedChordQuality) { completed.append(answer) }
    }

    @Test func theDriverPlaysTheArpeggioNoteByNoteStoresTheAnswerAndPlaysTheNextChord() async throws {
        let clock = ManualClock()
        let player = MockNotePlayer()
        let store = InMemoryTrainingDataStore()
        let source = FixedSource()
        let driver = TrainingSessionDriver(
            ChoicePiece<ChordQualityKind>(settings: .default), player: TonePlayer(player), store: store, source: source,
            clock: clock,
            now: { Self.at })
        await driver.start()
        #expect(await eventually { player.plays.all.count == 1 })
        await advance(clock, by: ChordQualityKind.arpeggioStep)
        #expect(await eventually { player.plays.all.count == 2 })
        await advance(clock, by: ChordQualityKind.arpeggioStep)
        #expect(await eventually { player.plays.all.count == 3 && player.stops.all.isEmpty })
        await advance(clock, by: ChordQualityKind.answerDelay)
        #expect(await eventually { await driver.state == .answering(Self.trial) })
        await driver.answer(.minor)
        let expected = CompletedChordQuality(Self.trial, answer: .minor, timestamp: Self.at)
        #expect(await store.records(nil, limit: 10) == [.chordQuality(expected)])
        #expect(await source.completed == [expected] && expected.isCorrect)
        #expect(await eventually { player.stops.all.count == 3 })
        await advance(clock, by: SessionRules.feedbackDuration)
        // The next chord is a block: its four notes start together.
        #expect(await eventually { player.plays.all.count == 7 })
        await driver.stop()
        #expect(await driver.state == .idle)
    }
}
