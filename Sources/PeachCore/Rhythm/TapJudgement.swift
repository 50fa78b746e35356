/// A Fill the Gap answer judged: each tap a hit on one gap (with its offset) or a miss, and the
/// figures the record keeps.
public struct TapJudgement: Hashable, Sendable {
    public struct Tap: Hashable, Sendable {
        /// The gap's index (the cycle), nil for a miss.
        public let gap: Int?
        /// Signed, positive = late; nil for a miss.
        public let offsetSeconds: Double?

        public static let miss = Tap(gap: nil, offsetSeconds: nil)

        public init(gap: Int?, offsetSeconds: Double?) {
            self.gap = gap
            self.offsetSeconds = offsetSeconds
        }
    }

    public let trial: RhythmMatchingTrial
    /// In the order the taps were given.
    public let taps: [Tap]

    private var hits: [(gap: Int, offset: Double)] {
        taps.compactMap { tap in tap.gap.flatMap { gap in tap.offsetSeconds.map { (gap, $0) } } }
    }

    /// Hits over gaps, 0…1.
    public var hitRate: Double { Double(hits.count) / Double(RhythmMatchingTrial.cycles) }

    public var offsets: Welford { Welford(hits.map { $0.offset * 1000 }) }

    /// The mean offset in milliseconds of the hits at each position of the cycle (0…3); nil where
    /// no gap at that position was hit.
    public var meanOffsetMsByPosition: [Double?] {
        (0..<RhythmMatchingTrial.sixteenthsPerCycle).map { position in
            Welford(hits.filter { trial.gapPositions[$0.gap] == position }.map { $0.offset * 1000 }).mean
        }
    }
}
