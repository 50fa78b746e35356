import Foundation
import Hummingbird

/// A refusal a person reads: its status, a code the page translates (the page never shows the
/// English `message`, which is for curl and logs), and the numbers its sentence needs.
struct Refusal: Error, HTTPResponseError, Equatable {
    let status: HTTPResponse.Status
    /// The body's `error`: the code, the English message and the values its translation fills in.
    let detail: ErrorBody.Detail
    var headers: HTTPFields = [:]

    var code: RefusalCode? { detail.code }
    var message: String { detail.message }

    /// `values` sets what a translated sentence fills in; none where it needs none.
    init(
        _ status: HTTPResponse.Status, _ code: RefusalCode, _ message: String, headers: HTTPFields = [:],
        values: (inout ErrorBody.Detail) -> Void = { _ in }
    ) {
        var detail = ErrorBody.Detail(message: message, code: code)
        values(&detail)
        self.status = status
        self.detail = detail
        self.headers = headers
    }

    static func == (lhs: Refusal, rhs: Refusal) -> Bool {
        lhs.status == rhs.status && lhs.detail == rhs.detail && lhs.headers == rhs.headers
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        var response = try context.responseEncoder.encode(ErrorBody(error: detail), from: request, context: context)
        response.status = status
        response.headers.append(contentsOf: headers)
        return response
    }
}
