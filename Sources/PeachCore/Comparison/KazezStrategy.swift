/// The adaptive rule that picks the next comparison (Kazez et al.): one continuous difficulty chain,
/// a fresh random note from the user's range every trial (frequency roving), a random direction.
///
/// After a correct answer the difference narrows, `p·(1 − 0.05·√p)`; after a wrong one it widens,
/// `p·(1 + 0.09·√p)`. The asymmetric steps make the chain settle near 55–63 % correct, which is why
/// the profile reports a fitted threshold rather than this running value.
public struct KazezStrategy: Sendable {
    /// The original app's resolution of a played difference.
    public static let resolution = 0.1

    public var bounds: ClosedRange<Cents>

    public init(bounds: ClosedRange<Cents>) {
        self.bounds = bounds
    }

    /// The steps on a plain number, for chains measured in another unit (Compare Timing's
    /// percent of a sixteenth).
    public static func narrowed(_ p: Double) -> Double { p * (1 - 0.05 * p.squareRoot()) }

    public static func widened(_ p: Double) -> Double { p * (1 + 0.09 * p.squareRoot()) }

    public static func narrowed(_ p: Cents) -> Cents { Cents(narrowed(p.rawValue)) }

    public static func widened(_ p: Cents) -> Cents { Cents(widened(p.rawValue)) }

    /// The unsigned difference of the next trial. With no previous answer the chain starts at the
    /// profile's mean threshold when there is one (near where the listener is), else at the maximum.
    public func nextDifference(after last: CompletedComparison?, coldStart: Cents?) -> Cents {
        Cents(
            Self.next(
                after: last.map { ($0.centDifference.rawValue, $0.isCorrect) }, coldStart: coldStart?.rawValue,
                bounds: bounds.lowerBound.rawValue...bounds.upperBound.rawValue))
    }

    /// The chain's rule in any unit (cents here, percent of a sixteenth for Compare Timing):
    /// narrowed after a correct answer, widened after a wrong one, at the resolution, within `bounds`;
    /// with no previous answer, the cold start or else the widest.
    public static func next(
        after last: (difference: Double, isCorrect: Bool)?, coldStart: Double?, bounds: ClosedRange<Double>
    ) -> Double {
        let raw =
            last.map { $0.isCorrect ? narrowed($0.difference) : widened($0.difference) } ?? coldStart
            ?? bounds.upperBound
        return min(max((raw / resolution).rounded() * resolution, bounds.lowerBound), bounds.upperBound)
    }

    /// A comparison of `discipline`: a random interval of `intervals`, a random note 1 such that
    /// both notes stay inside `range`, a random direction of the offset.
    public func nextComparison(
        _ discipline: Discipline = .pitchComparison,
        after last: CompletedComparison?,
        coldStart: Cents?,
        in range: NoteRange,
        intervals: [DirectedInterval] = [.unison],
        tuningSystem: TuningSystem = .equalTemperament,
        loudnessVariation: Double = 0,
        using generator: inout some RandomNumberGenerator
    ) -> Comparison {
        let difference = nextDifference(after: last, coldStart: coldStart)
        // A single choice draws nothing, so unison trials use the generator exactly as before.
        let interval = intervals.count == 1 ? intervals[0] : intervals.randomElement(using: &generator) ?? .unison
        let note = range.randomReference(for: interval, using: &generator)
        let direction: Double = Bool.random(using: &generator) ? 1 : -1
        let levelBound = loudnessVariation * Comparison.maxLoudnessOffset.rawValue
        let levelOffset = levelBound > 0 ? Double.random(in: -levelBound...levelBound, using: &generator) : 0
        return Comparison(
            discipline, note1: note, interval: interval, tuningSystem: tuningSystem,
            centOffset: direction * difference, note2LevelOffset: AmplitudeDB(levelOffset))
    }

}
