import Foundation
import Logging
import Testing

@testable import PeachCore
@testable import PeachServer
@testable import PeachServices
@testable import PeachStore

/// A user's requests that arrive together while their space is built share one build, unless a
/// request read a newer revision than the build did: that one never gets the older view.
struct UserSpacesTests {
    /// Holds every opening of a user's stores until released, and counts them.
    actor Opening {
        private(set) var count = 0
        private var released = false
        private var waiting: [CheckedContinuation<Void, Never>] = []

        func pass() async {
            count += 1
            if released { return }
            await withCheckedContinuation { waiting.append($0) }
        }

        func release() {
            released = true
            for continuation in waiting { continuation.resume() }
            waiting = []
        }

        func waitForCount(_ expected: Int) async throws {
            for _ in 0..<500 where count < expected { try await Task.sleep(for: .milliseconds(10)) }
        }
    }

    static let record = TrainingRecord.comparison(
        CompletedComparison(
            note1: MIDINote(60)!, note2: MIDINote(60)!, note2CentOffset: Cents(12), isCorrect: true,
            timestamp: Date(timeIntervalSince1970: 1_800_000_000)))

    final class Directory: Sendable {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("peach-spaces-\(UUID().uuidString)")
        var files: ClassFiles { ClassFiles(besidePersonalDatabase: url.appendingPathComponent("peach.sqlite").path) }
        deinit { try? FileManager.default.removeItem(at: url) }
    }

    let directory = Directory()
    let opening = Opening()

    func spaces(_ accounts: SQLiteAccountStore) -> UserSpaces {
        UserSpaces(
            accounts: accounts,
            stores: { [opening] user, known throws(DataStoreError) in
                await opening.pass()
                let database = try await accounts.database(of: user, revision: known)
                return (
                    SQLiteTrainingDataStore(database: database), SQLiteSettingsStore(database: database),
                    TrainingDataTransfer(database: database)
                )
            }, environment: .unimplemented, logger: Logger(label: "test"))
    }

    @Test func requestsArrivingTogetherShareOneBuild() async throws {
        let accounts = try SQLiteAccountStore(
            files: directory.files, now: { Date(timeIntervalSince1970: 1_800_000_000) })
        let ann = try #require(
            try await accounts.createAccount(AccountName("ann")!, passwordHash: "a", isTeacher: false))
        let spaces = spaces(accounts)
        let requests = (0..<10).map { _ in Task { try await spaces.space(of: ann.id) } }
        try await opening.waitForCount(1)
        // Give the other nine time to arrive while the first build waits.
        try await Task.sleep(for: .milliseconds(200))
        await opening.release()
        for request in requests { #expect(try await request.value.revision.isCurrent(0)) }
        #expect(await opening.count == 1)
    }

    @Test func aRequestThatReadANewerRevisionDoesNotTakeAnOlderBuild() async throws {
        let accounts = try SQLiteAccountStore(
            files: directory.files, now: { Date(timeIntervalSince1970: 1_800_000_000) })
        let ann = try #require(
            try await accounts.createAccount(AccountName("ann")!, passwordHash: "a", isTeacher: false))
        let spaces = spaces(accounts)
        let first = Task { try await spaces.space(of: ann.id) }
        try await opening.waitForCount(1)
        // Another view (as another instance would) stores an answer while the first build waits.
        try await SQLiteTrainingDataStore(database: try await accounts.database(of: ann.id, revision: KnownRevision(0)))
            .save(Self.record)
        let newer = try await accounts.revision(of: ann.id)
        #expect(newer > 0)
        let second = Task { try await spaces.space(of: ann.id) }
        try await opening.waitForCount(2)
        await opening.release()
        #expect(try await first.value.revision.isCurrent(0))
        let space = try await second.value
        #expect(space.revision.isCurrent(newer))
        #expect(try await space.services.store.recordCount() == 1)
        #expect(await opening.count == 2)
    }
}
