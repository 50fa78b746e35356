/// Runs simulated listeners through a placement run (`ThresholdPlacement`) over the default pitch
/// differences, to show it recovers known thresholds in at most 40 trials with honest intervals.
public struct PlacementSimulation: Sendable {
    public var differences: ClosedRange<Double>

    public init(settings: TrainingSettings = .default) {
        differences = settings.minCentDifference.rawValue...settings.maxCentDifference.rawValue
    }

    /// One run to its end: the placement's estimate and how many trials it used.
    public func run(_ listener: SimulatedListener, using generator: inout some RandomNumberGenerator)
        -> ThresholdEstimate
    {
        var placement = ThresholdPlacement(differences: differences)
        while !placement.isFinished {
            let difference = placement.nextDifference
            let direction: Double = Bool.random(using: &generator) ? 1 : -1
            let comparison = Comparison(note1: MIDINote(60)!, centOffset: Cents(direction * difference))
            let answer = listener.answer(comparison, using: &generator)
            placement.record(
                ThresholdEstimator.Trial(difference: difference, isCorrect: answer == comparison.correctAnswer))
        }
        return placement.estimate
    }

    public func summarize(_ listener: SimulatedListener, runs: Int, using generator: inout some RandomNumberGenerator)
        -> ProcedureSummary
    {
        let estimates = (0..<runs).map { _ in run(listener, using: &generator) }
        return ProcedureSummary(
            truth: listener.threshold, estimates: estimates, trialsUsed: estimates.map(\.trialCount))
    }
}
