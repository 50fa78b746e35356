import Foundation
import Hummingbird
import Testing

@testable import PeachCore
@testable import PeachServer

/// The pitch-matching endpoints through Hummingbird's test client, on a real SQLite file.
struct PitchMatchingAPITests {
    struct Challenge: Decodable {
        struct ReferenceNote: Decodable {
            let midi: Int
            let name: String
            let frequencyHz: Double
        }
        struct TunableNote: Decodable { let startFrequencyHz: Double }
        let id: String
        let referenceNote: ReferenceNote
        let tunableNote: TunableNote
        let initialCentOffset: Double
        let centRange: Double
        let noteDurationSeconds: Double
    }

    struct Result: Decodable {
        let userCentError: Double
        let band: String
    }

    struct Records: Decodable {
        struct Record: Decodable {
            let referenceNote: Int
            let initialCentOffset: Double
            let userCentError: Double
            let timestamp: String
        }
        let records: [Record]
    }

    static func challenge(_ client: RouterClient) async throws -> Challenge {
        try await client.execute(uri: "/api/pitch-matching", method: .post) { response throws in
            #expect(response.status == .created)
            return try TestApp.decode(Challenge.self, response)
        }
    }

    static func commit<T: Sendable>(
        _ client: RouterClient, _ id: String, body: String,
        _ check: @escaping @Sendable (RouterClient.Response) throws -> T
    ) async throws -> T {
        try await client.execute(
            uri: "/api/pitch-matching/\(id)/result", method: .post, headers: [.contentType: "application/json"],
            body: TestApp.json(body), check: check)
    }

    static func records(_ client: RouterClient) async throws -> [Records.Record] {
        try await client.execute(uri: "/api/records/pitch-matching?limit=50", method: .get) { response throws in
            #expect(response.status == .ok)
            return try TestApp.decode(Records.self, response).records
        }
    }

    @Test func aChallengeIsInTheRangeWithTheTunableNoteAtItsOffset() async throws {
        try await TestApp.with(environment: .fixed()) { client in
            var offsets: [Double] = []
            for _ in 0..<20 {
                let challenge = try await Self.challenge(client)
                #expect((36...84).contains(challenge.referenceNote.midi))
                #expect(challenge.referenceNote.name == MIDINote(challenge.referenceNote.midi)?.name)
                let expected = 440 * pow(2, Double(challenge.referenceNote.midi - 69) / 12)
                #expect(abs(challenge.referenceNote.frequencyHz - expected) / expected < 1e-12)
                #expect(abs(challenge.initialCentOffset) <= 100)
                let start = 1200 * log2(challenge.tunableNote.startFrequencyHz / challenge.referenceNote.frequencyHz)
                #expect(abs(start - challenge.initialCentOffset) < 1e-9)
                #expect(challenge.centRange == 100)
                #expect(challenge.noteDurationSeconds == 1)
                offsets.append(challenge.initialCentOffset)
            }
            // Random offsets, not one fixed detune.
            #expect(Set(offsets).count == offsets.count)
            #expect(offsets.contains { $0 > 0 } && offsets.contains { $0 < 0 })
        }
    }

    @Test(arguments: [-1.0, -0.37, 0.0, 0.25, 1.0])
    func theServerTurnsTheSliderValueIntoTheSignedErrorAndStoresIt(value: Double) async throws {
        try await TestApp.with(environment: .fixed()) { client in
            let challenge = try await Self.challenge(client)
            let result = try await Self.commit(client, challenge.id, body: #"{"normalizedValue":\#(value)}"#) {
                response throws in
                #expect(response.status == .ok)
                return try TestApp.decode(Result.self, response)
            }
            let expected = challenge.initialCentOffset + value * challenge.centRange
            #expect(abs(result.userCentError - expected) < 1e-9)
            // The same number the browser's slider maths plays: the tunable note's pitch over the reference.
            let played = challenge.tunableNote.startFrequencyHz * pow(2, value * challenge.centRange / 1200)
            #expect(abs(1200 * log2(played / challenge.referenceNote.frequencyHz) - result.userCentError) < 1e-6)
            #expect(result.band == PitchMatchingBand(error: Cents(expected)).rawValue)
            let records = try await Self.records(client)
            #expect(records.count == 1)
            #expect(records.first?.referenceNote == challenge.referenceNote.midi)
            #expect(records.first?.initialCentOffset == challenge.initialCentOffset)
            #expect(records.first?.userCentError == result.userCentError)
            #expect(records.first?.timestamp.contains("T") == true)
        }
    }

