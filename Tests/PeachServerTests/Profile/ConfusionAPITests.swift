import Foundation
import HTTPTypes
import Hummingbird
import Testing

@testable import PeachCore
@testable import PeachServer
@testable import PeachStore

/// What a listener named for each degree played, as counts and as the heat map, from stored answers.
struct ConfusionAPITests {
    /// 4 played three times (named 4, 6, 6), 6 once (named 4), 1 twice (right both times).
    static let answers: [(ScaleDegree, ScaleDegree)] = [
        (.four, .four), (.four, .six), (.four, .six), (.six, .four), (.one, .one), (.one, .one),
    ]

    static func seeded() async throws -> TestApp.Directory {
        let directory = TestApp.Directory()
        let store = SQLiteTrainingDataStore(database: try PeachDatabase(path: directory.databasePath))
        for (index, (played, named)) in answers.enumerated() {
            try await store.save(
                .scaleDegree(
                    CompletedScaleDegree(
                        tonicNote: MIDINote(60)!, mode: .major, degree: played, answeredDegree: named,
                        timestamp: Date(timeIntervalSince1970: 1_800_000_000 + Double(index)))))
        }
        return directory
    }

    @Test func theCountsAreWhatWasNamedForEachDegreePlayedInTheScalesOrder() async throws {
        try await TestApp.with(try await Self.seeded()) { client in
            let (status, body, _) = try await RhythmTimelineAPITests.get(
                "/api/profile/confusion?discipline=scaleDegree", client)
            #expect(status == .ok)
            #expect(body["items"] as? [String] == ["1", "4", "6"])
            #expect(body["counts"] as? [[Int]] == [[2, 0, 0], [0, 1, 2], [0, 1, 0]])
            #expect(body["played"] as? [Int] == [2, 3, 1])
            let accuracy = try #require(body["accuracy"] as? [Any])
            #expect(
                accuracy[0] as? Double == 1 && abs((accuracy[1] as? Double ?? 0) - 1.0 / 3) < 1e-12
                    && accuracy[2] as? Double == 0)
        }
    }

    @Test func theHeatMapShadesEachCellByItsShareOfTheRow() async throws {
        try await TestApp.with(try await Self.seeded()) { client in
            let (status, _, svg) = try await RhythmTimelineAPITests.get(
                "/api/profile/confusion.svg?discipline=scaleDegree&lang=de", client)
            #expect(
                status == .ok && svg.hasPrefix("<svg") && svg.contains("Was du für jede gespielte Stufe genannt hast"))
            // Five cells hold answers; 4 named 6 holds two thirds of its row, 1 named 1 all of it.
            #expect(svg.components(separatedBy: #"<rect class="cell""#).count - 1 == 4)
            #expect(svg.contains(#"data-row="1" data-column="2" x="#) && svg.contains(#"fill-opacity="0.7""#))
            #expect(svg.contains(#"data-row="0" data-column="0" x="#) && svg.contains(#"fill-opacity="1.0""#))
        }
    }

    @Test func aDisciplineNotAnsweredByNamingItemsIsABadRequest() async throws {
        try await TestApp.with(TestApp.Directory()) { client in
            let (status, _, text) = try await RhythmTimelineAPITests.get(
                "/api/profile/confusion?discipline=pitchComparison", client)
            #expect(status == .badRequest && text.contains("one of scaleDegree"))
            // Without one, the one discipline that has items.
            let (missing, _, _) = try await RhythmTimelineAPITests.get("/api/profile/confusion.svg", client)
            #expect(missing == .ok)
            // Nothing trained yet: no items, no cells.
            let (empty, body, _) = try await RhythmTimelineAPITests.get(
                "/api/profile/confusion?discipline=scaleDegree", client)
            #expect(empty == .ok && body["items"] as? [String] == [] && body["counts"] as? [[Int]] == [])
        }
    }
}
