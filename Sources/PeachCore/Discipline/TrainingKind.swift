import Foundation

/// A kind of training: what its trials are and how they are drawn, what its answers are and how
/// they are judged, and the record each answer leaves. Each kind declares itself once, in its own
/// folder; `TrainingKinds.all` lists them, and the store, the files, the API and its document, the
/// profile and the catalogue of disciplines follow from these declarations.
///
/// The contract is three focused parts and the kind's name: its rules (`KindRules`), what its
/// records add to the profile (`KindProfile`) and how its trials are presented (`KindPresentation`).
/// Each part has defaults where most kinds agree, and families of kinds have their own
/// (`NamingKind`, `ReplayedChainKind`, `NoChain`), so a kind writes only what is its own.
public protocol TrainingKind: KindRules, KindProfile, KindPresentation
where Trial.Kind == Self, Answer.Kind == Self, Record.Kind == Self {
    /// Stored, in URLs and in files: never renamed.
    static var id: Discipline.Kind { get }
    /// The SQLite table of its records (PostgreSQL's is the same name in snake_case), created by a
    /// migration of each backend; its id unless it has always been another.
    static var table: String { get }
    /// The disciplines trained this way, in the order the catalogue lists them.
    static var disciplines: [DisciplineDeclaration] { get }
    /// Its own settings, if it has any: a trial reads them as `settings[Type.self]`; the API, the
    /// stored settings, the Settings screen and the terminal's options take them from this type.
    static var ownSettings: (any KindSettings.Type)? { get }
}

/// A kind's rules: how a trial is drawn from its chain, how an answer to it is judged, and the
/// record the judgement leaves.
public protocol KindRules: Sendable {
    associatedtype Trial: KindTrial
    associatedtype Answer: KindAnswer
    associatedtype Record: KindRecord
    /// What drawing the next trial continues from (an adaptive chain), kept between trials.
    associatedtype Chain: Sendable

    /// Where a chain starts with no answers at all.
    static var freshChain: Chain { get }
    /// Where the chain continues after a restart: from the stored answers, and for a chain with no
    /// answer yet from what the profile says of its discipline.
    static func resumeChain(from store: any TrainingDataStore, profile: ProfileParts) async throws(DataStoreError)
        -> Chain
    static func draw(
        _ discipline: Discipline, settings: TrainingSettings, chain: Chain,
        using generator: inout some RandomNumberGenerator
    ) -> Trial
    /// The chain after an answer of this kind was stored.
    static func advance(_ chain: inout Chain, after record: Record)

    /// The record to store, or nil when the answer does not fit this trial (a sung pitch for a
    /// slider trial).
    static func judge(_ trial: Trial, _ answer: Answer, at timestamp: Date) -> Record?
    /// Every answer a trial can take, by the value its body sends in `answer`, for a kind answered
    /// by choosing one of a few: each is judged when the trial is drawn, so that the page shows
    /// the result at the tap (`outcomes`). Empty for a kind answered with a value (a slider, a sung
    /// pitch, taps, a melody): its result waits for the server unless its trial's own fields serve
    /// how it is judged (Play it Back's and the slider's `judging`).
    static func choices(_ trial: Trial) -> [String: Answer]

    /// Each training discipline of the kind that a measurement discipline ("Measure my threshold")
    /// measures: the training chain continues from the newest measurement when that is newer than
    /// its own newest answer.
    static var measuredBy: [Discipline: Discipline] { get }
}

