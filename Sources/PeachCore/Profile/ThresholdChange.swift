import Foundation

/// How far the threshold moved over the newest answers: "−18 % over your last 400 answers
/// (95 %: −30 to −5 %)", or "no change you can be sure of" when the interval holds no change
/// (issue 49).
///
/// The span is counted in answers, as the user trains: the newest `span` answers (half of them when
/// there are fewer than twice as many), about two days of 200. The threshold at its start is the
/// tracker's, filtered through the answers before the span; the threshold now is the tracker's
/// through the span's answers alone. The two rest on different answers, so their change is the
/// difference of two independent log thresholds: the convolution of their posteriors, whose median
/// and central 95 % interval are stated as now ÷ then. Where either cannot be placed closely enough
/// to be stated (`ThresholdEstimate.ifInformative`, open above included) there is no change yet.
public struct ThresholdChange: Hashable, Sendable, Codable {
    /// The threshold now ÷ the threshold at the start of the span: the median of the change.
    public let ratio: Double
    /// The central `credibility` interval of `ratio`.
    public let lower: Double
    public let upper: Double
    /// The answers the span holds.
    public let answers: Int

    /// The span: two days of 200 answers, the fixed fit's window, long enough that the threshold
    /// now is placed within about ×1.5 on its own.
    public static let span = 400
    public static let credibility = 0.95

    /// Whether the interval excludes "no change": a fall or a rise the answers are sure of.
    public var isSure: Bool { upper < 1 || lower > 1 }

    public init(ratio: Double, lower: Double, upper: Double, answers: Int) {
        self.ratio = ratio
        self.lower = lower
        self.upper = upper
        self.answers = answers
    }

    /// - Parameter trials: oldest first; nothing when there are too few to place the threshold at
    ///   the start of the span and now.
    public init?(trials: some Collection<ThresholdEstimator.Trial>, tracker: ThresholdTracker = .init()) {
        let trials = Array(trials)
        let answers = min(Self.span, trials.count / 2)
        let before = trials.dropLast(answers)
        let after = trials.suffix(answers)
        guard answers >= ThresholdEstimator.minimumTrials, let then = tracker.posterior(before),
            let now = tracker.posterior(after),
            Self.statable(then, trials: before.count), Self.statable(now, trials: answers)
        else { return nil }
        // Mass of now − then in grid rows, offset by rows − 1 so that index rows − 1 is no change.
        let rows = then.count
        var difference = [Double](repeating: 0, count: 2 * rows - 1)
        for from in then.indices where then[from] > 0 {
            for to in now.indices where now[to] > 0 {
                difference[to - from + rows - 1] += then[from] * now[to]
            }
        }
        // The estimator's quantiles read cell c as the threshold of row c; dividing by the threshold of
        // row rows − 1 reads it as the ratio of c − (rows − 1) rows.
        let quantile = ThresholdEstimator.quantiles(difference)
        let origin = exp(Double(ThresholdEstimator.lowestIndex + rows - 1) * TrialCounts.step)
        let tail = (1 - Self.credibility) / 2
        self.init(
            ratio: quantile(0.5) / origin, lower: quantile(tail) / origin, upper: quantile(1 - tail) / origin,
            answers: answers)
    }

    private static func statable(_ posterior: [Double], trials: Int) -> Bool {
        guard let estimate = ThresholdTracker.estimate(posterior, trials: trials) else { return false }
        return !estimate.upperIsOpen && estimate.isInformative
    }
}
