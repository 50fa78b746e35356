import Foundation
import PeachCore

/// Every kind's record in our CSV: its fields and derived figures (`KindRecord`), each in the
/// column of its name, written from and read into the kind's own declaration. A row holds the
/// columns of every kind; those not of its own kind stay empty.
enum CSVRecordColumns {
    /// The record columns of the current version, kind by kind in the registry's order; a name
    /// two kinds share (`isCorrect`, `tempoBPM`) is one column.
    static let all: [String] = TrainingKinds.all.flatMap { columns($0) }.reduce(into: []) {
        if !$0.contains($1) { $0.append($1) }
    }

    private static func columns(_ kind: any TrainingKind.Type) -> [String] { columns(of: kind) }

    private static func columns<Kind: TrainingKind>(of kind: Kind.Type) -> [String] {
        Kind.Record.fieldNames + NamedValues.names(of: Kind.Record.Derived.self)
    }

    /// Where each kind's fields, then its derived figures, go among `all`.
    private static let positions: [Discipline.Kind: [Int]] = Dictionary(
        uniqueKeysWithValues: TrainingKinds.all.map { kind in
            (kind.id, columns(kind).map { all.firstIndex(of: $0)! })
        })

    /// The cells of `all` for `record`.
    static func cells(of record: TrainingRecord) throws -> [String] { try cells(record.value) }

    private static func cells<Record: KindRecord>(_ record: Record) throws -> [String] {
        var cells = Array(repeating: "", count: all.count)
        let values = try RecordRow.values(of: record) + NamedValues.of(record.derived).map(\.value)
        for (position, value) in zip(positions[Record.Kind.id]!, values) { cells[position] = cell(value) }
        return cells
    }

    private static func cell(_ value: ColumnValue) -> String {
        switch value {
        case .integer(let number): CSVWriter.integer(Int(number))
        case .real(let number): CSVWriter.number(number)
        case .bool(let truth): CSVWriter.boolean(truth)
        case .text(let text): CSVWriter.text(text)
        case .null: ""
        }
    }

    /// The record of `labels.discipline`'s kind on this row: every other kind's column empty, each
    /// field checked as strictly as `FieldReader` checks a cell, and — when `checked` — the record
    /// checked against itself (`importProblem`) and against the derived figures the row states.
    static func record(
        _ reader: FieldReader, labels: RecordLabels, at timestamp: Date, version: Int, checked: Bool
    ) throws(ImportError) -> TrainingRecord {
        try record(
            labels.discipline.trainingKind, reader, labels: labels, at: timestamp, version: version, checked: checked)
    }

    private static func record<Kind: TrainingKind>(
        _ kind: Kind.Type, _ reader: FieldReader, labels: RecordLabels, at timestamp: Date, version: Int, checked: Bool
    ) throws(ImportError) -> TrainingRecord {
        let own = columns(of: kind)
        let recordColumns = PeachCSVFormat.columns(version: version).filter {
            !["kind", "discipline", "timestamp"].contains($0) && !PeachCSVFormat.labelColumns.contains($0)
        }
        try reader.requireEmpty(recordColumns.filter { !own.contains($0) }, for: labels.discipline.rawValue)
        let fields = CSVFields<Kind.Record>(reader: reader, discipline: labels.discipline, version: version)
        do {
            let record = try Kind.Record(
                timestamp: timestamp, labels: labels, fields: fields.container(keyedBy: Kind.Record.Field.self))
            if checked {
                if let problem = record.importProblem() { throw reader.fail(problem.field, problem.problem) }
                if let problem = record.disagreement(with: try Kind.Record.Derived(from: fields)) {
                    throw reader.fail(problem.field, problem.problem)
                }
            }
            return TrainingRecord(record)
        } catch let error as ImportError {
            throw error
        } catch {
            throw ImportError(line: reader.row.line, "the \(labels.discipline) row cannot be read: \(error)")
        }
    }
}

