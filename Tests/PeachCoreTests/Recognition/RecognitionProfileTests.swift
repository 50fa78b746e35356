import Foundation
import Testing

@testable import PeachCore

struct RecognitionProfileTests {
    @Test func countsWhatWasNamedForEachItemAndTheWrongShareByDay() {
        var profile = RecognitionProfile<ScaleDegree>(calendar: Calendar(identifier: .gregorian))
        let day = Date(timeIntervalSince1970: 1_800_000_000)
        for (degree, answer, offset) in [
            (ScaleDegree.four, ScaleDegree.six, 0.0), (.four, .four, 1), (.six, .four, 2), (.one, .one, 86_400),
        ] {
            profile.add(asked: degree, answered: answer, at: day + offset)
        }
        #expect(profile.answered[.four] == [.six: 1, .four: 1] && profile.answered[.six] == [.four: 1])
        #expect(
            profile.accuracy(of: .four) == 0.5 && profile.accuracy(of: .six) == 0 && profile.accuracy(of: .two) == nil)
        #expect(profile.count == 4)
        #expect(profile.dailyErrorPercent.map { ($0 * 1000).rounded() / 1000 } == [66.667, 0])
    }
}
