import PeachCore
import Synchronization

/// The AudibleClickPlayer port on a Synthesizer whose output reports when each change of it reaches
/// the speaker (`changeAudible`, from ALSAOutput's `onChangeAudible`): a pattern starts at the first
/// sample of the next rendered block, so the first change heard after it was handed over is its start.
public final class AudibleSynthesizerClickPlayer: AudibleClickPlayer {
    private struct Waiting {
        var heard: Double?
        var continuation: CheckedContinuation<Double, Never>?
    }

    private let clicks: SynthesizerClickPlayer
    /// Set from before a pattern is handed over until its start is known: the output may report it
    /// before `play` gets to wait for it. Nothing else changes the synthesizer while Fill the Gap
    /// plays, so the next change heard is the pattern.
    private let waiting = Mutex<Waiting?>(nil)

    public init(synthesizer: Synthesizer) { clicks = SynthesizerClickPlayer(synthesizer: synthesizer) }

    /// What the output calls with the moment (CLOCK_MONOTONIC seconds) a change reaches the speaker.
    public func changeAudible(at seconds: Double) {
        let continuation = waiting.withLock { waiting -> CheckedContinuation<Double, Never>? in
            guard waiting != nil, waiting?.heard == nil else { return nil }
            waiting?.heard = seconds
            defer { waiting?.continuation = nil }
            return waiting?.continuation
        }
        continuation?.resume(returning: seconds)
    }

    public func play(onsets: [Double]) async throws(AudioError) -> Double {
        waiting.withLock { $0 = Waiting() }
        do throws(AudioError) {
            try await clicks.play(onsets: onsets)
        } catch {
            waiting.withLock { $0 = nil }
            throw error
        }
        return await withCheckedContinuation { continuation in
            let heard = waiting.withLock { waiting -> Double? in
                // Stopped while the pattern was handed over: it will not be heard.
                guard let current = waiting else { return .nan }
                if let heard = current.heard { return heard }
                waiting?.continuation = continuation
                return nil
            }
            if let heard { continuation.resume(returning: heard) }
        }
    }

    /// Also ends the wait for a pattern that will not be heard now (the session stopped meanwhile).
    public func stop() async {
        await clicks.stop()
        waiting.withLock { waiting in
            defer { waiting = nil }
            return waiting?.continuation
        }?.resume(returning: .nan)
    }
}