/// What a kind's records add up to in the profile, and what the Profile screen shows of them.
public protocol KindProfile: KindRules {
    /// The part of the profile its records add up to (kinds may share one).
    associatedtype ProfilePart: PeachCore.ProfilePart
    static func feed(_ record: Record, into part: inout ProfilePart)
    /// The daily series a discipline's sparkline traces; `band` is the tempo band asked for, for a
    /// kind whose results are kept per band (nil: the band trained most).
    static func sparkline(_ discipline: Discipline, in profile: ProfileParts, band: TempoBand?) -> Sparkline
    /// Which way its sparkline is better.
    static var sparklineReading: Sparkline.Reading { get }
    /// What was named for each item played, for a kind answered by naming one of several items (a
    /// scale degree); nil for a kind that has no such items.
    static func confusion(_ discipline: Discipline, in profile: ProfileParts) -> ConfusionMatrix?
    /// Whether the Profile states a threshold of its own for the kind's disciplines (Which Voice?),
    /// beside pitch's and the intervals', which have sections of their own.
    static var fitsThreshold: Bool { get }
    /// That threshold, fitted as the kind fits it (for a choice of three, say); nil until the
    /// answers can place it, and for a kind that fits none.
    static func threshold(_ discipline: Discipline, in profile: ProfileParts) -> ThresholdEstimate?
    /// Why that threshold is nil (`MissingThreshold`); nil when there is one, for a kind that fits
    /// none, and where the page says why itself (a measurement not yet finished).
    static func missingThreshold(_ discipline: Discipline, in profile: ProfileParts) -> MissingThreshold?
    /// How far that threshold moved over the newest answers (`ThresholdChange`), as the pitch scopes
    /// state theirs; nil until it can be stated, and for a kind that fits none.
    static func thresholdChange(_ discipline: Discipline, in profile: ProfileParts) -> ThresholdChange?
    /// Whether a teacher may set `discipline` a threshold to reach (`AssignmentGoal.threshold`, in
    /// cents): one fitted number the Profile states for it and a student trains towards. A
    /// measurement has runs of its own instead. By default: the kind's own threshold (`fitsThreshold`),
    /// which such a kind then fits to a task's answers too (`goalThreshold(_:fittedTo:)`).
    static func hasGoalThreshold(_ discipline: Discipline) -> Bool
    /// What one answer adds to the fit of a threshold goal: the difference played and whether it
    /// was heard; by default a measured answer's (`MeasuredAnswer`), nil for the other kinds.
    static func goalTrial(_ record: Record) -> ThresholdEstimator.Trial?
    /// That threshold fitted by the rule the Profile states it by, but to `trials` alone (a task's
    /// own answers, oldest first): nil while they cannot place it, and for a discipline without one.
    static func goalThreshold(_ discipline: Discipline, fittedTo trials: [ThresholdEstimator.Trial]) -> Cents?
    /// The newest "Measure my threshold" run of a measurement discipline, as the kind folds its
    /// runs: what finishes a task whose goal is a measurement (`AssignmentGoal.measure`). Nil before
    /// the first run, and for a discipline that does not measure.
    static func newestMeasurement(_ discipline: Discipline, in profile: ProfileParts) -> ThresholdMeasurement?
    /// The unit its thresholds and measurements are stated in.
    static var thresholdUnit: ThresholdUnit { get }
    /// What the Profile says of the kind's disciplines beyond their sparkline, confusion and
    /// threshold (Play it Back: the longest melody mastered), as the API sends it
    /// (`GET /api/profile/part?discipline=`) and the kind's own browser module draws it
    /// (`screens/profile-<kind>.js`); `NoProfileSummary` for a kind that says nothing more.
    associatedtype ProfileSummary: Codable & Sendable & APIDescribed = NoProfileSummary
    static func profileSummary(_ discipline: Discipline, in profile: ProfileParts) -> ProfileSummary?
}

/// How a kind's trials are presented: what the API says of a trial and of its judged answer (the
/// server writes what every trial and answer says — id, discipline, session; the sound for a kind
/// that plays notes — around these, and the API document's schemas are traced from them), when
/// answers open, and how a MIDI keyboard answers.
public protocol KindPresentation: KindRules {
    /// A trial's own fields, written flat beside what every trial says.
    associatedtype TrialBody: Codable & Sendable & APIDescribed
    /// The judged answer.
    associatedtype ResultBody: Codable & Sendable
    /// The fields its answers are sent in.
    associatedtype AnswerBody: KindAnswerBody

    static var apiNames: APINames { get }
    /// Whether its trials play notes, and so are served the sound and synthesis to play them with.
    static var playsNotes: Bool { get }
    /// Whether a trial holds a note while the user answers (a tunable note): a sound that decays
    /// cannot, so such a trial plays the sine instead (`TrialSound`).
    static var holdsNotes: Bool { get }
    static func trialBody(_ trial: Trial, settings: TrainingSettings) -> TrialBody
    /// When answers open and how long feedback shows.
    static func session(_ trial: Trial, settings: TrainingSettings) -> TrialSession
    /// How a MIDI keyboard answers the trial (a key, the pitch-bend wheel, a tap); nil where it
    /// does not. Served with the trial as `session.midi`, and what the terminal's `--midi` reads.
    static func midi(_ trial: Trial) -> MIDIAnswers?
    /// - Parameters:
    ///   - answer: nil for the retry of an answer already stored.
    ///   - trial: nil when the trial is no longer known (that retry again).
    static func result(_ record: Record, answer: Answer?, trial: Trial?) -> ResultBody
}

