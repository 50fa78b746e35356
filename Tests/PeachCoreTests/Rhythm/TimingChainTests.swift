import Foundation
import Testing

@testable import PeachCore

struct TimingChainTests {
    /// A timing listener at 75 % correct at `threshold` percent of a sixteenth answers the
    /// measurement trials the chain draws at `tempo`, one a second from `start`.
    static func measure(
        threshold: Double, count: Int, tempo: TempoBPM, chain: inout TimingChain, seed: UInt64, start: Double = 0
    ) -> [CompletedRhythmComparison] {
        var generator = SeededGenerator(seed: seed)
        var settings = TrainingSettings.default
        settings.tempo = tempo
        let listener = SimulatedListener(threshold: Cents(threshold))
        return (0..<count).map { index in
            let trial = RhythmComparisonKind.draw(
                .timingMeasurement, settings: settings, chain: chain, using: &generator)
            let correct =
                Double.random(in: 0..<1, using: &generator)
                < listener.probabilityCorrect(difference: abs(trial.offsetPercent))
            let answer: TimingAnswer = correct == (trial.correctAnswer == .early) ? .early : .late
            let record = CompletedRhythmComparison(
                trial, answer: answer, timestamp: Date(timeIntervalSince1970: start + Double(index)))
            RhythmComparisonKind.advance(&chain, after: record)
            return record
        }
    }

    /// A run's trials are Compare Timing trials at the settings' tempo, numbered in their run; the
    /// run ends within 40 answers near the listener's threshold, and the next trial starts a new run.
    @Test func aMeasurementRunPlacesCompareTimingTrialsAndEndsNearTheThreshold() throws {
        var chain = RhythmComparisonKind.freshChain
        let tempo = TempoBPM(132)!
        var generator = SeededGenerator(seed: 5)
        var settings = TrainingSettings.default
        settings.tempo = tempo
        let first = RhythmComparisonKind.draw(.timingMeasurement, settings: settings, chain: chain, using: &generator)
        #expect(first.discipline == .timingMeasurement && first.measurementTrial == 1 && first.tempo == tempo)
        #expect(abs(first.offsetPercent) == TimingChain.freshRuns.nextDifference.rawValue)
        #expect(RhythmComparison.percentBounds.contains(abs(first.offsetPercent)))

        let answers = Self.measure(threshold: 6, count: 40, tempo: tempo, chain: &chain, seed: 11)
        let runs = try #require(chain.measurements[.fast])
        let measured = try #require(runs.finished.first)
        #expect(measured.estimate.trialCount <= ThresholdPlacement.maximumTrials)
        #expect(measured.discipline == .timingMeasurement)
        #expect(
            measured.estimate.threshold.rawValue > 3 && measured.estimate.threshold.rawValue < 12,
            "\(measured.estimate)")
        #expect(answers.allSatisfy { $0.discipline == .timingMeasurement && $0.tempo == tempo })
        // A measurement's answers are not the training chain's.
        #expect(chain.last == nil && chain.counts.isEmpty)
    }

    /// Compare Timing starts at a newer measurement of the band played, and goes on from its own
    /// answers once it has a newer one; a measurement at another band does not move it.
    @Test func theTrainingChainStartsFromANewerMeasurementOfItsBand() throws {
        var chain = RhythmComparisonKind.freshChain
        var generator = SeededGenerator(seed: 2)
        let trained = CompletedRhythmComparison(
            tempo: TempoBPM(132)!, offsetPercent: 18, isCorrect: false, timestamp: Date(timeIntervalSince1970: 0))
        RhythmComparisonKind.advance(&chain, after: trained)
        _ = Self.measure(threshold: 4, count: 40, tempo: TempoBPM(132)!, chain: &chain, seed: 3, start: 10)
        let measured = try #require(chain.measurements[.fast]?.finished.last)

        var settings = TrainingSettings.default
        settings.tempo = TempoBPM(140)!
        let next = RhythmComparisonKind.draw(.rhythmComparison, settings: settings, chain: chain, using: &generator)
        #expect(next.measurementTrial == nil && next.discipline == .rhythmComparison)
        #expect(abs(abs(next.offsetPercent) - measured.estimate.threshold.rawValue) <= 0.05)

        settings.tempo = TempoBPM(70)!
        let elsewhere = RhythmComparisonKind.draw(
            .rhythmComparison, settings: settings, chain: chain, using: &generator)
        #expect(abs(elsewhere.offsetPercent) == 20, "18 % answered wrong widens to the bound")

        let answered = CompletedRhythmComparison(
            tempo: TempoBPM(140)!, offsetPercent: -18, isCorrect: false, timestamp: Date(timeIntervalSince1970: 100))
        RhythmComparisonKind.advance(&chain, after: answered)
        settings.tempo = TempoBPM(140)!
        #expect(
            abs(
                RhythmComparisonKind.draw(.rhythmComparison, settings: settings, chain: chain, using: &generator)
                    .offsetPercent) == 20)
    }

    /// A run left unfinished goes on where it stopped, and the profile folds the same runs the
    /// chain does, with the tempo that turns the result into milliseconds.
    @Test func theProfileFoldsTheSameRunsAndAnUnfinishedRunGoesOn() throws {
        var chain = RhythmComparisonKind.freshChain
        let tempo = TempoBPM(90)!
        let answers = Self.measure(threshold: 8, count: 55, tempo: tempo, chain: &chain, seed: 9)
        var profile = RhythmProfile()
        for answer in answers { profile.add(answer) }
        #expect(profile.measurementRuns == chain.measurements)
        #expect(profile.timing[.moderate]?.count == 55, "a measurement's answers count as Compare Timing answers")
        let measured = try #require(profile.measurements[.moderate]?.first)
        #expect(measured.tempo == tempo)
        #expect(abs(measured.milliseconds(10) - 10.0 / 100 * 60 / 90 / 4 * 1000) < 1e-9)

        var resumed = RhythmComparisonKind.freshChain
        resumed.measurements = profile.measurementRuns
        var settings = TrainingSettings.default
        settings.tempo = tempo
        var generator = SeededGenerator(seed: 1)
        let next = RhythmComparisonKind.draw(.timingMeasurement, settings: settings, chain: resumed, using: &generator)
        let finishedCount = profile.measurements[.moderate]?.map(\.measurement.estimate.trialCount).reduce(0, +) ?? 0
        #expect(next.measurementTrial == 55 - finishedCount + 1)
    }

    /// A timing measurement's answer is stored, exported and read back as itself: the label column
    /// carries its discipline.
    @Test func aMeasurementsRecordKeepsItsDiscipline() throws {
        let record = CompletedRhythmComparison(
            tempo: TempoBPM(120)!, offsetPercent: -3.5, isCorrect: true, timestamp: Date(timeIntervalSince1970: 7),
            discipline: .timingMeasurement)
        #expect(record.labels.discipline == .timingMeasurement)
        let decoded = try JSONDecoder().decode(CompletedRhythmComparison.self, from: JSONEncoder().encode(record))
        #expect(decoded == record)
        let trial = RhythmComparison(.timingMeasurement, tempo: TempoBPM(120)!, offsetPercent: 4, measurementTrial: 3)
        #expect(try JSONDecoder().decode(RhythmComparison.self, from: JSONEncoder().encode(trial)) == trial)
        let older = try JSONDecoder().decode(
            RhythmComparison.self, from: Data(#"{"tempo":120,"offsetPercent":4}"#.utf8))
        #expect(older.discipline == .rhythmComparison && older.measurementTrial == nil)
    }
}
