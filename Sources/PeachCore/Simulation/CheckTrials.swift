/// A check trial now and then in a simulated chain: every `every`-th trial plays `factor` times the
/// difference the chain would play, within its bounds, and its answer does not move the chain.
///
/// The Kazez chain settles near 55–63 % correct, about a fifth of the threshold, where an answer
/// says little about where the threshold lies; a trial near the threshold says some twenty times
/// more. `peach simulate --procedure models --checks EVERY:FACTOR` shows what such trials would
/// give the profile (issue 49; docs/threshold-model.md) before the training plays any.
public struct CheckTrials: Hashable, Sendable, CustomStringConvertible {
    public let every: Int
    public let factor: Double

    public init?(every: Int, factor: Double) {
        guard every >= 2, factor > 1, factor.isFinite else { return nil }
        self.every = every
        self.factor = factor
    }

    /// "EVERY:FACTOR"; nothing unless EVERY is 2 or more and FACTOR a number above 1.
    public init?(_ text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let every = Int(parts[0]), let factor = Double(parts[1]) else { return nil }
        self.init(every: every, factor: factor)
    }

    /// Whether the trial with this index (0: the first) is a check.
    public func isCheck(_ index: Int) -> Bool { index % every == every - 1 }

    /// The check played instead of `comparison`: the same notes, `factor` times its difference,
    /// at most `largest`.
    func check(_ comparison: Comparison, largest: Cents) -> Comparison {
        let difference = min(comparison.centOffset.magnitude.rawValue * factor, largest.rawValue)
        return Comparison(
            comparison.discipline, note1: comparison.note1, interval: comparison.interval,
            tuningSystem: comparison.tuningSystem,
            centOffset: Cents(comparison.centOffset.rawValue < 0 ? -difference : difference),
            note2LevelOffset: comparison.note2LevelOffset)
    }

    public var description: String { "\(every):\(factor)" }
}
