/// The loop's timing rules, served with every trial so the client schedules by them instead of
/// restating them.
public struct TrialSession: Codable, Sendable, APIDescribed {
    public let answersOpenSeconds: Double
    public let feedbackSeconds: Double
    /// A sung trial only: when a sung note counts, the rules `peach sing` commits by too.
    public var singing: Singing?
    /// How a MIDI keyboard answers this trial (the kind's `midi`); absent where it does not.
    public var midi: MIDIAnswers?

    /// Feedback shows for `SessionRules.feedbackDuration` in every discipline.
    public init(answersOpenSeconds: Double, singing: SingingRules? = nil) {
        self.answersOpenSeconds = answersOpenSeconds
        feedbackSeconds = SessionRules.feedbackDuration.seconds
        self.singing = singing.map(Singing.init)
    }

    /// When answers open, as the terminal's loop waits for it: whole nanoseconds, so that 3.2 s is
    /// the 3 200 ms the kind declared and a test clock moved by that ends the wait.
    public var answersOpen: Duration { Self.duration(answersOpenSeconds) }

    public var feedback: Duration { Self.duration(feedbackSeconds) }

    private static func duration(_ seconds: Double) -> Duration { .nanoseconds(Int64((seconds * 1e9).rounded())) }

    public static var apiNotes: [String: APINote] {
        [
            "answersOpenSeconds": .describe(
                "From the first note's start (a rhythm trial's time zero): when answers open (comparison: note 2's onset; Compare Timing: the third click; Fill the Gap: at once) or the tunable note starts (matching)."
            ),
            "feedbackSeconds": .describe("How long feedback shows before the next trial starts."),
            "singing": .describe("A sung trial only: when the sung note counts (SingingRules)."),
            "midi": .describe(
                "How a MIDI keyboard answers this trial: keys, the pitch-bend wheel or taps; absent where it does not."),
        ]
    }

    /// SingingRules in seconds and cents.
    public struct Singing: Codable, Sendable, APIDescribed {
        public let holdSeconds: Double
        public let steadyCents: Double
        public let smoothingSeconds: Double
        public let gapSeconds: Double
        public let echoSeconds: Double
        public let silencePromptSeconds: Double
        public let commitSeconds: Double
        public let octaveShare: Double

        public init(_ rules: SingingRules) {
            holdSeconds = rules.hold.seconds
            steadyCents = rules.steadyCents
            smoothingSeconds = rules.smoothing.seconds
            gapSeconds = rules.gap.seconds
            echoSeconds = rules.echo.seconds
            silencePromptSeconds = rules.silencePrompt.seconds
            commitSeconds = rules.commitWindow.seconds
            octaveShare = rules.octaveShare
        }

        public static var apiNotes: [String: APINote] {
            [
                "holdSeconds": .describe("A note held steady this long is committed."),
                "steadyCents": .describe(
                    "Steady: every smoothed value of the held time within this many cents of their mean."),
                "smoothingSeconds": .describe("Frames are averaged over this long, so vibrato cancels."),
                "gapSeconds": .describe("A dropout this short does not break the note."),
                "echoSeconds": .describe(
                    "Frames starting this soon after the reference ends are its echo, not the singer."),
                "silencePromptSeconds": .describe("Nothing pitched heard for this long: a friendly prompt."),
                "commitSeconds": .describe(
                    "The committed pitch: the frames of this last stretch of the note, Hann-weighted, each folded to one octave."
                ),
                "octaveShare": .describe(
                    "The octave stored: the highest one at least this share of the note's frames was heard in."),
            ]
        }
    }
}
