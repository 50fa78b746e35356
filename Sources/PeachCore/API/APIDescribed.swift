import Foundation

/// What the API document says about a traced type's fields beyond their Swift types:
/// descriptions, bounds, formats. Each note names a field the type really decodes, or tracing fails
/// (the server's `SchemaTracer`). Here, beside the types, so that a kind's API bodies describe
/// themselves in its own folder.
public protocol APIDescribed {
    /// Notes by field name; the empty name is the object itself.
    static var apiNotes: [String: APINote] { get }
}

/// Additions to one field's schema.
public struct APINote {
    public var schema: [String: Any] = [:]
    /// Documents the field as this type (a raw string that the server parses into an enumeration).
    public var type: (any Decodable.Type)?
    /// Overrides what Swift says: a field the type decodes as optional only to answer its absence
    /// with a clear 400 is still required by the API.
    public var required: Bool?

    public init(schema: [String: Any] = [:], type: (any Decodable.Type)? = nil, required: Bool? = nil) {
        self.schema = schema
        self.type = type
        self.required = required
    }

    public static func describe(_ text: String) -> APINote { APINote(schema: ["description": text]) }

    public static func `as`(_ type: any Decodable.Type) -> APINote { APINote(type: type) }

    public static func bounds(_ range: ClosedRange<Double>) -> APINote {
        APINote(schema: ["minimum": range.lowerBound, "maximum": range.upperBound])
    }

    public static func bounds(_ range: ClosedRange<Int>) -> APINote {
        APINote(schema: ["minimum": range.lowerBound, "maximum": range.upperBound])
    }

    public static var required: APINote { APINote(required: true) }
    public static var closed: APINote { APINote(schema: ["additionalProperties": false]) }

    public func describe(_ text: String) -> APINote { merged(.describe(text)) }
    public func bounds(_ range: ClosedRange<Double>) -> APINote { merged(.bounds(range)) }
    public func bounds(_ range: ClosedRange<Int>) -> APINote { merged(.bounds(range)) }
    public func with(_ key: String, _ value: Any) -> APINote { merged(APINote(schema: [key: value])) }
    public var isRequired: APINote { merged(.required) }

    public func merged(_ other: APINote) -> APINote {
        APINote(
            schema: schema.merging(other.schema) { $1 }, type: other.type ?? type, required: other.required ?? required)
    }
}
