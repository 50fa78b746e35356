import HTTPTypes

/// One status a route answers with, as the document lists it.
struct APIResponse: Sendable {
    let status: HTTPResponse.Status
    /// nil: the shared error response (`#/components/responses/Error`).
    var description: String?
    var content: [APIMedia] = []
    var headers: [APIHeader] = []

    /// A refusal with the usual error body.
    static func error(_ status: HTTPResponse.Status) -> APIResponse { APIResponse(status: status) }

    /// A refusal that says more than the shared description.
    static func error(_ status: HTTPResponse.Status, _ description: String, headers: [APIHeader] = []) -> APIResponse {
        APIResponse(status: status, description: description, content: [.json(ErrorBody.self)], headers: headers)
    }

    func document(_ tracer: SchemaTracer) throws -> [String: Any] {
        guard let description else { return ["$ref": "#/components/responses/Error"] }
        var response: [String: Any] = ["description": description]
        if !content.isEmpty { response["content"] = try APIMedia.document(content, tracer) }
        if !headers.isEmpty {
            response["headers"] = Dictionary(uniqueKeysWithValues: headers.map { ($0.name, $0.document) })
        }
        return response
    }
}
