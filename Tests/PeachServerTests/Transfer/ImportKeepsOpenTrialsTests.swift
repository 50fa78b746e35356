import Foundation
import Hummingbird
import Logging
import PeachServices
import Synchronization
import Testing

@testable import PeachCore
@testable import PeachServer

/// A phone reserves a week of trials and trains on them offline while a laptop imports: the answers
/// that arrive afterwards must be stored, whatever the imports did to the history.
struct ImportKeepsOpenTrialsTests {
    static let header = TransferAPITests.header

    /// `count` valid rows of format 1, 1.5 s apart, comparisons and pitch matchings in turn.
    static func rows(_ count: Int, from start: Int = 1_700_000_000) -> String {
        var text = header
        text.reserveCapacity(count * 64)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        for index in 0..<count {
            let stamp = formatter.string(from: Date(timeIntervalSince1970: Double(start) + Double(index) * 1.5))
            text +=
                index.isMultiple(of: 2)
                ? "comparison,\(stamp),\(40 + index % 40),60,\(Double(index % 200 - 100) / 4),\(index % 3 > 0),,,\n"
                : "pitchMatching,\(stamp),,,,,\(40 + index % 40),\(Double(index % 80 - 40)),\(Double(index % 50 - 25) / 2)\n"
        }
        return text
    }

    static func post(_ uri: String, _ body: String, _ client: RouterClient) async throws -> (
        HTTPResponse.Status, [String: Any]
    ) {
        try await TrialAPITests.post(uri, body, client)
    }

    @Test func aWeekOldReservedTrialIsAnsweredAfterImportsOfEitherMode() async throws {
        let issuedAt = Date(timeIntervalSince1970: 1_800_000_000)
        let clock = Mutex(issuedAt)
        let counter = Mutex(0)
        let environment = ServerEnvironment(
            now: { clock.withLock { $0 } },
            makeID: {
                counter.withLock {
                    $0 += 1
                    return "id-\($0)"
                }
            },
            generator: SeededGenerator(seed: 5))
        try await TestApp.with(environment: environment) { client in
            let (status, body) = try await Self.post(
                "/api/trials/reserve", #"{"discipline":"pitchComparison","count":5}"#, client)
            #expect(status == .created)
            let reserved = try #require(body["trials"] as? [[String: Any]]).map { $0["id"] as! String }
            let plain = try #require(
                try await Self.post("/api/trials", #"{"discipline":"pitchMatching"}"#, client).1["id"] as? String)

            // Three batches: an import writes a batch at a time, whatever the file's size.
            let large = Self.rows(TrainingDataSource.batchSize * 3)
            try await client.execute(uri: "/api/import?mode=merge", method: .post, body: ByteBuffer(string: large)) {
                response throws in
                #expect(response.status == .ok, "\(String(buffer: response.body))")
                #expect(
                    try #require(JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])[
                        "imported"] as? Int == TrainingDataSource.batchSize * 3)
            }
            try await client.execute(
                uri: "/api/import?mode=replace", method: .post,
                body: ByteBuffer(string: Self.rows(10, from: 1_750_000_000))
            ) { response in
                #expect(response.status == .ok)
            }

            // Just under the week a trial is kept.
            clock.withLock { $0 = issuedAt.addingTimeInterval(7 * 86_400 - 60) }
            for id in reserved {
                #expect(try await Self.post("/api/trials/\(id)/answer", #"{"answer":"lower"}"#, client).0 == .ok)
            }
            #expect(try await Self.post("/api/trials/\(plain)/answer", #"{"normalizedValue":0.5}"#, client).0 == .ok)
            #expect(
                try await Self.post("/api/trials/\(reserved[0])/answer", #"{"answer":"lower"}"#, client).0 == .conflict)
            try await client.execute(uri: "/api/records?limit=100", method: .get) { response throws in
                let records =
                    try #require(JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])[
                        "records"] as? [Any]
                #expect(records?.count == 10 + 6)
            }
        }
    }

    /// Fresh trials answered while imports run are all stored: none is refused as unknown (404)
    /// or answered (409). The services an import route uses, without HTTP: the router's test client
    /// is not for sharing between tasks.
    @Test func trialsAnsweredDuringImportsAreStored() async throws {
        let directory = TestApp.Directory()
        let services = try await AppServices.open(
            databasePath: directory.databasePath, environment: .fixed(), logger: Logger(label: "test"))
        let transfer = try #require(services.transfer)
        let file = try TrainingDataParser.parse(Array(Self.rows(20_000).utf8))
        let importing = Flag()
        let refusals = try await withThrowingTaskGroup(of: [String].self) { group in
            for _ in 0..<4 {
                group.addTask {
                    var refusals: [String] = []
                    var answered = 0
                    while importing.isSet || answered < 20 {
                        let issued = try await services.trials.next(.pitchComparison)
                        do {
                            _ = try await services.trials.answer(issued.id, .direction(.higher))
                        } catch {
                            refusals.append("\(error)")
                        }
                        answered += 1
                    }
                    return refusals
                }
            }
            group.addTask {
                for mode in [ImportMode.merge, .replace, .merge] {
                    _ = try await transfer.importRecords(file, mode: mode)
                    try await services.historyDidChange()
                }
                importing.clear()
                return []
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(refusals.isEmpty, "\(refusals.count) refused: \(Set(refusals))")
    }
}

/// Shared by tasks: set until cleared.
private final class Flag: Sendable {
    private let state = Mutex(true)
    var isSet: Bool { state.withLock { $0 } }
    func clear() { state.withLock { $0 = false } }
}
