import Foundation
import HTTPTypes
import Hummingbird
import Testing

@testable import PeachCore
@testable import PeachServer
@testable import PeachStore

/// A kind's own part of the Profile through the one route every kind shares, and its original path.
struct ProfilePartAPITests {
    /// Two melodies of three notes (C D E from C major): one played back right, one with its last note wrong.
    static func seeded() async throws -> TestApp.Directory {
        let directory = TestApp.Directory()
        let store = SQLiteTrainingDataStore(database: try PeachDatabase(path: directory.databasePath))
        let melody = Melody(numbers: [60, 62, 64])!
        for (index, answer) in [melody, Melody(numbers: [60, 62, 65])!].enumerated() {
            try await store.save(
                .melodicDictation(
                    CompletedMelodicDictation(
                        tonicNote: MIDINote(60)!, mode: .major, melody: melody, answer: answer,
                        timestamp: Date(timeIntervalSince1970: 1_800_000_000 + Double(index)))))
        }
        return directory
    }

    @Test func theKindsSummaryIsServedByDisciplineAndAtItsOriginalPath() async throws {
        try await TestApp.with(try await Self.seeded()) { client in
            let (status, body, _) = try await RhythmTimelineAPITests.get(
                "/api/profile/part?discipline=melodicDictation", client)
            #expect(status == .ok)
            #expect(body["melodies"] as? Int == 2 && body["longestMastered"] is NSNull)
            let steps = try #require(body["steps"] as? [[String: Any]])
            // Both steps are seconds: four notes reached by them, three right.
            #expect(
                steps.count == 1 && steps[0]["step"] as? Int == 2 && steps[0]["notes"] as? Int == 4
                    && steps[0]["correct"] as? Int == 3)
            let (_, alias, _) = try await RhythmTimelineAPITests.get("/api/profile/dictation", client)
            #expect(NSDictionary(dictionary: alias) == NSDictionary(dictionary: body))
            let (_, catalogue, _) = try await RhythmTimelineAPITests.get("/api/disciplines", client)
            let entries = try #require(catalogue["disciplines"] as? [[String: Any]])
            #expect(
                entries.filter { $0["profilePart"] as? Bool == true }.compactMap { $0["id"] as? String } == [
                    "melodicDictation", "chordProgression", "commonProgression",
                ])
        }
    }

    @Test func aDisciplineWhoseKindSaysNothingMoreIsABadRequest() async throws {
        try await TestApp.with(TestApp.Directory()) { client in
            let (status, _, text) = try await RhythmTimelineAPITests.get(
                "/api/profile/part?discipline=scaleDegree", client)
            #expect(status == .badRequest && text.contains("melodicDictation"))
        }
    }
}
