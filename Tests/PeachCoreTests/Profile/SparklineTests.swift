import Foundation
import Testing

@testable import PeachCore

struct SparklineTests {
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    static func day(_ number: Int, hour: Double = 0) -> Date {
        Date(timeIntervalSince1970: 1_772_409_600 + Double(number) * 86_400 + hour * 3600)
    }

    static func measurement(finished: Date, threshold: Double) -> ThresholdMeasurement {
        ThresholdMeasurement(
            discipline: .timingMeasurement,
            estimate: ThresholdEstimate(
                threshold: Cents(threshold), lower: Cents(threshold / 1.5), upper: Cents(threshold * 1.5),
                percentCorrect: 0.75, trialCount: 40),
            started: finished.addingTimeInterval(-120), finished: finished)
    }

    /// A measurement is marked beside the newest day of the line that began on or before the day
    /// it finished; one older than every day, beside the first.
    @Test func aMeasurementIsMarkedBesideTheDayItFinished() {
        let days = [0, 1, 3, 4].map { Self.day($0) }
        let marks = Sparkline.Mark.placing(
            [
                Self.measurement(finished: Self.day(1, hour: 23), threshold: 5),
                Self.measurement(finished: Self.day(2, hour: 12), threshold: 6),
                Self.measurement(finished: Self.day(4, hour: 1), threshold: 7),
                Self.measurement(finished: Self.day(-3), threshold: 8),
            ],
            on: days, calendar: Self.calendar)
        #expect(marks.map(\.index) == [1, 1, 3, 0])
        #expect(marks.map(\.estimate.threshold.rawValue) == [5, 6, 7, 8])
    }

    /// Compare Timing's band sparkline carries the band's measurements as marks; another band's
    /// does not.
    @Test func aTimingBandsSparklineMarksItsMeasurements() throws {
        var chain = RhythmComparisonKind.freshChain
        let answers = TimingChainTests.measure(threshold: 8, count: 40, tempo: TempoBPM(90)!, chain: &chain, seed: 9)
        var profile = ProfileParts(calendar: Self.calendar)
        for answer in answers { profile.add(answer) }
        let measured = try #require(profile[RhythmProfile.self].measurements[.moderate])
        #expect(!measured.isEmpty)
        let line = RhythmComparisonKind.sparkline(.rhythmComparison, in: profile, band: .moderate)
        #expect(line.marks.map(\.estimate) == measured.map(\.measurement.estimate))
        #expect(RhythmComparisonKind.sparkline(.rhythmComparison, in: profile, band: .fast).marks.isEmpty)
    }
}
