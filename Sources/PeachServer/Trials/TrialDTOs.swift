import Foundation
import Hummingbird
import PeachAudio
import PeachCore

/// `POST /api/trials` with `{"discipline": …}`.
struct TrialRequest: Decodable, APIDescribed {
    let discipline: String?
    var task: Int64? = nil

    static var apiNotes: [String: APINote] {
        ["discipline": APINote.as(Discipline.self).isRequired, "task": TrialRequest.taskNote]
    }

    static var taskNote: APINote {
        APINote.describe(
            "On a class server: an assignment task of mine (GET /api/assignments). The trial is drawn with the task's settings over mine, which stay unchanged, and its answer counts for the task; the task's discipline must be this one."
        )
    }

    func parsed() throws -> Discipline {
        let names = Discipline.allCases.map(\.rawValue).joined(separator: ", ")
        guard let discipline else { throw HTTPError(.badRequest, message: "discipline is missing: one of \(names)") }
        guard let value = Discipline(rawValue: discipline) else {
            throw HTTPError(.badRequest, message: "discipline must be one of \(names), got '\(discipline)'")
        }
        return value
    }
}

/// A reserve of trials for a client that loses the network: it trains on with them and sends
/// the answers when it is back. Without a count, the server draws a session's worth
/// (`ReserveSize`).
struct ReserveRequest: Decodable, APIDescribed {
    static let counts = 1...50

    let discipline: String?
    let count: Int?
    var task: Int64? = nil

    static var apiNotes: [String: APINote] {
        [
            "discipline": APINote.as(Discipline.self).isRequired, "task": TrialRequest.taskNote,
            "count": APINote.bounds(counts).merged(.describe("Absent: enough trials for a 30-minute session offline.")),
        ]
    }

    func parsed() throws -> (Discipline, Int?) {
        let discipline = try TrialRequest(discipline: discipline).parsed()
        guard let count else { return (discipline, nil) }
        guard Self.counts.contains(count) else {
            throw HTTPError(
                .badRequest,
                message: "count must be a whole number from \(Self.counts.lowerBound) to \(Self.counts.upperBound)")
        }
        return (discipline, count)
    }
}

/// The trials of a reserve, each open for its answer like any other.
struct ReserveResponse: ResponseEncodable, Decodable, APIDescribed {
    let trials: [TrialResponse]
    /// A session's worth of this discipline's trials: the client tops its reserve up towards it.
    let sessionSize: Int
    let validSeconds: Double

    static var apiNotes: [String: APINote] {
        [
            "sessionSize": .describe(
                "How many trials of this discipline last a 30-minute session offline at today's settings (ReserveSize)."
            ),
            "validSeconds": .describe(
                "How long each trial waits for its answer; a client drops reserved trials older than this unplayed."),
        ]
    }
}

/// How many trials a 30-minute session offline takes: as many as a quick user goes through.
enum ReserveSize {
    static let session = Duration.seconds(30 * 60)
    /// The quickest an answer comes once answers open.
    static let quickAnswer = 0.5
    /// A trial never goes by faster than this, whatever its timing says (Fill the Gap opens at once).
    static let shortestTrial = 2.0

    static func trials(for session: TrialSession) -> Int {
        let perTrial = max(shortestTrial, session.answersOpenSeconds + quickAnswer + session.feedbackSeconds)
        return Int((Self.session.seconds / perTrial).rounded(.up))
    }
}

/// A trial of one kind as the client receives it: what every trial says — its id, discipline and
/// session rules, and for a kind that plays notes the sound and synthesis to play them with — and
/// its kind's own fields (`TrainingKind.trialBody`), in one flat object.
struct KindTrialResponse<Kind: TrainingKind>: Codable, Sendable, APIDescribed {
    let id: String
    let discipline: Discipline
    /// The assignment task it was drawn for; absent for the user's own training.
    let task: Int64?
    let sound: TrialSoundDTO?
    let synthesis: SynthesisDTO?
    let session: TrialSession
    /// The result of each answer the trial can take, judged here as its answer will be: the page
    /// shows it at the tap and sends the answer in the background (nil for a kind answered with a
    /// value, `TrainingKind.choices`).
    let outcomes: [TrialOutcome<Kind.ResultBody>]?
    let body: Kind.TrialBody

