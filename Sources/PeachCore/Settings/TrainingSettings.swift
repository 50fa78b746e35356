/// Everything a user can set that shapes the next trial. Each field has a documented range; the
/// server rejects values outside it, the UI's controls cannot produce them.
public struct TrainingSettings: Hashable, Sendable {
    public static let noteDurationRange: ClosedRange<Double> = 0.3...3.0
    public static let noteGapRange: ClosedRange<Double> = 0...5
    public static let varyLoudnessRange: ClosedRange<Double> = 0...1
    public static let centDifferenceRange: ClosedRange<Double> = 0.1...100
    /// How far an interval-matching trial may start from its target, and the slider's reach.
    public static let intervalMatchingRangeLimits: ClosedRange<Double> = 5...100

    public var noteRange: NoteRange
    public var noteDurationSeconds: Double
    public var referencePitch: ReferencePitch
    /// The sound the user chose for every trial; nil until one is chosen: each kind then plays its
    /// own (`TrialSound`), so that a default never passes for the user's choice.
    public var soundSource: SoundSource?
    public var varyLoudness: Double
    public var noteGapSeconds: Double
    public var minCentDifference: Cents
    public var maxCentDifference: Cents
    /// The intervals the interval disciplines draw from: never empty.
    public var intervals: [DirectedInterval] = [DirectedInterval(.P5, .up)!]
    public var tuningSystem: TuningSystem = .equalTemperament
    public var intervalMatchingRange = Cents(20)
    /// "My range": the notes a sung trial's reference is drawn from, so it follows the singer
    /// (any span, one note included). C3–C5 by default.
    public var voiceRange = MIDINote(48)!...MIDINote(72)!
    /// Sing It: a live needle shows the tracked pitch against the target while singing. Off by
    /// default: the ear trains, not the eye.
    public var pitchNeedle = false
    /// The rhythm disciplines' tempo.
    public var tempo = TempoBPM.default
    /// Each kind's own settings (`KindSettings`), by type; a kind's defaults until changed.
    private var kindSettings: [ObjectIdentifier: StoredKindSettings] = [:]

    public static let `default` = TrainingSettings(
        noteRange: .default, noteDurationSeconds: 1.0, referencePitch: .a440, varyLoudness: 0,
        noteGapSeconds: 0, minCentDifference: Cents(0.1), maxCentDifference: Cents(100))

    public init(
        noteRange: NoteRange, noteDurationSeconds: Double, referencePitch: ReferencePitch,
        varyLoudness: Double, noteGapSeconds: Double, minCentDifference: Cents, maxCentDifference: Cents
    ) {
        self.noteRange = noteRange
        self.noteDurationSeconds = noteDurationSeconds
        self.referencePitch = referencePitch
        self.varyLoudness = varyLoudness
        self.noteGapSeconds = noteGapSeconds
        self.minCentDifference = minCentDifference
        self.maxCentDifference = maxCentDifference
    }

    /// A kind's own settings.
    public subscript<Settings: KindSettings>(_ type: Settings.Type) -> Settings {
        get { kindSettings[ObjectIdentifier(type)]?.value as? Settings ?? Settings() }
        // Defaults are not stored, so settings changed back to them equal settings never changed.
        set { kindSettings[ObjectIdentifier(type)] = newValue == Settings() ? nil : StoredKindSettings(newValue) }
    }

    public var kazezStrategy: KazezStrategy {
        KazezStrategy(bounds: minCentDifference...maxCentDifference)
    }
}