    @Test func aSecondCommitConflictsAndAnUnknownIdIsNotFound() async throws {
        try await TestApp.with(environment: .fixed()) { client in
            let challenge = try await Self.challenge(client)
            try await Self.commit(client, challenge.id, body: #"{"normalizedValue":0.5}"#) { #expect($0.status == .ok) }
            try await Self.commit(client, challenge.id, body: #"{"normalizedValue":0.1}"#) { response throws in
                #expect(response.status == .conflict)
                #expect(
                    try TestApp.decode(APITests.ErrorBody.self, response).error.message.contains(
                        "already been answered"))
            }
            try await Self.commit(client, "no-such-id", body: #"{"normalizedValue":0}"#) { response throws in
                #expect(response.status == .notFound)
                #expect(try TestApp.decode(APITests.ErrorBody.self, response).error.message.contains("no-such-id"))
            }
            let records = try await Self.records(client)
            #expect(records.count == 1)
            #expect(abs((records.first?.userCentError ?? .nan) - (challenge.initialCentOffset + 50)) < 1e-9)
        }
    }

    @Test(arguments: [
        (#"{"normalizedValue":1.0001}"#, "normalizedValue must be a number from -1 to 1"),
        (#"{"normalizedValue":-1.5}"#, "normalizedValue must be a number from -1 to 1"),
        (#"{"normalizedValue":1e400}"#, "not valid"),
        (#"{"normalizedValue":NaN}"#, "not valid"),
        (#"{"normalizedValue":"NaN"}"#, "normalizedValue"),
        (#"{"value":0.2}"#, "normalizedValue"),
        (#"{"normalizedValue":"#, "not valid"),
    ])
    func aBadValueIsABadRequestThatChangesNothing(body: String, mentioned: String) async throws {
        try await TestApp.with(environment: .fixed()) { client in
            let challenge = try await Self.challenge(client)
            try await Self.commit(client, challenge.id, body: body) { response throws in
                #expect(response.status == .badRequest)
                let message = try TestApp.decode(APITests.ErrorBody.self, response).error.message
                #expect(message.localizedCaseInsensitiveContains(mentioned), "\(message)")
            }
            #expect(try await Self.records(client).isEmpty)
            // The challenge is still open: a valid value now succeeds.
            try await Self.commit(client, challenge.id, body: #"{"normalizedValue":-0.2}"#) {
                #expect($0.status == .ok)
            }
        }
    }

    @Test(arguments: ["0", "abc", "10001"])
    func anOutOfRangeLimitIsABadRequest(limit: String) async throws {
        try await TestApp.with { client in
            try await client.execute(uri: "/api/records/pitch-matching?limit=\(limit)", method: .get) {
                response throws in
                #expect(response.status == .badRequest)
                #expect(
                    try TestApp.decode(APITests.ErrorBody.self, response).error.message.contains(
                        "limit must be an integer from 1 to 10000"))
            }
        }
    }

    @Test func recordsComeNewestFirstAndKeepComparisonsApart() async throws {
        try await TestApp.with(environment: .fixed()) { client in
            var committed: [Double] = []
            for value in [-0.5, 0.0, 0.5] {
                let challenge = try await Self.challenge(client)
                try await Self.commit(client, challenge.id, body: #"{"normalizedValue":\#(value)}"#) {
                    #expect($0.status == .ok)
                }
                committed.append(challenge.initialCentOffset + value * challenge.centRange)
            }
            let records = try await Self.records(client)
            #expect(records.map(\.userCentError).count == 3)
            for (record, expected) in zip(records, committed.reversed()) {
                #expect(abs(record.userCentError - expected) < 1e-9)
            }
            try await client.execute(uri: "/api/records/comparisons", method: .get) { response throws in
                #expect(try TestApp.decode(APITests.Records.self, response).records.isEmpty)
            }
        }
    }

    @Test func theOpenAPIDocumentDescribesTheEndpoints() async throws {
        try await TestApp.with { client in
            try await client.execute(uri: "/api/openapi.json", method: .get) { response throws in
                let document = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
                let paths = document?["paths"] as? [String: Any]
                #expect(
                    Set(paths.map { Array($0.keys) } ?? []).isSuperset(of: [
                        "/api/pitch-matching", "/api/pitch-matching/{id}/result", "/api/records/pitch-matching",
                    ]))
                let schemas = (document?["components"] as? [String: Any])?["schemas"] as? [String: Any]
                let result = (schemas?["PitchMatchingResult"] as? [String: Any])?["properties"] as? [String: Any]
                let bands = (result?["band"] as? [String: Any])?["enum"] as? [String]
                #expect(bands == [PitchMatchingBand.deadCenter, .close, .near, .far].map(\.rawValue))
            }
        }
    }
}