    init(_ issued: TrialService.Issued, _ trial: Kind.Trial, sounds: [SoundChoice], synthesis: SynthesisSettings) {
        id = issued.id
        discipline = trial.discipline
        task = issued.task
        sound =
            Kind.playsNotes ? TrialSoundDTO(chosen: issued.settings.soundSource, kind: Kind.self, sounds: sounds) : nil
        self.synthesis = Kind.playsNotes ? SynthesisDTO(synthesis) : nil
        var session = Kind.session(trial, settings: issued.settings)
        session.midi = Kind.midi(trial)
        self.session = session
        let outcomes = Kind.choices(trial).sorted { $0.key < $1.key }.compactMap { field, answer in
            Kind.judge(trial, answer, at: issued.issuedAt).map {
                TrialOutcome(answer: field, result: Kind.result($0, answer: answer, trial: trial))
            }
        }
        self.outcomes = outcomes.isEmpty ? nil : outcomes
        body = Kind.trialBody(trial, settings: issued.settings)
    }

    private enum CodingKeys: String, CodingKey {
        case id, discipline, task, sound, synthesis, session, outcomes
    }

    init(from decoder: any Decoder) throws {
        let header = try decoder.container(keyedBy: CodingKeys.self)
        id = try header.decode(String.self, forKey: .id)
        discipline = try header.decode(Discipline.self, forKey: .discipline)
        task = try header.decodeIfPresent(Int64.self, forKey: .task)
        sound = Kind.playsNotes ? try header.decode(TrialSoundDTO.self, forKey: .sound) : nil
        synthesis = Kind.playsNotes ? try header.decode(SynthesisDTO.self, forKey: .synthesis) : nil
        session = try header.decode(TrialSession.self, forKey: .session)
        outcomes = try header.decodeIfPresent([TrialOutcome<Kind.ResultBody>].self, forKey: .outcomes)
        body = try Kind.TrialBody(from: decoder)
    }

    func encode(to encoder: any Encoder) throws {
        var header = encoder.container(keyedBy: CodingKeys.self)
        try header.encode(id, forKey: .id)
        try header.encode(discipline, forKey: .discipline)
        try header.encodeIfPresent(task, forKey: .task)
        try header.encodeIfPresent(sound, forKey: .sound)
        try header.encodeIfPresent(synthesis, forKey: .synthesis)
        try header.encode(session, forKey: .session)
        try header.encodeIfPresent(outcomes, forKey: .outcomes)
        try body.encode(to: encoder)
    }

    static var apiNotes: [String: APINote] {
        Kind.TrialBody.apiNotes.merging([
            "": .closed,
            "task": .describe(
                "The assignment task it was drawn for (with the task's settings), for which its answer counts; absent for my own training."
            ),
            "outcomes": .describe(
                "For a kind answered by choosing: the result each answer would get, as the answer's response says it (absent for a kind answered with a value)."
            ),
        ]) { $0.merged($1) }
    }
}

/// What one answer to a trial would be judged.
struct TrialOutcome<Result: Codable & Sendable>: Codable, Sendable, APIDescribed {
    /// The value of the answer's `answer` field.
    let answer: String
    let result: Result

    static var apiNotes: [String: APINote] { ["": .closed] }
}

/// 201 from `POST /api/trials` (and its aliases): everything the client needs to play the trial,
/// in its kind's shape; documented as `oneOf` every kind's.
struct TrialResponse: ResponseEncodable, APISchemaProviding, Sendable {
    private let body: any Encodable & Sendable
    /// The trial's timing, which sizes a reserve.
    let session: TrialSession?

    init(_ issued: TrialService.Issued, sounds: [SoundChoice], synthesis: SynthesisSettings) {
        (body, session) = Self.body(issued.trial.value, issued, sounds: sounds, synthesis: synthesis)
    }

    private static func body<Value: KindTrial>(
        _ trial: Value, _ issued: TrialService.Issued, sounds: [SoundChoice], synthesis: SynthesisSettings
    ) -> (any Encodable & Sendable, TrialSession) {
        let response = KindTrialResponse<Value.Kind>(issued, trial, sounds: sounds, synthesis: synthesis)
        return (response, response.session)
    }

    private init(body: any Encodable & Sendable) {
        self.body = body
        session = nil
    }

    func encode(to encoder: any Encoder) throws { try body.encode(to: encoder) }

