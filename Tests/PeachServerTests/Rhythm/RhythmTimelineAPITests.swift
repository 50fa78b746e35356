import Foundation
import HTTPTypes
import Hummingbird
import Testing

@testable import PeachCore
@testable import PeachServer
@testable import PeachStore

/// The rhythm timelines: each tempo band's results per calendar day, as stored records say.
struct RhythmTimelineAPITests {
    static let noon = Calendar.current.startOfDay(for: Date()).addingTimeInterval(12 * 3600)

    static func day(_ daysAgo: Int, _ seconds: Double = 0) -> Date {
        Calendar.current.date(byAdding: .day, value: -daysAgo, to: noon)!.addingTimeInterval(seconds)
    }

    /// Compare Timing at 90 BPM on three days (ordered 2, 0, 1 days ago when stored), one answer at
    /// 150 BPM; Fill the Gap on two days.
    static func seed(_ store: SQLiteTrainingDataStore) async throws -> [Int: [CompletedRhythmComparison]] {
        var byDay: [Int: [CompletedRhythmComparison]] = [:]
        for daysAgo in [2, 0, 1] {
            for index in 0..<(30 + 10 * daysAgo) {
                let percent = Double(3 + (index * 7) % 15) * (index % 2 == 0 ? 1 : -1)
                let answer = CompletedRhythmComparison(
                    tempo: TempoBPM(90)!, offsetPercent: percent, isCorrect: abs(percent) > 6 || index % 3 == 0,
                    timestamp: day(daysAgo, Double(index)))
                byDay[daysAgo, default: []].append(answer)
                try await store.save(.rhythmComparison(answer))
            }
        }
        try await store.save(
            .rhythmComparison(
                CompletedRhythmComparison(tempo: TempoBPM(150)!, offsetPercent: 10, isCorrect: true, timestamp: day(0)))
        )
        for (daysAgo, mean, sd, hitRate) in [(1, -12.0, 4.0, 0.5), (1, -8.0, 2.0, 1.0), (0, 6.0, 3.0, 0.75)] {
            try await store.save(
                .rhythmMatching(
                    CompletedRhythmMatching(
                        tempo: TempoBPM(85)!, meanOffsetMs: mean, offsetSDMs: sd, hitRate: hitRate,
                        meanOffsetMsByPosition: [mean, nil, nil, nil], timestamp: day(daysAgo, mean))))
        }
        return byDay
    }

    static func get(_ uri: String, _ client: RouterClient) async throws -> (
        HTTPResponse.Status, [String: Any], String
    ) {
        try await client.execute(uri: uri, method: .get) { response in
            let text = String(buffer: response.body)
            return (
                response.status, (try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]) ?? [:],
                text
            )
        }
    }

    @Test func eachDayOfABandReadsAsTheHeadlineDoesOverThatDay() async throws {
        let directory = TestApp.Directory()
        let byDay = try await Self.seed(
            SQLiteTrainingDataStore(database: try PeachDatabase(path: directory.databasePath)))
        try await TestApp.with(directory) { client in
            let (status, body, _) = try await Self.get("/api/profile/rhythm?band=80-99", client)
            #expect(status == .ok)
            #expect(body["tempoBand"] as? String == "80-99")
            let comparison = try #require(body["comparison"] as? [[String: Any]])
            #expect(comparison.map { $0["count"] as? Int } == [50, 40, 30])
            #expect(comparison.allSatisfy { $0["threshold"] is [String: Any] }, "every day's answers place a threshold")
            for (point, daysAgo) in zip(comparison, [2, 1, 0]) {
                let expected = ThresholdEstimator().estimate(
                    byDay[daysAgo]!.map {
                        ThresholdEstimator.Trial(difference: $0.difference, isCorrect: $0.isCorrect)
                    })
                let threshold = point["threshold"] as? [String: Any]
                #expect(
                    (threshold?["threshold"] as? Double).map { abs($0 - (expected?.threshold.rawValue ?? .nan)) < 1e-9 }
                        ?? (expected == nil),
                    "\(daysAgo) days ago")
                if let percent = expected?.threshold.rawValue {
                    // 90 BPM: a sixteenth is 1/6 s.
                    #expect(abs((point["thresholdMs"] as? Double ?? 0) - percent / 100 * 1000 / 6) < 1e-9)
                }
                let start = try #require(point["start"] as? String)
                #expect(try Date(start, strategy: .iso8601) == Calendar.current.startOfDay(for: Self.day(daysAgo)))
            }

            let matching = try #require(body["matching"] as? [[String: Any]])
            #expect(matching.map { $0["count"] as? Int } == [2, 1])
            // Pooled over every hit of the day: 8 hits at −12 ms and 16 at −8 ms.
            #expect(abs((matching[0]["meanOffsetMs"] as? Double ?? 0) - (8 * -12.0 + 16 * -8.0) / 24) < 1e-9)
            #expect(matching[0]["hitRate"] as? Double == 0.75)
            #expect(matching[1]["meanOffsetMs"] as? Double == 6)

            let (_, fast, _) = try await Self.get("/api/profile/rhythm?band=120-159", client)
            #expect((fast["comparison"] as? [[String: Any]])?.map { $0["count"] as? Int } == [1])
            #expect((fast["matching"] as? [[String: Any]])?.isEmpty == true)
        }
    }

    @Test(arguments: [
        "/api/profile/rhythm", "/api/profile/rhythm?band=85",
        "/api/profile/sparkline.svg?discipline=rhythmComparison&band=85",
    ])
    func aMissingOrUnknownBandIsABadRequest(uri: String) async throws {
        try await TestApp.with { client in
            let (status, body, _) = try await Self.get(uri, client)
            #expect(status == .badRequest)
            #expect(RhythmAPITests.message(body).contains("band"))
        }
    }

    @Test func eachRhythmDisciplineHasASparklinePerBand() async throws {
        let directory = TestApp.Directory()
        _ = try await Self.seed(SQLiteTrainingDataStore(database: try PeachDatabase(path: directory.databasePath)))
        try await TestApp.with(directory) { client in
            for discipline in ["rhythmComparison", "rhythmMatching"] {
                let (status, _, svg) = try await Self.get(
                    "/api/profile/sparkline.svg?discipline=\(discipline)&band=80-99", client)
                #expect(status == .ok)
                #expect(svg.contains(#"class="trace""#), "\(discipline)")
                let (_, _, empty) = try await Self.get(
                    "/api/profile/sparkline.svg?discipline=\(discipline)&band=40-59", client)
                #expect(empty.contains(#"class="empty""#), "\(discipline)")
                // Without a band, the band trained most (both disciplines were trained at 80–99).
                let (_, _, mostTrained) = try await Self.get(
                    "/api/profile/sparkline.svg?discipline=\(discipline)", client)
                #expect(mostTrained == svg, "\(discipline)")
            }
        }
    }
}
