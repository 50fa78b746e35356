/// The comparisons of one "Measure my threshold" run: each at the difference the placement chooses
/// (`ThresholdPlacement`), on a random note of the range and a random side; each answer placed.
/// Its answers are stored as ordinary comparisons, so the training chain goes on from the last.
public actor PlacementComparisons: ComparisonSource {
    public private(set) var placement: ThresholdPlacement
    private let range: NoteRange
    /// The run ends here at the latest (at most `ThresholdPlacement.maximumTrials`).
    private let limit: Int
    private var generator: any RandomNumberGenerator
    private let onFinished: @Sendable (ThresholdEstimate) -> Void

    public init(
        settings: TrainingSettings, limit: Int = ThresholdPlacement.maximumTrials,
        generator: any RandomNumberGenerator = SystemRandomNumberGenerator(),
        onFinished: @escaping @Sendable (ThresholdEstimate) -> Void
    ) {
        placement = ThresholdPlacement(differences: settings.minCentDifference.rawValue...settings.maxCentDifference.rawValue)
        range = settings.noteRange
        self.limit = min(limit, ThresholdPlacement.maximumTrials)
        self.generator = generator
        self.onFinished = onFinished
    }

    public var isFinished: Bool { placement.isFinished || placement.trials.count >= limit }

    public func nextComparison() -> Comparison {
        let note = range.randomReference(for: .unison, using: &generator)
        let direction: Double = Bool.random(using: &generator) ? 1 : -1
        return Comparison(note1: note, centOffset: Cents(direction * placement.nextDifference))
    }

    public func didComplete(_ comparison: CompletedComparison) {
        guard !isFinished else { return }
        placement.record(ThresholdEstimator.Trial(comparison))
        if isFinished { onFinished(placement.estimate) }
    }
}
