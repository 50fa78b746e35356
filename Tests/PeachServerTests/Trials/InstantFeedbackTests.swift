import Foundation
import HTTPTypes
import Hummingbird
import Logging
import Testing

@testable import PeachCore
@testable import PeachServer

/// A choice's result comes with its trial (`outcomes`), judged as the answer is; the answer's
/// response carries the next trial when asked (`?next=true`).
struct InstantFeedbackTests {
    static func post(_ uri: String, _ body: String, _ client: RouterClient) async throws -> (
        HTTPResponse.Status, [String: Any]
    ) {
        try await TrialAPITests.post(uri, body, client)
    }

    /// The same JSON, however its keys were ordered.
    static func canonical(_ object: [String: Any]) throws -> Data {
        try JSONSerialization.data(withJSONObject: object, options: .sortedKeys)
    }

    @Test(arguments: ["pitchComparison", "chordIntonation"])
    func eachChoiceOfATrialComesJudgedAsItsAnswerIs(discipline: String) async throws {
        try await TestApp.with(environment: .fixed()) { client in
            let (status, trial) = try await Self.post("/api/trials", #"{"discipline":"\#(discipline)"}"#, client)
            #expect(status == .created)
            let id = try #require(trial["id"] as? String)
            let outcomes = try #require(trial["outcomes"] as? [[String: Any]])
            let answers = outcomes.compactMap { $0["answer"] as? String }
            #expect(
                Set(answers)
                    == (discipline == "pitchComparison" ? ["higher", "lower"] : ["lowest", "middle", "highest"]))
            // Exactly one choice is right.
            #expect(outcomes.filter { ($0["result"] as? [String: Any])?["isCorrect"] as? Bool == true }.count == 1)
            for outcome in outcomes {
                let answer = try #require(outcome["answer"] as? String)
                let (answered, response) = try await Self.post(
                    "/api/trials/\(id)/answer?next=true", #"{"answer":"\#(answer)"}"#, client)
                guard answered == .ok else { continue }
                // The first answer is taken, judged as its outcome said; the next trial comes with it.
                var judged = response
                let next = try #require(judged.removeValue(forKey: "next") as? [String: Any])
                #expect(try Self.canonical(judged) == Self.canonical(try #require(outcome["result"] as? [String: Any])))
                #expect(next["discipline"] as? String == discipline)
                let nextID = try #require(next["id"] as? String)
                #expect(nextID != id)
                #expect(next["outcomes"] is [[String: Any]])
                // The next trial is open for its answer like any other.
                let (nextStatus, nextResult) = try await Self.post(
                    "/api/trials/\(nextID)/answer", #"{"answer":"\#(answer)"}"#, client)
                #expect(nextStatus == .ok)
                #expect(nextResult["next"] == nil)
                return
            }
            Issue.record("no answer was taken")
        }
    }

    /// Judges `played` as a page does from a Play it Back trial's `judging`: by its data alone.
    static func judgedByThePage(_ played: [Int], _ judging: [String: Any]) throws -> (isCorrect: Bool, notes: [Bool]) {
        let rightNotes = try #require(judging["rightNotes"] as? [[Int]])
        let notesNeeded = try #require(judging["notesNeeded"] as? Int)
        let notes = rightNotes.enumerated().map { index, right in right.contains(played[index]) }
        return (notes.filter { $0 }.count >= notesNeeded, notes)
    }

    /// A melody played back is judged at its last note from the trial's `judging`, as the server
    /// then judges and stores it, whatever the body claims.
    @Test func aMelodyPlayedBackIsJudgedFromItsTrialAsTheServerJudgesIt() async throws {
        try await TestApp.with(environment: .fixed()) { client in
            // The melody itself, then one with its second note a semitone off.
            for wrongPlace in [nil, 1] {
                let (status, trial) = try await Self.post(
                    "/api/trials", #"{"discipline":"melodicDictation"}"#, client)
                #expect(status == .created)
                #expect(trial["outcomes"] == nil)
                let id = try #require(trial["id"] as? String)
                let melody = try #require(trial["melody"] as? [[String: Any]]).compactMap {
                    ($0["note"] as? [String: Any])?["midi"] as? Int
                }
                let played = melody.enumerated().map { index, note in index == wrongPlace ? note + 1 : note }
                let page = try Self.judgedByThePage(played, try #require(trial["judging"] as? [String: Any]))
                #expect(page.isCorrect == (wrongPlace == nil))
                let (answered, result) = try await Self.post(
                    "/api/trials/\(id)/answer?next=true",
                    #"{"playedNotes":\#(played),"isCorrect":true,"notesCorrect":\#(melody.map { _ in true })}"#, client)
                #expect(answered == .ok)
                #expect(result["isCorrect"] as? Bool == page.isCorrect)
                #expect(result["notesCorrect"] as? [Bool] == page.notes)
                #expect((result["next"] as? [String: Any])?["judging"] is [String: Any])
            }
            // Stored with the server's judgement, not the body's claim.
            let stored = try await client.execute(uri: "/api/records?discipline=melodicDictation", method: .get) {
                try JSONSerialization.jsonObject(with: Data(buffer: $0.body)) as? [String: Any]
            }
            let records = try #require(stored?["records"] as? [[String: Any]])
            #expect(Set(records.compactMap { $0["isCorrect"] as? Bool }) == [false, true])
            #expect(records.count == 2)
        }
    }

    /// Judges `named` as a page does from a Chord Progressions trial's `judging`: by its data alone.
    static func judgedByThePage(_ named: [String], _ judging: [String: Any]) throws -> (isCorrect: Bool, chords: [Bool])
    {
        let rightNumerals = try #require(judging["rightNumerals"] as? [String])
        let chordsNeeded = try #require(judging["chordsNeeded"] as? Int)
        let chords = rightNumerals.enumerated().map { index, right in named[index] == right }
        return (chords.filter { $0 }.count >= chordsNeeded, chords)
    }

    /// A progression named is judged at its last numeral from the trial's `judging`, as the server
    /// then judges it, whatever the body claims.
    @Test func aProgressionNamedIsJudgedFromItsTrialAsTheServerJudgesIt() async throws {
        try await TestApp.with(environment: .fixed()) { client in
            // The progression itself, then one with its second chord named wrong.
            for wrongPlace in [nil, 1] {
                let (status, trial) = try await Self.post(
                    "/api/trials", #"{"discipline":"chordProgression"}"#, client)
                #expect(status == .created)
                let id = try #require(trial["id"] as? String)
                let played = try #require(trial["chords"] as? [[String: Any]]).compactMap { $0["numeral"] as? String }
                let choices = try #require(trial["choices"] as? [[String: Any]]).compactMap {
                    $0["numeral"] as? String
                }
                let named = played.enumerated().map { index, numeral in
                    index == wrongPlace ? choices.first { $0 != numeral }! : numeral
                }
                let page = try Self.judgedByThePage(named, try #require(trial["judging"] as? [String: Any]))
                #expect(page.isCorrect == (wrongPlace == nil))
                let quoted = named.map { "\"\($0)\"" }.joined(separator: ",")
                let (answered, result) = try await Self.post(
                    "/api/trials/\(id)/answer", #"{"numerals":[\#(quoted)],"isCorrect":true}"#, client)
                #expect(answered == .ok)
                #expect(result["isCorrect"] as? Bool == page.isCorrect)
                #expect(result["chordsCorrect"] as? [Bool] == page.chords)
            }
        }
    }

    /// Judges a slider's `value` as a page does from a slider trial's `judging`: by its data alone.
    static func judgedByThePage(_ value: Double, _ judging: [String: Any]) throws -> (error: Double, band: String) {
        let error =
            try #require(judging["errorAtCentreCents"] as? Double) + value
            * (try #require(judging["centsPerUnit"] as? Double))
        let bands = try #require(judging["bands"] as? [[String: Any]])
        let band = try #require(
            bands.first { band in
                guard let upTo = band["upToCents"] as? Double else { return true }
                return abs(error) < upTo || (band["inclusive"] as? Bool == true && abs(error) == upTo)
            })
        return (error, try #require(band["band"] as? String))
    }

    /// A slider's answer is judged at the commit from the trial's `judging`, as the server judges it.
    @Test(arguments: ["pitchMatching", "intervalMatching"])
    func aSliderAnswerIsJudgedFromItsTrialAsTheServerJudgesIt(discipline: String) async throws {
        try await TestApp.with(environment: .fixed()) { client in
            var bands: Set<String> = []
            for value in [-1, -0.5, -0.1, 0, 0.013, 0.25, 1.0] {
                let (status, trial) = try await Self.post("/api/trials", #"{"discipline":"\#(discipline)"}"#, client)
                #expect(status == .created)
                let id = try #require(trial["id"] as? String)
                let page = try Self.judgedByThePage(value, try #require(trial["judging"] as? [String: Any]))
                let (answered, result) = try await Self.post(
                    "/api/trials/\(id)/answer", #"{"normalizedValue":\#(value),"band":"deadCenter"}"#, client)
                #expect(answered == .ok)
                // (JSON's text of a double may be read a unit in the last place apart)
                #expect(abs(try #require(result["userCentError"] as? Double) - page.error) < 1e-9)
                #expect(result["band"] as? String == page.band)
                bands.insert(page.band)
            }
            // The values reach more than one band: the bands were read, not one assumed.
            #expect(bands.count > 1)
        }
    }

    /// Judges a sung pitch as a page does from a sung trial's `judging`: folded by its octave's span,
    /// a half octave rounding away from zero.
    static func judgedByThePage(sung cents: Double, _ judging: [String: Any]) throws -> (
        error: Double, band: String, octave: Int
    ) {
        #expect(judging["centsPerUnit"] == nil)
        let span = try #require(judging["octaveCents"] as? Double)
        let octave = (cents / span).rounded(.toNearestOrAwayFromZero)
        let error = cents - octave * span
        let bands = try #require(judging["bands"] as? [[String: Any]])
        let band = try #require(
            bands.first { band in
                guard let upTo = band["upToCents"] as? Double else { return true }
                return abs(error) < upTo || (band["inclusive"] as? Bool == true && abs(error) == upTo)
            })
        return (error, try #require(band["band"] as? String), Int(octave))
    }

    /// A sung pitch is judged at the commit from the trial's `judging`, octave and all, as the server
    /// judges it, whatever the body claims.
    @Test(arguments: ["pitchSinging", "intervalSinging"])
    func aSungAnswerIsJudgedFromItsTrialAsTheServerJudgesIt(discipline: String) async throws {
        try await TestApp.with(environment: .fixed()) { client in
            var octaves: Set<Int> = []
            for cents in [-1_800.0, -1_177.5, -600, -30, 0.2, 9.9, 600, 1_230, 2_400] {
                let (status, trial) = try await Self.post("/api/trials", #"{"discipline":"\#(discipline)"}"#, client)
                #expect(status == .created)
                let id = try #require(trial["id"] as? String)
                let page = try Self.judgedByThePage(sung: cents, try #require(trial["judging"] as? [String: Any]))
                let (answered, result) = try await Self.post(
                    "/api/trials/\(id)/answer", #"{"sungCents":\#(cents),"band":"deadCenter","sungOctave":0}"#, client)
                #expect(answered == .ok)
                #expect(abs(try #require(result["userCentError"] as? Double) - page.error) < 1e-9)
                #expect(result["band"] as? String == page.band)
                #expect(result["sungOctave"] as? Int == page.octave)
                octaves.insert(page.octave)
            }
            // A half octave rounds away from zero, either way.
            #expect(octaves == [-2, -1, 0, 1, 2])
        }
    }

    @Test func aTrialAnsweredWithAValueComesWithoutOutcomes() async throws {
        try await TestApp.with(environment: .fixed()) { client in
            let (status, trial) = try await Self.post("/api/trials", #"{"discipline":"pitchMatching"}"#, client)
            #expect(status == .created)
            #expect(trial["outcomes"] == nil)
            let id = try #require(trial["id"] as? String)
            let (answered, result) = try await Self.post(
                "/api/trials/\(id)/answer?next=true", #"{"normalizedValue":0.25}"#, client)
            #expect(answered == .ok)
            #expect((result["next"] as? [String: Any])?["discipline"] as? String == "pitchMatching")
        }
    }

    /// The page sends what it showed (`shown`); the server keeps its own judgement and counts (and
    /// logs) an answer whose shown result differs from it, not one that agrees.
    @Test func aShownResultThatDiffersFromTheServersIsCountedAndNeverStored() async throws {
        let directory = TestApp.Directory()
        let services = try await AppServices.open(
            databasePath: directory.databasePath, environment: .fixed(), logger: Logger(label: "test"))
        let app = Application(router: try PeachApp.router(services: services))
        try await app.test { client in
            var truths: [Bool] = []
            for (index, claim) in ["agrees", "differs", "agrees", "differs"].enumerated() {
                let (_, trial) = try await Self.post("/api/trials", #"{"discipline":"pitchComparison"}"#, client)
                let id = try #require(trial["id"] as? String)
                let outcome = try #require((trial["outcomes"] as? [[String: Any]])?[index % 2])
                let answer = try #require(outcome["answer"] as? String)
                let truth = try #require((outcome["result"] as? [String: Any])?["isCorrect"] as? Bool)
                let shown = claim == "agrees" ? truth : !truth
                let (status, result) = try await Self.post(
                    "/api/trials/\(id)/answer", #"{"answer":"\#(answer)","shown":{"isCorrect":\#(shown)}}"#, client)
                #expect(status == .ok)
                #expect(result["isCorrect"] as? Bool == truth)
                truths.append(truth)
            }
            #expect(await services.trials.disagreements == 2)
            // A slider's result whose cents lie a rounding apart from the server's agrees.
            let (_, slider) = try await Self.post("/api/trials", #"{"discipline":"pitchMatching"}"#, client)
            let page = try Self.judgedByThePage(0.25, try #require(slider["judging"] as? [String: Any]))
            let (_, matched) = try await Self.post(
                "/api/trials/\(try #require(slider["id"] as? String))/answer",
                #"{"normalizedValue":0.25,"shown":{"userCentError":\#(page.error + 1e-9),"band":"\#(page.band)"}}"#,
                client)
            #expect(matched["band"] as? String == page.band)
            #expect(await services.trials.disagreements == 2)
            let stored = try await client.execute(uri: "/api/records?discipline=pitchComparison", method: .get) {
                try JSONSerialization.jsonObject(with: Data(buffer: $0.body)) as? [String: Any]
            }
            let records = try #require(stored?["records"] as? [[String: Any]])
            #expect(records.compactMap { $0["isCorrect"] as? Bool } == truths.reversed())
        }
    }

    @Test func anAnswerToATrialNeverServedIsRefusedAndStoresNothing() async throws {
        try await TestApp.with(environment: .fixed()) { client in
            let (status, _) = try await Self.post(
                "/api/trials/never-served/answer?next=true", #"{"answer":"higher"}"#, client)
            #expect(status == .notFound)
            let records = try await client.execute(uri: "/api/records", method: .get) { response in
                try TestApp.decode(RecordsResponse.self, response).records
            }
            #expect(records.isEmpty)
        }
    }
}
