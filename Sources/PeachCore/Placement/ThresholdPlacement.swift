import Foundation

/// "Measure my threshold": a short run that plays each difference where its answer says most about
/// the listener's threshold, instead of following the Kazez chain, which spends most of its trials
/// well below the threshold and needs hundreds of them before a fit can place it.
///
/// A posterior over threshold T, slope k and lapse rate λ lives on a grid; the model is the fit's
/// (`ThresholdEstimator`): P(correct | Δ) = g + (1 − g)(1 − λ)(2Φ(z · (Δ / T)^k) − 1), with z chosen
/// per λ so that T is the 75 %-correct point lapses included, g the kind's guess rate. Each next
/// difference is the one whose answer leaves the least expected entropy in the posterior of T alone,
/// slope and lapse marginalised out (the Ψ method of Kontsevich & Tyler, in its "marginal" form, which
/// spends no trials learning the slope for its own sake). The run stops after
/// `maximumTrials`, or sooner once the 95 % credible interval of T is narrower than `stoppingRatio`.
///
/// Differences are plain numbers in the kind's unit (cents; percent of a sixteenth for Compare Timing).
public struct ThresholdPlacement: Sendable {
    public static let maximumTrials = 40
    /// Upper ÷ lower of the 95 % interval at which the run has said enough.
    public static let stoppingRatio = 1.5
    /// Lattice step of thresholds and differences, in natural-log units (5 % apart): finer than any
    /// interval the run can reach in 40 trials, coarse enough that a choice is cheap.
    static let step = 0.05
    /// Slope exponents considered: from the shallow signal-detection rise (k = 1) to a Weibull of
    /// β ≈ 8, which rises like k = 8 near chance. Their prior falls as 1/k: with a flat one, 40
    /// trials placed above the threshold read shallow listeners (Φ, logistic) 11–27 % high with
    /// 80–87 % coverage, because the answers cannot tell the slope and the steeper half of the grid
    /// extrapolated from them; with 1/k every shape simulated stays within 0.9–1.15.
    static let slopes: [Double] = [0.7, 1, 1.5, 2.2, 3.3, 5, 7.5]
    /// Lapse rates considered and their prior weights: mostly a rare slip, sometimes a distracted run.
    static let lapses: [(rate: Double, prior: Double)] = [(0.01, 0.4), (0.04, 0.4), (0.1, 0.2)]

    public let guessRate: Double
    /// The differences the kind can play; the thresholds considered are the same range.
    public let differences: ClosedRange<Double>
    public private(set) var trials: [ThresholdEstimator.Trial] = []

    private let model: Model
    /// Posterior mass, a row per threshold and a column per (slope, lapse), normalised to 1.
    private var posterior: [Double]

    /// - Parameters:
    ///   - differences: the smallest and largest difference the kind plays (positive, lower < upper).
    ///   - guessRate: 1/n for a kind whose answers are one of n choices.
    ///   - trials: answers already given in this run, oldest first (a run resumed from its records).
    public init(differences: ClosedRange<Double>, guessRate: Double = 0.5, trials: [ThresholdEstimator.Trial] = []) {
        precondition(
            differences.lowerBound > 0 && differences.upperBound > differences.lowerBound, "no differences to place")
        precondition(
            guessRate > 0 && guessRate < ThresholdEstimator.percentCorrect,
            "guess rate \(guessRate) leaves no threshold")
        self.differences = differences
        self.guessRate = guessRate
        model = Model(differences: differences, guessRate: guessRate)
        posterior = model.prior
        for trial in trials { record(trial) }
    }

    public var isFinished: Bool { Self.stops(after: trials.count, at: estimate) }

    /// The stop rule: enough trials spent, or the threshold placed closely enough (an interval open
    /// above is never close enough).
    static func stops(after trialCount: Int, at estimate: ThresholdEstimate) -> Bool {
        trialCount >= maximumTrials
            || (!estimate.upperIsOpen && estimate.upper.rawValue <= stoppingRatio * estimate.lower.rawValue)
    }

    public mutating func record(_ trial: ThresholdEstimator.Trial) {
        trials.append(trial)
        let offset = model.offset(of: model.index(of: trial.difference))
        let columns = model.columns
        let width = model.tableWidth
        let rows = model.rows
        model.correct.withUnsafeBufferPointer { correct in
            posterior.withUnsafeMutableBufferPointer { posterior in
                var total = 0.0
                for row in 0..<rows {
                    for column in 0..<columns {
                        let p = correct[column * width + offset - row]
                        posterior[row * columns + column] *= trial.isCorrect ? p : 1 - p
                        total += posterior[row * columns + column]
                    }
                }
                for index in posterior.indices { posterior[index] /= total }
            }
        }
    }

