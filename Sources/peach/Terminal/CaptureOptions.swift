import ArgumentParser
import PeachALSA
import PeachAudio
import PeachCore
import Synchronization

/// The option of every subcommand that listens through the microphone.
struct CaptureOptions: ParsableArguments {
    @Option(
        name: .customLong("capture-device"),
        help: "The ALSA capture device, the microphone (`peach devices --capture` lists them).")
    var captureDevice = "default"

    /// From when (capture time) the singer is listened to: set as the singer's turn begins and ends.
    final class Gate: Sendable {
        let listenFrom = Mutex(Double.infinity)
    }

    /// Opens the device and starts following its pitch: every frame the tracker makes from the
    /// gate's time on goes to `onHeard` (on the capture thread). A device that cannot be opened is
    /// one line that says how to find one that can.
    func start(
        gate: Gate, onHeard: @escaping @Sendable (HeardPitch) -> Void,
        onFailure: @escaping @Sendable (AudioError) -> Void
    ) throws -> ALSAInput {
        let configuration = ALSAInput.Configuration(device: captureDevice)
        let tracker = Mutex(PitchTracker(sampleRate: Double(configuration.sampleRate)))
        let input: ALSAInput
        do {
            input = try ALSAInput(
                configuration: configuration,
                onSamples: { samples, time in
                    let from = gate.listenFrom.withLock { $0 }
                    for frame in tracker.withLock({ $0.append(samples, startingAt: time, analysingFrom: from) }) {
                        onHeard(frame)
                    }
                },
                onFailure: onFailure)
        } catch {
            throw PeachFailure("\(error) (capture); `peach devices --capture` lists the capture devices")
        }
        input.start()
        return input
    }
}
