import Foundation
import PeachCore

/// Derives a type's JSON Schema from the type itself: it lets the type decode itself from a decoder
/// that answers every request with a placeholder and writes down what was asked for — each field's
/// name and type, and whether it was optional (`decodeIfPresent`). So the API document cannot
/// describe a field the server does not read or write, nor miss one.
struct SchemaTracer {
    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// Types the document names in `components/schemas`: everywhere else they are a `$ref`.
    let components: [ObjectIdentifier: String]

    /// The schema to use where `type` appears: a reference when it is a named component.
    func trace<T: Decodable>(_ type: T.Type) throws -> (value: T, schema: [String: Any]) {
        let (value, schema) = try definition(of: type)
        if let name = components[ObjectIdentifier(type)] {
            return (value, ["$ref": "#/components/schemas/\(name)"])
        }
        return (value, schema)
    }

    private static func enumeration<Choice: APIChoices>(_ type: Choice.Type) throws -> (Choice, [String: Any]) {
        guard let first = Choice.allCases.first else { throw Failure("\(type) has no cases") }
        return (first, ["type": "string", "enum": Choice.allCases.map(\.rawValue)])
    }

    /// The full schema of `type`, never a reference to itself.
    func definition<T: Decodable>(of type: T.Type) throws -> (value: T, schema: [String: Any]) {
        if let scalar = Self.scalar(type) { return scalar }
        if let provider = type as? any APISchemaProviding.Type {
            let (placeholder, schema) = try provider.apiSchema(self)
            guard let value = placeholder as? T else { throw Failure("\(type) gave a placeholder of another type") }
            return (value, schema)
        }
        // A kind's named values (a chord's triad) list their cases like the API's own enumerations.
        if let named = type as? any APIChoices.Type {
            let (placeholder, schema) = try Self.enumeration(named)
            guard let value = placeholder as? T else { throw Failure("\(type) gave a placeholder of another type") }
            return (value, schema)
        }
        // A field in a notation of its own (a melody) is a string; its notes say which.
        if let text = type as? any RecordText.Type {
            guard let value = text.example as? T else { throw Failure("\(type) gave a placeholder of another type") }
            var schema: [String: Any] = ["type": "string"]
            if let described = type as? any APIDescribed.Type { try apply(described.apiNotes, to: &schema, of: type) }
            return (value, schema)
        }
        let decoder = TracingDecoder(tracer: self)
        let value: T
        do {
            value = try T(from: decoder)
        } catch {
            throw Failure(
                "\(type) does not decode from placeholders (\(error)): give it an APISchemaProviding conformance")
        }
        var schema = try decoder.schema(of: type)
        if let described = type as? any APIDescribed.Type {
            try apply(described.apiNotes, to: &schema, of: type)
        }
        return (value, schema)
    }

    /// `extra` added to `schema`; a reference takes no siblings in OpenAPI 3.0, so it is wrapped.
    static func annotated(_ schema: [String: Any], with extra: [String: Any]) -> [String: Any] {
        guard !extra.isEmpty else { return schema }
        let base = schema["$ref"] == nil ? schema : ["allOf": [schema]]
        return base.merging(extra) { $1 }
    }

    private static func scalar<T>(_ type: T.Type) -> (value: T, schema: [String: Any])? {
        if let value = false as? T, type == Bool.self { return (value, ["type": "boolean"]) }
        if let value = "" as? T, type == String.self { return (value, ["type": "string"]) }
        if let integer = type as? any BinaryInteger.Type, let value = integer.zero as? T {
            return (value, ["type": "integer"])
        }
        if let number = type as? any BinaryFloatingPoint.Type, let value = number.zero as? T {
            return (value, ["type": "number"])
        }
        return nil
    }

    private func apply(_ notes: [String: APINote], to schema: inout [String: Any], of type: Any.Type) throws {
        for (name, note) in notes.sorted(by: { $0.key < $1.key }) {
            if name.isEmpty {
                schema.merge(note.schema) { $1 }
                continue
            }
            guard var properties = schema["properties"] as? [String: Any],
                var field = properties[name] as? [String: Any]
            else {
                throw Failure("a note on \(type).\(name), a field \(type) does not have")
            }
            if let documented = note.type { field = try trace(documented).schema }
            properties[name] = Self.annotated(field, with: note.schema)
            schema["properties"] = properties
            if let required = note.required {
                var names = schema["required"] as? [String] ?? []
                names.removeAll { $0 == name }
                if required { names.append(name) }
                schema["required"] = names.isEmpty ? nil : names
            }
        }
    }
}

/// The decoder a traced type decodes itself from; it records what the type asks for.
private final class TracingDecoder: Decoder {
    let tracer: SchemaTracer
    let codingPath: [any CodingKey] = []
    let userInfo: [CodingUserInfoKey: Any] = [:]
    private var properties: [(name: String, schema: [String: Any], required: Bool)]?
    private var items: [String: Any]?
    private var single: [String: Any]?

