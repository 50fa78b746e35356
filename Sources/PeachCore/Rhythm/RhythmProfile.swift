import Foundation

/// The rhythm results per tempo band: Compare Timing's threshold (ThresholdEstimator's fit of the
/// newest answers, the difference in percent of a sixteenth: the same 2-alternative psychometric
/// model as pitch, only the unit differs) and Fill the Gap's pooled offsets and hit rate.
public struct RhythmProfile: Sendable {
    public struct Timing: Sendable {
        public private(set) var count = 0
        /// The newest `ThresholdEstimator.window` answers, with the sixteenth each was played at.
        private var recent: [(trial: ThresholdEstimator.Trial, sixteenth: Double)] = []

        mutating func add(_ record: CompletedRhythmComparison) {
            count += 1
            recent.append(
                (
                    ThresholdEstimator.Trial(difference: record.difference, isCorrect: record.isCorrect),
                    record.tempo.sixteenthSeconds
                ))
            if recent.count > ThresholdEstimator.window { recent.removeFirst(recent.count - ThresholdEstimator.window) }
        }

        /// The fit at 75 % correct, in percent of a sixteenth (the estimate's unit is the
        /// difference played, here a percentage); nil until the answers place it informatively.
        public var thresholdEstimate: ThresholdEstimate? {
            ThresholdEstimator().estimate(recent.map(\.trial))?.ifInformative
        }

        /// Percent of a sixteenth at 75 % correct; nil until the answers can place it.
        public var thresholdPercent: Double? { thresholdEstimate?.threshold.rawValue }

        /// The threshold in milliseconds at the mean sixteenth of the answers it was fitted to.
        public var thresholdMs: Double? { thresholdPercent.map(milliseconds) }

        /// A percentage of a sixteenth in milliseconds, at the mean sixteenth of the answers fitted.
        public func milliseconds(_ percent: Double) -> Double {
            percent / 100 * recent.map(\.sixteenth).reduce(0, +) / Double(recent.count) * 1000
        }
    }

    public struct Tapping: Sendable {
        public private(set) var count = 0
        private var hits = 0.0
        private var sum = 0.0
        private var sumOfSquares = 0.0
        private var hitRates = 0.0
        private var trialsWithHitRate = 0

        /// Each trial's mean and sample SD of n hits give back its sums exactly, so the pooled
        /// figures are those of every hit, not a mean of means. A trial without a hit rate (imported
        /// from the iPhone app) does not say how many taps its mean is of: it counts as one offset,
        /// its mean, and stays out of the hit rate.
        mutating func add(_ record: CompletedRhythmMatching) {
            count += 1
            var n = 1.0
            if let hitRate = record.hitRate {
                hitRates += hitRate
                trialsWithHitRate += 1
                n = (hitRate * Double(RhythmMatchingTrial.cycles)).rounded()
            }
            guard n > 0, let mean = record.meanOffsetMs else { return }
            let sd = record.offsetSDMs ?? 0
            hits += n
            sum += n * mean
            sumOfSquares += (n - 1) * sd * sd + n * mean * mean
        }

        public var meanOffsetMs: Double? { hits > 0 ? sum / hits : nil }

        public var offsetSDMs: Double? {
            guard hits > 0 else { return nil }
            guard hits > 1 else { return 0 }
            return (max(0, sumOfSquares - sum * sum / hits) / (hits - 1)).squareRoot()
        }

        /// The mean over the trials that recorded one; nil when none did.
        public var hitRate: Double? { trialsWithHitRate > 0 ? hitRates / Double(trialsWithHitRate) : nil }
    }

    public private(set) var timing: [TempoBand: Timing] = [:]
    public private(set) var tapping: [TempoBand: Tapping] = [:]
    /// The timelines: each band's results per calendar day, oldest first.
    public private(set) var timingDays: [TempoBand: [RhythmDay<Timing>]] = [:]
    /// Compare Timing's measurement runs per band (`timingMeasurement`), where the chain's runs
    /// continue (`TimingChain.measurements`).
    public private(set) var measurementRuns: [TempoBand: ThresholdMeasurements] = [:]
    /// Each band's measurements, oldest first, with the tempo each was played at.
    public private(set) var measurements: [TempoBand: [TimingMeasurement]] = [:]
    public private(set) var tappingDays: [TempoBand: [RhythmDay<Tapping>]] = [:]
    private let calendar: Calendar

    public init(calendar: Calendar = .current) {
        self.calendar = calendar
    }

    /// The band's measurements as marks on a line of `days` (their starts, oldest first), each
    /// beside the day it finished, on this profile's calendar.
    public func measuredMarks(_ band: TempoBand, on days: [Date]) -> [Sparkline.Mark] {
        Sparkline.Mark.placing(
            (measurements[band] ?? []).suffix(Sparkline.maximumPoints).map(\.measurement), on: days, calendar: calendar)
    }

    /// The band with the most answers in `results` (of equals, the slower); with none, the moderate
    /// band, which a new user's default tempo lies in.
    public func mostTrained<Result>(_ results: [TempoBand: Result], count: (Result) -> Int) -> TempoBand {
        TempoBand.allCases.reduce(nil as (band: TempoBand, count: Int)?) { most, band in
            let answers = results[band].map(count) ?? 0
            return answers > (most?.count ?? 0) ? (band, answers) : most
        }?.band ?? .moderate
    }

    /// Oldest first. A measurement's answers count as Compare Timing answers too.
    public mutating func add(_ answer: CompletedRhythmComparison) {
        let band = answer.tempo.band
        timing[band, default: Timing()].add(answer)
        RhythmDay.add(at: answer.timestamp, to: &timingDays[band, default: []], calendar: calendar, empty: Timing()) {
            $0.add(answer)
        }
        guard RhythmComparisonKind.measures(answer.discipline) else { return }
        if let measured = measurementRuns[band, default: TimingChain.freshRuns].add(answer) {
            measurements[band, default: []].append(TimingMeasurement(measured, tempo: answer.tempo))
        }
    }

    /// Oldest first.
    public mutating func add(_ answer: CompletedRhythmMatching) {
        let band = answer.tempo.band
        tapping[band, default: Tapping()].add(answer)
        RhythmDay.add(at: answer.timestamp, to: &tappingDays[band, default: []], calendar: calendar, empty: Tapping()) {
            $0.add(answer)
        }
    }
}
