/// "Measure my threshold" for a terminal driver: the measurement discipline's comparisons, drawn
/// by the shared `TrialSource` (so the run under way continues from the stored answers, as in the
/// browser), and each answer folded as the profile folds it, so the driver hears when a run
/// finishes and what it measured.
public actor MeasurementComparisons: ComparisonSource {
    private let feed: TrialFeed<ComparisonKind>
    public private(set) var measurements: ThresholdMeasurements
    private let onFinished: @Sendable (ThresholdMeasurement) -> Void

    /// - Parameter measurements: the discipline's runs as the stored answers leave them (the
    ///   profile's), which `feed`'s chain continues too.
    public init(
        feed: TrialFeed<ComparisonKind>, measurements: ThresholdMeasurements,
        onFinished: @escaping @Sendable (ThresholdMeasurement) -> Void
    ) {
        self.feed = feed
        self.measurements = measurements
        self.onFinished = onFinished
    }

    public func nextComparison() async -> Comparison { await feed.next() }

    public func didComplete(_ comparison: CompletedComparison) async {
        await feed.didComplete(comparison)
        if let measurement = measurements.add(comparison) { onFinished(measurement) }
    }
}
