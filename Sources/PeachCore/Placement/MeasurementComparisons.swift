/// "Measure my threshold" for a terminal driver: the measurement discipline's trials, drawn by the
/// shared `TrialSource` (so the run under way continues from the stored answers, as in the
/// browser), and each answer folded as the profile folds it, so the driver hears when a run
/// finishes and what it measured.
public actor MeasurementComparisons<Kind: TrainingKind> where Kind.Record: MeasuredAnswer {
    private let feed: TrialFeed<Kind>
    public private(set) var measurements: ThresholdMeasurements
    private let onFinished: @Sendable (ThresholdMeasurement) -> Void

    /// - Parameter measurements: the discipline's runs as the stored answers leave them (the
    ///   profile's), which `feed`'s chain continues too.
    public init(
        feed: TrialFeed<Kind>, measurements: ThresholdMeasurements,
        onFinished: @escaping @Sendable (ThresholdMeasurement) -> Void
    ) {
        self.feed = feed
        self.measurements = measurements
        self.onFinished = onFinished
    }

    func fold(_ record: Kind.Record) async {
        await feed.didComplete(record)
        if let measurement = measurements.add(record) { onFinished(measurement) }
    }
}

extension MeasurementComparisons: TrialSupplying {
    public func next() async -> Kind.Trial { await feed.next() }

    public func didComplete(_ record: Kind.Record) async { await fold(record) }
}
