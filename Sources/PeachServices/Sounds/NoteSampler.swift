import PeachAudio

/// Renders one key of an instrument for the browser to resample. The executable fills it with
/// FluidSynth; the server only caches and serves what it renders.
public protocol NoteSampler: Sendable {
    /// The sample of `key` for the sound `id`; nil when this sampler has no such instrument (the
    /// sine, or a sound it does not know). Throws when the instrument cannot be played.
    func sample(sound id: String, key: Int) throws -> NoteSample?
    /// Loads the instrument `id` (if it is one) ahead of its first key: called when it is chosen, so
    /// the first note does not wait for the preset's samples to be decoded.
    func prepare(sound id: String)
    /// Names what the samples depend on besides the sound and key (the SoundFont, its calibration,
    /// the rendering), in letters and digits: keys kept on disk are used only under the same identity.
    var identity: String { get }
}
