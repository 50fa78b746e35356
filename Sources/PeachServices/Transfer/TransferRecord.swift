import Foundation
import PeachCore

/// One training record as it travels through a file: any kind's, with its timestamp kept to the
/// millisecond so that "the same record" (same kind, millisecond, labels and fields) means the same
/// thing in a file and in the database.
public struct TransferRecord: Hashable, Sendable {
    /// Timed at its millisecond.
    public let trainingRecord: TrainingRecord
    public let timestamp: MillisecondTimestamp

    /// Any record, as a file carries it: its time rounded to the millisecond.
    public init(_ record: TrainingRecord) {
        let timestamp = MillisecondTimestamp(record.timestamp)
        self.timestamp = timestamp
        trainingRecord = record.timestamp == timestamp.date ? record : Self.retimed(record.value, at: timestamp.date)
    }

    public init(_ record: some KindRecord) { self.init(TrainingRecord(record)) }

    private static func retimed<Record: KindRecord>(_ record: Record, at date: Date) -> TrainingRecord {
        // Re-encoding the fields a record itself encoded cannot fail.
        TrainingRecord(try! record.at(date))
    }

    public var discipline: Discipline { trainingRecord.discipline }
}
