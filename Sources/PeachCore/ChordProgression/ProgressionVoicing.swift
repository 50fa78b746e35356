/// How a cadence and a progression are voiced, as a pianist plays chorales: the root in the bass
/// (C2–B2; in an inversion, its third, fifth or seventh there), three voices in close position in
/// the right hand around C4, and from chord to chord the smoothest voice leading without parallel
/// fifths or octaves: the right hand's voicing of the next chord that moves in parallel fifths or
/// octaves with the bass or within itself least, then whose voices leap least beyond a step, then
/// move least in all (so common tones are held and the others move by step wherever the two chords
/// allow without parallels: IV–V moves the right hand down against the rising bass, as a chorale
/// does, and as `Cadence` voices it), the one nearer C4 when two move alike. The dominant seventh leaves the bass's tone to the bass: the right hand
/// plays its other three. Where the trial allows inversions, the bass plays the tone `bassLine`
/// chooses for the smoothest bass line.
public enum ProgressionVoicing {
    /// Where the bass's roots lie: the cadence's bass octave (C2–B2), so the cadence and the
    /// progression after it sit in one register.
    public static let bassOctave = Cadence.bassOctave
    /// The right hand's compass: E3 to E5, so that the voices stay around C4.
    public static let upperCompass = 52...76
    /// The right hand's centre: the first chord's voicing is the one whose voices are nearest it.
    public static let centre = 62.0

    /// The chords of `numerals` in the key of `tonic`, each with the tone of `inversions` in the bass
    /// (nil: every root), each led smoothly from the one before.
    public static func voice(_ numerals: [RomanNumeral], tonic: MIDINote, inversions: [Int]? = nil)
        -> [VoicedChord]
    {
        var chords: [VoicedChord] = []
        for (numeral, inversion) in zip(numerals, inversions ?? numerals.map { _ in 0 }) {
            let bass = MIDINote(bass(numeral, inversion: inversion, tonic: tonic))!
            let candidates = voicings(numeral, inversion: inversion, tonic: tonic).map {
                VoicedChord(
                    numeral: numeral, bass: bass, inversion: inversion, upper: $0.notes.map { MIDINote($0)! },
                    upperTones: $0.tones)
            }
            let previous = chords.last
            let best = candidates.min { a, b in
                let costA = previous.map { cost(from: $0, to: a) } ?? []
                let costB = previous.map { cost(from: $0, to: b) } ?? []
                return costA != costB
                    ? costA.lexicographicallyPrecedes(costB)
                    : distanceFromCentre(a.upper) < distanceFromCentre(b.upper)
            }!
            chords.append(best)
        }
        return chords
    }

    /// The bass of a chord: its tone `inversion` (0 the root) in the bass's octave.
    static func bass(_ numeral: RomanNumeral, inversion: Int, tonic: MIDINote) -> Int {
        let pitchClass = (tonic.rawValue + numeral.root.semitones + numeral.quality.semitones[inversion]) % 12
        return bassOctave.first { $0 % 12 == pitchClass }!
    }

    /// Each chord's inversion (0 root position) for the smoothest bass line on from the cadence's
    /// tonic: of every way to invert the chords, the one whose bass, as the bass's octave places it,
    /// leaps least beyond a step in all (in semitones), each inversion counting as a semitone more
    /// and a triad's six-four as two; ties go to root position, first chord first. A six-four only
    /// where its bass is held into the next chord (cadential, pedal) or passes by step in one
    /// direction; the last chord in root position, as a progression ends. So in G major I–V–vi
    /// becomes I–V⁶–vi and vi–ii–V becomes vi–ii⁶–V, while in C major I–IV–V–I stays as it is.
    public static func bassLine(_ numerals: [RomanNumeral], tonic: MIDINote) -> [Int] {
        typealias Line = (inversions: [Int], basses: [Int], cost: Int)
        func better(_ a: Line, _ b: Line) -> Bool {
            a.cost != b.cost ? a.cost < b.cost : a.inversions.lexicographicallyPrecedes(b.inversions)
        }
        // The best line so far for each inversion of the last two chords: what comes next depends
        // on no more (a six-four is judged once the chord after it is chosen).
        var lines: [[Int]: Line] = [[]: ([], [tonic.rawValue], 0)]
        for (index, numeral) in numerals.enumerated() {
            let options = index == numerals.count - 1 ? [0] : Array(numeral.quality.semitones.indices)
            var next: [[Int]: Line] = [:]
            for line in lines.values {
                for inversion in options {
                    let basses = line.basses + [bass(numeral, inversion: inversion, tonic: tonic)]
                    if index > 0, line.inversions.last == 2, numerals[index - 1].quality.semitones.count == 3 {
                        let (into, out) = (basses[index] - basses[index - 1], basses[index + 1] - basses[index])
                        let passing = (1...2).contains(into * out.signum()) && (1...2).contains(abs(out))
                        if out != 0 && !passing { continue }
                    }
                    let sixFour = inversion == 2 && numeral.quality.semitones.count == 3
                    let leap = max(0, abs(basses[index + 1] - basses[index]) - 2)
                    let extended: Line = (
                        line.inversions + [inversion], basses, line.cost + leap + (inversion == 0 ? 0 : sixFour ? 2 : 1)
                    )
                    let key = Array(extended.inversions.suffix(2))
                    if next[key].map({ better(extended, $0) }) ?? true { next[key] = extended }
                }
            }
            lines = next
        }
        return lines.values.min(by: better)!.inversions
    }

