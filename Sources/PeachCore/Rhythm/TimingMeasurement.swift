/// A "Measure my timing threshold" result: the run's threshold in percent of a sixteenth, and the
/// tempo its last answer was played at, which says what the percentages are in milliseconds.
public struct TimingMeasurement: Hashable, Sendable {
    public let measurement: ThresholdMeasurement
    public let tempo: TempoBPM

    public init(_ measurement: ThresholdMeasurement, tempo: TempoBPM) {
        self.measurement = measurement
        self.tempo = tempo
    }

    /// A percentage of a sixteenth at the run's tempo, in milliseconds.
    public func milliseconds(_ percent: Double) -> Double { percent / 100 * tempo.sixteenthSeconds * 1000 }
}
