import Foundation
import HTTPTypes
import Hummingbird
import PeachAudio
import Testing

@testable import PeachCore
@testable import PeachServer

/// One route set for every discipline: `POST /api/trials`, `POST /api/trials/{id}/answer`, `GET /api/records`.
struct TrialAPITests {
    static func post(_ uri: String, _ body: String, _ client: RouterClient) async throws -> (
        HTTPResponse.Status, [String: Any]
    ) {
        try await client.execute(
            uri: uri, method: .post, headers: [.contentType: "application/json"], body: TestApp.json(body)
        ) { response in
            (
                response.status,
                (try? JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]) ?? [:]
            )
        }
    }

    /// The pitch disciplines; the rhythm ones have their own tests (RhythmAPITests).
    static let pitchDisciplines = Discipline.allCases.filter { $0.kind == .comparison || $0.kind == .matching }

    @Test func everyPitchDisciplineIsServedAnsweredAndListed() async throws {
        try await TestApp.with(environment: .fixed()) { client in
            _ = try await client.execute(
                uri: "/api/settings", method: .put, headers: [.contentType: "application/json"],
                body: TestApp.json(
                    #"{"intervals":[{"name":"M3","direction":"up"},{"name":"P5","direction":"down"}],"tuningSystem":"justIntonation"}"#
                )
            ) { #expect($0.status == .ok) }
            for discipline in Self.pitchDisciplines {
                let (status, trial) = try await Self.post(
                    "/api/trials", #"{"discipline":"\#(discipline.rawValue)"}"#, client)
                #expect(status == .created)
                #expect(trial["discipline"] as? String == discipline.rawValue)
                let session = try #require(trial["session"] as? [String: Any])
                #expect(session["feedbackSeconds"] as? Double == 0.4)
                #expect(session["answersOpenSeconds"] as? Double == 1.0)
                // A sung trial brings the rules its note is committed by; no other trial has them.
                let singing = session["singing"] as? [String: Double]
                #expect((singing != nil) == (discipline.answerMethod == .voice))
                if let singing {
                    #expect(
                        singing == [
                            "holdSeconds": 1, "steadyCents": 15, "smoothingSeconds": 0.4, "gapSeconds": 0.12,
                            "echoSeconds": 0.15, "silencePromptSeconds": 8, "commitSeconds": 0.8, "octaveShare": 0.2,
                        ])
                }
                // How a MIDI keyboard answers: keys for a comparison, the wheel for the slider, nothing for the voice.
                let midi = session["midi"] as? [String: Any]
                #expect((midi != nil) == (discipline.answerMethod != .voice))
                #expect((midi?["keys"] as? [String])?.count == (discipline.kind == .comparison ? 128 : nil))
                #expect(
                    (midi?["bend"] as? [String: Int])
                        == (discipline.answerMethod == .slider
                            ? ["centre": 8192, "halfRange": 8192, "commitTolerance": 256] : nil))
                let interval = try #require(trial["interval"] as? [String: Any])
                let id = try #require(trial["id"] as? String)
                if discipline.usesIntervals {
                    #expect(["M3", "P5"].contains(interval["name"] as? String))
                    #expect(trial["tuningSystem"] as? String == "justIntonation")
                } else {
                    #expect(interval["name"] as? String == "P1" && interval["cents"] as? Double == 0)
                }
                let (answered, result): (HTTPResponse.Status, [String: Any])
                if discipline.kind == .comparison {
                    let note1 = try #require(trial["note1"] as? [String: Any])
                    let note2 = try #require(trial["note2"] as? [String: Any])
                    let ratio = (note2["frequencyHz"] as! Double) / (note1["frequencyHz"] as! Double)
                    let expected = (interval["cents"] as! Double) + (note2["centOffset"] as! Double)
                    #expect(abs(1200 * log2(ratio) - expected) < 1e-6)
                    // The key nearest note 2 as heard answers nothing; the one above it Higher.
                    let heard = (note2["midi"] as! Int) + Int(((note2["centOffset"] as! Double) / 100).rounded())
                    let keys = try #require(midi?["keys"] as? [String])
                    #expect(keys[heard] == "" && keys[heard + 1] == "higher" && keys[heard - 1] == "lower")
                    // The other kind's answer is refused and changes nothing.
                    #expect(
                        try await Self.post("/api/trials/\(id)/answer", #"{"normalizedValue":0}"#, client).0
                            == .badRequest)
                    (answered, result) = try await Self.post(
                        "/api/trials/\(id)/answer", #"{"answer":"higher"}"#, client)
                    #expect(result["isCorrect"] as? Bool == ((note2["centOffset"] as! Double) > 0))
                } else if discipline.answerMethod == .voice {
                    // Sung: no detune, no slider; the answer is the sung pitch, judged to the nearest octave.
                    #expect(trial["centRange"] as? Double == 0 && trial["initialCentOffset"] as? Double == 0)
                    #expect(
                        try await Self.post("/api/trials/\(id)/answer", #"{"normalizedValue":0}"#, client).0
                            == .badRequest)
                    (answered, result) = try await Self.post(
                        "/api/trials/\(id)/answer", #"{"sungCents":2417.25}"#, client)
                    #expect(result["userCentError"] as? Double == 17.25 && result["sungOctave"] as? Int == 2)
                } else {
                    let tunable = try #require(trial["tunableNote"] as? [String: Any])
                    #expect(trial["centRange"] as? Double == (discipline.usesIntervals ? 20 : 100))
                    #expect(
                        try await Self.post("/api/trials/\(id)/answer", #"{"answer":"higher"}"#, client).0
                            == .badRequest)
                    (answered, result) = try await Self.post(
                        "/api/trials/\(id)/answer", #"{"normalizedValue":0.25}"#, client)
                    let expected = (trial["initialCentOffset"] as! Double) + 0.25 * (trial["centRange"] as! Double)
                    #expect(abs((result["userCentError"] as! Double) - expected) < 1e-9)
                    #expect(tunable["targetMidi"] is Int)
                }
                #expect(answered == .ok)
                #expect(
                    try await Self.post("/api/trials/\(id)/answer", #"{"answer":"higher","normalizedValue":0}"#, client)
                        .0 == .badRequest)
                // Answered is answered, whatever the second answer says.
                #expect(try await Self.post("/api/trials/\(id)/answer", #"{"answer":"lower"}"#, client).0 == .conflict)
            }
            for discipline in Self.pitchDisciplines {
                try await client.execute(uri: "/api/records?discipline=\(discipline.rawValue)", method: .get) {
                    response in
                    let body = try #require(
                        try JSONSerialization.jsonObject(with: Data(buffer: response.body))
                            as? [String: [[String: Any]]])
                    #expect(body["records"]?.count == 1)
                    #expect(body["records"]?.first?["discipline"] as? String == discipline.rawValue)
                }
            }
            try await client.execute(uri: "/api/records", method: .get) { response in
                let body = try #require(
                    try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: [[String: Any]]])
                #expect(body["records"]?.count == Self.pitchDisciplines.count)
            }
            // The pitch profile counts unison only (Compare Pitch's answer and the measurement's);
            // the intervals profile the interval trials (the interval measurement's too); the singing
            // profile the sung answers alone (matching only).
            for (scope, comparisons, matchings) in [("pitch", 2, 1), ("intervals", 2, 1), ("singing", 0, 1)] {
                try await client.execute(uri: "/api/profile?scope=\(scope)", method: .get) { response in
                    let body = try #require(
                        try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
                    #expect((body["comparisons"] as? [String: Any])?["count"] as? Int == comparisons)
                    #expect((body["pitchMatching"] as? [String: Any])?["count"] as? Int == matchings)
                }
            }
            try await client.execute(uri: "/api/profile/intervals", method: .get) { response in
                let body = try #require(
                    try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: [[String: Any]]])
                #expect(
                    body["intervals"]?.map { ($0["comparisons"] as! Int) + ($0["matchings"] as! Int) }.reduce(0, +) == 3
                )
                // Issue 49: a row without a threshold says why, from the interval's own answers.
                for entry in body["intervals"] ?? [] {
                    let missing = try #require(entry["missingThreshold"] as? [String: Any], "\(entry)")
                    let comparisons = entry["comparisons"] as? Int
                    #expect(entry["threshold"] is NSNull)
                    #expect(missing["reason"] as? String == (comparisons == 0 ? "noAnswers" : "tooFewAnswers"))
                    #expect(missing["answers"] as? Int == comparisons)
                }
            }
        }
    }

    @Test(arguments: [
        (#"{"discipline":"rhythm"}"#, "discipline must be one of"),
        (#"{}"#, "discipline is missing"),
    ])
    func anUnknownDisciplineIsABadRequest(body: String, message: String) async throws {
        try await TestApp.with { client in
            let (status, error) = try await Self.post("/api/trials", body, client)
            #expect(status == .badRequest)
            #expect(((error["error"] as? [String: Any])?["message"] as? String)?.contains(message) == true)
        }
    }

    @Test(arguments: ["?discipline=rhythm", "?scope=P9up", "?limit=0"])
    func badQueriesAreBadRequests(query: String) async throws {
        try await TestApp.with { client in
            let path = query.hasPrefix("?scope") ? "/api/profile" : "/api/records"
            try await client.execute(uri: path + query, method: .get) { #expect($0.status == .badRequest) }
        }
    }

    /// The frequencies the API sends, for every root of the piano × interval × direction × tuning.
    @Test(arguments: [440.0, 442.0])
    func everyIntervalTheAPISendsIsExact(hertz: Double) throws {
        var settings = TrainingSettings.default
        settings.referencePitch = try #require(ReferencePitch(hertz: hertz))
        for root in NoteRange.pianoRange {
            for interval in DirectedInterval.all {
                guard let target = interval.target(from: MIDINote(root)!),
                    NoteRange.pianoRange.contains(target.rawValue)
                else { continue }
                for tuning in TuningSystem.allCases {
                    let comparison = Comparison(
                        .intervalComparison, note1: MIDINote(root)!, interval: interval, tuningSystem: tuning,
                        centOffset: Cents(3.3))
                    let data = try JSONEncoder().encode(
                        TrialResponse(
                            .init(
                                id: "x", trial: .comparison(comparison), settings: settings, issuedAt: Date(), task: nil
                            ),
                            sounds: SoundChoice.sineOnly,
                            synthesis: SynthesisSettings()))
                    let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
                    let note1 = (json["note1"] as! [String: Any])["frequencyHz"] as! Double
                    let note2 = (json["note2"] as! [String: Any])["frequencyHz"] as! Double
                    let cents = 1200 * log2(note2 / note1)
                    #expect(
                        abs(cents - (interval.cents(in: tuning).rawValue + 3.3)) < 1e-6, "\(root) \(interval) \(tuning)"
                    )
                    #expect((json["note2"] as! [String: Any])["midi"] as? Int == target.rawValue)
                }
            }
        }
    }

    /// A retry with the same `Idempotency-Key` gets the original answer; a bad key or answer age is
    /// a 400 that stores nothing.
    @Test func anIdempotencyKeyMakesARetrySafe() async throws {
        try await TestApp.with(environment: .fixed()) { client in
            let (_, trial) = try await Self.post("/api/trials", #"{"discipline":"pitchComparison"}"#, client)
            let id = try #require(trial["id"] as? String)
            func answer(_ body: String, key: String) async throws -> (HTTPResponse.Status, String) {
                try await client.execute(
                    uri: "/api/trials/\(id)/answer", method: .post,
                    headers: [.contentType: "application/json", HTTPField.Name("Idempotency-Key")!: key],
                    body: TestApp.json(body)
                ) { ($0.status, String(buffer: $0.body)) }
            }
            #expect(try await answer(#"{"answer":"higher"}"#, key: "no spaces allowed").0 == .badRequest)
            #expect(
                try await answer(#"{"answer":"higher","answeredSecondsAgo":-1}"#, key: "key-12345678").0 == .badRequest)
            #expect(
                try await answer(#"{"answer":"higher","answeredSecondsAgo":1e9}"#, key: "key-12345678").0 == .badRequest
            )
            let first = try await answer(#"{"answer":"higher","answeredSecondsAgo":0.5}"#, key: "key-12345678")
            #expect(first.0 == .ok)
            let retry = try await answer(#"{"answer":"higher","answeredSecondsAgo":30}"#, key: "key-12345678")
            func fields(_ json: String) -> NSDictionary? {
                try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? NSDictionary
            }
            #expect(retry.0 == .ok)
            #expect(fields(retry.1) != nil && fields(retry.1) == fields(first.1), "\(retry.1) vs \(first.1)")
            #expect(try await answer(#"{"answer":"higher"}"#, key: "another-key-1").0 == .conflict)
            try await client.execute(uri: "/api/records", method: .get) { response in
                let records = try #require(
                    try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: [Any]])
                #expect(records["records"]?.count == 1)
            }
        }
    }

    /// A key names one answer to one trial: sent with another trial, or another answer to the same
    /// trial, it is 422 and nothing changes; the other trial still takes its answer under a new key.
    @Test func anIdempotencyKeyReusedElsewhereIsRefusedAndChangesNothing() async throws {
        try await TestApp.with(environment: .fixed()) { client in
            func open() async throws -> String {
                let (_, trial) = try await Self.post("/api/trials", #"{"discipline":"pitchComparison"}"#, client)
                return try #require(trial["id"] as? String)
            }
            func answer(_ id: String, _ body: String, key: String) async throws -> HTTPResponse.Status {
                try await client.execute(
                    uri: "/api/trials/\(id)/answer", method: .post,
                    headers: [.contentType: "application/json", HTTPField.Name("Idempotency-Key")!: key],
                    body: TestApp.json(body)
                ) { $0.status }
            }
            func recordCount() async throws -> Int? {
                try await client.execute(uri: "/api/records", method: .get) { response in
                    (try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: [Any]])?[
                        "records"]?.count
                }
            }
            let first = try await open()
            #expect(try await answer(first, #"{"answer":"higher"}"#, key: "key-first-1") == .ok)
            #expect(try await answer(first, #"{"answer":"lower"}"#, key: "key-first-1") == .unprocessableContent)
            let second = try await open()
            #expect(try await answer(second, #"{"answer":"higher"}"#, key: "key-first-1") == .unprocessableContent)
            #expect(try await recordCount() == 1)
            #expect(try await answer(second, #"{"answer":"lower"}"#, key: "key-second-1") == .ok)
            #expect(try await recordCount() == 2)
        }
    }

    /// A reserve for a lost network: `count` open trials, a comparison chain's all at one difference,
    /// each answered once like any other; a bad request opens none.
    @Test func aReserveIsCountOpenTrialsAtTheChainsDifference() async throws {
        try await TestApp.with(environment: .fixed()) { client in
            let (status, body) = try await Self.post(
                "/api/trials/reserve", #"{"discipline":"pitchComparison","count":5}"#, client)
            #expect(status == .created)
            let trials = try #require(body["trials"] as? [[String: Any]])
            #expect(trials.count == 5)
            #expect(Set(trials.map { abs(($0["note2"] as! [String: Any])["centOffset"] as! Double) }).count == 1)
            #expect(Set(trials.map { $0["id"] as! String }).count == 5)
            for trial in trials {
                #expect(
                    try await Self.post("/api/trials/\(trial["id"] as! String)/answer", #"{"answer":"lower"}"#, client)
                        .0 == .ok)
            }
            #expect(
                try await Self.post("/api/trials/\(trials[0]["id"] as! String)/answer", #"{"answer":"lower"}"#, client)
                    .0 == .conflict)

            for bad in [
                #"{"discipline":"pitchComparison","count":0}"#, #"{"discipline":"pitchComparison","count":51}"#,
                #"{"count":3}"#, #"{"discipline":"rhythm","count":3}"#,
            ] {
                let (refused, error) = try await Self.post("/api/trials/reserve", bad, client)
                #expect(refused == .badRequest)
                #expect((error["error"] as? [String: Any])?["message"] as? String != nil)
            }
        }
    }

    /// A measurement places each trial from the answers before it, so a reserve of one holds only
    /// the trial it places now: 900 would all be at that difference, and cost seconds to draw.
    @Test func aMeasurementReservesOnlyTheTrialItPlacesNow() async throws {
        try await TestApp.with(environment: .fixed()) { client in
            for request in [
                #"{"discipline":"pitchMeasurement"}"#, #"{"discipline":"pitchMeasurement","count":5}"#,
                #"{"discipline":"timingMeasurement","count":5}"#,
            ] {
                let (status, body) = try await Self.post("/api/trials/reserve", request, client)
                #expect(status == .created)
                let trials = try #require(body["trials"] as? [[String: Any]])
                #expect(trials.count == 1)
                #expect((trials[0]["measurement"] as? [String: Any])?["trial"] as? Int == 1)
            }
        }
    }

    /// Without a count, a reserve is a 30-minute session's worth (the server says how many and
    /// how long they stay valid), never fewer than the trial's own timing allows.
    @Test func aReserveWithoutCountLastsASession() async throws {
        try await TestApp.with(environment: .fixed()) { client in
            let (status, body) = try await Self.post("/api/trials/reserve", #"{"discipline":"pitchMatching"}"#, client)
            #expect(status == .created)
            let trials = try #require(body["trials"] as? [[String: Any]])
            let size = try #require(body["sessionSize"] as? Int)
            #expect(trials.count == size)
            #expect(body["validSeconds"] as? Double == TrialService.answerAgeLimit.seconds)
            let session = try #require(trials[0]["session"] as? [String: Any])
            let answersOpen = try #require(session["answersOpenSeconds"] as? Double)
            let feedback = try #require(session["feedbackSeconds"] as? Double)
            let perTrial = max(ReserveSize.shortestTrial, answersOpen + ReserveSize.quickAnswer + feedback)
            #expect(Double(size) * perTrial >= 30 * 60)
            #expect(Double(size - 1) * perTrial < 30 * 60)
        }
    }
}
