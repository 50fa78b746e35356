import Foundation
import HTTPTypes
import Hummingbird
import PeachAudio
import PeachCore

/// One route set for every discipline, plus the routes of the two original disciplines as thin
/// aliases over it (existing clients keep working unchanged).
struct TrialRoutes {
    let service: TrialService
    let store: any TrainingDataStore
    let sounds: [SoundChoice]
    let synthesis: SynthesisSettings

    func add(to api: RouterGroup<BasicRequestContext>) {
        api.post("trials") { request, context in
            let discipline = try await request.decode(as: TrialRequest.self, context: context).parsed()
            return EditedResponse(status: .created, response: TrialResponse(await service.next(discipline), sounds: sounds, synthesis: synthesis))
        }
        api.post("trials/reserve") { request, context in
            let (discipline, count) = try await request.decode(as: ReserveRequest.self, context: context).parsed()
            let trials = await service.reserve(discipline, count: count)
            return EditedResponse(status: .created, response: ReserveResponse(
                trials: trials.map { TrialResponse($0, sounds: sounds, synthesis: synthesis) }))
        }
        api.post("trials/:id/answer") { request, context -> AnswerResponse in
            let id = try context.parameters.require("id")
            let body = try await request.decode(as: AnswerRequest.self, context: context)
            return try await answer(id, try body.parsed(), key: try Self.answerKey(request), age: try body.age())
        }
        api.get("rhythm/calibration") { _, _ in
            CalibrationPlan(clickSeconds: TapCalibration.clickSeconds(at: await service.tempo))
        }
        api.post("rhythm/calibration") { request, context -> CalibrationResponse in
            let calibration = try await request.decode(as: CalibrationRequest.self, context: context).parsed()
            return CalibrationResponse(latencyMs: calibration.latencyMs, tapsUsed: calibration.tapsUsed)
        }
        api.get("records") { request, _ -> RecordsResponse in
            let query = request.uri.queryParameters
            var discipline: Discipline?
            if let name = query["discipline"] {
                discipline = try TrialRequest(discipline: String(name)).parsed()
            }
            return try await records(discipline, limit: try query.boundedInt("limit", in: 1...10_000, default: 100))
        }

        // The original routes, each fixed to its discipline: (path, answer path, records path, discipline).
        let aliases: [(String, String, String, Discipline)] = [
            ("comparisons", "answer", "comparisons", .pitchComparison),
            ("pitch-matching", "result", "pitch-matching", .pitchMatching),
        ]
        for (path, answerPath, recordsPath, discipline) in aliases {
            api.post(RouterPath(path)) { _, _ in
                EditedResponse(status: .created, response: TrialResponse(await service.next(discipline), sounds: sounds, synthesis: synthesis))
            }
            api.post(RouterPath("\(path)/:id/\(answerPath)")) { request, context -> AnswerResponse in
                let id = try context.parameters.require("id")
                let body = try await request.decode(as: AnswerRequest.self, context: context)
                let given = try body.parsed()
                // Each alias takes only its own kind's answer, as it always did.
                guard given.kind == discipline.kind else {
                    throw HTTPError(.badRequest, message: "\(path) takes the answer of \(discipline.declaration.names.english): \(discipline.answerMethod.hint)")
                }
                return try await answer(id, given, key: try Self.answerKey(request), age: try body.age(), only: discipline.kind)
            }
            api.get(RouterPath("records/\(recordsPath)")) { request, _ -> RecordsResponse in
                try await records(discipline, limit: try request.uri.queryParameters.boundedInt("limit", in: 1...10_000, default: 100))
            }
        }
    }

    /// The `Idempotency-Key` header: the client's name for this answer, the same on every retry.
    static func answerKey(_ request: Request) throws -> AnswerKey? {
        guard let text = request.headers[HTTPField.Name("Idempotency-Key")!] else { return nil }
        guard let key = AnswerKey(rawValue: text) else {
            throw HTTPError(.badRequest, message: "Idempotency-Key must be \(AnswerKey.lengths.lowerBound) to \(AnswerKey.lengths.upperBound) letters, digits, - or _")
        }
        return key
    }

    private func answer(
        _ id: String, _ answer: TrialAnswer, key: AnswerKey?, age: Duration, only kind: Discipline.Kind? = nil
    ) async throws -> AnswerResponse {
        if let kind, let actual = await service.kind(of: id), actual != kind {
            throw HTTPError(.notFound, message: "no \(kind) trial with id \(id) is waiting for an answer")
        }
        // A kind's result may judge the answer against its trial (Fill the Gap lists each tap
        // judged): the trial is needed after its record exists.
        let trial = await service.openTrial(id)
        do throws(TrialService.AnswerError) {
            let record = try await service.answer(id, answer, key: key, age: age)
            return AnswerResponse(record: record, answer: answer, trial: trial)
        } catch {
            switch error {
            case .unknown: throw HTTPError(.notFound, message: "no trial with id \(id) is waiting for an answer")
            case .alreadyAnswered: throw HTTPError(.conflict, message: "trial \(id) has already been answered")
            case let .wrongKind(_, expected):
                throw HTTPError(.badRequest, message: "trial \(id) is \(expected.declaration.names.english): \(expected.answerMethod.hint)")
            case let .notSaved(reason): throw HTTPError(.serviceUnavailable, message: "the answer was not saved: \(reason)")
            }
        }
    }

    private func records(_ discipline: Discipline?, limit: Int) async throws -> RecordsResponse {
        do throws(DataStoreError) {
            return RecordsResponse(records: try await store.records(discipline, limit: limit).map(RecordResponse.init))
        } catch {
            throw HTTPError(.internalServerError, message: error.description)
        }
    }
}
