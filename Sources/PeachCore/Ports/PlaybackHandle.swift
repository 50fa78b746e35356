/// Ownership of one sounding note, held by whoever started it. `stop()` ends it with the release ramp and is
/// idempotent; `adjustFrequency(_:)` retunes it while it plays (pitch matching).
public protocol PlaybackHandle: Sendable {
    func stop() async
    func adjustFrequency(_ frequency: Frequency) async throws(AudioError)
}

public enum AudioError: Error, Equatable, Sendable, CustomStringConvertible {
    case deviceUnavailable(String)
    case playbackFailed(String)
    /// The microphone's stream broke while it was being read.
    case captureFailed(String)

    public var description: String {
        switch self {
        case .deviceUnavailable(let reason): "cannot open the audio device \(reason)"
        case .playbackFailed(let reason): "audio playback failed: \(reason)"
        case .captureFailed(let reason): "audio capture failed: \(reason)"
        }
    }
}
