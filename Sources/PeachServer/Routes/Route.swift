import Hummingbird

/// One route of a route table: the handler Hummingbird calls and the operation the API document
/// lists, made from one declaration. The request body's schema is the type the route decodes, the
/// result's the type the handler returns, and the status the route declares is the one it sends.
struct Route<Table: RouteTable>: Sendable {
    typealias Handler<Body: Sendable, Result> =
        @Sendable (Table) -> @Sendable (RouteRequest<Body, Table.Context>) async throws -> Result

    let method: HTTPRequest.Method
    /// Below `/api/`, with `{name}` for each path parameter (Hummingbird and OpenAPI spell them alike).
    let path: String
    let operation: APIOperation
    let respond: @Sendable (Table, Request, Table.Context) async throws -> Response

    /// A route answering with JSON: the handler's result, with `status`. `accepts` names a body
    /// the handler reads itself (a route with a JSON body declares its type as `Body` instead).
    init<Body: Decodable & Sendable, Result: ResponseEncodable & Decodable>(
        _ method: HTTPRequest.Method, _ path: String, _ id: String, _ summary: String,
        status: HTTPResponse.Status = .ok,
        returns description: String, accepts: [APIMedia] = [], parameters: [any DocumentedParameter] = [],
        errors: [APIResponse] = [], access: APIOperation.Access = .anyone, _ handler: @escaping Handler<Body, Result>
    ) {
        self.init(
            method, path,
            APIOperation(
                id: id, summary: summary, parameters: parameters, requestBody: accepts,
                success: APIResponse(status: status, description: description, content: [.json(Result.self)]),
                errors: errors,
                access: access),
            handler
        ) { result, request, context in
            var response = try result.response(from: request, context: context)
            response.status = status
            return response
        }
    }

    /// A route answering with `status` and no body.
    init<Body: Decodable & Sendable>(
        _ method: HTTPRequest.Method, _ path: String, _ id: String, _ summary: String,
        status: HTTPResponse.Status = .noContent,
        returns description: String, parameters: [any DocumentedParameter] = [], errors: [APIResponse] = [],
        access: APIOperation.Access = .anyone, _ handler: @escaping Handler<Body, Void>
    ) {
        self.init(
            method, path,
            APIOperation(
                id: id, summary: summary, parameters: parameters, requestBody: [],
                success: APIResponse(status: status, description: description), errors: errors, access: access),
            handler
        ) { _, _, _ in Response(status: status) }
    }

    /// A route answering with a body of `media` (nil: none) and headers of its own; `accepts` names
    /// a body the handler reads itself.
    init<Body: Decodable & Sendable>(
        _ method: HTTPRequest.Method, _ path: String, _ id: String, _ summary: String,
        status: HTTPResponse.Status = .ok,
        returns description: String, media: APIMedia?, headers: [APIHeader] = [], accepts: [APIMedia] = [],
        parameters: [any DocumentedParameter] = [], errors: [APIResponse] = [], access: APIOperation.Access = .anyone,
        _ handler: @escaping Handler<Body, MediaResponse>
    ) {
        self.init(
            method, path,
            APIOperation(
                id: id, summary: summary, parameters: parameters, requestBody: accepts,
                success: APIResponse(
                    status: status, description: description, content: media.map { [$0] } ?? [], headers: headers),
                errors: errors, access: access),
            handler
        ) { result, _, _ in
            var headers = result.headers
            if let media { headers[.contentType] = media.contentType }
            return Response(status: status, headers: headers, body: result.body)
        }
    }

    private init<Body: Decodable & Sendable, Result>(
        _ method: HTTPRequest.Method, _ path: String, _ operation: APIOperation,
        _ handler: @escaping Handler<Body, Result>,
        _ response: @escaping @Sendable (Result, Request, Table.Context) throws -> Response
    ) {
        var operation = operation
        let decodes = Body.self != NoBody.self
        if decodes {
            operation.requestBody = [.json(Body.self)]
            operation.checksInput = true
        }
        let declared = Set(operation.parameters.map { RouteRequest<Body, Table.Context>.key($0.location, $0.name) })
        let access = operation.access
        self.method = method
        self.path = path
        self.operation = operation
        respond = { table, request, context in
            try context.allow(access)
            let body = decodes ? try await request.decode(as: Body.self, context: context) : NoBody() as! Body
            let input = RouteRequest(request: request, context: context, body: body, declared: declared, access: access)
            return try response(try await handler(table)(input), request, context)
        }
    }

    func add(to group: RouterGroup<Table.Context>, table: Table) {
        let respond = respond
        group.on(RouterPath(path), method: method) { request, context in try await respond(table, request, context) }
    }
}

/// The body of a route that decodes none.
struct NoBody: Decodable, Sendable {}

/// A body sent as the route's declared media type, with headers of the handler's own.
struct MediaResponse: Sendable {
    var body: ResponseBody
    var headers: HTTPFields = [:]
}
