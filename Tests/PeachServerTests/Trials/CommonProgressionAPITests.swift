import Foundation
import HTTPTypes
import Testing

@testable import PeachCore
@testable import PeachServer

/// Common Progressions through the API: the settings' refusal of fewer than two progressions, a
/// trial offering the chosen ones with each answer judged in advance, a bad name refused, and the
/// answer judged and stored as the numerals of the progressions played and named.
struct CommonProgressionAPITests {
    static func put(_ body: String, _ client: RouterClient) async throws -> (HTTPResponse.Status, String) {
        try await client.execute(
            uri: "/api/settings", method: .put, headers: [.contentType: "application/json"], body: TestApp.json(body)
        ) { response in (response.status, String(buffer: response.body)) }
    }

    @Test func fewerThanTwoProgressionsAreRefusedAndChangeNothing() async throws {
        try await TestApp.with { client in
            let (status, body) = try await Self.put(#"{"commonProgressions":["ii-V-I"]}"#, client)
            #expect(status == .badRequest)
            #expect(body.contains("commonProgressions") && body.contains("at least 2"), "\(body)")
            let (unknown, _) = try await Self.put(#"{"commonProgressions":["ii-V-I","rhythm changes"]}"#, client)
            #expect(unknown == .badRequest)
            try await client.execute(uri: "/api/settings", method: .get) { response in
                let settings = try #require(
                    (try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])?[
                        "settings"] as? [String: Any])
                #expect(settings["commonProgressions"] as? [String] == CommonProgression.defaultChoices.map(\.rawValue))
            }
        }
    }

    @Test func aTrialOffersTheChosenProgressionsAndItsAnswerIsJudgedAsAWhole() async throws {
        try await TestApp.with(environment: .fixed()) { client in
            let (set, _) = try await Self.put(#"{"commonProgressions":["12-bar-blues","ii-V-I"]}"#, client)
            #expect(set == .ok)
            let (status, trial) = try await TrialAPITests.post(
                "/api/trials", #"{"discipline":"commonProgression"}"#, client)
            #expect(status == .created)
            let id = try #require(trial["id"] as? String)
            // In the kind's order, each with the key that answers it.
            let offered = try #require(trial["progressions"] as? [[String: Any]])
            #expect(offered.compactMap { $0["progression"] as? String } == ["ii-V-I", "12-bar-blues"])
            #expect(offered.compactMap { $0["key"] as? String } == ["1", "2"])
            #expect((trial["choices"] as? [Any])?.isEmpty == true)
            let played = try #require(trial["chords"] as? [[String: Any]]).compactMap { $0["numeral"] as? String }
            let right = played.count == 12 ? CommonProgression.twelveBarBlues : .twoFiveOne
            #expect(played == right.progression.numerals.map(\.rawValue))
            let outcomes = try #require(trial["outcomes"] as? [[String: Any]])
            #expect(Set(outcomes.compactMap { $0["answer"] as? String }) == ["ii-V-I", "12-bar-blues"])

            let (refused, _) = try await TrialAPITests.post(
                "/api/trials/\(id)/answer", #"{"answer":"rhythm-changes"}"#, client)
            #expect(refused == .badRequest)
            let wrong = right == .twoFiveOne ? "12-bar-blues" : "ii-V-I"
            let (answered, result) = try await TrialAPITests.post(
                "/api/trials/\(id)/answer", #"{"answer":"\#(wrong)"}"#, client)
            #expect(answered == .ok)
            #expect(result["isCorrect"] as? Bool == false)
            #expect(result["progression"] as? String == right.rawValue)
            #expect(result["answeredProgression"] as? String == wrong)
            let shown = try #require(outcomes.first { $0["answer"] as? String == wrong }?["result"] as? [String: Any])
            #expect(try InstantFeedbackTests.canonical(shown) == InstantFeedbackTests.canonical(result))

            try await client.execute(uri: "/api/records?discipline=commonProgression", method: .get) { response in
                let body = try #require(
                    try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
                let records = try #require(body["records"] as? [[String: Any]])
                #expect(records.count == 1)
                #expect(records.first?["progression"] as? String == played.joined(separator: " "))
                #expect(
                    records.first?["answer"] as? String
                        == CommonProgression(rawValue: wrong)!.progression.description)
            }
        }
    }
}
