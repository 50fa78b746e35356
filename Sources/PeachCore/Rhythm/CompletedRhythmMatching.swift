import Foundation

/// An answered Fill the Gap trial, as stored: the figures of its taps, not the taps.
public struct CompletedRhythmMatching: Hashable, Sendable {
    public let tempo: TempoBPM
    /// Mean signed offset of the hits (positive = late); nil without a hit.
    public let meanOffsetMs: Double?
    /// Sample standard deviation of the hits' offsets; nil without a hit.
    public let offsetSDMs: Double?
    /// Hits over gaps, 0…1; nil when not recorded (a trial imported from the iPhone app, which kept
    /// only the offsets).
    public let hitRate: Double?
    /// Four values, one per position in the cycle; nil where no gap there was hit.
    public let meanOffsetMsByPosition: [Double?]
    public let timestamp: Date

    public init(
        tempo: TempoBPM, meanOffsetMs: Double?, offsetSDMs: Double?, hitRate: Double?,
        meanOffsetMsByPosition: [Double?],
        timestamp: Date
    ) {
        precondition(meanOffsetMsByPosition.count == RhythmMatchingTrial.sixteenthsPerCycle)
        self.tempo = tempo
        self.meanOffsetMs = meanOffsetMs
        self.offsetSDMs = offsetSDMs
        self.hitRate = hitRate
        self.meanOffsetMsByPosition = meanOffsetMsByPosition
        self.timestamp = timestamp
    }

    public init(_ judgement: TapJudgement, timestamp: Date) {
        let offsets = judgement.offsets
        self.init(
            tempo: judgement.trial.tempo, meanOffsetMs: offsets.mean, offsetSDMs: offsets.standardDeviation,
            hitRate: judgement.hitRate, meanOffsetMsByPosition: judgement.meanOffsetMsByPosition, timestamp: timestamp)
    }

    public var discipline: Discipline { .rhythmMatching }
}
