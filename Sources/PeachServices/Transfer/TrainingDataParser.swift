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

/// Reads a Peach export or an iPhone-app export held whole (an import reads its file in pieces:
/// `TrainingDataSource`). Nothing here touches the database.
public enum TrainingDataParser {
    /// About four million records of our format; more is not a training history but an attack or
    /// a mistake.
    public static let maximumBytes = 256 * 1024 * 1024

    public static func parse(_ bytes: [UInt8]) throws(ImportError) -> ParsedTrainingData {
        var reader = TrainingDataReader()
        var records: [TransferRecord] = []
        try reader.feed(bytes, into: &records)
        try reader.finish(into: &records)
        return ParsedTrainingData(format: reader.format, records: records, skipped: reader.skippedRows)
    }

    enum Format: CustomStringConvertible {
        case peach(version: Int)
        case iPhone(version: Int)

        init(marker: String) throws(ImportError) {
            if let version = Self.version(in: marker, after: PeachCSVFormat.markerPrefix) {
                guard PeachCSVFormat.readableVersions.contains(version) else {
                    throw ImportError(
                        line: 1,
                        "Peach records format \(version) is not one this Peach reads (\(PeachCSVFormat.readableVersions.lowerBound)–\(PeachCSVFormat.readableVersions.upperBound)); update Peach"
                    )
                }
                self = .peach(version: version)
            } else if let version = Self.version(in: marker, after: IPhoneCSVFormat.markerPrefix) {
                guard IPhoneCSVFormat.versions.contains(version) else {
                    throw ImportError(
                        line: 1,
                        "iPhone export format \(version) is not one this Peach reads (\(IPhoneCSVFormat.versions.lowerBound)–\(IPhoneCSVFormat.versions.upperBound))"
                    )
                }
                self = .iPhone(version: version)
            } else {
                throw ImportError(
                    line: 1,
                    "not a Peach export: the first line must be '\(PeachCSVFormat.marker)' or '\(IPhoneCSVFormat.markerPrefix)N', not \(FieldReader.quoted(marker))"
                )
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
            case .peach(let version): "Peach records format \(version)"
            case .iPhone(let version): "Peach for iPhone export format \(version)"
            }
        }
    }
}
