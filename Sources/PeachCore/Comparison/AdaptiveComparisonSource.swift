/// The comparison source shared by the server and the terminal: the Kazez chain continued from the
/// last answered comparison, with whatever settings are current when the next trial is made.
public actor AdaptiveComparisonSource: ComparisonSource {
    private var last: CompletedComparison?
    private var coldStart: Cents?
    private var settings: TrainingSettings
    private var generator: any RandomNumberGenerator & Sendable

    /// - Parameters:
    ///   - last: the newest stored answer, so a restart continues the chain where it stopped.
    ///   - coldStart: the profile's mean threshold, used only when there is no last answer.
    public init(
        settings: TrainingSettings, last: CompletedComparison?, coldStart: Cents? = nil,
        generator: any RandomNumberGenerator & Sendable = SystemRandomNumberGenerator()
    ) {
        self.settings = settings
        self.last = last
        self.coldStart = coldStart
        self.generator = generator
    }

    public func update(settings: TrainingSettings) { self.settings = settings }

    public func nextComparison() -> Comparison {
        settings.kazezStrategy.nextComparison(
            after: last, coldStart: coldStart, in: settings.noteRange,
            loudnessVariation: settings.varyLoudness, using: &generator)
    }

    public func didComplete(_ comparison: CompletedComparison) { last = comparison }

    /// Forget the chain (after the user resets their training data).
    public func reset(coldStart: Cents?) {
        last = nil
        self.coldStart = coldStart
    }
}
