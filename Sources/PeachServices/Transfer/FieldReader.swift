import PeachCore

/// Typed access to one row's cells by column name. Every value is checked strictly; a failure names
/// the line, the column, the offending value and what was expected.
struct FieldReader {
    let row: CSVRow
    let columns: [String: Int]

    /// The cell's text, or "" when the file has no such column.
    func text(_ column: String) -> String {
        columns[column].map { row.fields[$0] } ?? ""
    }

    func fail(_ column: String, _ problem: String) -> ImportError {
        ImportError(line: row.line, "\(column) \(Self.quoted(text(column))) \(problem)")
    }

    func timestamp(_ column: String) throws(ImportError) -> MillisecondTimestamp {
        guard let value = MillisecondTimestamp(iso8601: text(column)) else {
            throw fail(
                column,
                "is not an ISO 8601 time with a zone, like 2026-11-22T08:15:02.125Z (years \(MillisecondTimestamp.validYears.lowerBound)–\(MillisecondTimestamp.validYears.upperBound))"
            )
        }
        return value
    }

    func midiNote(_ column: String) throws(ImportError) -> MIDINote {
        let cell = text(column)
        guard Self.isInteger(cell), let number = Int(cell), let note = MIDINote(number) else {
            throw fail(
                column,
                "is not a MIDI note (an integer from \(MIDINote.validRange.lowerBound) to \(MIDINote.validRange.upperBound))"
            )
        }
        return note
    }

    /// A whole number within `range`, naming what it is ("an octave") in the message.
    func integer(_ column: String, within range: ClosedRange<Int>, what: String) throws(ImportError) -> Int {
        let cell = text(column)
        guard Self.isInteger(cell), let number = Int(cell), range.contains(number) else {
            throw fail(column, ImportBound.integer(range, what: what).problem)
        }
        return number
    }

    /// No stored answer can lie further from its note than an octave; a larger value is a broken
    /// file, and letting it in would poison every statistic computed from the records.
    static let centLimit: ClosedRange<Double> = -1200...1200

    func cents(_ column: String) throws(ImportError) -> Cents {
        let cell = text(column)
        guard Self.isDecimal(cell), let value = Double(cell), value.isFinite else {
            throw fail(column, "is not a finite decimal number of cents")
        }
        guard Self.centLimit.contains(value) else {
            throw fail(
                column, "is outside \(Int(Self.centLimit.lowerBound)) to \(Int(Self.centLimit.upperBound)) cents")
        }
        return Cents(value)
    }

    func tempo(_ column: String) throws(ImportError) -> TempoBPM {
        let cell = text(column)
        guard Self.isInteger(cell), let number = Int(cell), let tempo = TempoBPM(number) else {
            throw fail(
                column,
                "is not a tempo (an integer from \(TempoBPM.range.lowerBound) to \(TempoBPM.range.upperBound) BPM)")
        }
        return tempo
    }

    /// A finite decimal within `limits`, described by `unit` in the message.
    func number(_ column: String, within limits: ClosedRange<Double>, _ unit: String) throws(ImportError) -> Double {
        let cell = text(column)
        guard Self.isDecimal(cell), let value = Double(cell), value.isFinite, limits.contains(value) else {
            throw fail(column, ImportBound.number(limits, unit: unit).problem)
        }
        return value
    }

    /// As `number`, with an empty cell read as nil (a figure that does not exist or is not known).
    func optionalNumber(_ column: String, within limits: ClosedRange<Double>, _ unit: String) throws(ImportError)
        -> Double?
    {
        try text(column).isEmpty ? nil : number(column, within: limits, unit)
    }

    /// `true` or `false`, in any letter case (spreadsheets write `TRUE`).
    func boolean(_ column: String) throws(ImportError) -> Bool {
        switch text(column).lowercased() {
        case "true": return true
        case "false": return false
        default: throw fail(column, "is not true or false")
        }
    }

    /// An interval name (`P1` … `P8`) and its direction (`up`/`down`; unison only up).
    func interval(_ column: String, direction directionColumn: String) throws(ImportError) -> DirectedInterval {
        guard let interval = Interval(rawValue: text(column)) else {
            throw fail(column, "is not one of \(Interval.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard let direction = IntervalDirection(rawValue: text(directionColumn)) else {
            throw fail(directionColumn, "is not up or down")
        }
        guard let directed = DirectedInterval(interval, direction) else {
            throw fail(directionColumn, "must be up for unison (P1)")
        }
        return directed
    }

    func requireEmpty(_ names: [String], for kind: String) throws(ImportError) {
        for name in names where !text(name).isEmpty {
            throw fail(name, "must be empty in a \(kind) row")
        }
    }

    /// Short enough to put in a message, with anything unprintable made visible.
    static func quoted(_ value: String) -> String {
        let shown = value.count > 40 ? String(value.prefix(40)) + "…" : value
        return "'"
            + shown.unicodeScalars.map {
                $0.value < 0x20 || $0.value == 0x7F ? "\\u{\(String($0.value, radix: 16))}" : String($0)
            }.joined() + "'"
    }

    /// Digits with an optional leading minus: no `+`, no spaces, no hex.
    static func isInteger(_ text: String) -> Bool {
        var bytes = Substring(text).utf8[...]
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        return !bytes.isEmpty && bytes.count <= 18
            && bytes.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    /// `-?digits[.digits][e[+-]digits]`: what a number writer produces. Rejects `nan`, `inf`,
    /// hex floats and formulas, which Swift's `Double(_:)` would partly accept.
    static func isDecimal(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count <= 64 else { return false }
        var index = 0
        func digitRun() -> Int {
            let start = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - start
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        var mantissaDigits = digitRun()
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            mantissaDigits += digitRun()
        }
        guard mantissaDigits > 0 else { return false }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard digitRun() > 0 else { return false }
        }
        return index == bytes.count
    }
}
