import Foundation

/// The measurement runs of one measurement discipline, folded from its answers oldest first: the
/// finished measurements and the run under way. A run is the answers since the last one finished;
/// it finishes when `ThresholdPlacement` stops (its interval narrow enough, or 40 answers). A run
/// left unfinished goes on where it stopped, so replaying the stored answers always splits them
/// into the same runs, and a restart (or a kill -9) loses no answer of a run.
public struct ThresholdMeasurements: Sendable {
    /// The differences every run places over, whatever the settings: the same answers must fold
    /// into the same measurements on every replay. A trial is played within the settings' own
    /// bounds (`TrainingSettings.minCentDifference`…`maxCentDifference`), inside these.
    public static let differences = TrainingSettings.centDifferenceRange

    public private(set) var finished: [ThresholdMeasurement] = []
    /// The run under way, placed answer by answer.
    private var placement = Self.freshRun
    private var runStarted: Date?

    public init() {}

    /// The answers of the run under way, oldest first.
    public var run: [ThresholdEstimator.Trial] { placement.trials }

    /// The answer's run placed it; the run's measurement when this answer finished it.
    @discardableResult
    public mutating func add(_ comparison: CompletedComparison) -> ThresholdMeasurement? {
        placement.record(ThresholdEstimator.Trial(comparison))
        let started = runStarted ?? comparison.timestamp
        runStarted = started
        guard placement.isFinished else { return nil }
        let measurement = ThresholdMeasurement(
            discipline: comparison.discipline, estimate: placement.estimate, started: started, finished: comparison.timestamp)
        finished.append(measurement)
        placement = Self.freshRun
        runStarted = nil
        return measurement
    }

    /// The difference the run's next trial plays, in cents: where its answer says most.
    public var nextDifference: Cents { Cents(placement.nextDifference) }

    /// The next trial's place in its run, from 1.
    public var nextTrialNumber: Int { run.count + 1 }

    private static var freshRun: ThresholdPlacement { ThresholdPlacement(differences: differences) }
}

/// Kept (in the profile snapshot) as its measurements and the run's answers; the run's posterior
/// is placed again from them.
extension ThresholdMeasurements: Hashable, Codable {
    private enum CodingKeys: String, CodingKey { case finished, run, runStarted }

    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        finished = try values.decode([ThresholdMeasurement].self, forKey: .finished)
        placement = ThresholdPlacement(differences: Self.differences, trials: try values.decode([ThresholdEstimator.Trial].self, forKey: .run))
        runStarted = try values.decodeIfPresent(Date.self, forKey: .runStarted)
    }

    public func encode(to encoder: any Encoder) throws {
        var values = encoder.container(keyedBy: CodingKeys.self)
        try values.encode(finished, forKey: .finished)
        try values.encode(run, forKey: .run)
        try values.encodeIfPresent(runStarted, forKey: .runStarted)
    }

    public static func == (left: Self, right: Self) -> Bool {
        left.finished == right.finished && left.run == right.run && left.runStarted == right.runStarted
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(finished)
        hasher.combine(run)
        hasher.combine(runStarted)
    }
}