    /// How badly the right hand moves from one chord to the next, the lowest voice to the lowest
    /// and so on: first its parallel fifths and octaves, then the semitones its voices leap beyond
    /// a step (a whole tone), then the semitones they move in all.
    static func cost(from previous: VoicedChord, to next: VoicedChord) -> [Int] {
        let moves = zip(previous.upper, next.upper).map { abs($0.rawValue - $1.rawValue) }
        return [parallels(from: previous, to: next), moves.reduce(0) { $0 + max(0, $1 - 2) }, moves.reduce(0, +)]
    }

    /// The pairs of voices (the bass and the right hand's three, lowest first) that move from one
    /// chord to the next in parallel perfect fifths or octaves (or unisons): both voices move, the
    /// same way, and stand a fifth or an octave apart, compounds too, before and after.
    public static func parallels(from previous: VoicedChord, to next: VoicedChord) -> Int {
        let before = [previous.bass] + previous.upper
        let after = [next.bass] + next.upper
        var count = 0
        for low in before.indices {
            for high in before.indices where high > low {
                let (lowMove, highMove) = (
                    after[low].rawValue - before[low].rawValue, after[high].rawValue - before[high].rawValue
                )
                guard lowMove != 0, lowMove.signum() == highMove.signum() else { continue }
                let (was, now) = (
                    (before[high].rawValue - before[low].rawValue) % 12,
                    (after[high].rawValue - after[low].rawValue) % 12
                )
                if was == now, was == 0 || was == 7 { count += 1 }
            }
        }
        return count
    }

    static func distanceFromCentre(_ notes: [MIDINote]) -> Double {
        abs(Double(notes.reduce(0) { $0 + $1.rawValue }) / Double(notes.count) - centre)
    }

    /// The tones the right hand plays: a triad's three, a seventh chord's three the bass leaves.
    static func upperTones(_ numeral: RomanNumeral, inversion: Int) -> [Int] {
        numeral.quality.semitones.count == 4 ? [0, 1, 2, 3].filter { $0 != inversion } : [0, 1, 2]
    }

    /// Every close-position voicing of the chord within the compass: each of its tones lowest in
    /// turn, the others stacked above it within the octave.
    static func voicings(_ numeral: RomanNumeral, inversion: Int = 0, tonic: MIDINote) -> [(
        notes: [Int], tones: [Int]
    )] {
        let tones = upperTones(numeral, inversion: inversion)
        let semitones = numeral.quality.semitones
        let rootClass = tonic.rawValue % 12 + numeral.root.semitones
        return upperCompass.compactMap { lowest in
            guard let first = tones.first(where: { (rootClass + semitones[$0] - lowest) % 12 == 0 }) else {
                return nil
            }
            let order = tones.sorted {
                (semitones[$0] - semitones[first] + 12) % 12
                    < (semitones[$1] - semitones[first] + 12) % 12
            }
            let notes = order.map { lowest + (semitones[$0] - semitones[first] + 12) % 12 }
            return upperCompass.contains(notes.last!) ? (notes, order) : nil
        }
    }
}
