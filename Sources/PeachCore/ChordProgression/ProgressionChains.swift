/// What Chord Progressions' next trial continues from, each discipline from its own answers: the
/// numerals' ladder, and the Leitner schedule of the common progressions, so that one confused
/// with another comes back sooner.
public struct ProgressionChains: Sendable {
    public var ladder = ProgressionLadder()
    public var common = LeitnerSchedule<CommonProgression>()

    public init() {}
}
