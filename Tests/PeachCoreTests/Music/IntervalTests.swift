import Foundation
import Testing

@testable import PeachCore

struct IntervalTests {
    /// The table of just sizes, to three decimals.
    @Test func justSizesAreThePureRatios() {
        let expected: [Interval: Double] = [
            .P1: 0, .m2: 111.731, .M2: 203.910, .m3: 315.641, .M3: 386.314, .P4: 498.045, .d5: 590.224,
            .P5: 701.955, .m6: 813.686, .M6: 884.359, .m7: 1017.596, .M7: 1088.269, .P8: 1200,
        ]
        for interval in Interval.allCases {
            #expect(abs(interval.size(in: .justIntonation).rawValue - expected[interval]!) < 0.0005, "\(interval)")
            #expect(interval.size(in: .equalTemperament) == Cents(Double(interval.semitones) * 100))
        }
    }

    @Test func unisonHasNoDirectionDownAndTwentyFiveChoicesExist() {
        #expect(DirectedInterval(.P1, .down) == nil)
        #expect(DirectedInterval.all.count == 25)
        #expect(DirectedInterval(spelled: "M3down") == DirectedInterval(.M3, .down))
        #expect(DirectedInterval(spelled: "P5") == DirectedInterval(.P5, .up))
        #expect(DirectedInterval(spelled: "P5up") == DirectedInterval(.P5, .up))
        #expect(DirectedInterval(spelled: "P1down") == nil)
        #expect(DirectedInterval(spelled: "X5") == nil)
        #expect(DirectedInterval.all.allSatisfy { DirectedInterval(spelled: $0.spelled) == $0 })
    }

    /// Pure from every root: the played note 2 stands to the played note 1 in exactly the interval's
    /// ratio (just) or its semitones (equal), for every root of the piano, interval, direction and
    /// tuning, at 440 and 442 Hz — unlike a just scale built on A, where most intervals are not pure.
    @Test(arguments: [440.0, 442.0])
    func everyRootIntervalDirectionAndTuningIsExact(hertz: Double) throws {
        let reference = try #require(ReferencePitch(hertz: hertz))
        var checked = 0
        for root in NoteRange.pianoRange {
            let note1 = MIDINote(root)!
            for interval in DirectedInterval.all {
                guard let target = interval.target(from: note1), NoteRange.pianoRange.contains(target.rawValue) else {
                    continue
                }
                for tuning in TuningSystem.allCases {
                    let comparison = Comparison(
                        .intervalComparison, note1: note1, interval: interval, tuningSystem: tuning, centOffset: .zero)
                    let ratio =
                        comparison.note2Frequency(reference: reference).hertz
                        / comparison.note1Frequency(reference: reference).hertz
                    let (numerator, denominator) = interval.interval.justRatio
                    let pure = Double(numerator) / Double(denominator)
                    let expected =
                        tuning == .justIntonation
                        ? (interval.direction == .up ? pure : 1 / pure)
                        : pow(2, Double(interval.semitoneOffset) / 12)
                    let errorCents = 1200 * log2(ratio / expected)
                    #expect(abs(errorCents) < 1e-6, "\(root) \(interval) \(tuning): \(errorCents) ¢")
                    #expect(comparison.note2 == target)
                    checked += 1
                }
            }
        }
        #expect(checked > 3000)
    }

    @Test func anOffsetIsMeasuredFromTheTunedInterval() throws {
        let fifth = try #require(DirectedInterval(.P5, .up))
        let comparison = Comparison(
            .intervalComparison, note1: MIDINote(60)!, interval: fifth, tuningSystem: .justIntonation,
            centOffset: Cents(-7))
        let cents = comparison.note2Frequency(reference: .a440).cents(from: comparison.note1Frequency(reference: .a440))
        #expect(abs(cents.rawValue - (701.955_000_865 - 7)) < 1e-6)
        #expect(comparison.correctAnswer == .lower)
    }
}