/// A row's cells as a record's fields, for the record to decode itself from.
private struct CSVFields<Record: KindRecord>: Decoder {
    let reader: FieldReader
    let discipline: Discipline
    let version: Int
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(CSVFieldReader<Key, Record>(fields: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw ImportError(line: reader.row.line, "a record is a row")
    }
    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw ImportError(line: reader.row.line, "a record is a row")
    }
}

private struct CSVFieldReader<Key: CodingKey, Record: KindRecord>: KeyedDecodingContainerProtocol {
    let fields: CSVFields<Record>
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { [] }

    private var reader: FieldReader { fields.reader }

    /// A field the file's version has no column for: this kind's rows came after that version.
    private func column(_ key: Key) throws(ImportError) -> String {
        guard reader.columns[key.stringValue] != nil else {
            throw reader.fail("discipline", "\(fields.discipline) rows are not part of CSV format \(fields.version)")
        }
        return key.stringValue
    }

    func contains(_ key: Key) -> Bool { reader.columns[key.stringValue] != nil }
    func decodeNil(forKey key: Key) throws -> Bool { reader.text(key.stringValue).isEmpty }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try reader.boolean(column(key)) }

    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        let name = try column(key)
        guard case .number(let range, let unit) = Record.importBound(name) else {
            return try reader.number(
                name, within: -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude, "any size")
        }
        return try reader.number(name, within: range, unit)
    }

    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        let name = try column(key)
        guard case .integer(let range, let what) = Record.importBound(name) else {
            return try reader.integer(name, within: Int.min...Int.max, what: "a whole number")
        }
        return try reader.integer(name, within: range, what: what)
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let name = try column(key)
        // The domain's units, read with the checks (and the words) every file's cells get.
        if type == MIDINote.self { return try reader.midiNote(name) as! T }
        if type == Cents.self {
            // A kind may bound its cents more tightly than any cents a file holds.
            guard case .number(let range, let unit) = Record.importBound(name) else {
                return try reader.cents(name) as! T
            }
            return Cents(try reader.number(name, within: range, unit)) as! T
        }
        if type == TempoBPM.self { return try reader.tempo(name) as! T }
        if let notated = type as? any RecordText.Type {
            guard let value = notated.init(recordText: reader.text(name)) else {
                throw reader.fail(name, "is not \(notated.notation)")
            }
            return value as! T
        }
        if let named = type as? any RecordEnumeration.Type { return try choice(named, name) as! T }
        throw reader.fail(name, "is of a type a file cannot hold (\(T.self))")
    }

    private func choice<Choice: RecordEnumeration>(_ type: Choice.Type, _ name: String) throws(ImportError) -> Choice {
        guard let value = Choice(rawValue: reader.text(name)) else {
            throw reader.fail(name, "is not one of \(Choice.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return value
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        try isAbsent(key) ? nil : decode(type, forKey: key)
    }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        try isAbsent(key) ? nil : decode(type, forKey: key)
    }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        try isAbsent(key) ? nil : decode(type, forKey: key)
    }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try isAbsent(key) ? nil : decode(type, forKey: key)
    }

    /// An empty cell, or no such column in the file's version, is a figure not there.
    private func isAbsent(_ key: Key) throws -> Bool { reader.text(key.stringValue).isEmpty }

    func decode(_ type: String.Type, forKey key: Key) throws -> String { reader.text(try column(key)) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { Float(try decode(Double.self, forKey: key)) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { throw unsupported(key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { throw unsupported(key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { throw unsupported(key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { Int64(try decode(Int.self, forKey: key)) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { throw unsupported(key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { throw unsupported(key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { throw unsupported(key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { throw unsupported(key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { throw unsupported(key) }

    private func unsupported(_ key: Key) -> ImportError {
        reader.fail(key.stringValue, "is of a type a file cannot hold")
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        throw unsupported(key)
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { throw unsupported(key) }
    func superDecoder() throws -> any Decoder { fields }
    func superDecoder(forKey key: Key) throws -> any Decoder { throw unsupported(key) }
}
