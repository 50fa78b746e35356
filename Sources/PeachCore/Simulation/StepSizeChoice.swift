/// How `ThresholdTracker.chosenChangePerTrial` was chosen: each candidate step size forecasts every
/// answer of the same simulated chains from the answers before it only, and the step whose
/// forecasts were likeliest wins (`peach simulate --procedure step`). Each answer is held out from
/// its own forecast, so a step cannot win by fitting noise; too small a step forecasts a learner's
/// answers from the listener they were, too large a step forgets what steady answers had settled.
public struct StepSizeChoice: Sendable {
    /// A simulated listener over time: `threshold(answer)` cents at each answer.
    public struct Listener: Sendable {
        public let name: String
        public let threshold: @Sendable (Int) -> Cents
        public let shape: SimulatedListener.Shape

        public init(
            name: String, shape: SimulatedListener.Shape = .normal, threshold: @escaping @Sendable (Int) -> Cents
        ) {
            self.name = name
            self.shape = shape
            self.threshold = threshold
        }
    }

    /// The listeners the choice is made on: steady ones across the range Peach plays and shapes
    /// the model does not assume, and the three learners of issue 49, in equal numbers.
    public static let listeners: [Listener] = [
        Listener(name: "3 ¢") { _ in Cents(3) },
        Listener(name: "10 ¢") { _ in Cents(10) },
        Listener(name: "30 ¢") { _ in Cents(30) },
        Listener(name: "10 ¢ weibull:3.5", shape: .weibull(beta: 3.5)) { _ in Cents(10) },
        Listener(name: "20→10/τ60") {
            LearningCurve(from: Cents(20), to: Cents(10), timeConstant: 60).threshold(at: $0)
        },
        Listener(name: "10→5/τ120") {
            LearningCurve(from: Cents(10), to: Cents(5), timeConstant: 120).threshold(at: $0)
        },
        Listener(name: "30→15/τ60") {
            LearningCurve(from: Cents(30), to: Cents(15), timeConstant: 60).threshold(at: $0)
        },
    ]

    public let trials: Int

    public init(trials: Int = 400) { self.trials = trials }

    /// Mean log probability per answer of each candidate's forecasts, per listener (rows in
    /// `listeners` order, columns in `candidates` order), over `runs` chains each.
    public func scores(
        _ listeners: [Listener] = Self.listeners, candidates: [Double] = ThresholdTracker.candidateChanges, runs: Int,
        using generator: inout some RandomNumberGenerator
    ) -> [[Double]] {
        let simulation = ThresholdSimulation(trials: trials)
        return listeners.map { listener in
            var totals = [Double](repeating: 0, count: candidates.count)
            for _ in 0..<runs {
                let (answered, _) = simulation.chain(trials: trials, using: &generator) {
                    SimulatedListener(threshold: listener.threshold($0), shape: listener.shape)
                }
                for (index, change) in candidates.enumerated() {
                    totals[index] += ThresholdTracker(changePerTrial: change).logEvidence(answered)
                }
            }
            return totals.map { $0 / Double(runs * trials) }
        }
    }

    /// The candidate whose forecasts were likeliest over all listeners together.
    public static func best(_ scores: [[Double]], candidates: [Double] = ThresholdTracker.candidateChanges) -> Double {
        let totals = candidates.indices.map { index in scores.reduce(0) { $0 + $1[index] } }
        return candidates[totals.indices.max { totals[$0] < totals[$1] }!]
    }
}
