import PeachCore

/// A sampled sound (a SoundFont preset): it makes one `NoteSource` per note, and the Synthesizer
/// plays that source through its own envelope, glide and level, resampled to the exact frequency.
public protocol Instrument: Sendable {
    /// A source for a note to sound at `frequency`; the source picks the sample closest to it.
    func source(for frequency: Frequency) throws(AudioError) -> any NoteSource
}

/// One note of an instrument, rendered at the instrument's own pitch for that key. The Synthesizer
/// owns it from `start` until the note's release ramp ends, then calls `finish()` once.
/// It is only ever used under the Synthesizer's lock, which is what makes it safe to share.
public protocol NoteSource: AnyObject, Sendable {
    /// The calibrated frequency the source sounds at: measured, not nominal, so that resampling by
    /// target ÷ this lands on the target.
    var frequency: Frequency { get }
    /// The gain that brings this key to the instrument's matched level.
    var gain: Double { get }
    /// Overwrites `buffer` with the next samples at the source's own pitch.
    func render(into buffer: UnsafeMutableBufferPointer<Float>)
    /// The note is over: the source may be reused.
    func finish()
}
