/// One Compare Timing trial: four clicks a sixteenth apart, the third moved early or late by
/// `offsetPercent` of a sixteenth. Measuring the offset in percent of the grid keeps one difficulty
/// chain meaningful across tempos (Weber-like scaling of timing acuity).
public struct RhythmComparison: Hashable, Sendable, Codable {
    public static let clickCount = 4
    /// The third click: two clicks before it set up the grid, one after it closes it.
    public static let displacedClick = 2
    /// The chain's range in percent of a sixteenth: under 1 % is below any listener's acuity,
    /// over 20 % the click lands nearer the neighbouring thirty-second than its own place.
    public static let percentBounds: ClosedRange<Double> = 1...20

    public let tempo: TempoBPM
    /// Signed, in percent of a sixteenth: negative means early.
    public let offsetPercent: Double

    public init(tempo: TempoBPM, offsetPercent: Double) {
        self.tempo = tempo
        self.offsetPercent = offsetPercent
    }

    public var discipline: Discipline { .rhythmComparison }

    public var offsetSeconds: Double { offsetPercent / 100 * tempo.sixteenthSeconds }

    /// Each click's onset from the first click's.
    public var clickSeconds: [Double] {
        (0..<Self.clickCount).map { index in
            Double(index) * tempo.sixteenthSeconds + (index == Self.displacedClick ? offsetSeconds : 0)
        }
    }

    public var correctAnswer: TimingAnswer { offsetPercent < 0 ? .early : .late }
}
