/// What a user trains on and how it grows (the kind's chain): the numerals come on one Leitner
/// schedule, chord by chord, as Scale Degrees' and Chord Quality's items do; the steps of `ladder`
/// add numerals, minor keys and longer progressions once every numeral trained so far is mastered
/// (in the schedule's `masteredBox`: right three times since it was last confused). A step taken is
/// kept: a confusion brings a numeral back sooner, not the smaller set.
public struct ProgressionLadder: Sendable {
    /// One step: the numerals each mode trains (none: the mode is not trained yet) and the
    /// progressions' length.
    public struct Step: Sendable, Equatable {
        public let major: [RomanNumeral]
        public let minor: [RomanNumeral]
        public let length: Int
        /// Whether the chords may stand on their third, fifth or seventh (`ProgressionVoicing.bassLine`)
        /// whatever the user's setting, which asks for them from the start.
        public let inversions: Bool

        init(major: [RomanNumeral], minor: [RomanNumeral], length: Int, inversions: Bool = false) {
            self.major = major
            self.minor = minor
            self.length = length
            self.inversions = inversions
        }
    }

    /// From I, IV and V in major, three chords long, to every numeral of both modes, five long, and
    /// then inverted where the bass line asks for it.
    public static let ladder: [Step] = [
        Step(major: [.one, .four, .five], minor: [], length: 3),
        Step(major: [.one, .four, .five, .six], minor: [], length: 3),
        Step(major: [.one, .two, .four, .five, .six], minor: [], length: 3),
        Step(major: [.one, .two, .four, .five, .six], minor: [], length: 4),
        Step(major: [.one, .two, .four, .five, .six, .dominantSeventh], minor: [], length: 4),
        Step(
            major: [.one, .two, .four, .five, .six, .dominantSeventh], minor: [.minorOne, .minorFour, .five],
            length: 4),
        Step(
            major: [.one, .two, .three, .four, .five, .six, .dominantSeventh],
            minor: [.minorOne, .minorFour, .five, .flatSix, .dominantSeventh], length: 4),
        Step(
            major: RomanNumeral.offered(in: .major),
            minor: [.minorOne, .flatThree, .minorFour, .five, .flatSix, .flatSeven, .dominantSeventh], length: 5),
        Step(major: RomanNumeral.offered(in: .major), minor: RomanNumeral.offered(in: .minor), length: 5),
        Step(
            major: RomanNumeral.offered(in: .major), minor: RomanNumeral.offered(in: .minor), length: 5,
            inversions: true),
    ]

    /// A numeral in this box or higher is mastered.
    public static var masteredBox: Int { 3 }

    public private(set) var schedule = LeitnerSchedule<RomanNumeral>()
    /// The same boxes for each chord in its context: a change named wrong (V after ii named IV)
    /// comes back sooner, where the numeral alone is named right after other chords.
    public private(set) var moves = LeitnerSchedule<ChordMove>()
    public private(set) var stepIndex = 0

    public init() {}

    public var step: Step { Self.ladder[stepIndex] }

    /// The modes trained so far.
    public var modes: [ScaleMode] { step.minor.isEmpty ? [.major] : [.major, .minor] }

    public func numerals(in mode: ScaleMode) -> [RomanNumeral] { mode == .major ? step.major : step.minor }

    /// Each chord's numeral and the one named for it, each in its context in `mode`, then the next
    /// step if every numeral trained is mastered.
    public mutating func record(played: Progression, answered: Progression, in mode: ScaleMode) {
        for (move, named) in zip(ChordMove.moves(of: played.numerals, in: mode), answered.numerals) {
            schedule.record(asked: move.to, answered: named)
            moves.record(asked: move, answered: ChordMove(from: move.from, to: named))
        }
        let trained = Set(step.major + step.minor)
        if stepIndex < Self.ladder.count - 1, trained.allSatisfy({ schedule.box(of: $0) >= Self.masteredBox }) {
            stepIndex += 1
        }
    }

    /// A progression of the step's length in `mode`: each chord drawn as the two schedules weigh
    /// the mode's numerals, the numeral's weight times its change's from the chord before (the
    /// cadence's tonic before the first), never the chord before it again.
    public func draw(in mode: ScaleMode, using generator: inout some RandomNumberGenerator) -> Progression {
        let numerals = numerals(in: mode)
        var drawn: [RomanNumeral] = []
        for _ in 0..<step.length {
            let before = drawn.last ?? RomanNumeral.cadence(in: mode).last!
            drawn.append(
                schedule.draw(
                    from: numerals.filter { $0 != drawn.last },
                    also: { moves.weight(of: ChordMove(from: before, to: $0)) }, using: &generator))
        }
        return Progression(drawn)
    }
}
