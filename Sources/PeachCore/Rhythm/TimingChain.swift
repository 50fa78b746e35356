/// Where the Compare Timing chain stands: its newest answer (the Kazez chain continues from it)
/// and how many records each direction has (the next trial takes the direction with fewer).
public struct TimingChain: Hashable, Sendable {
    public private(set) var last: CompletedRhythmComparison?
    public private(set) var counts: [TimingAnswer: Int] = [:]

    public init() {}

    /// Oldest first: the newest added becomes `last`.
    public init(_ records: some Sequence<CompletedRhythmComparison>) {
        for record in records { add(record) }
    }

    public mutating func add(_ record: CompletedRhythmComparison) {
        last = record
        counts[record.direction, default: 0] += 1
    }

    public func next(tempo: TempoBPM, using generator: inout some RandomNumberGenerator) -> RhythmComparison {
        TimingStrategy.next(after: last, counts: counts, tempo: tempo, using: &generator)
    }
}
