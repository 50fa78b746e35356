import Foundation
import Testing

@testable import PeachCore

struct ThresholdMeasurementsTests {
    /// A simulated listener's answers, each to the comparison the chain's run draws next.
    static func answers(threshold: Double, count: Int, seed: UInt64) -> [CompletedComparison] {
        var generator = SeededGenerator(seed: seed)
        let listener = SimulatedListener(threshold: Cents(threshold))
        var chain = ComparisonKind.freshChain
        return (0..<count).map { index in
            let trial = ComparisonKind.draw(.pitchMeasurement, settings: .default, chain: chain, using: &generator)
            let record = CompletedComparison(
                trial, answer: listener.answer(trial, using: &generator),
                timestamp: Date(timeIntervalSince1970: Double(index)))
            ComparisonKind.advance(&chain, after: record)
            return record
        }
    }

    /// A run ends when the placement stops, within 40 answers; the next answer starts a new run,
    /// and the measurement lies near the listener's threshold.
    @Test func aRunEndsWithinFortyAnswersAndTheNextAnswerStartsANewOne() {
        var measurements = ThresholdMeasurements()
        var finished: [Int] = []
        for (index, answer) in Self.answers(threshold: 10, count: 90, seed: 7).enumerated() {
            #expect(measurements.nextTrialNumber == index + 1 - (finished.last.map { $0 + 1 } ?? 0))
            if measurements.add(answer) != nil { finished.append(index) }
        }
        #expect(finished.count >= 2)
        #expect(zip([-1] + finished, finished).allSatisfy { $1 - $0 <= ThresholdPlacement.maximumTrials })
        let first = measurements.finished[0]
        #expect(first.estimate.trialCount == finished[0] + 1)
        #expect(first.started == Date(timeIntervalSince1970: 0))
        #expect(first.finished == Date(timeIntervalSince1970: Double(finished[0])))
        #expect(first.estimate.threshold.rawValue > 5 && first.estimate.threshold.rawValue < 20, "\(first.estimate)")
        #expect(first.discipline == .pitchMeasurement)
    }

    /// The stored answers are the measurement: folding them again gives the same runs.
    @Test func foldingTheSameAnswersAgainGivesTheSameMeasurements() {
        let answers = Self.answers(threshold: 25, count: 50, seed: 3)
        var once = ThresholdMeasurements()
        var again = ThresholdMeasurements()
        for answer in answers { once.add(answer) }
        for answer in answers { again.add(answer) }
        #expect(once == again)
        #expect(!once.finished.isEmpty)
    }

    /// Each trial of a run is played at the run's next difference, numbered in its run, without
    /// loudness variation; a difference the settings do not allow is played at their bound.
    @Test func aMeasurementTrialIsAtTheRunsNextDifferenceWithinTheSettings() {
        var settings = TrainingSettings.default
        settings.varyLoudness = 1
        var generator = SeededGenerator(seed: 1)
        var chain = ComparisonKind.freshChain
        let first = ComparisonKind.draw(.pitchMeasurement, settings: settings, chain: chain, using: &generator)
        #expect(first.centOffset.magnitude == ThresholdMeasurements().nextDifference)
        #expect(first.measurementTrial == 1)
        #expect(first.note2LevelOffset == .zero)
        ComparisonKind.advance(
            &chain, after: CompletedComparison(first, answer: first.correctAnswer, timestamp: Date()))
        settings.maxCentDifference = Cents(2)
        let second = ComparisonKind.draw(.pitchMeasurement, settings: settings, chain: chain, using: &generator)
        #expect(second.measurementTrial == 2)
        #expect(second.centOffset.magnitude <= Cents(2))
    }

