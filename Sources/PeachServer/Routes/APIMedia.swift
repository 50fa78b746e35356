import Foundation

/// A body's media type: the header a route sends and what the document says the body is.
struct APIMedia: Sendable {
    /// As the document names it.
    let type: String
    /// As the `Content-Type` header says it.
    let contentType: String
    let schema: @Sendable (SchemaTracer) throws -> [String: Any]

    /// JSON of a type named in the document's schemas.
    static func json<T: Decodable>(_ type: T.Type) -> APIMedia {
        APIMedia(type: "application/json", contentType: "application/json; charset=utf-8") { tracer in
            let schema = try tracer.trace(type).schema
            guard schema["$ref"] != nil else {
                throw SchemaTracer.Failure("\(type) is a body but not a named schema (OpenAPIDocument.components)")
            }
            return schema
        }
    }

    static let svg = APIMedia(type: "image/svg+xml", contentType: "image/svg+xml; charset=utf-8") { _ in
        ["type": "string"]
    }
    static let csv = APIMedia(type: "text/csv", contentType: "text/csv; charset=utf-8") { _ in ["type": "string"] }
    static let wav = APIMedia(type: "audio/wav", contentType: "audio/wav") { _ in
        ["type": "string", "format": "binary"]
    }
    static let binary = APIMedia(type: "application/octet-stream", contentType: "application/octet-stream") { _ in
        ["type": "string", "format": "binary"]
    }

    /// The API document itself, a JSON object this document does not describe field by field.
    static let openAPIDocument = APIMedia(type: "application/json", contentType: "application/json") { _ in
        ["type": "object"]
    }

    static func document(_ media: [APIMedia], _ tracer: SchemaTracer) throws -> [String: Any] {
        try Dictionary(uniqueKeysWithValues: media.map { ($0.type, ["schema": try $0.schema(tracer)]) })
    }
}

/// A response header the document describes.
struct APIHeader: Sendable {
    let name: String
    var description: String?
    var type = "string"

    var document: [String: Any] {
        var header: [String: Any] = ["schema": ["type": type]]
        header["description"] = description
        return header
    }
}