    /// Only the schema tracer decodes a trial; it takes the first kind's shape as its placeholder.
    init(from decoder: any Decoder) throws {
        body = try Self.decode(TrainingKinds.all[0], from: decoder)
        session = nil
    }

    private static func decode<Kind: TrainingKind>(_ kind: Kind.Type, from decoder: any Decoder) throws -> any Encodable
        & Sendable
    {
        try KindTrialResponse<Kind>(from: decoder)
    }

    static func apiSchema(_ tracer: SchemaTracer) throws -> (placeholder: Self, schema: [String: Any]) {
        let first = try Self.trace(TrainingKinds.all[0], tracer)
        return (
            TrialResponse(body: first.value), ["oneOf": try TrainingKinds.all.map { try Self.trace($0, tracer).schema }]
        )
    }

    private static func trace<Kind: TrainingKind>(_ kind: Kind.Type, _ tracer: SchemaTracer) throws -> (
        value: any Encodable & Sendable, schema: [String: Any]
    ) {
        let traced = try tracer.trace(KindTrialResponse<Kind>.self)
        return (traced.value, traced.schema)
    }
}

/// `POST /api/trials/{id}/answer`: the fields of one kind's answer (`TrainingKind.AnswerBody`:
/// `{"answer": "higher"|"lower"|"early"|"late"}`, `{"normalizedValue": v}`, `{"sungCents": c}`,
/// `{"tapSeconds": [...]}`), and when the user answered.
struct AnswerRequest: Decodable, APIDescribed {
    let answeredSecondsAgo: Double?
    /// What the page showed for the answer, when it judged it at the tap.
    let shown: ShownJudgement?
    /// Every kind's reading of the body.
    private let bodies: [any KindAnswerBody]

    private enum CodingKeys: String, CodingKey {
        case answeredSecondsAgo, shown
    }

    init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        answeredSecondsAgo = try fields.decodeIfPresent(Double.self, forKey: .answeredSecondsAgo)
        shown = try fields.decodeIfPresent(ShownJudgement.self, forKey: .shown)
        bodies = try TrainingKinds.all.map { try Self.body($0, from: decoder) }
    }

    private static func body<Kind: TrainingKind>(_ kind: Kind.Type, from decoder: any Decoder) throws
        -> any KindAnswerBody
    {
        try Kind.AnswerBody(from: decoder)
    }

    /// How long before sending the user answered: measured on the client's own clock, so the two
    /// clocks need not agree.
    func age() throws -> Duration {
        guard let seconds = answeredSecondsAgo else { return .zero }
        let limit = TrialService.answerAgeLimit.seconds
        guard seconds >= 0, seconds <= limit else {
            throw HTTPError(
                .badRequest, message: "answeredSecondsAgo must be a number from 0 to \(Int(limit)), got \(seconds)")
        }
        return .seconds(seconds)
    }

    /// The one answer the body holds.
    func parsed() throws -> TrialAnswer {
        var answers: [(answer: TrialAnswer, fields: Dictionary<String, APINote>.Keys)] = []
        var problems: [AnswerProblem] = []
        for body in bodies {
            do throws(AnswerProblem) {
                if let answer = try body.trialAnswer() { answers.append((answer, type(of: body).apiNotes.keys)) }
            } catch {
                problems.append(error)
            }
        }
        // A field two kinds read (`answer`) holds a value one of them cannot take: no problem when
        // the other took it.
        let unresolved = problems.filter { problem in !answers.contains { $0.fields.contains(problem.field) } }
        if answers.count == 1 && unresolved.isEmpty { return answers[0].answer }
        if answers.count <= 1 && !unresolved.isEmpty {
            throw HTTPError(.badRequest, message: unresolved.map(\.message).joined(separator: "; "))
        }
        throw HTTPError(
            .badRequest,
            message: "the body must hold one answer: \(Self.fields.joined(separator: ", ")), one of them alone")
    }

    /// Every kind's answer fields, as the document lists them.
    private static var fields: [String] { kindNotes.keys.sorted() }

    /// Every kind's notes on its answer fields; a field two kinds share (`answer`) lists both kinds' values.
    private static var kindNotes: [String: APINote] {
        TrainingKinds.all.map(notes).reduce(into: [:]) { merged, notes in
            merged.merge(notes) { first, second in
                var joined = first.merged(second)
                if let one = first.schema["enum"] as? [String], let other = second.schema["enum"] as? [String] {
                    joined.schema["enum"] = one + other
                }
                if let one = first.schema["description"] as? String, let other = second.schema["description"] as? String
                {
                    joined.schema["description"] = one + " " + other
                }
                return joined
            }
        }
    }

    private static func notes(_ kind: any TrainingKind.Type) -> [String: APINote] { notes(of: kind) }

    private static func notes<Kind: TrainingKind>(of kind: Kind.Type) -> [String: APINote] { Kind.AnswerBody.apiNotes }

    static var apiNotes: [String: APINote] {
        kindNotes.merging([
            "": .describe("The fields of one kind's answer: \(fields.joined(separator: ", ")), one of them alone."),
            "answeredSecondsAgo": APINote.bounds(0...TrialService.answerAgeLimit.seconds)
                .describe(
                    "How long before this request the user answered (an answer sent late, after a network loss, keeps its time). Default 0."
                ),
            "shown": .describe(
                "The result the client showed, judged from what the trial served (outcomes, judging), in the response's shape. Never stored: the server judges the answer again and keeps its own judgement, and logs where the two differ."
            ),
        ]) { $1 }
    }
}

