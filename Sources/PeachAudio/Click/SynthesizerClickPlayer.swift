import PeachCore

/// The ClickPlayer port on a Synthesizer: the pattern is rendered into one buffer (Click.render, the
/// same render the scheduling benchmark measures) and played as it is.
public struct SynthesizerClickPlayer: ClickPlayer {
    public let synthesizer: Synthesizer

    public init(synthesizer: Synthesizer) { self.synthesizer = synthesizer }

    public func play(onsets: [Double]) async throws(AudioError) {
        try synthesizer.play(Click.render(onsets: onsets, sampleRate: synthesizer.settings.sampleRate))
    }

    public func stop() async { synthesizer.stopRecordings() }
}
