import Foundation
import Hummingbird
import PeachCore

struct ComparisonRoutes {
    let service: ComparisonService
    let store: any TrainingDataStore

    func add(to api: RouterGroup<BasicRequestContext>) {
        api.post("comparisons") { _, _ in
            EditedResponse(status: .created, response: ComparisonResponse(await service.next()))
        }
        api.post("comparisons/:id/answer") { request, context -> AnswerResponse in
            let id = try context.parameters.require("id")
            let body = try await request.decode(as: AnswerRequest.self, context: context)
            do throws(ComparisonService.AnswerError) {
                let completed = try await service.answer(id, body.answer, at: Date())
                return AnswerResponse(isCorrect: completed.isCorrect, centOffset: completed.note2CentOffset.rawValue)
            } catch {
                switch error {
                case .unknown: throw HTTPError(.notFound, message: "no comparison with id \(id) is waiting for an answer")
                case .alreadyAnswered: throw HTTPError(.conflict, message: "comparison \(id) has already been answered")
                case let .notSaved(reason): throw HTTPError(.serviceUnavailable, message: "the answer was not saved: \(reason)")
                }
            }
        }
        api.get("records/comparisons") { request, _ -> ComparisonRecordsResponse in
            let limit = try request.uri.queryParameters.boundedInt("limit", in: 1...10_000, default: 100)
            do throws(DataStoreError) {
                let records = try await store.comparisons(limit: limit)
                return ComparisonRecordsResponse(records: records.map(ComparisonRecordResponse.init))
            } catch {
                throw HTTPError(.internalServerError, message: error.description)
            }
        }
    }
}
