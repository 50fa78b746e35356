/// Challenges as the seeds define them: a random note of the user's range, detuned by a random
/// offset within ±100 ¢.
public actor RandomPitchMatchingSource: PitchMatchingChallengeSource {
    private let settings: TrainingSettings
    private var generator: any RandomNumberGenerator & Sendable

    public init(settings: TrainingSettings, generator: any RandomNumberGenerator & Sendable = SystemRandomNumberGenerator()) {
        self.settings = settings
        self.generator = generator
    }

    public func nextChallenge() -> PitchMatchingChallenge {
        // Every argument spelled out: Swift 6.3 crashes in IRGen when the defaulted ones meet the
        // existential generator.
        PitchMatchingChallenge.random(
            in: settings.noteRange, offsetBound: PitchMatchingChallenge.defaultCentRange,
            centRange: PitchMatchingChallenge.defaultCentRange, using: &generator)
    }
}
