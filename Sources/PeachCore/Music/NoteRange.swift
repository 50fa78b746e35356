/// The notes a user trains on: a contiguous range of MIDI notes within the piano's 21…108,
/// at least an octave wide so that frequency roving means something.
public struct NoteRange: Hashable, Sendable, Codable {
    public static let pianoRange: ClosedRange<Int> = 21...108
    public static let minimumSpan = 12
    public static let `default` = NoteRange(uncheckedLower: 36, upper: 84)

    public let lower: MIDINote
    public let upper: MIDINote

    public enum ValidationError: Error, Equatable, CustomStringConvertible {
        case outsidePiano(lower: Int, upper: Int)
        case tooNarrow(span: Int)

        public var description: String {
            switch self {
            case .outsidePiano(let lower, let upper):
                "note range \(lower)–\(upper) must lie within MIDI \(NoteRange.pianoRange.lowerBound)–\(NoteRange.pianoRange.upperBound)"
            case .tooNarrow(let span):
                "note range spans \(span) semitones; it must span at least \(NoteRange.minimumSpan)"
            }
        }
    }

    public init(lower: Int, upper: Int) throws(ValidationError) {
        guard Self.pianoRange.contains(lower), Self.pianoRange.contains(upper) else {
            throw .outsidePiano(lower: lower, upper: upper)
        }
        guard upper - lower >= Self.minimumSpan else { throw .tooNarrow(span: upper - lower) }
        self.init(uncheckedLower: lower, upper: upper)
    }

    private init(uncheckedLower lower: Int, upper: Int) {
        self.lower = MIDINote(lower)!
        self.upper = MIDINote(upper)!
    }

    public func contains(_ note: MIDINote) -> Bool { lower <= note && note <= upper }

    public func randomNote(using generator: inout some RandomNumberGenerator) -> MIDINote {
        MIDINote(Int.random(in: lower.rawValue...upper.rawValue, using: &generator))!
    }

    /// A reference note whose `interval` target also lies in the range. Every interval spans at
    /// most an octave and every range at least one, so there is always one.
    public func randomReference(for interval: DirectedInterval, using generator: inout some RandomNumberGenerator)
        -> MIDINote
    {
        let offset = interval.semitoneOffset
        let lowest = max(lower.rawValue, lower.rawValue - offset)
        let highest = min(upper.rawValue, upper.rawValue - offset)
        return MIDINote(Int.random(in: lowest...highest, using: &generator))!
    }
}
