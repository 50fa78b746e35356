import HTTPTypes

/// What the API document says about one route, declared with the route's handler in its table.
/// Its body's schema is the type the route decodes, its result's the type the handler returns,
/// its parameters the ones the handler may read.
struct APIOperation: Sendable {
    /// Who may call the route on a class server: anyone; a signed-in user whose password is their
    /// own; a teacher; or any session, also one signed in with a password handed out
    /// (`Account.mustChangePassword`), which may only change it. On the personal Peach, which has
    /// no accounts, anyone.
    enum Access: Sendable { case anyone, signedIn, teacher, anySession }

    var id: String
    var summary: String
    var parameters: [any DocumentedParameter]
    var requestBody: [APIMedia]
    var success: APIResponse
    var errors: [APIResponse]
    var access: Access
    /// Whether the route refuses a malformed body or parameter with 400: it reads some.
    var checksInput: Bool

    init(
        id: String, summary: String, parameters: [any DocumentedParameter], requestBody: [APIMedia],
        success: APIResponse,
        errors: [APIResponse], access: Access
    ) {
        self.id = id
        self.summary = summary
        self.parameters = parameters
        self.requestBody = requestBody
        self.success = success
        self.errors = errors
        self.access = access
        checksInput = !requestBody.isEmpty || !parameters.isEmpty
    }

    /// Every status the route may answer with, each once (the first declaration of it stands): its
    /// success, the refusals it declares, 400 where it checks its input, and what its access adds.
    var responses: [APIResponse] {
        var all: [APIResponse] = []
        func add(_ response: APIResponse) {
            if !all.contains(where: { $0.status == response.status }) { all.append(response) }
        }
        ([success] + errors).forEach(add)
        if checksInput { add(.error(.badRequest)) }
        if access != .anyone { add(.error(.unauthorized)) }
        if access == .signedIn || access == .teacher { add(.error(.forbidden)) }
        return all
    }

    func document(_ tracer: SchemaTracer) throws -> [String: Any] {
        var operation: [String: Any] = [
            "operationId": id, "summary": summary,
            "responses": Dictionary(
                uniqueKeysWithValues: try responses.map { (String($0.status.code), try $0.document(tracer)) }),
        ]
        if !parameters.isEmpty { operation["parameters"] = try parameters.map { try $0.document(tracer) } }
        if !requestBody.isEmpty {
            operation["requestBody"] = ["required": true, "content": try APIMedia.document(requestBody, tracer)]
        }
        if access != .anyone { operation["security"] = [["session": [String]()]] }
        return operation
    }
}
