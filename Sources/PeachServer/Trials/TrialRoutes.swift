import Foundation
import HTTPTypes
import Hummingbird
import Logging
import PeachAudio
import PeachCore

/// One route set for every discipline, plus the routes of the two original disciplines as thin
/// aliases over it (existing clients keep working unchanged).
struct TrialRoutes: RouteTable {
    let service: TrialService
    let store: any TrainingDataStore
    let sounds: [SoundChoice]
    let synthesis: SynthesisSettings
    let offered: Set<Discipline>
    let logger: Logger
    let settings: SettingsService
    let assignments: UserAssignments?

    init(_ services: AppServices) {
        service = services.trials
        store = services.store
        sounds = services.sounds
        synthesis = services.synthesis
        offered = services.offered
        logger = services.logger
        settings = services.settings
        assignments = services.assignments
    }

    /// The task's draw when a trial is asked for one: it must be the user's and of this discipline.
    func draw(_ task: Int64?, of discipline: Discipline) async throws -> TrialService.TaskDraw? {
        guard let task else { return nil }
        let found: (AssignmentTask, TrialService.TaskDraw)?
        do {
            found = try await assignments?.draw(task, settings: settings)
        } catch {
            logger.error("assignment task not read", metadata: ["task": "\(task)", "error": "\(error)"])
            throw HTTPError(.serviceUnavailable, message: "the assignment could not be read; try again")
        }
        guard let (assigned, draw) = found else {
            throw HTTPError(.notFound, message: "no assignment task \(task) of yours")
        }
        guard assigned.discipline == discipline else {
            throw HTTPError(.badRequest, message: "task \(task) trains \(assigned.discipline), not \(discipline)")
        }
        return draw
    }

    /// The discipline, when this server trains it.
    func offering(_ discipline: Discipline) throws -> Discipline {
        guard offered.contains(discipline) else {
            let names = Discipline.allCases.filter(offered.contains).map(\.rawValue).joined(separator: ", ")
            throw HTTPError(.badRequest, message: "\(discipline) is not offered on this server; it offers \(names)")
        }
        return discipline
    }

    static let trialID = APIParameter.pathText("id")
    /// The client's name for this answer, the same on every retry: a retry gets the stored result.
    static let answerKey = APIParameter<AnswerKey?>(
        name: "Idempotency-Key", location: .header,
        description:
            "The client's name for this answer, the same on every retry: a retry is answered with the stored result.",
        absent: .some(nil),
        schema: { _ in
            [
                "type": "string", "pattern": "^[A-Za-z0-9_-]+$", "minLength": AnswerKey.lengths.lowerBound,
                "maxLength": AnswerKey.lengths.upperBound,
            ]
        },
        expected: "\(AnswerKey.lengths.lowerBound) to \(AnswerKey.lengths.upperBound) letters, digits, - or _",
        // A closure literal typed `AnswerKey??` would wrap a refused key (nil) as an absent one (.some(nil)).
        parse: { AnswerKey(rawValue: $0).map(Optional.some) }, documentedDefault: nil)
    /// Asked by a client that trains on at once: the answer's response carries the next trial.
    static let wantsNext = APIParameter.flag("next").described(
        "true: the response carries the discipline's next trial (`next`), drawn after this answer moved its chain on.")
    static let discipline = APIParameter.choice("discipline", Discipline.self).optional
    static let limit = APIParameter.integer("limit", in: 1...10_000, default: 100)

