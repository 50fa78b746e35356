import Foundation
import Testing

@testable import PeachCore

struct ChordIntonationMeasurementTests {
    /// A listener who names the detuned voice from `threshold` cents up and below it cycles through
    /// the three voices (right one time in three, chance for a choice of three): 75 % correct is
    /// reached just at the threshold.
    static func answer(_ trial: ChordIntonationTrial, threshold: Double, guesses: inout Int) -> ChordVoice {
        if trial.centOffset.magnitude.rawValue >= threshold { return trial.detunedVoice }
        guesses += 1
        return ChordVoice.allCases[guesses % 3]
    }

    /// The run's chords are Which Voice? trials at the difference it places, numbered in the run,
    /// folded for a choice of three; it ends within 40 answers near the listener's threshold, the
    /// profile folds the same run, the records keep their discipline, and training starts from it.
    @Test func aRunPlacesChordsForAChoiceOfThreeAndTrainingStartsFromIt() throws {
        var generator = SeededGenerator(seed: 9)
        var chain = ChordIntonationKind.freshChain
        var profile = ChordIntonationProfile(calendar: Calendar(identifier: .gregorian))
        var records: [CompletedChordIntonation] = []
        var guesses = 0
        while chain.measurements.finished.isEmpty {
            let trial = ChordIntonationKind.draw(
                .chordIntonationMeasurement, settings: .default, chain: chain, using: &generator)
            #expect(trial.discipline == .chordIntonationMeasurement)
            #expect(trial.measurementTrial == records.count + 1)
            #expect(trial.centOffset.magnitude == chain.measurements.nextDifference)
            let record = try #require(
                ChordIntonationKind.judge(
                    trial, Self.answer(trial, threshold: 12, guesses: &guesses),
                    at: Date(timeIntervalSince1970: Double(records.count))))
            ChordIntonationKind.advance(&chain, after: record)
            profile.add(record)
            records.append(record)
            try #require(records.count <= ThresholdPlacement.maximumTrials)
        }
        let measured = try #require(chain.measurements.finished.first)
        #expect(measured.discipline == .chordIntonationMeasurement)
        #expect(measured.estimate.trialCount == records.count)
        #expect(
            measured.estimate.threshold.rawValue > 12 / 1.5 && measured.estimate.threshold.rawValue < 12 * 1.5,
            "\(measured.estimate)")
        #expect(profile.measurements == chain.measurements)
        #expect(profile.count == records.count)
        // Folded as if there were two choices, the same answers place another threshold.
        let asTwoWay = ThresholdPlacement(
            differences: TrainingSettings.centDifferenceRange, trials: records.map(\.thresholdTrial))
        #expect(asTwoWay.estimate.threshold != measured.estimate.threshold)
        #expect(records.allSatisfy { $0.labels.discipline == .chordIntonationMeasurement })
        // Which Voice?'s own line marks the measurement with its interval.
        var parts = ProfileParts(calendar: Calendar(identifier: .gregorian))
        for record in records { parts.add(record) }
        #expect(
            ChordIntonationKind.sparkline(.chordIntonation, in: parts, band: nil).marks.map(\.estimate) == [
                measured.estimate
            ])

        // The measurement is newer than any training answer: training starts at its threshold,
        // and an answer given after it takes the chain back.
        #expect(chain.last == nil)
        let next = ChordIntonationKind.draw(.chordIntonation, settings: .default, chain: chain, using: &generator)
        #expect(next.measurementTrial == nil)
        #expect(
            abs(next.centOffset.magnitude.rawValue - measured.estimate.threshold.rawValue) <= KazezStrategy.resolution
                / 2 + 1e-9)
        let trained = try #require(ChordIntonationKind.judge(next, next.detunedVoice, at: measured.finished + 1))
        ChordIntonationKind.advance(&chain, after: trained)
        let after = ChordIntonationKind.draw(.chordIntonation, settings: .default, chain: chain, using: &generator)
        #expect(after.centOffset.magnitude < next.centOffset.magnitude)
    }
}
