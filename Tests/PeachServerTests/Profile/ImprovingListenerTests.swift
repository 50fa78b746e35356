import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import PeachCore
@testable import PeachServer

/// A simulated listener whose true threshold improves from 30 to 8 ¢ over 20 days, 200 comparisons a
/// day, trained by the real comparison service on a real SQLite file; the answers carry the times a
/// user on those days would have given them (the service takes the answer time, so no API hole is
/// needed). Then the timeline, the profile and the trend are read through the real API.
struct ImprovingListenerTests {
    static let days = 20
    static let perDay = 200

    static func truth(day: Int) -> Double { 30 * pow(8.0 / 30, Double(day) / Double(days - 1)) }

    @Test func eachDaysPlottedThresholdFollowsTheTruthAndTheTrendSaysImproving() async throws {
        try await ProfileAPITests.withApp { client, services in
            var generator = SeededGenerator(seed: 2026)
            var calendar = Calendar.current
            calendar.timeZone = .current
            // Noon of each day, long enough ago that all 20 days lie in the past.
            let today = calendar.startOfDay(for: Date())
            for day in 0..<Self.days {
                let noon = calendar.date(byAdding: .hour, value: 12, to: calendar.date(byAdding: .day, value: day - Self.days, to: today)!)!
                let listener = SimulatedListener(threshold: Cents(Self.truth(day: day)))
                for index in 0..<Self.perDay {
                    let issued = await services.comparisons.next()
                    _ = try await services.comparisons.answer(
                        issued.id, listener.answer(issued.comparison, using: &generator),
                        at: noon.addingTimeInterval(Double(index) * 5))
                }
            }

            let timeline = try await ProfileAPITests.get(ProfileAPITests.Timeline.self, "/api/profile/timeline?period=day", client)
            #expect(timeline.points.count == Self.days)
            var within = 0, covered = 0
            for (day, point) in timeline.points.enumerated() {
                let truth = Self.truth(day: day)
                let fit = try #require(point.threshold, "day \(day) has no fitted threshold")
                #expect(fit.pooledPeriods == 1)
                if fit.threshold <= truth * 1.4 && fit.threshold >= truth / 1.4 { within += 1 }
                if fit.lower <= truth && (fit.upperIsOpen || truth <= fit.upper) { covered += 1 }
            }
            #expect(Double(within) >= 0.9 * Double(Self.days), "\(within) of \(Self.days) days within ×/÷ 1.4")
            #expect(Double(covered) >= 0.85 * Double(Self.days), "\(covered) of \(Self.days) bands cover the truth")

            let profile = try await ProfileAPITests.get(ProfileAPITests.Profile.self, "/api/profile", client)
            #expect(profile.comparisons.trend == "improving")
            let headline = try #require(profile.threshold)
            // The headline fits the newest 200 answers: the last day's listener.
            #expect(headline.threshold <= Self.truth(day: Self.days - 1) * 1.4 && headline.threshold >= Self.truth(day: Self.days - 1) / 1.4)
        }
    }
}
