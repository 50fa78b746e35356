/// A flat `Codable` value (a record's derived figures) as named column values, and the names such a
/// type has: for the files and the API, which address figures by name, not position.
public enum NamedValues {
    /// Each field the value encodes, in the order it encodes them.
    public static func of(_ value: some Encodable) throws -> [(name: String, value: ColumnValue)] {
        let encoder = NamedEncoder()
        try value.encode(to: encoder)
        return encoder.values
    }

    /// The fields `type` decodes, in order: found by letting it decode itself from placeholders.
    public static func names<Value: Decodable>(of type: Value.Type) -> [String] {
        let decoder = NameRecorder()
        _ = try? Value(from: decoder)
        return decoder.names
    }
}

private final class NamedEncoder: Encoder {
    var values: [(name: String, value: ColumnValue)] = []
    let codingPath: [any CodingKey] = []
    let userInfo: [CodingUserInfoKey: Any] = [:]

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(NamedWriter<Key>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { fatalError("derived figures are a flat object") }
    func singleValueContainer() -> any SingleValueEncodingContainer { fatalError("derived figures are a flat object") }
}

private struct NamedWriter<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: NamedEncoder
    var codingPath: [any CodingKey] { [] }

    private func add(_ value: ColumnValue, _ key: Key) { encoder.values.append((key.stringValue, value)) }

    mutating func encodeNil(forKey key: Key) throws { add(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { add(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { add(.text(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { add(.real(value), key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { add(.integer(Int64(value)), key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        throw EncodingError.invalidValue(
            value, .init(codingPath: [key], debugDescription: "a derived figure is a number, text or truth value"))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        fatalError("derived figures are a flat object")
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        fatalError("derived figures are a flat object")
    }
    mutating func superEncoder() -> any Encoder { fatalError("derived figures are a flat object") }
    mutating func superEncoder(forKey key: Key) -> any Encoder { fatalError("derived figures are a flat object") }
}

private struct Unsupported: Error {}

private final class NameRecorder: Decoder {
    var names: [String] = []
    let codingPath: [any CodingKey] = []
    let userInfo: [CodingUserInfoKey: Any] = [:]

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(NameReader<Key>(recorder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw Unsupported() }
    func singleValueContainer() throws -> any SingleValueDecodingContainer { throw Unsupported() }
}

private struct NameReader<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let recorder: NameRecorder
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { [] }

    private func note(_ key: Key) { recorder.names.append(key.stringValue) }

    func contains(_ key: Key) -> Bool { true }
    func decodeNil(forKey key: Key) throws -> Bool { false }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        note(key)
        return false
    }
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        note(key)
        return ""
    }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        note(key)
        return 0
    }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        note(key)
        return 0
    }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { throw Unsupported() }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        throw Unsupported()
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { throw Unsupported() }
    func superDecoder() throws -> any Decoder { throw Unsupported() }
    func superDecoder(forKey key: Key) throws -> any Decoder { throw Unsupported() }
}
