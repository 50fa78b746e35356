import Foundation
import Testing

@testable import PeachCore

struct LeitnerScheduleTests {
    @Test func aRightAnswerClimbsOneBoxAndAWrongOneSendsBothDegreesBack() {
        var schedule = LeitnerSchedule<ScaleDegree>()
        for _ in 0..<10 { schedule.record(asked: .one, answered: .one) }
        #expect(schedule.box(of: .one) == LeitnerSchedule<ScaleDegree>.boxCount - 1)
        schedule.record(asked: .four, answered: .four)
        schedule.record(asked: .six, answered: .six)
        schedule.record(asked: .four, answered: .six)
        #expect(schedule.box(of: .four) == 0 && schedule.box(of: .six) == 0 && schedule.box(of: .one) == 4)
        #expect(schedule.weight(of: .four) == 16 && schedule.weight(of: .one) == 1)
        #expect(abs(schedule.share(of: .four, among: [.one, .four, .six]) - 16.0 / 33) < 1e-12)
    }

    /// A listener who mixes up 4 and 6 half the time and names every other degree rightly: once
    /// 100 trials have placed the degrees, 4 and 6 are heard at least twice as often as a mastered
    /// degree (here: many times as often).
    @Test func degreesTheListenerConfusesComeBackAtLeastTwiceAsOften() {
        let degrees = ScaleDegree.diatonic(in: .major)
        var heard: [ScaleDegree: Int] = [:]
        for seed in UInt64(1)...20 {
            var generator = SeededGenerator(seed: seed)
            var schedule = LeitnerSchedule<ScaleDegree>()
            for trial in 0..<300 {
                let asked = schedule.draw(from: degrees, using: &generator)
                let confused = [ScaleDegree.four, .six].contains(asked) && Bool.random(using: &generator)
                schedule.record(asked: asked, answered: confused ? (asked == .four ? .six : .four) : asked)
                if trial >= 100 { heard[asked, default: 0] += 1 }
            }
        }
        let mastered = [ScaleDegree.one, .two, .three, .five, .seven].map { heard[$0, default: 0] }
        let mostHeardMastered = mastered.max()!
        #expect(heard[.four, default: 0] >= 2 * mostHeardMastered, "\(heard)")
        #expect(heard[.six, default: 0] >= 2 * mostHeardMastered, "\(heard)")
        // …and the mastered ones still come back.
        #expect(mastered.allSatisfy { $0 > 0 })
    }

    @Test func aDrawFollowsTheWeights() {
        var schedule = LeitnerSchedule<Int>()
        for _ in 0..<4 { schedule.record(asked: 1, answered: 1) }
        var generator = SeededGenerator(seed: 9)
        var ones = 0
        for _ in 0..<17_000 where schedule.draw(from: [0, 1], using: &generator) == 1 { ones += 1 }
        // Weights 16 and 1: one draw in 17.
        #expect(abs(Double(ones) / 17_000 - 1.0 / 17) < 0.006)
    }
}
