import Foundation

extension Discipline {
    public static let pitchMatching = Discipline(declared: "pitchMatching")
    public static let intervalMatching = Discipline(declared: "intervalMatching")
    /// Pitch matching answered by singing or playing the note into the microphone.
    public static let pitchSinging = Discipline(declared: "pitchSinging")
    /// The chosen interval above or below the reference, sung into the microphone.
    public static let intervalSinging = Discipline(declared: "intervalSinging")

    /// How far a matching trial starts from its target, and how far the slider reaches either
    /// way: ±100 ¢ for unison (the original app's bound), the interval-matching setting (default
    /// ±20 ¢) for intervals, where a 100 ¢ error would be another interval; nothing for a sung
    /// answer, which has no tunable note.
    public func matchingRange(_ settings: TrainingSettings) -> Cents {
        if answerMethod == .voice { return .zero }
        return usesIntervals ? settings.intervalMatchingRange : PitchMatchingChallenge.defaultCentRange
    }
}

extension Discipline.Kind {
    public static let matching = Discipline.Kind(rawValue: "matching")
}

extension Discipline.AnswerMethod {
    /// The pitch slider.
    public static let slider = Discipline.AnswerMethod(rawValue: "slider", hint: "send normalizedValue from -1 to 1")
    /// The user's own voice or instrument, heard by the microphone.
    public static let voice = Discipline.AnswerMethod(
        rawValue: "voice", hint: "send sungCents, the sung pitch in cents from the target")
}

/// Matching: a reference note, then a note to bring onto the target (the same note, or an interval
/// above or below), with the slider or by singing it.
public enum MatchingKind: TrainingKind {
    public typealias Chain = NoChain

    public static let id = Discipline.Kind.matching
    public static let table = "pitchMatching"

    public static let disciplines = [
        DisciplineDeclaration(
            .pitchMatching, names: .init(english: "Pitch Matching", german: "Tonhöhe treffen"),
            summary: .init(
                english: "Tune a note to match the one heard.", german: "Stimme einen Ton auf den gehörten."),
            answerMethod: .slider,
            group: .pitch, settings: DisciplineDeclaration.noteSettings, terminalCommand: "peach match"),
        DisciplineDeclaration(
            .intervalMatching, names: .init(english: "Match Intervals", german: "Intervalle treffen"),
            summary: .init(english: "Tune a note to make the interval.", german: "Stimme einen Ton zum Intervall."),
            answerMethod: .slider,
            usesIntervals: true, group: .intervals,
            settings: DisciplineDeclaration.noteSettings + DisciplineDeclaration.intervalSettings + [
                "intervalMatchingCentRange"
            ],
            terminalCommand: "peach match --interval"),
        DisciplineDeclaration(
            .pitchSinging, names: .init(english: "Sing It", german: "Nachsingen"),
            summary: .init(english: "Sing the note you hear.", german: "Singe den Ton, den du hörst."),
            answerMethod: .voice, group: .pitch,
            settings: [
                "voiceRangeLower", "voiceRangeUpper", "noteDurationSeconds", "referencePitchHz", "soundSource",
                "pitchNeedle",
            ],
            terminalCommand: "peach sing"),
        DisciplineDeclaration(
            .intervalSinging, names: .init(english: "Sing Intervals", german: "Intervalle singen"),
            summary: .init(
                english: "Sing an interval from the note heard.", german: "Singe ein Intervall zum gehörten Ton."),
            answerMethod: .voice,
            usesIntervals: true, group: .intervals,
            settings: [
                "voiceRangeLower", "voiceRangeUpper", "noteDurationSeconds", "referencePitchHz", "soundSource",
                "pitchNeedle",
            ]
                + DisciplineDeclaration.intervalSettings,
            terminalCommand: "peach sing --interval"),
    ]

    /// The tunable note is held while the user tunes it.
    public static let holdsNotes = true

