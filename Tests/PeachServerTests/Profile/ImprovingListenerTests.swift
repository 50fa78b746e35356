import Foundation
import Hummingbird
import Logging
import Synchronization
import Testing

@testable import PeachCore
@testable import PeachServer

/// Issue 15's honesty check, through the real API: a simulated listener whose true threshold
/// improves from 30 ¢ to 8 ¢ over 20 days, 200 comparisons a day at controlled times. Each day's
/// plotted threshold must lie within ×/÷ 1.4 of that day's truth on at least 18 of 20 days, its
/// band must cover the truth on at least 17; the change over the newest answers must hold the true
/// change, and the trend say its direction (issue 49).
struct ImprovingListenerTests {
    static let days = 20
    static let trialsPerDay = 200
    static let firstDay = Date(timeIntervalSince1970: 1_800_000_000).addingTimeInterval(
        -1_800_000_000.truncatingRemainder(dividingBy: 86_400))

    /// Geometric from 30 ¢ on day 0 to 8 ¢ on day 19.
    static func truth(day: Int) -> Double { 30 * pow(8.0 / 30, Double(day) / Double(days - 1)) }

    struct Point: Decodable {
        struct Fit: Decodable {
            let threshold: Double
            let lower: Double
            let upper: Double
        }
        let start: String
        let threshold: Fit?
    }

    struct Timeline: Decodable { let points: [Point] }

    @Test func theDailyThresholdFollowsAnImprovingListener() async throws {
        let clock = Mutex(Self.firstDay)
        let counter = Mutex(0)
        let environment = ServerEnvironment(
            now: { clock.withLock { $0 } },
            makeID: {
                counter.withLock {
                    $0 += 1
                    return "trial-\($0)"
                }
            },
            generator: SeededGenerator(seed: 15))
        let store = InMemoryTrainingDataStore()
        let services = try await AppServices.make(
            store: store, settingsStore: InMemoryTrainingDataStore(), environment: environment,
            logger: Logger(label: "test"))
        let app = Application(router: try PeachApp.router(services: services))
        let generator = Mutex(SeededGenerator(seed: 1500))

        try await app.test { client in
            for day in 0..<Self.days {
                let listener = SimulatedListener(threshold: Cents(Self.truth(day: day)))
                for trial in 0..<Self.trialsPerDay {
                    // Noon UTC onwards, one answer every 3 s.
                    clock.withLock {
                        $0 = Self.firstDay.addingTimeInterval(Double(day) * 86_400 + 43_200 + Double(trial) * 3)
                    }
                    let (id, offset) = try await client.execute(
                        uri: "/api/trials", method: .post, headers: [.contentType: "application/json"],
                        body: TestApp.json(#"{"discipline":"pitchComparison"}"#)
                    ) { response in
                        let body = try #require(
                            try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
                        let note2 = try #require(body["note2"] as? [String: Any])
                        return (try #require(body["id"] as? String), try #require(note2["centOffset"] as? Double))
                    }
                    let answer = generator.withLock {
                        listener.answer(Comparison(note1: MIDINote(60)!, centOffset: Cents(offset)), using: &$0)
                    }
                    try await client.execute(
                        uri: "/api/trials/\(id)/answer", method: .post, headers: [.contentType: "application/json"],
                        body: TestApp.json(#"{"answer":"\#(answer.rawValue)"}"#)
                    ) { #expect($0.status == .ok) }
                }
            }

            let timeline = try await client.execute(uri: "/api/profile/timeline?period=day", method: .get) {
                try TestApp.decode(Timeline.self, $0)
            }
            #expect(timeline.points.count == Self.days)
            var covered = 0
            var close = 0
            for (day, point) in timeline.points.enumerated() {
                let truth = Self.truth(day: day)
                guard let fit = point.threshold else { continue }
                if fit.lower <= truth && truth <= fit.upper { covered += 1 }
                if abs(log(fit.threshold / truth)) <= log(1.4) { close += 1 }
            }
            #expect(close >= 18, "days within ×/÷ 1.4 of the truth: \(close) of \(Self.days)")
            #expect(covered >= 17, "days whose band covers the truth: \(covered) of \(Self.days)")

            let profile = try await client.execute(uri: "/api/profile", method: .get) { response in
                try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
            }
            // "How fast you improve" over the newest 400 answers, the last two days: from day 17's
            // threshold to day 19's.
            let change = try #require(profile["change"] as? [String: Any])
            let truth = Self.truth(day: Self.days - 1) / Self.truth(day: Self.days - 3) - 1
            let lower = try #require(change["lower"] as? Double)
            let upper = try #require(change["upper"] as? Double)
            #expect(change["answers"] as? Int == ThresholdChange.span)
            #expect(change["confidence"] as? Double == 0.95)
            #expect(lower <= truth && truth <= upper, "\(lower) to \(upper), truth \(truth)")
            #expect(change["sure"] as? Bool == (upper < 0 || lower > 0))
            // The trend is that change's direction, never a claim beside it (issue 49).
            let trend = (profile["comparisons"] as? [String: Any])?["trend"] as? String
            #expect(trend == (upper < 0 ? "improving" : lower > 0 ? "declining" : "stable"))
        }
    }
}
