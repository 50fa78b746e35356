import Foundation

/// Rows that were read, valid, and deliberately not imported.
public struct SkippedRows: Hashable, Sendable, Codable {
    public let count: Int
    public let reason: String
}

/// A whole file, checked: every record it holds, or nothing (the parser throws on the first bad row).
public struct ParsedTrainingData: Sendable {
    /// What the first line said, in words: "Peach records format 1".
    public let format: String
    public let records: [TransferRecord]
    public let skipped: [SkippedRows]
}

/// Reads a Peach export or an iPhone-app export. Nothing here touches the database, so a file is
/// checked in full before a single row is written.
public enum TrainingDataParser {
    /// About four million records of our format; more is not a training history but an attack or
    /// a mistake, and the server would hold it all in memory.
    public static let maximumBytes = 256 * 1024 * 1024

    /// - Parameter progress: called now and then with the fraction of the file read.
    public static func parse(_ bytes: [UInt8], progress: (Double) -> Void = { _ in }) throws(ImportError) -> ParsedTrainingData {
        guard bytes.count <= maximumBytes else {
            throw ImportError(line: 0, "the file has \(bytes.count) bytes; at most \(maximumBytes) can be imported")
        }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            throw ImportError(line: 1, "the file is UTF-16; export it as UTF-8 CSV")
        }
        var reader = CSVReader(bytes)
        guard let marker = try reader.nextRawLine() else { throw ImportError(line: 1, "the file is empty") }
        let format = try Format(marker: marker)
        guard let headerRow = try reader.next() else {
            throw ImportError(line: reader.line, "the header line is missing")
        }
        var columns: [String: Int] = [:]
        for (index, name) in headerRow.fields.enumerated() {
            guard columns.updateValue(index, forKey: name) == nil else {
                throw ImportError(line: headerRow.line, "column '\(name)' appears twice")
            }
        }
        switch format {
        case let .peach(version): try PeachCSVFormat.checkHeader(columns, version: version, line: headerRow.line)
        case .iPhone: try IPhoneCSVFormat.checkHeader(columns, line: headerRow.line)
        }

        var records: [TransferRecord] = []
        var skipped: [IPhoneCSVFormat.SkipReason: Int] = [:]
        var rows = 0
        while let row = try reader.next() {
            rows += 1
            guard row.fields.count == headerRow.fields.count else {
                throw ImportError(line: row.line, "the row has \(row.fields.count) fields; the header has \(headerRow.fields.count)")
            }
            let fields = FieldReader(row: row, columns: columns)
            switch format {
            case let .peach(version):
                records.append(try PeachCSVFormat.record(fields, version: version))
            case .iPhone:
                switch try IPhoneCSVFormat.row(fields) {
                case let .record(record): records.append(record)
                case let .skipped(reason): skipped[reason, default: 0] += 1
                }
            }
            if rows % 65_536 == 0 { progress(Double(reader.bytesRead) / Double(max(1, reader.totalBytes))) }
        }
        progress(1)
        return ParsedTrainingData(
            format: format.description, records: records,
            skipped: IPhoneCSVFormat.SkipReason.allCases.compactMap { reason in
                skipped[reason].map { SkippedRows(count: $0, reason: reason.explanation) }
            })
    }

    private enum Format: CustomStringConvertible {
        case peach(version: Int)
        case iPhone(version: Int)

        init(marker: String) throws(ImportError) {
            if let version = Self.version(in: marker, after: PeachCSVFormat.markerPrefix) {
                guard PeachCSVFormat.readableVersions.contains(version) else {
                    throw ImportError(line: 1, "Peach records format \(version) is not one this Peach reads (\(PeachCSVFormat.readableVersions.lowerBound)–\(PeachCSVFormat.readableVersions.upperBound)); update Peach")
                }
                self = .peach(version: version)
            } else if let version = Self.version(in: marker, after: IPhoneCSVFormat.markerPrefix) {
                guard IPhoneCSVFormat.versions.contains(version) else {
                    throw ImportError(line: 1, "iPhone export format \(version) is not one this Peach reads (\(IPhoneCSVFormat.versions.lowerBound)–\(IPhoneCSVFormat.versions.upperBound))")
                }
                self = .iPhone(version: version)
            } else {
                throw ImportError(line: 1, "not a Peach export: the first line must be '\(PeachCSVFormat.marker)' or '\(IPhoneCSVFormat.markerPrefix)N', not \(FieldReader.quoted(marker))")
            }
        }

        private static func version(in marker: String, after prefix: String) -> Int? {
            guard marker.hasPrefix(prefix) else { return nil }
            let number = marker.dropFirst(prefix.count).trimmingCharacters(in: .whitespaces)
            guard FieldReader.isInteger(number), !number.hasPrefix("-") else { return nil }
            return Int(number)
        }

        var description: String {
            switch self {
            case let .peach(version): "Peach records format \(version)"
            case let .iPhone(version): "Peach for iPhone export format \(version)"
            }
        }
    }
}
