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

    public init(
        referenceNote: MIDINote, initialCentOffset: Cents, userCentError: Cents, timestamp: Date,
        discipline: Discipline = .pitchMatching, interval: DirectedInterval = .unison,
        tuningSystem: TuningSystem = .equalTemperament
    ) {
        self.referenceNote = referenceNote
        self.initialCentOffset = initialCentOffset
        self.userCentError = userCentError
        self.timestamp = timestamp
        self.discipline = discipline
        self.interval = interval
        self.tuningSystem = tuningSystem
    }

    public init(_ challenge: PitchMatchingChallenge, committedAt value: NormalizedSliderValue, timestamp: Date) {
        self.init(
            referenceNote: challenge.referenceNote, initialCentOffset: challenge.initialCentOffset,
            userCentError: challenge.centOffset(atNormalizedValue: value), timestamp: timestamp,
            discipline: challenge.discipline, interval: challenge.interval, tuningSystem: challenge.tuningSystem)
    }

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
