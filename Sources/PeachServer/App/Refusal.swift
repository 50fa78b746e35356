import Foundation
import Hummingbird

/// A refusal a person reads: its status, a code the page translates (the page never shows the
/// English `message`, which is for curl and logs), and the numbers its sentence needs.
struct Refusal: Error, HTTPResponseError, Equatable {
    let status: HTTPResponse.Status
    let code: RefusalCode
    let message: String
    var values = Values()
    var headers: HTTPFields = [:]

    /// What a translated sentence fills in; absent where it needs none.
    struct Values: Equatable {
        var retryAfter: Int?
        var minimum: Double?
        var maximum: Double?
        var reason: String?
        var task: Int?
        var setting: String?
        var given: String?
    }

    init(
        _ status: HTTPResponse.Status, _ code: RefusalCode, _ message: String, values: Values = Values(),
        headers: HTTPFields = [:]
    ) {
        self.status = status
        self.code = code
        self.message = message
        self.values = values
        self.headers = headers
    }

    var body: ErrorBody {
        ErrorBody(
            error: .init(
                message: message, code: code, retryAfter: values.retryAfter, minimum: values.minimum,
                maximum: values.maximum, reason: values.reason, task: values.task, setting: values.setting,
                given: values.given))
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        var response = try context.responseEncoder.encode(body, from: request, context: context)
        response.status = status
        response.headers.append(contentsOf: headers)
        return response
    }
}
