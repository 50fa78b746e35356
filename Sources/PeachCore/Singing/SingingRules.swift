/// When a sung answer counts, owned here and served with every sung trial, so the browser's screen
/// and `peach sing` commit by the same numbers.
public struct SingingRules: Hashable, Sendable {
    /// How long a note must be held steady before it is committed.
    public var hold: Duration
    /// Steady: every smoothed value of the held second within this of their mean.
    public var steadyCents: Double
    /// Frames are averaged over this long, two cycles of a 5 Hz vibrato, so the vibrato cancels.
    public var smoothing: Duration
    /// A dropout this short (a consonant, a breath of noise) does not break the note.
    public var gap: Duration
    /// The room rings on after the reference stops: frames starting this soon after are not the singer.
    public var echo: Duration
    /// Nothing pitched heard for this long: a friendly prompt, not an error.
    public var silencePrompt: Duration
    /// The committed pitch is the Hann-weighted mean of this last stretch of the note: averaging the
    /// whole held time (1.4 s) took in a scoop into the note (−2 ¢). Half a Hann window's weight lies
    /// in its middle 0.3 s, so a scoop of up to 0.5 s is left out; 0.8 s leaves well under 1 % of a
    /// 4.5–7 Hz vibrato (0.6 s: a median stored error of 0.58 ¢ over the fixtures' notes, 0.8 s: 0.36 ¢).
    public var commitWindow: Duration
    /// The detector names the octave a listener does (PeachAudio's `PitchDetector.heardDip`); a
    /// voice at the edge of its rule, whose cycles alternate, may still show some frames an octave
    /// low. The stored octave is the highest heard in at least this share of the note's frames (a
    /// weak fundamental's octave-high frames the detector itself prevents).
    public var octaveShare: Double

    public init(
        hold: Duration = .seconds(1), steadyCents: Double = 15, smoothing: Duration = .milliseconds(400),
        gap: Duration = .milliseconds(120), echo: Duration = .milliseconds(150), silencePrompt: Duration = .seconds(8),
        commitWindow: Duration = .milliseconds(800), octaveShare: Double = 0.2
    ) {
        self.hold = hold
        self.steadyCents = steadyCents
        self.smoothing = smoothing
        self.gap = gap
        self.echo = echo
        self.silencePrompt = silencePrompt
        self.commitWindow = commitWindow
        self.octaveShare = octaveShare
    }

    public static let standard = SingingRules()
}