    public static func draw(
        _ discipline: Discipline, settings: TrainingSettings, chain: NoChain,
        using generator: inout some RandomNumberGenerator
    ) -> PitchMatchingChallenge {
        if discipline.answerMethod == .voice {
            // A sung note starts on the target (there is no tunable note) and follows the singer's range:
            // the note sung lies in it, and the reference the interval puts below or above it is a
            // piano's note (an A0 sung a major second up would have a reference of G0, which no
            // instrument plays and the API's notes do not include). Only where no interval chosen
            // allows that (a range at the piano's edge, every interval pointing off it) does the
            // target leave the range, by as little as it must.
            let voice = settings.voiceRange.lowerBound.rawValue...settings.voiceRange.upperBound.rawValue
            let intervals = discipline.intervals(settings)
            let fitting = intervals.filter { Self.targets(voice, $0) != nil }
            let choices = fitting.isEmpty ? intervals : fitting
            let interval = choices.count == 1 ? choices[0] : choices.randomElement(using: &generator) ?? .unison
            let target: Int
            if let targets = Self.targets(voice, interval) {
                target = Int.random(in: targets, using: &generator)
            } else {
                let allowed = Self.targetsOfPianoReferences(interval)
                target = voice.lowerBound > allowed.upperBound ? allowed.upperBound : allowed.lowerBound
            }
            return PitchMatchingChallenge(
                discipline, referenceNote: MIDINote(target - interval.semitoneOffset)!, interval: interval,
                tuningSystem: discipline.tuningSystem(settings), initialCentOffset: .zero, centRange: .zero)
        }
        let range = discipline.matchingRange(settings)
        return PitchMatchingChallenge.random(
            discipline, in: settings.noteRange, intervals: discipline.intervals(settings),
            tuningSystem: discipline.tuningSystem(settings),
            offsetBound: range, centRange: range, using: &generator)
    }

    /// The notes to sing whose reference, `interval` away, is a piano's note.
    private static func targetsOfPianoReferences(_ interval: DirectedInterval) -> ClosedRange<Int> {
        (NoteRange.pianoRange.lowerBound + interval.semitoneOffset)...(NoteRange.pianoRange.upperBound
            + interval.semitoneOffset)
    }

    /// The notes of the singer's range whose reference is a piano's note; nil when none is.
    private static func targets(_ voice: ClosedRange<Int>, _ interval: DirectedInterval) -> ClosedRange<Int>? {
        let allowed = targetsOfPianoReferences(interval)
        let lower = max(voice.lowerBound, allowed.lowerBound)
        let upper = min(voice.upperBound, allowed.upperBound)
        return lower <= upper ? lower...upper : nil
    }

    /// A slider trial takes a slider position, a sung one a sung pitch.
    public static func judge(_ trial: PitchMatchingChallenge, _ answer: MatchingAnswer, at timestamp: Date)
        -> CompletedPitchMatching?
    {
        switch (answer, trial.discipline.answerMethod) {
        case (.slider(let value), .slider): CompletedPitchMatching(trial, committedAt: value, timestamp: timestamp)
        case (.voice(let sung), .voice): CompletedPitchMatching(trial, sung: sung, timestamp: timestamp)
        default: nil
        }
    }

    public static func feed(_ record: CompletedPitchMatching, into part: inout PitchProfiles) { part.add(record) }

    /// The mean absolute error per day.
    public static func sparkline(_ discipline: Discipline, in profile: ProfileParts, band: TempoBand?) -> Sparkline {
        let matching = profile[PitchProfiles.self][ProfileScope.scope(of: discipline)].matching
        return Sparkline(
            values: matching.days.map(\.meanAbsoluteError.rawValue), hasData: matching.count > 0,
            caption: .init(
                english: "Mean error per day: lower is better", german: "Mittlerer Fehler pro Tag: niedriger ist besser"
            ))
    }
}

/// A matching trial's answer: where the slider was let go, or the pitch sung.
public enum MatchingAnswer: KindAnswer {
    public typealias Kind = MatchingKind

    case slider(NormalizedSliderValue)
    /// The sung pitch in cents from the target, not yet folded to the nearest octave.
    case voice(SungPitch)
}

extension PitchMatchingChallenge: KindTrial {
    public typealias Kind = MatchingKind
}

extension Trial {
    public static func matching(_ challenge: PitchMatchingChallenge) -> Trial { Trial(challenge) }
}

extension TrialAnswer {
    public static func slider(_ value: NormalizedSliderValue) -> TrialAnswer {
        TrialAnswer(MatchingAnswer.slider(value))
    }

    public static func voice(_ sung: SungPitch) -> TrialAnswer { TrialAnswer(MatchingAnswer.voice(sung)) }
}

extension TrainingRecord {
    public static func matching(_ attempt: CompletedPitchMatching) -> TrainingRecord { TrainingRecord(attempt) }
}

extension TrainingDataStore {
    /// The newest attempts of one matching discipline, newest first.
    public func pitchMatchings(_ discipline: Discipline = .pitchMatching, limit: Int) async throws(DataStoreError)
        -> [CompletedPitchMatching]
    {
        try await records(CompletedPitchMatching.self, discipline, limit: limit)
    }
}
