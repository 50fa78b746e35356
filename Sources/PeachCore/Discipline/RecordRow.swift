import Foundation

/// One column's value as a store binds and reads it.
public enum ColumnValue: Hashable, Sendable {
    case integer(Int64)
    case real(Double)
    case bool(Bool)
    case text(String)
    case null
}

/// Where a row decoder reads a record's fields: a store's row, by column position.
public protocol ColumnSource {
    func isNull(_ column: Int) -> Bool
    func integer(_ column: Int) throws -> Int64
    func real(_ column: Int) throws -> Double
    func bool(_ column: Int) throws -> Bool
    func text(_ column: Int) throws -> String
}

/// The one mapping between a record's fields and a row of column values, for every store: the
/// fields are the record's `Field` coding keys, a field's column is its position, and each value is
/// whatever primitive the field's type encodes as (a `MIDINote` an integer, `Cents` a real).
public enum RecordRow {
    /// The record's fields, in `Field` order.
    public static func values<Record: KindRecord>(of record: Record) throws -> [ColumnValue] {
        let encoder = FieldsEncoder(count: Record.Field.allCases.count)
        var fields = encoder.container(keyedBy: Record.Field.self)
        try record.encode(fields: &fields)
        return encoder.values
    }

    /// The record whose fields start at `firstColumn` of `source`; its time and labels are read by
    /// the store.
    public static func record<Record: KindRecord, Source: ColumnSource>(
        _ type: Record.Type, timestamp: Date, labels: RecordLabels, from source: Source, at firstColumn: Int = 0
    ) throws -> Record {
        try Reader(type, from: source, at: firstColumn).record(timestamp: timestamp, labels: labels)
    }

    /// Reads a record from each row a source moves on to (a statement stepping through a table):
    /// the fields' container is made once, where one per row cost an allocation and a generic
    /// metadata lookup a million times over at a start with no profile snapshot.
    public struct Reader<Record: KindRecord> {
        private let fields: KeyedDecodingContainer<Record.Field>

        public init<Source: ColumnSource>(_ type: Record.Type, from source: Source, at firstColumn: Int = 0) {
            fields = KeyedDecodingContainer(FieldsReader<Record.Field, Source>(source: source, first: firstColumn))
        }

        /// The record on the source's current row; its time and labels are read by the store.
        public func record(timestamp: Date, labels: RecordLabels) throws -> Record {
            try Record(timestamp: timestamp, labels: labels, fields: fields)
        }
    }
}

// MARK: - Encoding

private final class FieldsEncoder: Encoder {
    var values: [ColumnValue]
    let codingPath: [any CodingKey] = []
    let userInfo: [CodingUserInfoKey: Any] = [:]

    /// A field a record leaves out (`encodeIfPresent` with nil) stays null.
    init(count: Int) { values = Array(repeating: .null, count: count) }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(FieldsWriter<Key>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { fatalError("a record's fields are a keyed container") }
    func singleValueContainer() -> any SingleValueEncodingContainer {
        fatalError("a record's fields are a keyed container")
    }
}

private struct FieldsWriter<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: FieldsEncoder
    var codingPath: [any CodingKey] { [] }

    private func set(_ value: ColumnValue, _ key: Key) { encoder.values[key.intValue!] = value }

