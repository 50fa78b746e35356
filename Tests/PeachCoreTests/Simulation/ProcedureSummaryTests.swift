import Testing
@testable import PeachCore

struct ProcedureSummaryTests {
    static func estimate(_ lower: Double, _ threshold: Double, _ upper: Double, open: Bool = false) -> ThresholdEstimate {
        ThresholdEstimate(
            threshold: Cents(threshold), lower: Cents(lower), upper: Cents(upper), upperIsOpen: open,
            percentCorrect: ThresholdEstimator.percentCorrect, trialCount: 40)
    }

    @Test func runsWithoutAnEstimateDoNotCoverAndOpenIntervalsAreWidest() {
        let summary = ProcedureSummary(
            truth: Cents(10), estimates: [Self.estimate(8, 9, 12), Self.estimate(9, 11, 13.5), nil, Self.estimate(5, 50, 100, open: true)],
            trialsUsed: [20, 30, 40, 40])
        #expect(summary.meanTrials == 32.5)
        // The open interval covers (it says "at least 5"); the run without an estimate does not.
        #expect(summary.coverage == 0.75)
        #expect(summary.medianRatio == 1.1)
        #expect(summary.medianIntervalRatio == .infinity)
    }

    @Test func theMedianIntervalIsUpperOverLower() {
        let summary = ProcedureSummary(
            truth: Cents(10), estimates: [Self.estimate(8, 9, 12), Self.estimate(9, 11, 18), Self.estimate(5, 10, 20)],
            trialsUsed: [40, 40, 40])
        #expect(summary.medianIntervalRatio == 2)
        #expect(summary.coverage == 1)
    }
}