    /// The difference to play next: the lattice point whose answer leaves the least expected entropy
    /// in the threshold's posterior.
    public var nextDifference: Double {
        let rows = model.rows
        let columns = model.columns
        // Rows with no mass to speak of cannot change the choice; skipping them keeps a choice cheap.
        let marginal = thresholdMarginal
        let live = marginal.indices.filter { marginal[$0] > 1e-9 }
        let first = live.first ?? 0
        let last = live.last ?? rows - 1
        // A difference far outside the live thresholds is answered at chance or always right: no news.
        let span = Int((log(4.0) / Self.step).rounded())
        let width = model.tableWidth
        var best = (difference: first, entropy: Double.infinity)
        var ifCorrect = [Double](repeating: 0, count: rows)
        var ifWrong = ifCorrect
        model.correct.withUnsafeBufferPointer { table in
            posterior.withUnsafeBufferPointer { posterior in
                for candidate in max(0, first - span)...min(rows - 1, last + span) {
                    let offset = model.offset(of: candidate)
                    var correctTotal = 0.0
                    for row in first...last {
                        var correct = 0.0
                        var mass = 0.0
                        for column in 0..<columns {
                            let weight = posterior[row * columns + column]
                            correct += weight * table[column * width + offset - row]
                            mass += weight
                        }
                        ifCorrect[row] = correct
                        ifWrong[row] = mass - correct
                        correctTotal += correct
                    }
                    let wrongTotal = 1 - correctTotal
                    let entropy =
                        Self.entropy(ifCorrect[first...last], total: correctTotal) * correctTotal
                        + Self.entropy(ifWrong[first...last], total: wrongTotal) * wrongTotal
                    if entropy < best.entropy { best = (candidate, entropy) }
                }
            }
        }
        return model.difference(at: best.difference)
    }

    /// The posterior median with its central 95 % interval. Open above when the largest threshold
    /// considered is about as likely as the likeliest (within the fit's 95 % likelihood-ratio cut-off):
    /// the listener may need more than the kind can play.
    public var estimate: ThresholdEstimate {
        let marginal = thresholdMarginal
        var cumulative = [0.0]
        for mass in marginal { cumulative.append(cumulative.last! + mass) }
        func quantile(_ q: Double) -> Double {
            let cell = max(0, min(marginal.count - 1, (cumulative.firstIndex { $0 >= q } ?? marginal.count) - 1))
            let within = marginal[cell] > 0 ? (q - cumulative[cell]) / marginal[cell] : 0.5
            return model.difference(at: cell, shift: min(max(within, 0), 1) - 0.5)
        }
        return ThresholdEstimate(
            threshold: Cents(quantile(0.5)), lower: Cents(quantile(0.025)), upper: Cents(quantile(0.975)),
            upperIsOpen: marginal[marginal.count - 1] >= exp(-ThresholdEstimator.intervalCutoff / 2) * marginal.max()!,
            percentCorrect: ThresholdEstimator.percentCorrect, trialCount: trials.count)
    }

    private var thresholdMarginal: [Double] {
        let columns = model.columns
        return (0..<model.rows).map { row in posterior[(row * columns)..<((row + 1) * columns)].reduce(0, +) }
    }

    private static func entropy(_ masses: ArraySlice<Double>, total: Double) -> Double {
        guard total > 0 else { return 0 }
        var sum = 0.0
        for mass in masses where mass > 0 {
            let p = mass / total
            sum -= p * log(p)
        }
        return sum
    }

    /// The grid and P(correct) at every lattice offset between a difference and a threshold, for
    /// each (slope, lapse): the model depends only on Δ / T, so one table serves every pair.
    private final class Model: Sendable {
        let lowest: Double
        let rows: Int
        let columns: Int
        /// P(correct) at correct[column · tableWidth + offset + rows − 1], offset = difference index −
        /// threshold index: one flat table, read in the choice's innermost loop.
        let correct: [Double]
        let tableWidth: Int
        let prior: [Double]

        init(differences: ClosedRange<Double>, guessRate: Double) {
            lowest = differences.lowerBound
            rows =
                Int((log(differences.upperBound / differences.lowerBound) / ThresholdPlacement.step).rounded(.down)) + 1
            let pairs = ThresholdPlacement.slopes.flatMap { slope in ThresholdPlacement.lapses.map { (slope, $0) } }
            columns = pairs.count
            let rows = rows
            tableWidth = 2 * rows - 1
            correct = pairs.flatMap { slope, lapse in
                let z = ThresholdEstimator.inverseNormalCDF(
                    ((ThresholdEstimator.percentCorrect - guessRate) / ((1 - guessRate) * (1 - lapse.rate)) + 1) / 2)
                return (-(rows - 1)...(rows - 1)).map { offset in
                    let rise =
                        2 * ThresholdEstimator.normalCDF(z * pow(exp(Double(offset) * ThresholdPlacement.step), slope))
                        - 1
                    return guessRate + (1 - guessRate) * (1 - lapse.rate) * rise
                }
            }
            // Flat in log T (the grid is log-spaced), ∝ 1/k over the log-spaced slopes, the lapse
            // rate its own prior.
            let column = pairs.map { slope, lapse in lapse.prior / slope }
            let total = Double(rows) * column.reduce(0, +)
            prior = (0..<rows).flatMap { _ in column.map { $0 / total } }
        }

        func index(of difference: Double) -> Int {
            min(max(Int((log(difference / lowest) / ThresholdPlacement.step).rounded()), 0), rows - 1)
        }

        func offset(of differenceIndex: Int) -> Int { differenceIndex + rows - 1 }

        func difference(at index: Int, shift: Double = 0) -> Double {
            lowest * exp((Double(index) + shift) * ThresholdPlacement.step)
        }
    }
}