    /// Training goes on from a measurement newer than its last answer, at the measured threshold;
    /// an answer given after the measurement takes the chain back.
    @Test func theTrainingChainStartsAtANewerMeasurement() throws {
        var generator = SeededGenerator(seed: 5)
        var chain = ComparisonKind.freshChain
        let before = CompletedComparison(
            note1: MIDINote(60)!, note2: MIDINote(60)!, note2CentOffset: Cents(50), isCorrect: true,
            timestamp: Date(timeIntervalSince1970: -10))
        ComparisonKind.advance(&chain, after: before)
        for answer in Self.answers(threshold: 10, count: 40, seed: 7) { ComparisonKind.advance(&chain, after: answer) }
        let measured = try #require(chain.measurements[.pitchMeasurement]?.finished.last)
        let next = ComparisonKind.draw(.pitchComparison, settings: .default, chain: chain, using: &generator)
        #expect(
            next.centOffset.magnitude == measured.estimate.threshold.rounded(toMultipleOf: KazezStrategy.resolution))
        #expect(next.measurementTrial == nil)
        let after = CompletedComparison(
            note1: MIDINote(60)!, note2: MIDINote(60)!, note2CentOffset: Cents(50), isCorrect: false,
            timestamp: measured.finished + 1)
        ComparisonKind.advance(&chain, after: after)
        let widened = ComparisonKind.draw(.pitchComparison, settings: .default, chain: chain, using: &generator)
        #expect(widened.centOffset.magnitude > Cents(50))
    }

    /// An interval run plays the settings' intervals in their tuning; its runs fold in the intervals
    /// scope alone (one interval's scope sees only part of a run, which would split it anew); the
    /// interval chain starts from it and the pitch chain does not.
    @Test func anIntervalRunPlaysTheChosenIntervalsAndIsTheIntervalsScopesMeasurement() throws {
        var settings = TrainingSettings.default
        settings.intervals = [DirectedInterval(.P5, .up)!, DirectedInterval(.M3, .down)!]
        settings.tuningSystem = .justIntonation
        var generator = SeededGenerator(seed: 11)
        let listener = SimulatedListener(threshold: Cents(15))
        var chain = ComparisonKind.freshChain
        var profiles = PitchProfiles(calendar: Calendar(identifier: .gregorian))
        var played = Set<DirectedInterval>()
        var answered = 0
        while chain.measurements[.intervalMeasurement]?.finished.isEmpty ?? true {
            let trial = ComparisonKind.draw(.intervalMeasurement, settings: settings, chain: chain, using: &generator)
            #expect(settings.intervals.contains(trial.interval))
            #expect(trial.tuningSystem == .justIntonation)
            #expect(trial.measurementTrial == answered + 1)
            played.insert(trial.interval)
            let record = CompletedComparison(
                trial, answer: listener.answer(trial, using: &generator),
                timestamp: Date(timeIntervalSince1970: Double(answered)))
            ComparisonKind.advance(&chain, after: record)
            profiles.add(record)
            answered += 1
            try #require(answered <= ThresholdPlacement.maximumTrials)
        }
        #expect(played == Set(settings.intervals))
        let measured = try #require(profiles[.intervals].measurements.finished.last)
        #expect(profiles[.intervals].measurements.finished.count == 1)
        #expect(measured.discipline == .intervalMeasurement)
        #expect(measured.estimate.trialCount == answered)
        for interval in settings.intervals {
            #expect(profiles[.interval(interval)].comparisonCount > 0)
            #expect(profiles[.interval(interval)].measurements == ThresholdMeasurements())
        }
        #expect(profiles[.pitch].comparisonCount == 0)
        // Compare Intervals' line marks it; pitch's does not.
        var parts = ProfileParts(calendar: Calendar(identifier: .gregorian))
        parts[PitchProfiles.self] = profiles
        #expect(
            ComparisonKind.sparkline(.intervalComparison, in: parts, band: nil).marks.map(\.estimate) == [
                measured.estimate
            ])
        #expect(ComparisonKind.sparkline(.pitchComparison, in: parts, band: nil).marks.isEmpty)
        let next = ComparisonKind.draw(.intervalComparison, settings: settings, chain: chain, using: &generator)
        #expect(
            next.centOffset.magnitude == measured.estimate.threshold.rounded(toMultipleOf: KazezStrategy.resolution))
        let pitch = ComparisonKind.draw(.pitchComparison, settings: .default, chain: chain, using: &generator)
        #expect(pitch.centOffset.magnitude == TrainingSettings.default.maxCentDifference)
    }
}
