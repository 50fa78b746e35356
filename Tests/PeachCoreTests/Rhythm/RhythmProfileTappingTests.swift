import Foundation
import Testing

@testable import PeachCore

/// Fill the Gap's figures per tempo band, with and without a recorded hit rate.
struct RhythmProfileTappingTests {
    static func trial(mean: Double?, sd: Double?, hitRate: Double?, tempo: Int = 90) -> CompletedRhythmMatching {
        CompletedRhythmMatching(
            tempo: TempoBPM(tempo)!, meanOffsetMs: mean, offsetSDMs: sd, hitRate: hitRate,
            meanOffsetMsByPosition: [mean, nil, nil, nil], timestamp: Date(timeIntervalSince1970: 0))
    }

    static func tapping(_ records: [CompletedRhythmMatching]) throws -> RhythmProfile.Tapping {
        var profile = RhythmProfile()
        for record in records { profile.add(record) }
        return try #require(profile.tapping[TempoBPM(90)!.band])
    }

    @Test func poolsEveryHitOfTrialsWithAHitRate() throws {
        // 4 hits at 10 ± 2 and 12 hits at −2 ± 1: the pooled figures of all 16 offsets.
        let band = try Self.tapping([
            Self.trial(mean: 10, sd: 2, hitRate: 4.0 / 16), Self.trial(mean: -2, sd: 1, hitRate: 12.0 / 16),
        ])
        let n = [4.0, 12.0]
        let means = [10.0, -2.0]
        let sds = [2.0, 1.0]
        let mean = (n[0] * means[0] + n[1] * means[1]) / 16
        var squares = 0.0
        for index in 0..<2 {
            let within: Double = (n[index] - 1) * sds[index] * sds[index]
            squares += within + n[index] * means[index] * means[index]
        }
        #expect(band.count == 2 && band.meanOffsetMs == mean)
        #expect(abs(band.offsetSDMs! - ((squares - 16 * mean * mean) / 15).squareRoot()) < 1e-12)
        #expect(band.hitRate == 0.5)
    }

    /// A trial imported from the iPhone app has a mean but no hit rate: its mean counts as one offset,
    /// and the hit rate is that of the trials that recorded one.
    @Test func aTrialWithoutAHitRateCountsAsOneOffsetAndStaysOutOfTheHitRate() throws {
        let band = try Self.tapping([
            Self.trial(mean: 10, sd: nil, hitRate: 1.0 / 16), Self.trial(mean: 20, sd: nil, hitRate: nil),
        ])
        #expect(band.count == 2 && band.meanOffsetMs == 15)
        #expect(abs(band.offsetSDMs! - 50.squareRoot()) < 1e-12)
        #expect(band.hitRate == 1.0 / 16)
    }

    @Test func withoutAnyHitRateTheBandHasNoneButKeepsItsOffsets() throws {
        let band = try Self.tapping([
            Self.trial(mean: -6.5, sd: nil, hitRate: nil), Self.trial(mean: nil, sd: nil, hitRate: nil),
        ])
        #expect(band.count == 2 && band.meanOffsetMs == -6.5 && band.offsetSDMs == 0)
        #expect(band.hitRate == nil)
    }

    @Test func aTrialWithoutAHitStillLowersTheHitRate() throws {
        let band = try Self.tapping([
            Self.trial(mean: nil, sd: nil, hitRate: 0), Self.trial(mean: 3, sd: 1, hitRate: 1),
        ])
        #expect(band.hitRate == 0.5 && band.meanOffsetMs == 3)
    }
}
