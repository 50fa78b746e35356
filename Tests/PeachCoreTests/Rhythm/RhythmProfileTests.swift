import Foundation
import Testing

@testable import PeachCore

struct RhythmProfileTests {
    @Test func daysAreKeptInCalendarOrderWhateverOrderTheRecordsCameIn() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        var profile = RhythmProfile(calendar: calendar)
        let base = Date(timeIntervalSince1970: 1_772_409_600)
        // 23:30 and 00:30 Berlin time are different days; the import of an older day comes last.
        let times = [base.addingTimeInterval(86_400 * 2), base.addingTimeInterval(86_400 * 2 + 3600), base]
        for (index, time) in times.enumerated() {
            profile.add(
                CompletedRhythmComparison(
                    tempo: TempoBPM(80)!, offsetPercent: Double(index + 5), isCorrect: true, timestamp: time))
        }
        let days = profile.timingDays[.moderate] ?? []
        #expect(days.map(\.start) == days.map(\.start).sorted())
        #expect(days.map(\.start) == Set(times.map { calendar.startOfDay(for: $0) }).sorted())
        #expect(days.map(\.stats.count).reduce(0, +) == 3)
        #expect(profile.timing[.moderate]?.count == 3)
    }

    @Test func theBandTrainedMostIsTheOneWithTheMostAnswersAndTheSlowerOfEquals() {
        var profile = RhythmProfile()
        #expect(profile.mostTrained(profile.timing, count: \.count) == .moderate)
        let at = Date(timeIntervalSince1970: 1_772_409_600)
        for tempo in [150, 150, 90, 60, 60] {
            profile.add(
                CompletedRhythmComparison(tempo: TempoBPM(tempo)!, offsetPercent: 5, isCorrect: true, timestamp: at))
        }
        #expect(profile.mostTrained(profile.timing, count: \.count) == .slow)
        profile.add(CompletedRhythmComparison(tempo: TempoBPM(150)!, offsetPercent: 5, isCorrect: true, timestamp: at))
        #expect(profile.mostTrained(profile.timing, count: \.count) == .fast)
        #expect(profile.mostTrained(profile.tapping, count: \.count) == .moderate)
    }
}
