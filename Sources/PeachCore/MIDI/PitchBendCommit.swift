/// Matching answered with the pitch-bend wheel, the iPhone app's rule: the wheel tunes the note over
/// the slider's whole range (full bend down is the slider's bottom, full up its top), and bringing
/// the wheel back to rest commits. "Back to rest" is within `commitTolerance` of the centre, and it
/// counts only after the wheel has left that zone, so a wheel resting at centre when the tunable
/// note starts commits nothing. A spring-loaded wheel is let go, and the value committed is the last
/// one tuned outside the zone.
public struct PitchBendCommit: Sendable {
    /// ±256 of 8192: a wheel's spring does not return it to exactly 8192.
    public static let commitTolerance = 256
    /// Bend units that move the slider from its centre to either end.
    public static let halfRange = PitchBend.centre

    public enum Step: Hashable, Sendable {
        /// Move the slider (and the tunable note) to this value.
        case tune(NormalizedSliderValue)
        /// The answer: the slider's value as last tuned.
        case commit(NormalizedSliderValue)
        /// Within the centre zone before the wheel ever left it.
        case none
    }

    private var tuned = NormalizedSliderValue.centre
    private var hasLeftCentre = false

    public init() {}

    public static func isAtRest(_ bend: PitchBend) -> Bool { abs(bend.fromCentre) <= commitTolerance }

    public static func sliderValue(_ bend: PitchBend) -> NormalizedSliderValue {
        NormalizedSliderValue(Double(bend.fromCentre) / Double(halfRange))!
    }

    public mutating func receive(_ bend: PitchBend) -> Step {
        guard Self.isAtRest(bend) else {
            hasLeftCentre = true
            tuned = Self.sliderValue(bend)
            return .tune(tuned)
        }
        guard hasLeftCentre else { return .none }
        hasLeftCentre = false
        return .commit(tuned)
    }
}
