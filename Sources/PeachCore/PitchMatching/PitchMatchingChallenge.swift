/// One pitch-matching trial: a reference note, and a tunable note that starts `initialCentOffset`
/// away from it. The slider's normalized value v ∈ −1…1 moves the tunable note to
/// `initialCentOffset + v × centRange` cents from the reference (seed story 19.5).
public struct PitchMatchingChallenge: Hashable, Sendable {
    /// The seeds' bound on the starting detune, and the slider's reach either way from its centre.
    public static let defaultCentRange = Cents(100)

    public let referenceNote: MIDINote
    public let initialCentOffset: Cents
    public let centRange: Cents

    public init(referenceNote: MIDINote, initialCentOffset: Cents, centRange: Cents = defaultCentRange) {
        self.referenceNote = referenceNote
        self.initialCentOffset = initialCentOffset
        self.centRange = centRange
    }

    /// A random note from the range, detuned by a random offset within ±`offsetBound`.
    public static func random(
        in range: NoteRange, offsetBound: Cents = defaultCentRange, centRange: Cents = defaultCentRange,
        using generator: inout some RandomNumberGenerator
    ) -> PitchMatchingChallenge {
        let note = range.randomNote(using: &generator)
        let bound = offsetBound.magnitude.rawValue
        let offset = bound > 0 ? Double.random(in: -bound...bound, using: &generator) : 0
        return PitchMatchingChallenge(referenceNote: note, initialCentOffset: Cents(offset), centRange: centRange)
    }

    /// Where the slider puts the tunable note, in cents from the reference; also the user's
    /// signed error when they commit there (positive = sharp).
    public func centOffset(atNormalizedValue value: NormalizedSliderValue) -> Cents {
        initialCentOffset + value.rawValue * centRange
    }

    public func referenceFrequency(reference: ReferencePitch) -> Frequency {
        Frequency(note: referenceNote, reference: reference)
    }

    public func tunableFrequency(atNormalizedValue value: NormalizedSliderValue, reference: ReferencePitch) -> Frequency {
        Frequency(note: referenceNote, offset: centOffset(atNormalizedValue: value), reference: reference)
    }
}

/// The pitch slider's position: −1 (bottom) … 0 (centre, where every challenge starts) … 1 (top).
public struct NormalizedSliderValue: Hashable, Sendable, Codable {
    public static let centre = NormalizedSliderValue(uncheckedRawValue: 0)

    public let rawValue: Double

    /// Returns nil outside −1…1 or for NaN.
    public init?(_ rawValue: Double) {
        guard rawValue >= -1, rawValue <= 1 else { return nil }
        self.rawValue = rawValue
    }

    private init(uncheckedRawValue: Double) { rawValue = uncheckedRawValue }
}
