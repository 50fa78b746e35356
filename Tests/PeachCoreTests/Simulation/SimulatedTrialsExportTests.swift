import Testing

@testable import PeachCore

struct SimulatedTrialsExportTests {
    static let listener = SimulatedListener(
        threshold: Cents(30), lapseRate: 0.05, shape: .weibull(beta: 3.5), bias: 0.2)

    static func run(trials: Int = 60) -> ThresholdSimulation.Run {
        var generator = SeededGenerator(seed: 12)
        return ThresholdSimulation(trials: trials).run(listener, using: &generator)
    }

    @Test func everyAnswerIsOneRowInTheOrderPlayed() throws {
        let run = Self.run()
        let rows = SimulatedTrialsExport.trialRows(run, number: 7, of: Self.listener)
        #expect(rows.count == 60)
        let columns = SimulatedTrialsExport.trialsHeader.split(separator: ",")
        for (index, row) in rows.enumerated() {
            let fields = row.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            try #require(fields.count == columns.count, "row \(row)")
            #expect(Array(fields[0..<7]) == ["weibull:3.5", "0.05", "0.2", "30.0", "60", "7", String(index + 1)])
            #expect(Double(fields[7]) == run.trials[index].difference)
            #expect(fields[8] == (run.trials[index].isCorrect ? "1" : "0"))
        }
        // The chain starts at the default maximum, 100 ¢, and both kinds of answer occur.
        #expect(rows[0].contains(",1,100.0,"))
        #expect(Set(rows.map { $0.suffix(1) }) == ["0", "1"])
    }

    @Test func aRunsFitAndTrackerReadingAreOneRowWithTheirIntervals() throws {
        let run = Self.run()
        let estimate = try #require(run.estimate)
        let tracked = try #require(ThresholdTracker().estimate(run.trials))
        #expect(tracked != estimate)
        let row = SimulatedTrialsExport.fitRow(run, tracked: tracked, number: 7, of: Self.listener)
        let fields = row.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        #expect(fields.count == SimulatedTrialsExport.fitsHeader.split(separator: ",").count)
        #expect(Array(fields[0..<6]) == ["weibull:3.5", "0.05", "0.2", "30.0", "60", "7"])
        #expect(
            fields[6...].compactMap(Double.init) == [
                estimate.threshold.rawValue, estimate.lower.rawValue, estimate.upper.rawValue,
                estimate.upperIsOpen ? 1 : 0, tracked.threshold.rawValue, tracked.lower.rawValue,
                tracked.upper.rawValue, tracked.upperIsOpen ? 1 : 0,
            ])
    }

    @Test func aRunWithoutAFitLeavesItsFieldsEmpty() {
        let run = Self.run(trials: ThresholdEstimator.minimumTrials - 1)
        #expect(run.estimate == nil)
        #expect(
            SimulatedTrialsExport.fitRow(run, tracked: nil, number: 1, of: Self.listener)
                == "weibull:3.5,0.05,0.2,30.0,19,1,,,,,,,,")
    }
}
