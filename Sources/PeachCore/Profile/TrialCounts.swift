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

    /// The count at lattice index `lowestIndex + i` is `slots[i]`: a plain array, since start-up
    /// adds every stored answer to three of these and hashing each index showed.
    private var slots: [Count] = []
    private var lowestIndex = 0
    public private(set) var count = 0

    public init() {}

    public init(_ trials: some Sequence<ThresholdEstimator.Trial>) {
        for trial in trials { add(trial) }
    }

    /// Where one answer is counted: worked out once when several counts take the same answer
    /// (each period of a timeline).
    public struct Bin: Sendable {
        let index: Int
        let isCorrect: Bool

        /// Nothing for a zero difference: it says nothing about the threshold, every listener is
        /// at chance there.
        public init?(_ trial: ThresholdEstimator.Trial) {
            guard trial.difference > 0, trial.difference.isFinite else { return nil }
            index = Int((log(trial.difference) / TrialCounts.step).rounded())
            isCorrect = trial.isCorrect
        }
    }

    public mutating func add(_ trial: ThresholdEstimator.Trial) {
        if let bin = Bin(trial) { add(bin) }
    }

    public mutating func add(_ bin: Bin) {
        let slot = makeSlot(bin.index)
        if bin.isCorrect { slots[slot].correct += 1 } else { slots[slot].wrong += 1 }
        count += 1
    }

    public mutating func add(_ other: TrialCounts) {
        for (index, other) in other.sortedBins {
            let slot = makeSlot(index)
            slots[slot].correct += other.correct
            slots[slot].wrong += other.wrong
        }
        count += other.count
    }

    /// The bins that hold answers, in lattice order, so that every sum over them replays exactly.
    var sortedBins: [(index: Int, count: Count)] {
        slots.indices.compactMap { slots[$0] == Count() ? nil : (lowestIndex + $0, slots[$0]) }
    }

    /// The position of lattice `index` in `slots`, widening them to reach it.
    private mutating func makeSlot(_ index: Int) -> Int {
        if slots.isEmpty {
            lowestIndex = index
            slots = [Count()]
        } else if index < lowestIndex {
            slots.insert(contentsOf: repeatElement(Count(), count: lowestIndex - index), at: 0)
            lowestIndex = index
        } else if index >= lowestIndex + slots.count {
            slots.append(contentsOf: repeatElement(Count(), count: index - lowestIndex - slots.count + 1))
        }
        return index - lowestIndex
    }

    /// Equal when the same answers are counted, however far the slots were widened.
    public static func == (lhs: TrialCounts, rhs: TrialCounts) -> Bool {
        lhs.count == rhs.count && lhs.sortedBins.elementsEqual(rhs.sortedBins) { $0.index == $1.index && $0.count == $1.count }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for bin in sortedBins {
            hasher.combine(bin.index)
            hasher.combine(bin.count)
        }
    }
}
