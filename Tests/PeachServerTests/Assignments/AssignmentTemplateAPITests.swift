import Foundation
import Testing

@testable import PeachCore
@testable import PeachServer

/// A teacher keeps an assignment as a template's file and sets it again in another class: the tasks
/// arrive with their settings and goals; a damaged or foreign file is refused whole, with where it is
/// wrong, and nothing is stored.
struct AssignmentTemplateAPITests {
    typealias Client = AccountRefusalTests.Client

    static func json(_ response: RouterClient.Response) throws -> [String: Any] {
        try AssignmentAPITests.json(response)
    }

    /// tess's Choir with `AssignmentAPITests.assignment`, and her second class: their ids, the assignment's.
    static func classes(_ client: Client, _ tess: String) async throws -> (choir: Int, basses: Int, assignment: Int) {
        let classes = try json(try await client.send(.get, "/api/classes", session: tess))
        let choir = try #require((classes["classes"] as? [[String: Any]])?.first?["id"] as? Int)
        let created = try json(
            try await client.send(
                .post, "/api/classes/\(choir)/assignments", AssignmentAPITests.assignment, session: tess))
        let assignment = try #require((created["assignment"] as? [String: Any])?["id"] as? Int)
        let basses = try #require(
            try json(try await client.send(.post, "/api/classes", #"{"name":"Basses"}"#, session: tess))["id"] as? Int)
        return (choir, basses, assignment)
    }

    /// The class's assignments' tasks, each as the API sends it less its id.
    static func tasks(of classID: Int, _ client: Client, _ tess: String) async throws -> [[[String: Any]]] {
        let list = try json(try await client.send(.get, "/api/classes/\(classID)/assignments", session: tess))
        return try #require(list["assignments"] as? [[String: Any]]).map { table in
            ((table["assignment"] as? [String: Any])?["tasks"] as? [[String: Any]] ?? []).map {
                $0.filter { $0.key != "id" }
            }
        }
    }

    @Test func aTemplateSetsTheSameTasksWithTheirSettingsInAnotherClass() async throws {
        try await AccountRefusalTests.with(environment: .fixed()) { client in
            let tess = try await client.signIn("tess", "tess-password")
            let (choir, basses, assignment) = try await Self.classes(client, tess)
            let file = try await client.send(
                .get, "/api/classes/\(choir)/assignments/\(assignment)/template.json", session: tess)
            #expect(file.status == .ok)
            #expect(file.headers[.contentDisposition] == "attachment; filename=\"peach-template-\(assignment).json\"")
            let template = try Self.json(file)
            #expect(template["peachAssignmentTemplate"] as? Int == 1 && template["title"] as? String == "Week 3")
            #expect(template["due"] == nil && template["student"] == nil)

            let body = #"{"due":"2027-03-01T12:00:00Z","template":"# + String(buffer: file.body) + "}"
            let set = try await client.send(
                .post, "/api/classes/\(basses)/assignments/from-template", body, session: tess)
            #expect(set.status == .created)
            let made = try #require(try Self.json(set)["assignment"] as? [String: Any])
            #expect(made["title"] as? String == "Week 3" && made["due"] as? String == "2027-03-01T12:00:00.000Z")
            let (original, copy) = (
                try await Self.tasks(of: choir, client, tess), try await Self.tasks(of: basses, client, tess)
            )
            #expect(copy.count == 1 && original.count == 1)
            #expect(NSArray(array: copy[0]) == NSArray(array: original[0]))
            let intervals = (copy[0].first?["settings"] as? [String: Any])?["intervals"] as? [[String: Any]]
            #expect(intervals?.first?["name"] as? String == "m6" && copy[0].last?["threshold"] as? Double == 20)
        }
    }

    @Test func aDamagedOrForeignTemplateIsRefusedWholeAndNothingIsStored() async throws {
        try await AccountRefusalTests.with(environment: .fixed()) { client in
            let tess = try await client.signIn("tess", "tess-password")
            let (choir, basses, assignment) = try await Self.classes(client, tess)
            let due = #""due":"2027-03-01T12:00:00Z""#
            let task = #"{"discipline":"pitchComparison","answers":3}"#
            let refused: [(String, String, reason: String)] = [
                ("{\(due)}", "template: missing", "notTemplate"),
                (
                    #"{\#(due),"template":{"title":"x","tasks":[\#(task)]}}"#, "not a Peach assignment template",
                    "notTemplate"
                ),
                (
                    #"{\#(due),"template":{"peachAssignmentTemplate":2,"title":"x","tasks":[\#(task)]}}"#, "format 2",
                    "templateVersion"
                ),
                (
                    #"{\#(due),"template":{"peachAssignmentTemplate":1,"title":"x","tasks":[\#(task),{"discipline":"humming","answers":3}]}}"#,
                    "tasks[1].discipline: unknown discipline 'humming'", "discipline"
                ),
                (
                    #"{\#(due),"template":{"peachAssignmentTemplate":1,"title":"x","tasks":[{"discipline":"pitchComparison","answers":3,"settings":{"tempoBPM":9999}}]}}"#,
                    "tasks[0].settings.tempoBPM", "setting"
                ),
                (#"{"template":{"peachAssignmentTemplate":1,"title":"x","tasks":[\#(task)]}}"#, "due: missing", "due"),
            ]
            for (body, says, reason) in refused {
                let response = try await client.send(
                    .post, "/api/classes/\(basses)/assignments/from-template", body, session: tess)
                #expect(response.status == .badRequest, "\(body)")
                let error = try #require(try Self.json(response)["error"] as? [String: Any])
                let message = error["message"] as? String
                #expect(message?.contains(says) == true, "\(message ?? "no message") should say \(says)")
                #expect(error["code"] as? String == "invalidAssignment" && error["reason"] as? String == reason)
            }
            #expect(try await Self.tasks(of: basses, client, tess).isEmpty)

            // Only the class's teacher reads a template or sets one; an assignment of another class is not found.
            let ann = try await client.signIn("ann", "ann-password")
            _ = try await client.send(.post, "/api/account/classes", #"{"invitation":"ABCD-EFGH"}"#, session: ann)
            let path = "/api/classes/\(choir)/assignments/\(assignment)/template.json"
            #expect(try await client.send(.get, path, session: ann).status == .forbidden)
            let valid = #"{\#(due),"template":{"peachAssignmentTemplate":1,"title":"x","tasks":[\#(task)]}}"#
            #expect(
                try await client.send(.post, "/api/classes/\(choir)/assignments/from-template", valid, session: ann)
                    .status == .forbidden)
            #expect(
                try await client.send(
                    .get, "/api/classes/\(basses)/assignments/\(assignment)/template.json", session: tess
                ).status == .notFound)
        }
    }
}