extension TrainingKind {
    public static var table: String { id.rawValue }

    public static var ownSettings: (any KindSettings.Type)? { nil }

    /// Whether any of its disciplines plays intervals (and so a tuning).
    public static var hasIntervals: Bool { disciplines.contains { $0.usesIntervals } }
}

extension KindRules {
    public static var measuredBy: [Discipline: Discipline] { [:] }

    /// Whether `discipline` is a measurement: each trial is placed from the answers before it, so
    /// none can be drawn ahead.
    public static func measures(_ discipline: Discipline) -> Bool { measuredBy.values.contains(discipline) }

    public static func choices(_ trial: Trial) -> [String: Answer] { [:] }
}

extension KindPresentation {
    public static var holdsNotes: Bool { false }

    public static var playsNotes: Bool { false }

    public static func midi(_ trial: Trial) -> MIDIAnswers? { nil }
}

extension KindProfile {
    public static var sparklineReading: Sparkline.Reading { .lowerIsBetter }

    public static func confusion(_ discipline: Discipline, in profile: ProfileParts) -> ConfusionMatrix? { nil }

    public static var fitsThreshold: Bool { false }

    public static func threshold(_ discipline: Discipline, in profile: ProfileParts) -> ThresholdEstimate? { nil }

    public static func missingThreshold(_ discipline: Discipline, in profile: ProfileParts) -> MissingThreshold? {
        nil
    }

    public static func thresholdChange(_ discipline: Discipline, in profile: ProfileParts) -> ThresholdChange? { nil }

    public static func hasGoalThreshold(_ discipline: Discipline) -> Bool { fitsThreshold && !measures(discipline) }

    public static func goalTrial(_ record: Record) -> ThresholdEstimator.Trial? { nil }

    public static func goalThreshold(_ discipline: Discipline, fittedTo trials: [ThresholdEstimator.Trial]) -> Cents? {
        nil
    }

    public static func newestMeasurement(_ discipline: Discipline, in profile: ProfileParts) -> ThresholdMeasurement? {
        nil
    }

    public static var thresholdUnit: ThresholdUnit { .cent }

    /// Whether the Profile says more of its disciplines than every kind does (`ProfileSummary`).
    public static var hasProfileSummary: Bool { ProfileSummary.self != NoProfileSummary.self }

    /// Whether a discipline of it is answered by naming items: its confusion matrix exists, empty
    /// before any answer.
    public static func hasConfusion(_ discipline: Discipline) -> Bool {
        confusion(discipline, in: ProfileParts(calendar: Calendar(identifier: .gregorian))) != nil
    }
}

extension KindRules where Answer: CaseIterable & RawRepresentable, Answer.RawValue == String {
    /// A kind answered by naming one of its answers' cases takes each of them.
    public static func choices(_ trial: Trial) -> [String: Answer] {
        Dictionary(uniqueKeysWithValues: Answer.allCases.map { ($0.rawValue, $0) })
    }
}

extension KindProfile where Record: MeasuredAnswer {
    public static func goalTrial(_ record: Record) -> ThresholdEstimator.Trial? { record.thresholdTrial }
}

extension KindProfile where ProfileSummary == NoProfileSummary {
    public static func profileSummary(_ discipline: Discipline, in profile: ProfileParts) -> NoProfileSummary? { nil }
}

/// A kind with nothing to continue from: every trial is drawn afresh.
public struct NoChain: Sendable {
    public init() {}
}

extension KindRules where Chain == NoChain {
    public static var freshChain: NoChain { NoChain() }

    public static func resumeChain(from store: any TrainingDataStore, profile: ProfileParts) -> NoChain { NoChain() }

    public static func advance(_ chain: inout NoChain, after record: Record) {}
}

/// One trial of a kind, as handed out; stored as JSON while it waits for its answer.
public protocol KindTrial: Hashable, Sendable, Codable {
    associatedtype Kind: TrainingKind where Kind.Trial == Self
    var discipline: Discipline { get }
}

/// What a user can answer to a trial of a kind.
public protocol KindAnswer: Hashable, Sendable {
    associatedtype Kind: TrainingKind where Kind.Answer == Self
}
