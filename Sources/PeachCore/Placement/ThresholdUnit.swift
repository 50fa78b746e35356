/// What a kind's thresholds and measurements are counted in: cents for pitch, intervals and a voice
/// in a chord; percent of a sixteenth note for timing. A client names the unit; the numbers are the kind's.
public enum ThresholdUnit: String, Hashable, Sendable, Codable, CaseIterable {
    case cent
    case percentOfSixteenth
}