    static var routes: [Route<Self>] {
        [
            Route(
                .post, "trials", "nextTrial",
                "The next trial of a discipline: a comparison (higher/lower), a matching trial (slider or voice), Compare Timing (early/late) or Fill the Gap (taps)",
                status: .created, returns: "A new trial awaiting an answer.", errors: [notStored, noSuchTask],
                Self.nextTrial),
            Route(
                .post, "trials/reserve", "reserveTrials",
                "Trials for a client to train on while it cannot reach the server; each is answered later like any other",
                status: .created,
                returns:
                    "The reserve: count new trials (a session's worth without one), each awaiting an answer (a comparison chain's all at its current difference).",
                errors: [notStored, noSuchTask], Self.reserve),
            Route(
                .post, "trials/{id}/answer", "answerTrial",
                "Answer a trial with its kind's answer; the record is durably stored before the response",
                returns: "Stored and judged.", parameters: [trialID, answerKey, wantsNext], errors: answerRefusals,
                Self.answerTrial),
            Route(
                .get, "trials/disagreements", "trialDisagreements",
                "How many answers' shown results the server judged otherwise since it started",
                returns: "The count.", Self.disagreements),
            Route(
                .get, "rhythm/calibration", "rhythmCalibrationPlan",
                "The clicks to tap along with for the calibration: 16, a beat apart at the tempo setting",
                returns: "The clicks.", Self.calibrationPlan),
            Route(
                .post, "rhythm/calibration", "rhythmCalibration",
                "The tap latency of a device: the median of (tap − nearest click) over taps within half the click spacing",
                returns: "The latency to subtract from this device's taps.", Self.calibration),
            Route(
                .get, "records", "records", "Stored records of one discipline or all, newest first",
                returns: "Newest first.", parameters: [discipline, limit], errors: [.error(.serviceUnavailable)],
                Self.storedRecords),
        ] + aliases
    }

    /// No trial is handed out that the database could not keep.
    static let notStored = APIResponse.error(
        .serviceUnavailable,
        "No trial was handed out: the database could not store it (a full disk); Retry-After says when to ask again.",
        headers: [APIHeader(name: "Retry-After", type: "integer")])

    /// A `task` that is not one of the user's assignment tasks (none on the personal Peach).
    static let noSuchTask = APIResponse.error(.notFound, "The task is not one of my assignment tasks.")

    /// An unknown or expired trial, one answered already, an answer not saved.
    static let answerRefusals: [APIResponse] = [
        .error(.notFound), .error(.conflict),
        .error(
            .unprocessableContent,
            "The Idempotency-Key was sent before with another trial or answer; nothing was saved."),
        .error(.serviceUnavailable),
    ]

    func nextTrial(_ input: Input<TrialRequest>) async throws -> TrialResponse {
        let discipline = try offering(try input.body.parsed())
        let task = try await draw(input.body.task, of: discipline)
        return TrialResponse(
            try await issued { try await service.next(discipline, for: task) }, sounds: sounds, synthesis: synthesis)
    }

    /// How long a client waits before asking again after a 503: a full disk is seen again at the
    /// next write, and a few seconds let the space come back (`GroupCommitWriter`).
    static let retryAfterSeconds = 5