/// 200 from an answer: the judged result in the trial's kind's shape (`TrainingKind.result`);
/// documented as `oneOf` every kind's.
struct AnswerResponse: ResponseEncodable, APISchemaProviding, Sendable {
    private let body: any Encodable & Sendable
    /// The discipline's next trial, drawn after this answer moved its chain on, when asked for
    /// (`?next=true`): the client plays it without a second round trip.
    let next: TrialResponse?

    /// - Parameters:
    ///   - answer: the answer just sent.
    ///   - trial: the trial it answers, when still known (not for the retry of an answer stored long ago).
    init(record: TrainingRecord, answer: TrialAnswer, trial: Trial?, next: TrialResponse? = nil) {
        body = Self.body(record.value, answer: answer, trial: trial)
        self.next = next
    }

    private enum CodingKeys: String, CodingKey {
        case next
    }

    private static func body<Record: KindRecord>(_ record: Record, answer: TrialAnswer, trial: Trial?) -> any Encodable
        & Sendable
    {
        Record.Kind.result(
            record, answer: answer.value as? Record.Kind.Answer, trial: trial?.value as? Record.Kind.Trial)
    }

    private init(body: any Encodable & Sendable) {
        self.body = body
        next = nil
    }

    func encode(to encoder: any Encoder) throws {
        try body.encode(to: encoder)
        var fields = encoder.container(keyedBy: CodingKeys.self)
        try fields.encodeIfPresent(next, forKey: .next)
    }

    /// Only the schema tracer decodes a result; it takes the first kind's shape as its placeholder.
    init(from decoder: any Decoder) throws {
        body = try Self.decode(TrainingKinds.all[0], from: decoder)
        next = nil
    }

    private static func decode<Kind: TrainingKind>(_ kind: Kind.Type, from decoder: any Decoder) throws -> any Encodable
        & Sendable
    {
        try Kind.ResultBody(from: decoder)
    }

    static func apiSchema(_ tracer: SchemaTracer) throws -> (placeholder: Self, schema: [String: Any]) {
        let first = try Self.trace(TrainingKinds.all[0], tracer)
        let next: [String: Any] = [
            "type": "object",
            "properties": [
                "next": SchemaTracer.annotated(
                    try tracer.trace(TrialResponse.self).schema,
                    with: [
                        "description":
                            "With ?next=true: the discipline's next trial, drawn after this answer moved its chain on."
                    ])
            ],
        ]
        return (
            AnswerResponse(body: first.value),
            ["allOf": [["oneOf": try TrainingKinds.all.map { try Self.trace($0, tracer).schema }], next]]
        )
    }

    private static func trace<Kind: TrainingKind>(_ kind: Kind.Type, _ tracer: SchemaTracer) throws -> (
        value: any Encodable & Sendable, schema: [String: Any]
    ) {
        let traced = try tracer.trace(Kind.ResultBody.self)
        return (traced.value, traced.schema)
    }
}

/// One stored record of one kind as `GET /api/records` lists it: the labels and time every record
/// has, then its kind's fields and derived figures, exactly as the record declares them
/// (`KindRecord.Field`, `KindRecord.Derived`).
struct KindRecordResponse<Record: KindRecord>: Codable, Sendable, APIDescribed {
    let record: Record

