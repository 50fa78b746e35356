import Foundation

/// The waveform of one period. Both notes of a comparison always share the timbre, so
/// that only their pitch differs.
public enum Timbre: String, Hashable, Sendable, CaseIterable {
    case sine

    /// The waveform's value at `phase`, in cycles (0 ≤ phase < 1).
    func value(atPhase phase: Double) -> Double {
        switch self {
        case .sine: sin(2 * Double.pi * phase)
        }
    }
}
