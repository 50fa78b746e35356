import Foundation

/// Answers counted by played difference, on a logarithmic lattice: what the threshold fit needs
/// from a set of comparisons, small enough to keep for every period of a timeline and to add up
/// when periods are pooled.
public struct TrialCounts: Hashable, Sendable {
    struct Count: Hashable, Sendable {
        var correct = 0
        var wrong = 0
    }

    /// Lattice step in natural-log cents: a difference is counted at the nearest of a ladder of
    /// differences 4 % apart, finer than anything the fit can resolve.
    static let step = 0.04

    private(set) var bins: [Int: Count] = [:]
    public private(set) var count = 0

    public init() {}

    public init(_ trials: some Sequence<ThresholdEstimator.Trial>) {
        for trial in trials { add(trial) }
    }

    public mutating func add(_ trial: ThresholdEstimator.Trial) {
        // A zero difference says nothing about the threshold: every listener is at chance there.
        guard trial.difference > 0, trial.difference.isFinite else { return }
        let index = Int((log(trial.difference) / Self.step).rounded())
        if trial.isCorrect { bins[index, default: Count()].correct += 1 } else { bins[index, default: Count()].wrong += 1 }
        count += 1
    }

    public mutating func add(_ other: TrialCounts) {
        for (index, other) in other.bins {
            bins[index, default: Count()].correct += other.correct
            bins[index, default: Count()].wrong += other.wrong
        }
        count += other.count
    }

    /// The bins in lattice order, so that every sum over them replays exactly.
    var sortedBins: [(index: Int, count: Count)] {
        bins.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
}
