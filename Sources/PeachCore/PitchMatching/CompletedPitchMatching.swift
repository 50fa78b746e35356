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

/// How close an attempt was, as the feedback colours it: green under 10 ¢, yellow 10–30 ¢, red
/// over 30 ¢; dead centre when it rounds to 0 ¢.
public enum PitchMatchingBand: String, Hashable, Sendable, Codable, CaseIterable {
    case deadCenter
    case close
    case near
    case far

    public init(error: Cents) {
        let magnitude = error.magnitude.rawValue
        switch magnitude {
        case ..<0.5: self = .deadCenter
        case ..<10: self = .close
        case ...30: self = .near
        default: self = .far
        }
    }
}
