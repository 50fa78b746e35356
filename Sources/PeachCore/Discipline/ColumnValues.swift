import Foundation

/// Column values held in memory: what a record's fields were encoded to, read back as a row.
public struct ColumnValues: ColumnSource {
    public let values: [ColumnValue]

    public init(_ values: [ColumnValue]) { self.values = values }

    public func isNull(_ column: Int) -> Bool {
        if case .null = values[column] { true } else { false }
    }

    public func integer(_ column: Int) throws -> Int64 {
        guard case .integer(let value) = values[column] else { throw mismatch(column, Int64.self) }
        return value
    }

    public func real(_ column: Int) throws -> Double {
        switch values[column] {
        case .real(let value): return value
        case .integer(let value): return Double(value)
        default: throw mismatch(column, Double.self)
        }
    }

    public func bool(_ column: Int) throws -> Bool {
        guard case .bool(let value) = values[column] else { throw mismatch(column, Bool.self) }
        return value
    }

    public func text(_ column: Int) throws -> String {
        guard case .text(let value) = values[column] else { throw mismatch(column, String.self) }
        return value
    }

    private func mismatch(_ column: Int, _ type: Any.Type) -> DecodingError {
        .typeMismatch(type, .init(codingPath: [], debugDescription: "column \(column) holds \(values[column])"))
    }
}

extension KindRecord {
    /// The same record at another time (its fields and labels unchanged).
    public func at(_ timestamp: Date) throws -> Self {
        try RecordRow.record(
            Self.self, timestamp: timestamp, labels: labels, from: ColumnValues(RecordRow.values(of: self)))
    }
}
