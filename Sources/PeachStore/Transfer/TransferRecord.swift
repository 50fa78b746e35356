import Foundation
import PeachCore

/// One training record as it travels through a file: any discipline's, with its timestamp kept to the
/// millisecond so that "the same record" means the same thing in a file and in the database.
public struct TransferRecord: Hashable, Sendable {
    public enum Kind: String, Sendable {
        case comparison
        case pitchMatching
    }

    public enum Fields: Hashable, Sendable {
        case comparison(note1: MIDINote, note2: MIDINote, note2CentOffset: Cents, isCorrect: Bool)
        case pitchMatching(referenceNote: MIDINote, initialCentOffset: Cents, userCentError: Cents)
        /// Compare Timing: the click's signed offset in percent of a sixteenth at the tempo.
        case rhythmComparison(tempo: TempoBPM, offsetPercent: Double, isCorrect: Bool)
        /// Fill the Gap: the figures of a trial's taps (nil where no gap was hit, or not recorded).
        case rhythmMatching(
            tempo: TempoBPM, meanOffsetMs: Double?, offsetSDMs: Double?, hitRate: Double?, meanOffsetMsByPosition: [Double?])
    }

    public let timestamp: MillisecondTimestamp
    public let fields: Fields
    /// Which discipline, interval and tuning; unison in equal temperament unless said otherwise.
    public let discipline: Discipline
    public let interval: DirectedInterval
    public let tuningSystem: TuningSystem
    /// The octave a sung answer was sung in (CSV format 3); nil for every other record.
    public let sungOctave: Int?

    public init(
        timestamp: MillisecondTimestamp, fields: Fields, discipline: Discipline? = nil,
        interval: DirectedInterval = .unison, tuningSystem: TuningSystem = .equalTemperament, sungOctave: Int? = nil
    ) {
        self.timestamp = timestamp
        self.fields = fields
        let kind: Discipline.Kind
        switch fields {
        case .comparison: kind = .comparison
        case .pitchMatching: kind = .matching
        case .rhythmComparison: kind = .rhythmComparison
        case .rhythmMatching: kind = .rhythmMatching
        }
        self.discipline = discipline ?? Discipline(kind: kind, intervals: false)
        self.interval = interval
        self.tuningSystem = tuningSystem
        self.sungOctave = sungOctave
    }

    public init(_ comparison: CompletedComparison) {
        self.init(
            timestamp: MillisecondTimestamp(comparison.timestamp),
            fields: .comparison(
                note1: comparison.note1, note2: comparison.note2, note2CentOffset: comparison.note2CentOffset,
                isCorrect: comparison.isCorrect),
            discipline: comparison.discipline, interval: comparison.interval, tuningSystem: comparison.tuningSystem)
    }

    public init(_ attempt: CompletedPitchMatching) {
        self.init(
            timestamp: MillisecondTimestamp(attempt.timestamp),
            fields: .pitchMatching(
                referenceNote: attempt.referenceNote, initialCentOffset: attempt.initialCentOffset,
                userCentError: attempt.userCentError),
            discipline: attempt.discipline, interval: attempt.interval, tuningSystem: attempt.tuningSystem,
            sungOctave: attempt.sungOctave)
    }

    public init(_ record: CompletedRhythmComparison) {
        self.init(
            timestamp: MillisecondTimestamp(record.timestamp),
            fields: .rhythmComparison(tempo: record.tempo, offsetPercent: record.offsetPercent, isCorrect: record.isCorrect))
    }

    public init(_ record: CompletedRhythmMatching) {
        self.init(
            timestamp: MillisecondTimestamp(record.timestamp),
            fields: .rhythmMatching(
                tempo: record.tempo, meanOffsetMs: record.meanOffsetMs, offsetSDMs: record.offsetSDMs, hitRate: record.hitRate,
                meanOffsetMsByPosition: record.meanOffsetMsByPosition))
    }

    /// Any stored record, as a file carries it.
    public init(_ record: TrainingRecord) {
        switch record {
        case let .comparison(comparison): self.init(comparison)
        case let .matching(attempt): self.init(attempt)
        case let .rhythmComparison(rhythm): self.init(rhythm)
        case let .rhythmMatching(rhythm): self.init(rhythm)
        }
    }

    /// The record to store, timed at its millisecond.
    public var trainingRecord: TrainingRecord {
        let date = Date(timeIntervalSince1970: Double(timestamp.millisecondsSince1970) / 1000)
        switch fields {
        case let .comparison(note1, note2, offset, isCorrect):
            return .comparison(CompletedComparison(
                note1: note1, note2: note2, note2CentOffset: offset, isCorrect: isCorrect, timestamp: date,
                discipline: discipline, interval: interval, tuningSystem: tuningSystem))
        case let .pitchMatching(note, initialOffset, error):
            return .matching(CompletedPitchMatching(
                referenceNote: note, initialCentOffset: initialOffset, userCentError: error, timestamp: date,
                discipline: discipline, interval: interval, tuningSystem: tuningSystem, sungOctave: sungOctave))
        case let .rhythmComparison(tempo, offsetPercent, isCorrect):
            return .rhythmComparison(CompletedRhythmComparison(tempo: tempo, offsetPercent: offsetPercent, isCorrect: isCorrect, timestamp: date))
        case let .rhythmMatching(tempo, mean, sd, hitRate, positions):
            return .rhythmMatching(CompletedRhythmMatching(
                tempo: tempo, meanOffsetMs: mean, offsetSDMs: sd, hitRate: hitRate, meanOffsetMsByPosition: positions, timestamp: date))
        }
    }

    /// The table the record is stored in.
    var table: String { RecordTable(discipline.kind).name }

    /// No stored answer can lie further from its note than an octave; a larger value is a broken
    /// file, and letting it in would poison every statistic computed from the records.
    public static let centLimit: ClosedRange<Double> = -1200...1200
    /// A click displaced by more than a sixteenth would sit on another grid position.
    public static let percentLimit: ClosedRange<Double> = -100...100
    /// Taps are judged against the nearest gap, so no offset reaches half a sixteenth at 40 BPM
    /// (187.5 ms); a second is a generous bound that still keeps absurd values out.
    public static let millisecondLimit: ClosedRange<Double> = -1000...1000
}
