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

    /// Compare Timing, or its measurement (`timingMeasurement`): the same clicks either way.
    public let discipline: Discipline
    public let tempo: TempoBPM
    /// Signed, in percent of a sixteenth: negative means early.
    public let offsetPercent: Double
    /// The trial's place in its measurement run (from 1), for a measurement's trial; nil for training.
    public let measurementTrial: Int?

    public init(
        _ discipline: Discipline = .rhythmComparison, tempo: TempoBPM, offsetPercent: Double,
        measurementTrial: Int? = nil
    ) {
        self.discipline = discipline
        self.tempo = tempo
        self.offsetPercent = offsetPercent
        self.measurementTrial = measurementTrial
    }

    private enum CodingKeys: String, CodingKey { case discipline, tempo, offsetPercent, measurementTrial }

    /// An open trial stored before Compare Timing had a measurement names no discipline: it is
    /// Compare Timing's.
    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            try values.decodeIfPresent(Discipline.self, forKey: .discipline) ?? .rhythmComparison,
            tempo: try values.decode(TempoBPM.self, forKey: .tempo),
            offsetPercent: try values.decode(Double.self, forKey: .offsetPercent),
            measurementTrial: try values.decodeIfPresent(Int.self, forKey: .measurementTrial))
    }

    public var offsetSeconds: Double { offsetPercent / 100 * tempo.sixteenthSeconds }

    /// Each click's onset from the first click's.
    public var clickSeconds: [Double] {
        (0..<Self.clickCount).map { index in
            Double(index) * tempo.sixteenthSeconds + (index == Self.displacedClick ? offsetSeconds : 0)
        }
    }

    /// Answers open when the displaced click sounds: before it there is nothing to judge. The
    /// browser is served this (`session.answersOpenSeconds`) and the terminal waits for it.
    public var answersOpenSeconds: Double { clickSeconds[Self.displacedClick] }

    public var correctAnswer: TimingAnswer { offsetPercent < 0 ? .early : .late }
}
