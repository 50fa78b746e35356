import Foundation

/// The result of one "Measure my threshold" run: the threshold the placement found (its 95 %
/// interval, possibly open above), how many answers it took and when the run was answered.
/// Not stored on its own: it is what the run's stored answers say (`ThresholdMeasurements`), so
/// it lives in both stores, in every export and through a kill -9 exactly as the answers do.
public struct ThresholdMeasurement: Hashable, Sendable, Codable {
    /// The measurement discipline whose answers made it.
    public let discipline: Discipline
    public let estimate: ThresholdEstimate
    public let started: Date
    public let finished: Date

    public init(discipline: Discipline, estimate: ThresholdEstimate, started: Date, finished: Date) {
        self.discipline = discipline
        self.estimate = estimate
        self.started = started
        self.finished = finished
    }
}
