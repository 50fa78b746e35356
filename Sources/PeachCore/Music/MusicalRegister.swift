/// Where a musician expects a part to sound: a close-position chord around middle C, a melody where
/// a voice can sing it. A kind places its part inside its register where the user's note range
/// reaches it; the note range still bounds every note, so a range set low or high is honoured.
public struct MusicalRegister: Hashable, Sendable {
    /// A close-position chord's notes: its lowest from F3 to E4 whatever its span, so every chord of
    /// twelve roots sits around C4, neither a rumble nor a whistle.
    public static let closeChord = MusicalRegister(notes: 53...75)
    /// A melody's notes: A3 to E5, where most voices can sing it back.
    public static let melody = MusicalRegister(notes: 57...76)

    /// The MIDI notes a part of this register may sound.
    public let notes: ClosedRange<Int>

    /// The notes a part spanning `span` semitones may start on: inside this register and `range`
    /// both; where they do not overlap enough to hold the part, as close to the register as `range`
    /// allows (its highest start below it, its lowest above it).
    public func lowestNotes(span: Int, in range: NoteRange) -> ClosedRange<Int> {
        let inRange = range.lower.rawValue...(range.upper.rawValue - span)
        let inRegister = notes.lowerBound...(notes.upperBound - span)
        let lowest = max(inRange.lowerBound, inRegister.lowerBound)
        let highest = min(inRange.upperBound, inRegister.upperBound)
        if lowest <= highest { return lowest...highest }
        let nearest = inRange.upperBound < inRegister.lowerBound ? inRange.upperBound : inRange.lowerBound
        return nearest...nearest
    }

    /// The part of `range` inside this register, when it is wide enough to be a note range (an
    /// octave); else `range` itself.
    public func narrowing(_ range: NoteRange) -> NoteRange {
        let lower = max(range.lower.rawValue, notes.lowerBound)
        let upper = min(range.upper.rawValue, notes.upperBound)
        return (try? NoteRange(lower: lower, upper: upper)) ?? range
    }
}