    /// 503 with Retry-After when the store could not keep a trial (TrialService logged why): a
    /// trial handed out anyway would answer 404 after a restart, and its answer would not be saved.
    func issued<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch is TrialService.NotStored {
            throw HTTPError(
                .serviceUnavailable, headers: [.retryAfter: String(Self.retryAfterSeconds)],
                message:
                    "no trial was handed out: the database could not store it; try again in \(Self.retryAfterSeconds) s"
            )
        }
    }

    func reserve(_ input: Input<ReserveRequest>) async throws -> ReserveResponse {
        let (discipline, count) = try input.body.parsed()
        let offered = try offering(discipline)
        let task = try await draw(input.body.task, of: offered)
        // The first trial's timing says how many make a session.
        let first = TrialResponse(
            try await issued { try await service.next(offered, for: task) }, sounds: sounds, synthesis: synthesis)
        let sessionSize = first.session.map(ReserveSize.trials(for:)) ?? 1
        // A measurement places each trial from the answers before it: reserved trials would all be
        // at one difference, and drawing 900 of them cost a debug server 16.6 s. It has none.
        let rest =
            offered.trainingKind.measures(offered)
            ? [] : try await issued { try await service.reserve(offered, count: (count ?? sessionSize) - 1, for: task) }
        return ReserveResponse(
            trials: [first] + rest.map { TrialResponse($0, sounds: sounds, synthesis: synthesis) },
            sessionSize: sessionSize, validSeconds: TrialService.answerAgeLimit.seconds)
    }

    func answerTrial(_ input: Input<AnswerRequest>) async throws -> AnswerResponse {
        try await answer(
            try input[Self.trialID], try input.body.parsed(), key: try input[Self.answerKey], age: try input.body.age(),
            next: try input[Self.wantsNext], shown: try input.body.shown)
    }

    func disagreements(_: Input<NoBody>) async -> DisagreementsResponse {
        DisagreementsResponse(disagreements: await service.disagreements)
    }

    func calibrationPlan(_: Input<NoBody>) async -> CalibrationPlan {
        CalibrationPlan(clickSeconds: TapCalibration.clickSeconds(at: await service.tempo))
    }

    func calibration(_ input: Input<CalibrationRequest>) throws -> CalibrationResponse {
        let calibration = try input.body.parsed()
        return CalibrationResponse(latencyMs: calibration.latencyMs, tapsUsed: calibration.tapsUsed)
    }

    func storedRecords(_ input: Input<NoBody>) async throws -> RecordsResponse {
        try await records(try input[Self.discipline], limit: try input[Self.limit])
    }

    func answer(
        _ id: String, _ answer: TrialAnswer, key: AnswerKey?, age: Duration, only kind: Discipline.Kind? = nil,
        next: Bool = false, shown: ShownJudgement? = nil
    ) async throws -> AnswerResponse {
        if let kind, let actual = await service.kind(of: id), actual != kind {
            throw HTTPError(.notFound, message: "no \(kind) trial with id \(id) is waiting for an answer")
        }
        // A kind's result may judge the answer against its trial (Fill the Gap lists each tap
        // judged), and a task's next trial is the task's: the trial is needed after its record exists.
        let open = await service.openTrial(id)
        do throws(TrialService.AnswerError) {
            let record = try await service.answer(id, answer, key: key, age: age)
            let response = AnswerResponse(
                record: record, answer: answer, trial: open?.trial,
                next: next ? await nextTrial(after: record, task: open?.task) : nil)
            if let shown { await compare(shown, with: response, trial: id, discipline: record.discipline) }
            return response
        } catch {
            switch error {
            case .unknown: throw HTTPError(.notFound, message: "no trial with id \(id) is waiting for an answer")
            case .alreadyAnswered: throw HTTPError(.conflict, message: "trial \(id) has already been answered")
            case .wrongKind(_, let expected):
                throw HTTPError(
                    .badRequest,
                    message: "trial \(id) is \(expected.declaration.names.english): \(expected.answerMethod.hint)")
            case .keyReused(let key):
                throw HTTPError(
                    .unprocessableContent,
                    message:
                        "the Idempotency-Key \(key.rawValue) was sent with another trial or answer; a retry sends the same again, a new answer a new key"
                )
            // TrialService logged why; the client keeps the answer and retries.
            case .notSaved:
                throw HTTPError(
                    .serviceUnavailable, headers: [.retryAfter: String(Self.retryAfterSeconds)],
                    message: "the answer was not saved: the database could not be written")
            }
        }
    }

    /// The page judged by other rules than the server's: logged with both judgements, and counted.
    private func compare(_ shown: ShownJudgement, with response: AnswerResponse, trial: String, discipline: Discipline)
        async
    {
        // The result only: the next trial beside it is no judgement.
        guard case .object(var fields) = try? ShownJudgement(of: response) else { return }
        fields["next"] = nil
        let judged = ShownJudgement.object(fields)
        guard !shown.agrees(with: judged) else { return }
        await service.disagreed()
        logger.warning(
            "the page showed another judgement than the server's",
            metadata: [
                "trial": "\(trial)", "discipline": "\(discipline.rawValue)", "page": "\(shown)", "server": "\(judged)",
            ])
    }

    /// Drawn after the answer is stored, so that the chain holds it. A trial the store cannot keep
    /// is left out, not an error: the answer is stored, and the client asks for its next trial.
    /// A task's trial is followed by the task's next (its settings, counted for it); none when the
    /// task is no longer the user's.
    private func nextTrial(after record: TrainingRecord, task: Int64?) async -> TrialResponse? {
        guard offered.contains(record.discipline) else { return nil }
        let draw: TrialService.TaskDraw?
        do {
            draw = try await self.draw(task, of: record.discipline)
        } catch {
            return nil
        }
        guard let issued = try? await service.next(record.discipline, for: draw) else { return nil }
        return TrialResponse(issued, sounds: sounds, synthesis: synthesis)
    }

    func records(_ discipline: Discipline?, limit: Int) async throws -> RecordsResponse {
        do throws(DataStoreError) {
            return RecordsResponse(records: try await store.records(discipline, limit: limit).map(RecordResponse.init))
        } catch {
            throw error.unavailable("the records could not be read", logger: logger)
        }
    }
}