    mutating func encodeNil(forKey key: Key) throws { set(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(.text(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { set(.real(value), key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { set(.real(Double(value)), key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(.integer(Int64(value)), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { set(.integer(Int64(value)), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { set(.integer(Int64(value)), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { set(.integer(Int64(value)), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { set(.integer(value), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { set(.integer(Int64(value)), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { set(.integer(Int64(value)), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { set(.integer(Int64(value)), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { set(.integer(Int64(value)), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { set(.integer(Int64(value)), key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        let capture = ColumnCapture()
        try value.encode(to: capture)
        guard let column = capture.value else {
            throw EncodingError.invalidValue(
                value, .init(codingPath: [key], debugDescription: "a field must encode as one value"))
        }
        set(column, key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        fatalError("a record's field is one column")
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        fatalError("a record's field is one column")
    }
    mutating func superEncoder() -> any Encoder { fatalError("a record's field is one column") }
    mutating func superEncoder(forKey key: Key) -> any Encoder { fatalError("a record's field is one column") }
}

/// What a field's own type (`MIDINote`, `Cents`, `TempoBPM`) encodes itself as.
private final class ColumnCapture: Encoder, SingleValueEncodingContainer {
    var value: ColumnValue?
    let codingPath: [any CodingKey] = []
    let userInfo: [CodingUserInfoKey: Any] = [:]

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        fatalError("a field is one column")
    }
    func unkeyedContainer() -> any UnkeyedEncodingContainer { fatalError("a field is one column") }
    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    func encodeNil() throws { value = .null }
    func encode(_ value: Bool) throws { self.value = .bool(value) }
    func encode(_ value: String) throws { self.value = .text(value) }
    func encode(_ value: Double) throws { self.value = .real(value) }
    func encode(_ value: Float) throws { self.value = .real(Double(value)) }
    func encode(_ value: Int) throws { self.value = .integer(Int64(value)) }
    func encode(_ value: Int8) throws { self.value = .integer(Int64(value)) }
    func encode(_ value: Int16) throws { self.value = .integer(Int64(value)) }
    func encode(_ value: Int32) throws { self.value = .integer(Int64(value)) }
    func encode(_ value: Int64) throws { self.value = .integer(value) }
    func encode(_ value: UInt) throws { self.value = .integer(Int64(value)) }
    func encode(_ value: UInt8) throws { self.value = .integer(Int64(value)) }
    func encode(_ value: UInt16) throws { self.value = .integer(Int64(value)) }
    func encode(_ value: UInt32) throws { self.value = .integer(Int64(value)) }
    func encode(_ value: UInt64) throws { self.value = .integer(Int64(value)) }
    func encode<T: Encodable>(_ value: T) throws { try value.encode(to: self) }
}

// MARK: - Decoding

/// Reads each field from its column: a field's position is its coding key's integer value, so no
/// name is compared or hashed per row (a million rows are replayed at start-up).
private struct FieldsReader<Key: CodingKey, Source: ColumnSource>: KeyedDecodingContainerProtocol {
    let source: Source
    let first: Int
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { [] }

    private func column(_ key: Key) -> Int { first + key.intValue! }

    func contains(_ key: Key) -> Bool { true }
    func decodeNil(forKey key: Key) throws -> Bool { source.isNull(column(key)) }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try source.bool(column(key)) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try source.text(column(key)) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try source.real(column(key)) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { Float(try source.real(column(key))) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try integer(key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(key) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        // Notes and cents, in nearly every record, read as the numbers they are stored as: through
        // `init(from:)` each built an existential decoder and looked up its generic metadata, two
        // fifths of replaying a million records at a start with no profile snapshot.
        // `unsafeBitCast`, not `as! T`: the type is checked just before, and the cast's runtime
        // check was a twentieth of the replay.
        if type == MIDINote.self {
            return unsafeBitCast(try MIDINote(decoded: integer(key), codingPath: [key]), to: T.self)
        }
        if type == Cents.self { return unsafeBitCast(Cents(try source.real(column(key))), to: T.self) }
        return try T(from: ColumnReader(source: source, column: column(key)))
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        source.isNull(column(key)) ? nil : try decode(type, forKey: key)
    }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        source.isNull(column(key)) ? nil : try decode(type, forKey: key)
    }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        source.isNull(column(key)) ? nil : try decode(type, forKey: key)
    }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        source.isNull(column(key)) ? nil : try decode(type, forKey: key)
    }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        source.isNull(column(key)) ? nil : try decode(type, forKey: key)
    }

    // Inlined into each concrete `decode`: left generic, its `T(exactly:)` looked up metadata per field.
    @inline(__always)
    private func integer<T: FixedWidthInteger>(_ key: Key) throws -> T {
        let value = try source.integer(column(key))
        guard let exact = T(exactly: value) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: [key], debugDescription: "\(value) does not fit \(T.self)"))
        }
        return exact
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        throw DecodingError.typeMismatch(
            type, .init(codingPath: [key], debugDescription: "a record's field is one column"))
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch(
            [Any].self, .init(codingPath: [key], debugDescription: "a record's field is one column"))
    }
    func superDecoder() throws -> any Decoder {
        throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "no super"))
    }
    func superDecoder(forKey key: Key) throws -> any Decoder {
        throw DecodingError.dataCorrupted(.init(codingPath: [key], debugDescription: "no super"))
    }
}

/// One column, for a field's own type to decode itself from (`MIDINote`, `Cents`, `TempoBPM`).
/// Small enough to pass as `any Decoder` without a heap allocation per field and row.
private struct ColumnReader<Source: ColumnSource>: Decoder, SingleValueDecodingContainer {
    let source: Source
    let column: Int
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw DecodingError.typeMismatch(type, .init(codingPath: codingPath, debugDescription: "a field is one column"))
    }
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch(
            [Any].self, .init(codingPath: codingPath, debugDescription: "a field is one column"))
    }
    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func decodeNil() -> Bool { source.isNull(column) }
    func decode(_ type: Bool.Type) throws -> Bool { try source.bool(column) }
    func decode(_ type: String.Type) throws -> String { try source.text(column) }
    func decode(_ type: Double.Type) throws -> Double { try source.real(column) }
    func decode(_ type: Float.Type) throws -> Float { Float(try source.real(column)) }
    func decode(_ type: Int.Type) throws -> Int { try integer() }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer() }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer() }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer() }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer() }
    func decode(_ type: UInt.Type) throws -> UInt { try integer() }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer() }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer() }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer() }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer() }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: self) }

    @inline(__always)
    private func integer<T: FixedWidthInteger>() throws -> T {
        let value = try source.integer(column)
        guard let exact = T(exactly: value) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: codingPath, debugDescription: "\(value) does not fit \(T.self)"))
        }
        return exact
    }
}
