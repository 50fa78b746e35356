import Foundation
import GRDB
import GRDBSQLite
import PeachCore

/// Reads the labels of each row while the history is replayed. Nearly every row carries the labels
/// of the row before it, so their text is compared in place and parsed only when it changes: four
/// strings made and parsed per row were a fifth of start-up at a million records.
struct RecordLabelReader {
    /// The column of `discipline`; the other labels follow it in `RecordLabels.columns` order.
    let firstColumn: Int
    private var lastText: [[UInt8]] = Array(repeating: [], count: RecordLabels.columns.count)
    private var last: RecordLabels?

    init(firstColumn: Int) { self.firstColumn = firstColumn }

    /// The labels of the row `statement` is on.
    mutating func read(_ statement: Statement) throws(DataStoreError) -> RecordLabels {
        let sqlite = statement.sqliteStatement
        if let last,
            lastText.indices.allSatisfy({ Self.text(sqlite, Int32(firstColumn + $0)).hasBytes(of: lastText[$0]) })
        {
            return last
        }
        lastText = lastText.indices.map { Array(Self.text(sqlite, Int32(firstColumn + $0))) }
        let text = lastText.map { String(decoding: $0, as: UTF8.self) }
        let labels = try RecordLabels(discipline: text[0], interval: text[1], direction: text[2], tuningSystem: text[3])
        last = labels
        return labels
    }

    /// The column's text as SQLite holds it (valid until the statement steps on).
    private static func text(_ statement: SQLiteStatement, _ column: Int32) -> UnsafeBufferPointer<UInt8> {
        guard let bytes = sqlite3_column_text(statement, column) else {
            return UnsafeBufferPointer(start: nil, count: 0)
        }
        return UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(statement, column)))
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// A plain memcmp: the generic `elementsEqual` was a tenth of the replay.
    fileprivate func hasBytes(of other: [UInt8]) -> Bool {
        count == other.count
            && (count == 0 || other.withUnsafeBufferPointer { memcmp(baseAddress!, $0.baseAddress!, count) == 0 })
    }
}
