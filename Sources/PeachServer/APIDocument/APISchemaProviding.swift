import Foundation

/// A type that states its own schema instead of being traced field by field: enumerations, values
/// that validate what they decode, JSON shapes Swift cannot trace (`null`, maps, `oneOf`).
protocol APISchemaProviding: Decodable {
    /// The schema, and a value the tracer can hand back to whoever decodes this type.
    static func apiSchema(_ tracer: SchemaTracer) throws -> (placeholder: Self, schema: [String: Any])
}

/// A string enumeration: the document lists exactly the Swift cases.
protocol APIEnumeration: APISchemaProviding, CaseIterable, RawRepresentable where RawValue == String {}

extension APIEnumeration {
    static func apiSchema(_ tracer: SchemaTracer) throws -> (placeholder: Self, schema: [String: Any]) {
        guard let first = allCases.first else { throw SchemaTracer.Failure("\(Self.self) has no cases") }
        return (first, ["type": "string", "enum": allCases.map(\.rawValue)])
    }
}

extension Dictionary: APISchemaProviding where Key == String, Value: Decodable {
    static func apiSchema(_ tracer: SchemaTracer) throws -> (placeholder: Self, schema: [String: Any]) {
        ([:], ["type": "object", "additionalProperties": try tracer.trace(Value.self).schema])
    }
}
