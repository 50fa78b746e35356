import Foundation

/// The measurement runs of one measurement discipline, folded from its answers oldest first: the
/// finished measurements and the run under way. A run is the answers since the last one finished;
/// it finishes when `ThresholdPlacement` stops (its interval narrow enough, or 40 answers). A run
/// left unfinished goes on where it stopped, so replaying the stored answers always splits them
/// into the same runs, and a restart (or a kill -9) loses no answer of a run.
public struct ThresholdMeasurements: Sendable {
    /// The differences every run places over, whatever the settings: the same answers must fold
    /// into the same measurements on every replay. A trial is played within the settings' own
    /// bounds, inside these. In the kind's unit: the cent range for pitch, by default.
    public let differences: ClosedRange<Double>
    /// The chance of a right answer to a difference not heard: ½ for two choices, ⅓ for Which Voice?.
    public let guessRate: Double

    public private(set) var finished: [ThresholdMeasurement] = []
    /// The run under way, placed answer by answer.
    private var placement: ThresholdPlacement
    private var runStarted: Date?

    public init(differences: ClosedRange<Double> = TrainingSettings.centDifferenceRange, guessRate: Double = 0.5) {
        self.differences = differences
        self.guessRate = guessRate
        placement = ThresholdPlacement(differences: differences, guessRate: guessRate)
    }

    /// The answers of the run under way, oldest first.
    public var run: [ThresholdEstimator.Trial] { placement.trials }

    /// The answer's run placed it; the run's measurement when this answer finished it.
    @discardableResult
    public mutating func add(_ answer: some MeasuredAnswer) -> ThresholdMeasurement? {
        placement.record(answer.thresholdTrial)
        let started = runStarted ?? answer.timestamp
        runStarted = started
        guard placement.isFinished else { return nil }
        let measurement = ThresholdMeasurement(
            discipline: answer.discipline, estimate: placement.estimate, started: started, finished: answer.timestamp)
        finished.append(measurement)
        placement = ThresholdPlacement(differences: differences, guessRate: guessRate)
        runStarted = nil
        return measurement
    }

    /// The difference the run's next trial plays, in cents: where its answer says most.
    public var nextDifference: Cents { Cents(placement.nextDifference) }

    /// The next trial's place in its run, from 1.
    public var nextTrialNumber: Int { run.count + 1 }
}

/// An answer of a measurement discipline, as a run folds it.
public protocol MeasuredAnswer {
    var discipline: Discipline { get }
    var timestamp: Date { get }
    /// The unsigned difference played, in the unit the run places, and whether it was answered right.
    var thresholdTrial: ThresholdEstimator.Trial { get }
}

extension CompletedComparison: MeasuredAnswer {
    public var thresholdTrial: ThresholdEstimator.Trial { ThresholdEstimator.Trial(self) }
}

/// Kept (in the profile snapshot) as its range and guess rate, its measurements and the run's answers; the run's
/// posterior is placed again from them.
extension ThresholdMeasurements: Hashable, Codable {
    private enum CodingKeys: String, CodingKey { case differences, guessRate, finished, run, runStarted }

    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        differences = try values.decode(ClosedRange<Double>.self, forKey: .differences)
        guessRate = try values.decode(Double.self, forKey: .guessRate)
        finished = try values.decode([ThresholdMeasurement].self, forKey: .finished)
        placement = ThresholdPlacement(
            differences: differences, guessRate: guessRate,
            trials: try values.decode([ThresholdEstimator.Trial].self, forKey: .run))
        runStarted = try values.decodeIfPresent(Date.self, forKey: .runStarted)
    }

    public func encode(to encoder: any Encoder) throws {
        var values = encoder.container(keyedBy: CodingKeys.self)
        try values.encode(differences, forKey: .differences)
        try values.encode(guessRate, forKey: .guessRate)
        try values.encode(finished, forKey: .finished)
        try values.encode(run, forKey: .run)
        try values.encodeIfPresent(runStarted, forKey: .runStarted)
    }

    public static func == (left: Self, right: Self) -> Bool {
        left.differences == right.differences && left.guessRate == right.guessRate && left.finished == right.finished
            && left.run == right.run
            && left.runStarted == right.runStarted
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(differences)
        hasher.combine(guessRate)
        hasher.combine(finished)
        hasher.combine(run)
        hasher.combine(runStarted)
    }
}
