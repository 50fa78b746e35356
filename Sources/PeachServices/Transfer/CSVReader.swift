/// One record of a CSV file: its fields and the line it starts on.
struct CSVRow {
    let line: Int
    let fields: [String]
}

/// Reads RFC 4180 CSV from bytes, strictly: a stray quote, an unclosed quoted field, invalid UTF-8,
/// a NUL byte or an absurdly long line is an error naming its line, never a guess.
/// Line ends may be CRLF, LF or CR; blank lines are skipped.
struct CSVReader {
    static let maximumLineBytes = 64 * 1024
    static let maximumFields = 64

    private let bytes: [UInt8]
    private(set) var offset: Int
    /// The line the next record starts on.
    private(set) var line: Int

    /// - Parameter line: the line `bytes` start on: a file read in pieces (`TrainingDataReader`)
    ///   is read a run of whole records at a time.
    init(_ bytes: [UInt8], line: Int = 1) {
        self.bytes = bytes
        // A UTF-8 byte order mark says nothing; spreadsheet programs like to add one.
        offset = line == 1 && bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        self.line = line
    }

    /// The first line as raw text, for recognising the format marker; nil if it is not UTF-8.
    mutating func nextRawLine() throws(ImportError) -> String? {
        guard offset < bytes.count else { return nil }
        var end = offset
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n"), bytes[end] != UInt8(ascii: "\r") { end += 1 }
        guard end - offset <= Self.maximumLineBytes else {
            throw ImportError(line: line, "the line is longer than \(Self.maximumLineBytes) bytes")
        }
        let slice = bytes[offset..<end]
        guard let text = String(validating: slice, as: UTF8.self) else {
            throw ImportError(line: line, "the file is not UTF-8 text")
        }
        offset = end
        skipLineEnd()
        line += 1
        return text
    }

    mutating func next() throws(ImportError) -> CSVRow? {
        while offset < bytes.count, isLineEnd(bytes[offset]) {
            skipLineEnd()
            line += 1
        }
        guard offset < bytes.count else { return nil }
        let startLine = line
        let start = offset
        var fields: [String] = []
        var field: [UInt8] = []
        var quoted = false
        var fieldStart = true
        var afterClosingQuote = false
        var hasHighBytes = false
        func finishField() throws(ImportError) {
            guard fields.count < Self.maximumFields else {
                throw ImportError(line: startLine, "more than \(Self.maximumFields) fields")
            }
            if hasHighBytes {
                guard let text = String(validating: field, as: UTF8.self) else {
                    throw ImportError(
                        line: startLine, "field \(fields.count + 1) is not valid UTF-8 (the file must be UTF-8)")
                }
                fields.append(text)
            } else {
                fields.append(String(decoding: field, as: UTF8.self))
            }
            field.removeAll(keepingCapacity: true)
            hasHighBytes = false
            fieldStart = true
            afterClosingQuote = false
        }
        while true {
            guard offset - start <= Self.maximumLineBytes else {
                throw ImportError(line: startLine, "the record is longer than \(Self.maximumLineBytes) bytes")
            }
            guard offset < bytes.count else {
                if quoted { throw ImportError(line: startLine, "a quoted field is never closed") }
                try finishField()
                return CSVRow(line: startLine, fields: fields)
            }
            let byte = bytes[offset]
            if byte == 0 { throw ImportError(line: line, "the line contains a NUL byte (is the file UTF-16?)") }
            if quoted {
                offset += 1
                if byte == UInt8(ascii: "\"") {
                    if offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") {
                        field.append(byte)
                        offset += 1
                    } else {
                        quoted = false
                        afterClosingQuote = true
                    }
                } else {
                    if byte == UInt8(ascii: "\n")
                        || (byte == UInt8(ascii: "\r")
                            && (offset >= bytes.count || bytes[offset] != UInt8(ascii: "\n")))
                    {
                        line += 1
                    }
                    if byte >= 0x80 { hasHighBytes = true }
                    field.append(byte)
                }
                continue
            }
            if byte == UInt8(ascii: ",") {
                offset += 1
                try finishField()
                continue
            }
            if isLineEnd(byte) {
                try finishField()
                skipLineEnd()
                line += 1
                return CSVRow(line: startLine, fields: fields)
            }
            if afterClosingQuote {
                throw ImportError(line: line, "unexpected text after a closing quote in field \(fields.count + 1)")
            }
            if byte == UInt8(ascii: "\"") {
                guard fieldStart else {
                    throw ImportError(line: line, "a quote inside unquoted field \(fields.count + 1)")
                }
                quoted = true
                fieldStart = false
                offset += 1
                continue
            }
            if byte >= 0x80 { hasHighBytes = true }
            fieldStart = false
            field.append(byte)
            offset += 1
        }
    }

    private func isLineEnd(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") }

    private mutating func skipLineEnd() {
        guard offset < bytes.count else { return }
        if bytes[offset] == UInt8(ascii: "\r") {
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "\n") { offset += 1 }
        } else if bytes[offset] == UInt8(ascii: "\n") {
            offset += 1
        }
    }
}
