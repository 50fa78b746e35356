/// How a cadence and a progression are voiced, as a pianist plays chorales: the root in the bass
/// (C2–B2), three voices in close position in the right hand around C4, and from chord to chord the
/// smoothest voice leading: the right hand's voicing of the next chord whose voices leap least
/// beyond a step, then move least in all (so common tones are held and the others move by step
/// wherever the two chords allow), the one nearer C4 when two move alike. The dominant seventh leaves its root to the bass: the right
/// hand plays its third, fifth and seventh.
public enum ProgressionVoicing {
    /// Where the bass's roots lie: the cadence's bass octave (C2–B2), so the cadence and the
    /// progression after it sit in one register.
    public static let bassOctave = Cadence.bassOctave
    /// The right hand's compass: E3 to E5, so that the voices stay around C4.
    public static let upperCompass = 52...76
    /// The right hand's centre: the first chord's voicing is the one whose voices are nearest it.
    public static let centre = 62.0

    /// The chords of `numerals` in the key of `tonic`, each led smoothly from the one before.
    public static func voice(_ numerals: [RomanNumeral], tonic: MIDINote) -> [VoicedChord] {
        var chords: [VoicedChord] = []
        for numeral in numerals {
            let candidates = voicings(numeral, tonic: tonic)
            let previous = chords.last?.upper
            let best = candidates.min { a, b in
                let costA = previous.map { cost(from: $0, to: a.notes) } ?? [0, 0]
                let costB = previous.map { cost(from: $0, to: b.notes) } ?? [0, 0]
                return costA != costB
                    ? costA.lexicographicallyPrecedes(costB)
                    : distanceFromCentre(a.notes) < distanceFromCentre(b.notes)
            }!
            let rootClass = (tonic.rawValue + numeral.root.semitones) % 12
            let bass = bassOctave.first { $0 % 12 == rootClass }!
            chords.append(
                VoicedChord(
                    numeral: numeral, bass: MIDINote(bass)!, upper: best.notes.map { MIDINote($0)! },
                    upperTones: best.tones))
        }
        return chords
    }

    /// How far the voices move, the lowest to the lowest and so on: first the semitones they leap
    /// beyond a step (a whole tone), then the semitones in all.
    static func cost(from previous: [MIDINote], to next: [Int]) -> [Int] {
        let moves = zip(previous, next).map { abs($0.rawValue - $1) }
        return [moves.reduce(0) { $0 + max(0, $1 - 2) }, moves.reduce(0, +)]
    }

    static func distanceFromCentre(_ notes: [Int]) -> Double {
        abs(Double(notes.reduce(0, +)) / Double(notes.count) - centre)
    }

    /// The tones the right hand plays: a triad's three, a seventh chord's upper three.
    static func upperTones(_ numeral: RomanNumeral) -> [Int] {
        numeral.quality.semitones.count == 4 ? [1, 2, 3] : [0, 1, 2]
    }

    /// Every close-position voicing of the chord within the compass: each of its tones lowest in
    /// turn, the others stacked above it within the octave.
    static func voicings(_ numeral: RomanNumeral, tonic: MIDINote) -> [(notes: [Int], tones: [Int])] {
        let tones = upperTones(numeral)
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
