import Foundation
import Testing

@testable import PeachCore
@testable import PeachServer

/// A teacher sets an assignment through the API, a student trains its task with the task's
/// settings, and the teacher's table follows each answer; nobody else reads or changes it.
struct AssignmentAPITests {
    static let assignment = #"""
        {"title":"Week 3","due":"2027-02-01T12:00:00Z","tasks":[
          {"discipline":"intervalComparison","answers":3,"settings":{"intervals":[{"name":"m6","direction":"up"}]}},
          {"discipline":"pitchComparison","threshold":20}]}
        """#

    static func json(_ response: RouterClient.Response) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
    }

    /// The teacher's session and their class (the fixed environment's one).
    static func teachersClass(_ client: AccountRefusalTests.Client) async throws -> (session: String, classID: Int) {
        let tess = try await client.signIn("tess", "tess-password")
        let classes = try json(try await client.send(.get, "/api/classes", session: tess))
        return (tess, try #require((classes["classes"] as? [[String: Any]])?.first?["id"] as? Int))
    }

    @Test func aStudentTrainsATaskToDoneWithItsSettingsAndTheTeachersTableSaysSo() async throws {
        try await AccountRefusalTests.with(environment: .fixed()) { client in
            let (tess, classID) = try await Self.teachersClass(client)
            let created = try await client.send(
                .post, "/api/classes/\(classID)/assignments", Self.assignment, session: tess)
            #expect(created.status == .created)
            let assignment = try #require(try Self.json(created)["assignment"] as? [String: Any])
            let assignmentID = try #require(assignment["id"] as? Int)
            let tasks = try #require(assignment["tasks"] as? [[String: Any]])
            let taskID = try #require(tasks.first?["id"] as? Int)
            #expect(tasks.first?["discipline"] as? String == "intervalComparison" && tasks.first?["name"] == nil)

            let ann = try await client.signIn("ann", "ann-password")
            // Not in the class yet: none of its assignments, and its task trains nothing.
            #expect(
                (try Self.json(try await client.send(.get, "/api/assignments", session: ann))["assignments"] as? [Any])?
                    .isEmpty == true)
            #expect(
                try await client.send(
                    .post, "/api/trials", #"{"discipline":"intervalComparison","task":\#(taskID)}"#, session: ann
                ).status == .notFound)
            #expect(
                try await client.send(.post, "/api/account/classes", #"{"invitation":"ABCD-EFGH"}"#, session: ann)
                    .status == .created)
            let settingsBefore =
                try Self.json(try await client.send(.get, "/api/settings", session: ann))["settings"]
                as? NSDictionary

            for _ in 0..<3 {
                let trial = try Self.json(
                    try await client.send(
                        .post, "/api/trials", #"{"discipline":"intervalComparison","task":\#(taskID)}"#, session: ann))
                let id = try #require(trial["id"] as? String)
                #expect(trial["task"] as? Int == taskID)
                #expect((trial["interval"] as? [String: Any])?["name"] as? String == "m6")
                let answered = try await client.send(
                    .post, "/api/trials/\(id)/answer?next=true", #"{"answer":"higher"}"#, session: ann)
                #expect(answered.status == .ok)
                // The next trial comes with the answer, drawn for the task too.
                let next = try #require(try Self.json(answered)["next"] as? [String: Any])
                #expect(next["task"] as? Int == taskID)
                #expect((next["interval"] as? [String: Any])?["name"] as? String == "m6")
            }
            // A trial of her own does not count for the task, and no id she makes up does.
            let own = try Self.json(
                try await client.send(.post, "/api/trials", #"{"discipline":"intervalComparison"}"#, session: ann))
            #expect(own["task"] == nil)
            #expect(
                try await client.send(
                    .post, "/api/trials/task\(taskID)-made-up/answer", #"{"answer":"higher"}"#, session: ann
                ).status == .notFound)
            _ = try await client.send(
                .post, "/api/trials/\(try #require(own["id"] as? String))/answer", #"{"answer":"higher"}"#,
                session: ann)
            let settingsAfter = try Self.json(try await client.send(.get, "/api/settings", session: ann))["settings"]
            #expect(settingsBefore != nil && settingsAfter as? NSDictionary == settingsBefore)

            let mine = try #require(
                (try Self.json(try await client.send(.get, "/api/assignments", session: ann))["assignments"]
                    as? [[String: Any]])?.first)
            let progress = try #require(mine["progress"] as? [[String: Any]])
            #expect(progress.map { $0["status"] as? String } == ["done", "notStarted"])
            #expect(progress.first?["answers"] as? Int == 3)
            #expect(mine["className"] as? String == "Choir")

            let table = try Self.json(
                try await client.send(.get, "/api/classes/\(classID)/assignments/\(assignmentID)", session: tess))
            let rows = try #require(table["rows"] as? [[String: Any]])
            #expect(rows.count == 1)
            let cells = try #require(rows.first?["tasks"] as? [[String: Any]])
            #expect(cells.map { $0["status"] as? String } == ["done", "notStarted"])
            #expect(cells.first?["answers"] as? Int == 3)

            // The same table for a spreadsheet.
            let csv = try await client.send(
                .get, "/api/classes/\(classID)/assignments/\(assignmentID)/table.csv", session: tess)
            #expect(csv.status == .ok)
            #expect(csv.headers[.contentType]?.hasPrefix("text/csv") == true)
            #expect(csv.headers[.contentDisposition]?.contains("peach-assignment-\(assignmentID).csv") == true)
            let lines = String(buffer: csv.body).split(separator: "\n").map(String.init)
            #expect(
                lines.first
                    == "student,task1.intervalComparison.status,task1.intervalComparison.answers,task1.intervalComparison.reachedCents,task2.pitchComparison.status,task2.pitchComparison.answers,task2.pitchComparison.reachedCents,lastActivity"
            )
            #expect(lines.count == 2)
            #expect(lines.last?.hasPrefix("ann,done,3,,notStarted,0,,") == true)
            #expect(lines.last.map { $0.split(separator: ",").last?.contains("T") == true } == true)
        }
    }

    @Test func aMeasurementTaskIsDoneByTheRunFinishedInsideItWithItsResult() async throws {
        try await AccountRefusalTests.with(environment: .fixed()) { client in
            let (tess, classID) = try await Self.teachersClass(client)
            let created = try Self.json(
                try await client.send(
                    .post, "/api/classes/\(classID)/assignments",
                    #"{"title":"Where are you?","due":"2027-02-01T12:00:00Z","tasks":[{"discipline":"pitchMeasurement","measure":true}]}"#,
                    session: tess))
            let task = try #require((created["assignment"] as? [String: Any])?["tasks"] as? [[String: Any]]).first
            let taskID = try #require(task?["id"] as? Int)
            #expect(task?["measure"] as? Bool == true && task?["unit"] as? String == "cent")
            #expect(task?["answers"] is NSNull && task?["threshold"] is NSNull)

            let ann = try await client.signIn("ann", "ann-password")
            _ = try await client.send(.post, "/api/account/classes", #"{"invitation":"ABCD-EFGH"}"#, session: ann)
            func progress() async throws -> [String: Any] {
                let mine = try Self.json(try await client.send(.get, "/api/assignments", session: ann))
                let entry = try #require((mine["assignments"] as? [[String: Any]])?.first)
                return try #require((entry["progress"] as? [[String: Any]])?.first)
            }
            // A run is at most 40 answers; "higher" every time is right about half the time.
            var answered = 0
            while answered < 40, try await progress()["status"] as? String != "done" {
                let trial = try Self.json(
                    try await client.send(
                        .post, "/api/trials", #"{"discipline":"pitchMeasurement","task":\#(taskID)}"#, session: ann))
                #expect(trial["task"] as? Int == taskID)
                let id = try #require(trial["id"] as? String)
                #expect(
                    try await client.send(.post, "/api/trials/\(id)/answer", #"{"answer":"higher"}"#, session: ann)
                        .status == .ok)
                answered += 1
                if answered == 1 {
                    let first = try await progress()
                    #expect(first["status"] as? String == "inProgress" && first["reached"] is NSNull)
                }
            }
            let done = try await progress()
            #expect(done["status"] as? String == "done")
            #expect(done["answers"] as? Int == answered)
            // What the run measured, as the Profile states its measurement.
            let measured = try #require(done["reached"] as? Double)
            let timeline = try Self.json(
                try await client.send(.get, "/api/profile/timeline?scope=pitch", session: ann))
            let runs = try #require(timeline["measurements"] as? [[String: Any]])
            #expect(runs.count == 1)
            #expect((runs.first?["estimate"] as? [String: Any])?["threshold"] as? Double == measured)
        }
    }

    /// A threshold task reads the threshold fitted to the answers given inside it alone: a student
    /// who heard nothing in her own training and then answers the task as one who hears 30 ¢ is
    /// stated at the task's fit, not her profile's, in her list and in the teacher's table.
    @Test func aThresholdTaskIsFittedToItsOwnAnswersNotTheProfile() async throws {
        try await AccountRefusalTests.with(environment: .fixed()) { client in
            let (tess, classID) = try await Self.teachersClass(client)
            let ann = try await client.signIn("ann", "ann-password")
            _ = try await client.send(.post, "/api/account/classes", #"{"invitation":"ABCD-EFGH"}"#, session: ann)
            /// Answers `count` trials, right wherever the difference is at least `heard` ¢.
            func train(_ body: String, count: Int, heard: Double) async throws -> [ThresholdEstimator.Trial] {
                var trials: [ThresholdEstimator.Trial] = []
                for _ in 0..<count {
                    let trial = try Self.json(try await client.send(.post, "/api/trials", body, session: ann))
                    let offset = try #require((trial["note2"] as? [String: Any])?["centOffset"] as? Double)
                    let right = abs(offset) >= heard
                    let answer = (offset > 0) == right ? "higher" : "lower"
                    let id = try #require(trial["id"] as? String)
                    let result = try Self.json(
                        try await client.send(
                            .post, "/api/trials/\(id)/answer", #"{"answer":"\#(answer)"}"#, session: ann))
                    #expect(result["isCorrect"] as? Bool == right)
                    trials.append(.init(difference: abs(offset), isCorrect: right))
                }
                return trials
            }
            let created = try Self.json(
                try await client.send(
                    .post, "/api/classes/\(classID)/assignments",
                    #"{"title":"Fine","due":"2027-02-01T12:00:00Z","tasks":[{"discipline":"pitchComparison","threshold":20}]}"#,
                    session: tess))
            let assignment = try #require(created["assignment"] as? [String: Any])
            let taskID = try #require((assignment["tasks"] as? [[String: Any]])?.first?["id"] as? Int)
            let inTask = #"{"discipline":"pitchComparison","task":\#(taskID)}"#
            // Before the task she heard nothing at all in her own training: her profile has not
            // caught up with the answers she gives inside the task.
            let own = try await train(#"{"discipline":"pitchComparison"}"#, count: 60, heard: .infinity)
            let inside = try await train(inTask, count: 60, heard: 30)

            let mine = try Self.json(try await client.send(.get, "/api/assignments", session: ann))
            let progress = try #require(
                ((mine["assignments"] as? [[String: Any]])?.first?["progress"] as? [[String: Any]])?.first)
            let reached = try #require(progress["reached"] as? Double)
            let fitted = try #require(ComparisonKind.goalThreshold(.pitchComparison, fittedTo: inside)).rawValue
            #expect(abs(reached - fitted) < 1e-9)
            #expect(progress["status"] as? String == "inProgress" && progress["answers"] as? Int == 60)
            let everything = try #require(ComparisonKind.goalThreshold(.pitchComparison, fittedTo: own + inside))
            #expect(reached > 20 && everything.rawValue > 1.5 * reached, "task \(reached), profile \(everything)")

            let table = try Self.json(
                try await client.send(
                    .get, "/api/classes/\(classID)/assignments/\(try #require(assignment["id"] as? Int))",
                    session: tess))
            let cell = try #require(
                ((table["rows"] as? [[String: Any]])?.first?["tasks"] as? [[String: Any]])?.first)
            #expect(cell["reached"] as? Double == reached && cell["status"] as? String == "inProgress")
        }
    }

    @Test func badAssignmentsAreRefusedWholeAndNothingIsStored() async throws {
        try await AccountRefusalTests.with(environment: .fixed()) { client in
            let (tess, classID) = try await Self.teachersClass(client)
            // Each with the reason and the values the teacher's page says it with, in its own language.
            let bad: [(String, reason: String, task: Int?, extra: [String: String])] = [
                (
                    #"{"title":"x","due":"2027-02-01T12:00:00Z","tasks":[{"discipline":"pitchComparison","answers":3},{"discipline":"humming","answers":3}]}"#,
                    "discipline", 2, ["given": "humming"]
                ),
                (
                    #"{"title":"x","due":"2027-02-01T12:00:00Z","tasks":[{"discipline":"pitchComparison","answers":3,"settings":{"tempoBPM":9999}}]}"#,
                    "setting", 1, ["setting": "tempoBPM"]
                ),
                (
                    #"{"title":"x","due":"2027-02-01T12:00:00Z","tasks":[{"discipline":"pitchComparison","answers":3,"settings":{"noteRangeLower":60,"noteRangeUpper":65}}]}"#,
                    "noteRange", 1, ["minimum": "12"]
                ),
                (
                    #"{"title":"x","due":"2027-02-01T12:00:00Z","tasks":[{"discipline":"scaleDegree","threshold":20}]}"#,
                    "noThreshold", 1, [:]
                ),
                (
                    #"{"title":"x","due":"2027-02-01T12:00:00Z","tasks":[{"discipline":"pitchComparison","answers":0}]}"#,
                    "answers", 1, ["minimum": "1", "maximum": "1000"]
                ),
                (
                    #"{"title":"x","due":"2027-02-01T12:00:00Z","tasks":[{"discipline":"pitchComparison","threshold":0.01}]}"#,
                    "threshold", 1, ["minimum": "0.1", "maximum": "1000"]
                ),
                (
                    #"{"title":"x","due":"tomorrow","tasks":[{"discipline":"pitchComparison","answers":3}]}"#, "due",
                    nil, [:]
                ),
                (
                    #"{"title":"","due":"2027-02-01T12:00:00Z","tasks":[{"discipline":"pitchComparison","answers":3}]}"#,
                    "title", nil, ["minimum": "1", "maximum": "120"]
                ),
            ]
            for (body, reason, task, extra) in bad {
                let response = try await client.send(.post, "/api/classes/\(classID)/assignments", body, session: tess)
                #expect(response.status == .badRequest, "\(body)")
                let error = try #require(try Self.json(response)["error"] as? [String: Any])
                #expect((error["message"] as? String)?.isEmpty == false)
                #expect(
                    error["code"] as? String == "invalidAssignment" && error["reason"] as? String == reason, "\(error)")
                #expect(error["task"] as? Int == task, "\(error)")
                for (key, value) in extra { #expect("\(error[key] ?? "none")" == value, "\(key) in \(error)") }
            }
            let list = try Self.json(try await client.send(.get, "/api/classes/\(classID)/assignments", session: tess))
            #expect((list["assignments"] as? [Any])?.isEmpty == true)
        }
    }

    @Test func onlyTheClassesTeacherReadsOrChangesItsAssignments() async throws {
        try await AccountRefusalTests.with(environment: .fixed()) { client in
            let (tess, classID) = try await Self.teachersClass(client)
            let created = try Self.json(
                try await client.send(.post, "/api/classes/\(classID)/assignments", Self.assignment, session: tess))
            let assignmentID = try #require((created["assignment"] as? [String: Any])?["id"] as? Int)
            let path = "/api/classes/\(classID)/assignments/\(assignmentID)"

            let ann = try await client.signIn("ann", "ann-password")
            _ = try await client.send(.post, "/api/account/classes", #"{"invitation":"ABCD-EFGH"}"#, session: ann)
            // A student of the class is not its teacher.
            #expect(try await client.send(.get, path, session: ann).status == .forbidden)
            #expect(try await client.send(.get, path + "/table.csv", session: ann).status == .forbidden)
            #expect(try await client.send(.put, path, Self.assignment, session: ann).status == .forbidden)
            #expect(try await client.send(.delete, path, session: ann).status == .forbidden)
            // Another teacher's class is none of tess's: an assignment id of another class is not found.
            let other = try Self.json(
                try await client.send(.post, "/api/classes", #"{"name":"Basses"}"#, session: tess))
            let otherID = try #require(other["id"] as? Int)
            #expect(
                try await client.send(.get, "/api/classes/\(otherID)/assignments/\(assignmentID)", session: tess)
                    .status == .notFound)
            #expect(
                try await client.send(.delete, "/api/classes/\(otherID)/assignments/\(assignmentID)", session: tess)
                    .status == .notFound)
            #expect(
                try await client.send(
                    .get, "/api/classes/\(otherID)/assignments/\(assignmentID)/table.csv", session: tess
                ).status == .notFound)
            #expect(try await client.send(.get, path, session: tess).status == .ok)
            #expect(try await client.send(.delete, path, session: tess).status == .noContent)
            #expect(try await client.send(.get, path, session: tess).status == .notFound)
        }
    }
}
