import Foundation

/// A stored answer of any kind: the one type the store, the profile and the files exchange. Code
/// that needs one kind's fields asks for them by type (`record.as(CompletedComparison.self)`).
public struct TrainingRecord: Hashable, Sendable {
    public let value: any KindRecord

    public init(_ value: some KindRecord) { self.value = value }

    public var kind: any TrainingKind.Type { Self.kind(of: value) }

    public var discipline: Discipline { value.labels.discipline }

    public var timestamp: Date { value.timestamp }

    public var labels: RecordLabels { value.labels }

    /// Unison for the kinds that play no interval.
    public var interval: DirectedInterval { value.labels.interval }

    /// The record as `type`, or nil when it is a record of another kind.
    public func `as`<Record: KindRecord>(_ type: Record.Type) -> Record? { value as? Record }

    /// What it adds to the fit of a threshold goal, as its kind states it (`KindProfile.goalTrial`).
    public var goalTrial: ThresholdEstimator.Trial? { Self.goalTrial(of: value) }

    public static func == (lhs: TrainingRecord, rhs: TrainingRecord) -> Bool {
        AnyHashable(lhs.value) == AnyHashable(rhs.value)
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(AnyHashable(value)) }

    private static func goalTrial<Record: KindRecord>(of record: Record) -> ThresholdEstimator.Trial? {
        Record.Kind.goalTrial(record)
    }

    private static func kind<Record: KindRecord>(of record: Record) -> any TrainingKind.Type { Record.Kind.self }
}
