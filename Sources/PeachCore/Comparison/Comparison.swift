/// One pitch-discrimination trial: note 1, then the same note shifted by `centOffset` (the sign is
/// the right answer), optionally played at a different level so loudness cannot give the answer away.
public struct Comparison: Hashable, Sendable {
    /// How far "vary loudness" at full strength moves note 2's level either way (seed epic 10).
    public static let maxLoudnessOffset = AmplitudeDB(2)

    public let note1: MIDINote
    /// Signed: positive means note 2 is higher.
    public let centOffset: Cents
    /// Note 2's level relative to note 1 (zero unless "vary loudness" is on).
    public let note2LevelOffset: AmplitudeDB

    public init(note1: MIDINote, centOffset: Cents, note2LevelOffset: AmplitudeDB = .zero) {
        self.note1 = note1
        self.centOffset = centOffset
        self.note2LevelOffset = note2LevelOffset
    }

    /// The seeds keep note 2 on note 1's MIDI number and express the difference in cents only.
    public var note2: MIDINote { note1 }

    public var correctAnswer: ComparisonAnswer { centOffset > .zero ? .higher : .lower }

    public func note1Frequency(reference: ReferencePitch) -> Frequency {
        Frequency(note: note1, reference: reference)
    }

    public func note2Frequency(reference: ReferencePitch) -> Frequency {
        Frequency(note: note2, offset: centOffset, reference: reference)
    }
}

public enum ComparisonAnswer: String, Sendable, Codable, CaseIterable {
    case higher, lower
}
