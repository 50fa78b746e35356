import Foundation

/// A committed matching attempt (unison or interval): exactly what is stored for it.
public struct CompletedPitchMatching: Hashable, Sendable {
    public let referenceNote: MIDINote
    public let initialCentOffset: Cents
    /// Signed: positive means the user ended sharp of the target.
    public let userCentError: Cents
    public let timestamp: Date
    public let discipline: Discipline
    public let interval: DirectedInterval
    public let tuningSystem: TuningSystem
    /// For a sung answer, the octave it was sung in relative to the target's (−1: an octave
    /// below); nil for the slider.
    public let sungOctave: Int?

    public init(
        referenceNote: MIDINote, initialCentOffset: Cents, userCentError: Cents, timestamp: Date,
        discipline: Discipline = .pitchMatching, interval: DirectedInterval = .unison,
        tuningSystem: TuningSystem = .equalTemperament, sungOctave: Int? = nil
    ) {
        self.referenceNote = referenceNote
        self.initialCentOffset = initialCentOffset
        self.userCentError = userCentError
        self.timestamp = timestamp
        self.discipline = discipline
        self.interval = interval
        self.tuningSystem = tuningSystem
        self.sungOctave = sungOctave
    }

    public init(_ challenge: PitchMatchingChallenge, committedAt value: NormalizedSliderValue, timestamp: Date) {
        self.init(
            referenceNote: challenge.referenceNote, initialCentOffset: challenge.initialCentOffset,
            userCentError: challenge.centOffset(atNormalizedValue: value), timestamp: timestamp,
            discipline: challenge.discipline, interval: challenge.interval, tuningSystem: challenge.tuningSystem)
    }

    /// Judged to the nearest octave of the target; the challenge of a sung trial starts on it.
    public init(_ challenge: PitchMatchingChallenge, sung: SungPitch, timestamp: Date) {
        self.init(
            referenceNote: challenge.referenceNote, initialCentOffset: challenge.initialCentOffset,
            userCentError: sung.error, timestamp: timestamp, discipline: challenge.discipline,
            interval: challenge.interval, tuningSystem: challenge.tuningSystem, sungOctave: sung.octave)
    }

    public var answerMethod: Discipline.AnswerMethod { discipline.answerMethod }

    public var band: PitchMatchingBand { PitchMatchingBand(error: userCentError) }
}

extension CompletedPitchMatching: KindRecord {
    public typealias Kind = MatchingKind

    public enum Field: Int, CodingKey, CaseIterable {
        case referenceNote, initialCentOffset, userCentError, sungOctave
    }

    public var labels: RecordLabels {
        RecordLabels(discipline: discipline, interval: interval, tuningSystem: tuningSystem)
    }

    public init(timestamp: Date, labels: RecordLabels, fields: KeyedDecodingContainer<Field>) throws {
        self.init(
            referenceNote: try fields.decode(MIDINote.self, forKey: .referenceNote),
            initialCentOffset: try fields.decode(Cents.self, forKey: .initialCentOffset),
            userCentError: try fields.decode(Cents.self, forKey: .userCentError), timestamp: timestamp,
            discipline: labels.discipline, interval: labels.interval, tuningSystem: labels.tuningSystem,
            sungOctave: try fields.decodeIfPresent(Int.self, forKey: .sungOctave))
    }

    public func encode(fields: inout KeyedEncodingContainer<Field>) throws {
        try fields.encode(referenceNote, forKey: .referenceNote)
        try fields.encode(initialCentOffset, forKey: .initialCentOffset)
        try fields.encode(userCentError, forKey: .userCentError)
        try fields.encodeIfPresent(sungOctave, forKey: .sungOctave)
    }

    /// An octave is never further from the target than a sung pitch may be (`SungPitch.limit`).
    private static let octaveBound = ImportBound.integer(
        -Int(SungPitch.limit.rawValue / 1200)...Int(SungPitch.limit.rawValue / 1200), what: "an octave")

    public static func importBound(_ field: String) -> ImportBound? {
        field == Field.sungOctave.stringValue ? octaveBound : nil
    }

    /// Only a sung answer has an octave, and it always has one; the interval must land on a note.
    public func importProblem() -> RecordFieldError? {
        if answerMethod == .voice, sungOctave == nil {
            return RecordFieldError(field: Field.sungOctave.stringValue, problem: Self.octaveBound.problem)
        }
        if answerMethod != .voice, sungOctave != nil {
            return RecordFieldError(
                field: Field.sungOctave.stringValue, problem: "must be empty in a \(discipline) row")
        }
        if interval.target(from: referenceNote) == nil {
            return RecordFieldError(
                field: "interval", problem: "from referenceNote \(referenceNote.rawValue) leaves MIDI 0–127")
        }
        return nil
    }
}

/// How close an attempt was, as the feedback colours it: green under 10 ¢, yellow 10–30 ¢, red
/// over 30 ¢; dead centre when it rounds to 0 ¢.
public enum PitchMatchingBand: String, Hashable, Sendable, Codable, CaseIterable {
    case deadCenter
    case close
    case near
    case far

    /// As the page reads it from a slider trial's `judging` (`MatchingJudging.bands`).
    public init(error: Cents) { self = MatchingJudging.band(of: error) }
}
