import ArgumentParser
import PeachALSA
import PeachAudio
import PeachCore
import Synchronization

/// The option of every subcommand that listens through the microphone.
struct CaptureOptions: ParsableArguments {
    @Option(name: .customLong("capture-device"), help: "The ALSA capture device, the microphone (`peach devices --capture` lists them).")
    var captureDevice = "default"

    /// Opens the device and starts following its pitch: every frame the tracker makes goes to
    /// `onHeard` (on the capture thread). A device that cannot be opened is one line that says how
    /// to find one that can.
    func start(
        onHeard: @escaping @Sendable (HeardPitch) -> Void, onFailure: @escaping @Sendable (AudioError) -> Void
    ) throws -> ALSAInput {
        let configuration = ALSAInput.Configuration(device: captureDevice)
        let tracker = Mutex(PitchTracker(sampleRate: Double(configuration.sampleRate)))
        let input: ALSAInput
        do {
            input = try ALSAInput(
                configuration: configuration,
                onSamples: { samples, time in
                    for frame in tracker.withLock({ $0.append(samples, startingAt: time) }) { onHeard(frame) }
                },
                onFailure: onFailure)
        } catch {
            throw PeachFailure("\(error) (capture); `peach devices --capture` lists the capture devices")
        }
        input.start()
        return input
    }
}
