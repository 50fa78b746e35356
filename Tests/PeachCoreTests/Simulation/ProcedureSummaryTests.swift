import Testing

@testable import PeachCore

struct ProcedureSummaryTests {
    @Test func runsWithoutAnEstimateDoNotCoverAndOpenIntervalsAreWidest() {
        let summary = ProcedureSummary(
            truth: Cents(10),
            estimates: [
                ThresholdEstimateTests.estimate(8, 9, 12), ThresholdEstimateTests.estimate(9, 11, 13.5), nil,
                ThresholdEstimateTests.estimate(5, 50, 100, open: true),
            ],
            trialsUsed: [20, 30, 40, 40])
        #expect(summary.meanTrials == 32.5)
        // The open interval covers (it says "at least 5"); the run without an estimate does not.
        #expect(summary.coverage == 0.75)
        #expect(summary.medianRatio == 1.1)
        #expect(summary.medianIntervalRatio == .infinity)
    }

    @Test func theMedianIntervalIsUpperOverLower() {
        let summary = ProcedureSummary(
            truth: Cents(10),
            estimates: [
                ThresholdEstimateTests.estimate(8, 9, 12), ThresholdEstimateTests.estimate(9, 11, 18),
                ThresholdEstimateTests.estimate(5, 10, 20),
            ],
            trialsUsed: [40, 40, 40])
        #expect(summary.medianIntervalRatio == 2)
        #expect(summary.coverage == 1)
    }
}
