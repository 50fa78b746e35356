/// The adaptive rule of Compare Timing: the Kazez chain (KazezStrategy's steps) on the offset in
/// percent of a sixteenth, and the direction that has fewer records so far, so early and late are
/// trained (and their thresholds measured) evenly.
public enum TimingStrategy {
    /// The unsigned offset of the next trial: narrowed after a correct answer, widened after a
    /// wrong one; with no previous answer, `coldStart` (a measured threshold) or the widest.
    public static func nextPercent(after last: CompletedRhythmComparison?, coldStart: Double? = nil) -> Double {
        KazezStrategy.next(
            after: last.map { ($0.difference, $0.isCorrect) }, coldStart: coldStart,
            bounds: RhythmComparison.percentBounds)
    }

    /// The next trial at `tempo`: early when early has fewer records, late when late has, a coin
    /// toss when they are even.
    public static func next(
        after last: CompletedRhythmComparison?, coldStart: Double? = nil, counts: [TimingAnswer: Int], tempo: TempoBPM,
        using generator: inout some RandomNumberGenerator
    ) -> RhythmComparison {
        let early = counts[.early, default: 0]
        let late = counts[.late, default: 0]
        let direction: TimingAnswer =
            early == late ? (Bool.random(using: &generator) ? .early : .late) : (early < late ? .early : .late)
        let percent = nextPercent(after: last, coldStart: coldStart)
        return RhythmComparison(tempo: tempo, offsetPercent: direction == .early ? -percent : percent)
    }
}
