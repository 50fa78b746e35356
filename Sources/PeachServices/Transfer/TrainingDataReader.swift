/// A file checked as it arrives: `TrainingDataParser`'s checks over bytes fed in pieces, so that
/// an import holds a piece of the file and a batch of records, never the whole of either.
/// It reads whole records only: a piece ends at the last line end outside quotes, and what follows
/// waits for the next piece.
struct TrainingDataReader {
    private enum Stage {
        case marker
        case header(TrainingDataParser.Format)
        case rows(TrainingDataParser.Format, columns: [String: Int], width: Int)
    }

    private var stage = Stage.marker
    /// Bytes fed and not yet read: from the start of a record on.
    private var pending: [UInt8] = []
    /// How far `pending` was searched for a record's end, and whether that point is inside quotes.
    private var searched = 0
    private var quoted = false
    /// The line `pending` starts on.
    private var line = 1
    private(set) var bytesFed = 0
    private var skipped: [IPhoneCSVFormat.SkipReason: Int] = [:]

    var format: String {
        switch stage {
        case .marker: ""
        case .header(let format), .rows(let format, _, _): format.description
        }
    }

    var skippedRows: [SkippedRows] {
        IPhoneCSVFormat.SkipReason.allCases.compactMap { reason in
            skipped[reason].map { SkippedRows(count: $0, reason: reason.explanation) }
        }
    }

    /// Reads the whole records `bytes` complete, appending them to `records`.
    mutating func feed(_ bytes: some Collection<UInt8>, into records: inout [TransferRecord]) throws(ImportError) {
        if bytesFed == 0, bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            throw ImportError(line: 1, "the file is UTF-16; export it as UTF-8 CSV")
        }
        bytesFed += bytes.count
        guard bytesFed <= TrainingDataParser.maximumBytes else {
            throw ImportError(
                line: 0, "the file has more than \(TrainingDataParser.maximumBytes) bytes; at most that can be imported"
            )
        }
        pending.append(contentsOf: bytes)
        var end = 0
        while searched < pending.count {
            let byte = pending[searched]
            searched += 1
            if byte == UInt8(ascii: "\"") {
                quoted.toggle()
            } else if !quoted, byte == UInt8(ascii: "\n") {
                end = searched
            } else if !quoted, byte == UInt8(ascii: "\r"), searched < pending.count,
                pending[searched] != UInt8(ascii: "\n")
            {
                // A CR at the very end of a piece may be half of a CRLF: it waits for the next byte.
                end = searched
            }
        }
        if end > 0 {
            try read(Array(pending[..<end]), into: &records)
            pending.removeFirst(end)
            searched -= end
        } else if pending.count > CSVReader.maximumLineBytes {
            // No record ends in it: reading it names what is wrong (a stray quote, say), else it is too long.
            try read(pending, into: &records)
            throw ImportError(line: line, "the record is longer than \(CSVReader.maximumLineBytes) bytes")
        }
    }

    /// The end of the file: reads what is left and checks the file had what every file has.
    mutating func finish(into records: inout [TransferRecord]) throws(ImportError) {
        if !pending.isEmpty {
            try read(pending, into: &records)
            pending = []
        }
        switch stage {
        case .marker: throw ImportError(line: 1, "the file is empty")
        case .header: throw ImportError(line: line, "the header line is missing")
        case .rows: break
        }
    }

    private mutating func read(_ bytes: [UInt8], into records: inout [TransferRecord]) throws(ImportError) {
        var reader = CSVReader(bytes, line: line)
        defer { line = reader.line }
        if case .marker = stage {
            guard let marker = try reader.nextRawLine() else { return }
            stage = .header(try TrainingDataParser.Format(marker: marker))
        }
        if case .header(let format) = stage {
            guard let headerRow = try reader.next() else { return }
            var columns: [String: Int] = [:]
            for (index, name) in headerRow.fields.enumerated() {
                guard columns.updateValue(index, forKey: name) == nil else {
                    throw ImportError(line: headerRow.line, "column '\(name)' appears twice")
                }
            }
            switch format {
            case .peach(let version): try PeachCSVFormat.checkHeader(columns, version: version, line: headerRow.line)
            case .iPhone: try IPhoneCSVFormat.checkHeader(columns, line: headerRow.line)
            }
            stage = .rows(format, columns: columns, width: headerRow.fields.count)
        }
        guard case .rows(let format, let columns, let width) = stage else { return }
        while let row = try reader.next() {
            guard row.fields.count == width else {
                throw ImportError(line: row.line, "the row has \(row.fields.count) fields; the header has \(width)")
            }
            let fields = FieldReader(row: row, columns: columns)
            switch format {
            case .peach(let version):
                records.append(try PeachCSVFormat.record(fields, version: version))
            case .iPhone:
                switch try IPhoneCSVFormat.row(fields) {
                case .record(let record): records.append(record)
                case .skipped(let reason): skipped[reason, default: 0] += 1
                }
            }
        }
    }
}
