import Foundation
import HTTPTypes
import Hummingbird
import Testing

@testable import PeachCore
@testable import PeachServer
@testable import PeachStore

/// Which Voice?'s own threshold on the Profile: fitted for a choice of three from stored answers.
struct DisciplineThresholdAPITests {
    /// A listener who hears every voice detuned by more than 10 ¢ and guesses below it (right a
    /// third of the time), over detunings from 1 to 40 ¢.
    static func seeded() async throws -> TestApp.Directory {
        let directory = TestApp.Directory()
        let store = SQLiteTrainingDataStore(database: try PeachDatabase(path: directory.databasePath))
        var generator = SeededGenerator(seed: 11)
        for index in 0..<240 {
            let cents = Double.random(in: 1...40, using: &generator)
            let voice = ChordVoice.allCases.randomElement(using: &generator)!
            let heard = cents > 10 ? voice : ChordVoice.allCases.randomElement(using: &generator)!
            try await store.save(
                .chordIntonation(
                    CompletedChordIntonation(
                        rootNote: MIDINote(60)!, triad: .major, detunedVoice: voice, detuneCents: Cents(cents),
                        answeredVoice: heard,
                        timestamp: Date(timeIntervalSince1970: 1_800_000_000 + Double(index)),
                        tuningSystem: .justIntonation)))
        }
        return directory
    }

    @Test func theThresholdIsFittedForAChoiceOfThreeWithItsInterval() async throws {
        try await TestApp.with(try await Self.seeded()) { client in
            let (status, body, _) = try await RhythmTimelineAPITests.get(
                "/api/profile/threshold?discipline=chordIntonation", client)
            #expect(status == .ok)
            let threshold = try #require(body["threshold"] as? [String: Any])
            #expect(body["missingThreshold"] is NSNull)
            let value = try #require(threshold["threshold"] as? Double)
            let (lower, upper) = (
                try #require(threshold["lower"] as? Double), try #require(threshold["upper"] as? Double)
            )
            // The listener's edge is 10 ¢: the fit lands near it, inside its own interval.
            #expect((7...14).contains(value) && lower < value && value < upper, "\(threshold)")
            #expect(
                threshold["trials"] as? Int == min(240, ThresholdEstimator.window)
                    && threshold["upperIsOpen"] as? Bool == false)
            // A steady listener: the change over the newest 120 answers, as the pitch scopes state
            // theirs, for a choice of three (issue 49), and nothing sure.
            let change = try #require(body["change"] as? [String: Any], "\(body)")
            #expect(change["answers"] as? Int == 120 && change["confidence"] as? Double == 0.95, "\(change)")
            #expect(change["sure"] as? Bool == false, "\(change)")
            // The same figure as the kind's own fit.
            let (_, catalogue, _) = try await RhythmTimelineAPITests.get("/api/disciplines", client)
            let entries = try #require(catalogue["disciplines"] as? [[String: Any]])
            // Its measurement states a threshold too: its newest run's.
            #expect(
                entries.filter { $0["threshold"] as? Bool == true }.compactMap { $0["id"] as? String }
                    == ["chordIntonation", "chordIntonationMeasurement"])
        }
    }

    @Test func beforeAnyAnswerItIsNullAndADisciplineThatFitsNoneIsABadRequest() async throws {
        try await TestApp.with(TestApp.Directory()) { client in
            let (empty, body, _) = try await RhythmTimelineAPITests.get(
                "/api/profile/threshold?discipline=chordIntonation", client)
            #expect(empty == .ok && body["threshold"] is NSNull)
            #expect((body["missingThreshold"] as? [String: Any])?["reason"] as? String == "noAnswers", "\(body)")
            #expect(body["change"] is NSNull, "\(body)")
            let (status, _, text) = try await RhythmTimelineAPITests.get(
                "/api/profile/threshold?discipline=scaleDegree", client)
            #expect(status == .badRequest && text.contains("chordIntonation"))
        }
    }
}