    init(tracer: SchemaTracer) { self.tracer = tracer }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        // A type may ask twice (a shared header decoded from the same decoder): one object.
        if properties == nil { properties = [] }
        return KeyedDecodingContainer(KeyedTracer<Key>(decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { UnkeyedTracer(decoder: self) }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { SingleValueTracer(decoder: self) }

    func field<T: Decodable>(_ type: T.Type, _ key: some CodingKey, required: Bool) throws -> T {
        let (value, schema) = try tracer.trace(type)
        if !(properties ?? []).contains(where: { $0.name == key.stringValue }) {
            properties?.append((key.stringValue, schema, required))
        }
        return value
    }

    func item<T: Decodable>(_ type: T.Type) throws -> T {
        let (value, schema) = try tracer.trace(type)
        items = schema
        return value
    }

    func value<T: Decodable>(_ type: T.Type) throws -> T {
        let (value, schema) = try tracer.trace(type)
        single = schema
        return value
    }

    func schema(of type: Any.Type) throws -> [String: Any] {
        if let properties {
            var schema: [String: Any] = [
                "type": "object",
                "properties": Dictionary(properties.map { ($0.name, $0.schema) }) { first, _ in first },
            ]
            let required = properties.filter(\.required).map(\.name)
            if !required.isEmpty { schema["required"] = required }
            return schema
        }
        if let items { return ["type": "array", "items": items] }
        if let single { return single }
        throw SchemaTracer.Failure("\(type) decodes nothing")
    }
}

private struct Unsupported: Error {}

private struct KeyedTracer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: TracingDecoder
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { [] }

    func contains(_ key: Key) -> Bool { true }
    func decodeNil(forKey key: Key) throws -> Bool { false }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.field(type, key, required: true)
    }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decoder.field(type, key, required: true) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decoder.field(type, key, required: true) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decoder.field(type, key, required: true) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decoder.field(type, key, required: true) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decoder.field(type, key, required: true) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decoder.field(type, key, required: true) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decoder.field(type, key, required: true) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decoder.field(type, key, required: true) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decoder.field(type, key, required: true) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decoder.field(type, key, required: true) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decoder.field(type, key, required: true) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decoder.field(type, key, required: true) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decoder.field(type, key, required: true) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decoder.field(type, key, required: true) }

    // The standard library's defaults would report optional fields as required.
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try decoder.field(type, key, required: false)
    }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        try decoder.field(type, key, required: false)
    }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        try decoder.field(type, key, required: false)
    }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        try decoder.field(type, key, required: false)
    }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
        try decoder.field(type, key, required: false)
    }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        try decoder.field(type, key, required: false)
    }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? {
        try decoder.field(type, key, required: false)
    }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
        try decoder.field(type, key, required: false)
    }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
        try decoder.field(type, key, required: false)
    }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
        try decoder.field(type, key, required: false)
    }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? {
        try decoder.field(type, key, required: false)
    }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
        try decoder.field(type, key, required: false)
    }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
        try decoder.field(type, key, required: false)
    }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
        try decoder.field(type, key, required: false)
    }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
        try decoder.field(type, key, required: false)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        throw Unsupported()
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { throw Unsupported() }
    func superDecoder() throws -> any Decoder { throw Unsupported() }
    func superDecoder(forKey key: Key) throws -> any Decoder { throw Unsupported() }
}

/// An array: one element is enough to know the items' schema.
private struct UnkeyedTracer: UnkeyedDecodingContainer {
    let decoder: TracingDecoder
    var codingPath: [any CodingKey] { [] }
    var count: Int? { nil }
    var currentIndex = 0
    var isAtEnd: Bool { currentIndex > 0 }

    init(decoder: TracingDecoder) { self.decoder = decoder }

    mutating func next<T: Decodable>(_ type: T.Type) throws -> T {
        currentIndex += 1
        return try decoder.item(type)
    }

    mutating func decodeNil() throws -> Bool { false }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next(type) }
    mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type) }
    mutating func decode(_ type: String.Type) throws -> String { try next(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try next(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try next(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try next(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<
        NestedKey
    > {
        throw Unsupported()
    }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { throw Unsupported() }
    mutating func superDecoder() throws -> any Decoder { throw Unsupported() }
}

private struct SingleValueTracer: SingleValueDecodingContainer {
    let decoder: TracingDecoder
    var codingPath: [any CodingKey] { [] }

    func decodeNil() -> Bool { false }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.value(type) }
    func decode(_ type: Bool.Type) throws -> Bool { try decoder.value(type) }
    func decode(_ type: String.Type) throws -> String { try decoder.value(type) }
    func decode(_ type: Double.Type) throws -> Double { try decoder.value(type) }
    func decode(_ type: Float.Type) throws -> Float { try decoder.value(type) }
    func decode(_ type: Int.Type) throws -> Int { try decoder.value(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decoder.value(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decoder.value(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decoder.value(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decoder.value(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try decoder.value(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.value(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.value(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.value(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.value(type) }
}
