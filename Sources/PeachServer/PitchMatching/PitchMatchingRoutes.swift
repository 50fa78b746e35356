import Foundation
import Hummingbird
import PeachCore

struct PitchMatchingRoutes {
    let service: PitchMatchingService
    let store: any TrainingDataStore

    func add(to api: RouterGroup<BasicRequestContext>) {
        api.post("pitch-matching") { _, _ in
            EditedResponse(status: .created, response: PitchMatchingChallengeResponse(await service.next()))
        }
        api.post("pitch-matching/:id/result") { request, context -> PitchMatchingResultResponse in
            let id = try context.parameters.require("id")
            let value = try await request.decode(as: PitchMatchingResultRequest.self, context: context).sliderValue()
            do throws(PitchMatchingService.CommitError) {
                return PitchMatchingResultResponse(try await service.commit(id, at: value, timestamp: Date()))
            } catch {
                switch error {
                case .unknown: throw HTTPError(.notFound, message: "no pitch-matching challenge with id \(id) is waiting for a result")
                case .alreadyCommitted: throw HTTPError(.conflict, message: "pitch-matching challenge \(id) has already been committed")
                case let .notSaved(reason): throw HTTPError(.serviceUnavailable, message: "the result was not saved: \(reason)")
                }
            }
        }
        api.get("records/pitch-matching") { request, _ -> PitchMatchingRecordsResponse in
            let limit = try request.uri.queryParameters.boundedInt("limit", in: 1...10_000, default: 100)
            do throws(DataStoreError) {
                let records = try await store.pitchMatchings(limit: limit)
                return PitchMatchingRecordsResponse(records: records.map(PitchMatchingRecordResponse.init))
            } catch {
                throw HTTPError(.internalServerError, message: error.description)
            }
        }
    }
}
