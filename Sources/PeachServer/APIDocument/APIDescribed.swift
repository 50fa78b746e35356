import Foundation

/// What the document says about a traced type's fields beyond their Swift types: descriptions,
/// bounds, formats. Each note names a field the type really decodes, or tracing fails.
protocol APIDescribed {
    /// Notes by field name; the empty name is the object itself.
    static var apiNotes: [String: APINote] { get }
}

/// Additions to one field's schema.
struct APINote {
    var schema: [String: Any] = [:]
    /// Documents the field as this type (a raw string that the server parses into an enumeration).
    var type: (any Decodable.Type)?
    /// Overrides what Swift says: a field the type decodes as optional only to answer its absence
    /// with a clear 400 is still required by the API.
    var required: Bool?

    static func describe(_ text: String) -> APINote { APINote(schema: ["description": text]) }

    static func `as`(_ type: any Decodable.Type) -> APINote { APINote(type: type) }

    static func bounds(_ range: ClosedRange<Double>) -> APINote {
        APINote(schema: ["minimum": range.lowerBound, "maximum": range.upperBound])
    }

    static func bounds(_ range: ClosedRange<Int>) -> APINote {
        APINote(schema: ["minimum": range.lowerBound, "maximum": range.upperBound])
    }

    static var required: APINote { APINote(required: true) }
    static var closed: APINote { APINote(schema: ["additionalProperties": false]) }

    func describe(_ text: String) -> APINote { merged(.describe(text)) }
    func bounds(_ range: ClosedRange<Double>) -> APINote { merged(.bounds(range)) }
    func bounds(_ range: ClosedRange<Int>) -> APINote { merged(.bounds(range)) }
    func with(_ key: String, _ value: Any) -> APINote { merged(APINote(schema: [key: value])) }
    var isRequired: APINote { merged(.required) }

    func merged(_ other: APINote) -> APINote {
        APINote(schema: schema.merging(other.schema) { $1 }, type: other.type ?? type, required: other.required ?? required)
    }
}