    init(_ record: Record) { self.record = record }

    private enum CodingKeys: String, CodingKey {
        case discipline, timestamp, interval, tuningSystem
    }

    func encode(to encoder: any Encoder) throws {
        var header = encoder.container(keyedBy: CodingKeys.self)
        try header.encode(record.discipline, forKey: .discipline)
        try header.encode(record.timestamp.apiTimestamp, forKey: .timestamp)
        try header.encode(record.labels.interval, forKey: .interval)
        try header.encode(record.labels.tuningSystem, forKey: .tuningSystem)
        var fields = encoder.container(keyedBy: Record.Field.self)
        try record.encode(apiFields: &fields)
        try record.derived.encode(to: encoder)
    }

    /// Only the schema tracer decodes a record response: the timestamp's text is not read back.
    init(from decoder: any Decoder) throws {
        let header = try decoder.container(keyedBy: CodingKeys.self)
        _ = try header.decode(String.self, forKey: .timestamp)
        let labels = RecordLabels(
            discipline: try header.decode(Discipline.self, forKey: .discipline),
            interval: try header.decode(DirectedInterval.self, forKey: .interval),
            tuningSystem: try header.decode(TuningSystem.self, forKey: .tuningSystem))
        record = try Record(
            timestamp: .distantPast, labels: labels, fields: decoder.container(keyedBy: Record.Field.self))
        _ = try Record.Derived(from: decoder)
    }

    static var apiNotes: [String: APINote] { ["": .closed, "timestamp": APINote().with("format", "date-time")] }
}

/// A record of any kind, in its kind's shape; documented as `oneOf` every kind's.
struct RecordResponse: Codable, APISchemaProviding, Sendable {
    private let body: any Encodable & Sendable

    init(_ record: TrainingRecord) { body = Self.body(record.value) }

    private static func body<Record: KindRecord>(_ record: Record) -> any Encodable & Sendable {
        KindRecordResponse(record)
    }

    private init(body: any Encodable & Sendable) { self.body = body }

    func encode(to encoder: any Encoder) throws { try body.encode(to: encoder) }

    /// Only the schema tracer decodes a record; it takes the first kind's shape as its placeholder.
    init(from decoder: any Decoder) throws {
        body = try Self.decode(TrainingKinds.all[0], from: decoder)
    }

    private static func decode<Kind: TrainingKind>(_ kind: Kind.Type, from decoder: any Decoder) throws -> any Encodable
        & Sendable
    {
        try KindRecordResponse<Kind.Record>(from: decoder)
    }

    static func apiSchema(_ tracer: SchemaTracer) throws -> (placeholder: Self, schema: [String: Any]) {
        let first = try Self.trace(TrainingKinds.all[0], tracer)
        return (
            RecordResponse(body: first.value),
            ["oneOf": try TrainingKinds.all.map { try Self.trace($0, tracer).schema }]
        )
    }

    private static func trace<Kind: TrainingKind>(_ kind: Kind.Type, _ tracer: SchemaTracer) throws -> (
        value: any Encodable & Sendable, schema: [String: Any]
    ) {
        let traced = try tracer.trace(KindRecordResponse<Kind.Record>.self)
        return (traced.value, traced.schema)
    }
}

struct RecordsResponse: ResponseEncodable, Decodable {
    let records: [RecordResponse]
}

/// Each kind's schemas in the API document, named as the kind names them (`TrainingKind.apiNames`):
/// its trial, result and record, and its profile summary if it has one.
enum KindComponents {
    static var all: [(name: String, type: any Decodable.Type)] { TrainingKinds.all.flatMap(components) }

    private static func components(_ kind: any TrainingKind.Type) -> [(name: String, type: any Decodable.Type)] {
        components(of: kind)
    }

    private static func components<Kind: TrainingKind>(of kind: Kind.Type) -> [(name: String, type: any Decodable.Type)]
    {
        var named: [(name: String, type: any Decodable.Type)] = [
            (Kind.apiNames.trial, KindTrialResponse<Kind>.self), (Kind.apiNames.result, Kind.ResultBody.self),
            (Kind.apiNames.record, KindRecordResponse<Kind.Record>.self),
        ]
        if let summary = Kind.apiNames.profileSummary { named.append((summary, Kind.ProfileSummary.self)) }
        return named
    }
}
