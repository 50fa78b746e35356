import PeachCore

/// One frame's pitch and how clearly periodic the frame was (1 − the normalised dip: 0.8…1).
public struct PitchEstimate: Hashable, Sendable {
    public let frequency: Frequency
    public let confidence: Double
}
