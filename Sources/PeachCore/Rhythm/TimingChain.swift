/// Where the Compare Timing chain stands: its newest answer (the Kazez chain continues from it),
/// how many records each direction has (the next trial takes the direction with fewer), and the
/// measurement runs of each tempo band (`timingMeasurement`), which place their own trials.
public struct TimingChain: Hashable, Sendable {
    public private(set) var last: CompletedRhythmComparison?
    public private(set) var counts: [TimingAnswer: Int] = [:]
    /// Per tempo band, as the profile folds them (`RhythmProfile.measurementRuns`): timing acuity
    /// changes with tempo, so a run at 60 BPM neither continues nor starts one at 160.
    public var measurements: [TempoBand: ThresholdMeasurements] = [:]

    /// Every run places over the chain's own range, so the same answers always fold into the same
    /// measurements.
    public static var freshRuns: ThresholdMeasurements {
        ThresholdMeasurements(differences: RhythmComparison.percentBounds)
    }

    public init() {}

    /// Oldest first: the newest added becomes `last`.
    public init(_ records: some Sequence<CompletedRhythmComparison>) {
        for record in records { add(record) }
    }

    public mutating func add(_ record: CompletedRhythmComparison) {
        guard !RhythmComparisonKind.measures(record.discipline) else {
            measurements[record.tempo.band, default: Self.freshRuns].add(record)
            return
        }
        last = record
        counts[record.direction, default: 0] += 1
    }

    /// A training trial continues the chain, or starts at the threshold of the band's newest
    /// measurement when that is newer than the chain's newest answer; a measurement's trial is
    /// at the difference its band's run places next, early or late by a coin toss.
    public func next(
        _ discipline: Discipline = .rhythmComparison, tempo: TempoBPM, using generator: inout some RandomNumberGenerator
    ) -> RhythmComparison {
        guard !RhythmComparisonKind.measures(discipline) else {
            let runs = measurements[tempo.band] ?? Self.freshRuns
            let percent = runs.nextDifference.rawValue
            return RhythmComparison(
                discipline, tempo: tempo, offsetPercent: Bool.random(using: &generator) ? percent : -percent,
                measurementTrial: runs.nextTrialNumber)
        }
        // A training draw builds no placement: a reserve draws hundreds of trials.
        if let measured = measurements[tempo.band]?.finished.last, measured.finished > last?.timestamp ?? .distantPast {
            return TimingStrategy.next(
                after: nil, coldStart: measured.estimate.threshold.rawValue, counts: counts, tempo: tempo,
                using: &generator)
        }
        return TimingStrategy.next(after: last, counts: counts, tempo: tempo, using: &generator)
    }
}
