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

    public init(
        hold: Duration = .seconds(1), steadyCents: Double = 15, smoothing: Duration = .milliseconds(400),
        gap: Duration = .milliseconds(120), echo: Duration = .milliseconds(150), silencePrompt: Duration = .seconds(8)
    ) {
        self.hold = hold
        self.steadyCents = steadyCents
        self.smoothing = smoothing
        self.gap = gap
        self.echo = echo
        self.silencePrompt = silencePrompt
    }

    public static let standard = SingingRules()
}
