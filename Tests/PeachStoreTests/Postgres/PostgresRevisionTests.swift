import Foundation
import Testing

@testable import PeachCore
@testable import PeachPostgres

/// An account's revision moves with each of its writes (so every instance notices another's), and
/// only then: the personal user's writes leave it alone.
struct PostgresRevisionTests {
    static let record = TrainingRecord.comparison(
        CompletedComparison(
            note1: MIDINote(60)!, note2: MIDINote(60)!, note2CentOffset: Cents(12), isCorrect: true,
            timestamp: Date(timeIntervalSince1970: 1_800_000_000)))

    @Test func eachWriteOfAnAccountMovesItsRevisionAndTellsTheViewThatMadeIt() async throws {
        let database = try await PostgresPeachDatabase.open(try await TestPostgres.freshDatabase())
        let accounts = PostgresAccountStore(database: database, now: { Date(timeIntervalSince1970: 1_800_000_000) })
        let ann = try #require(
            try await accounts.createAccount(AccountName("ann")!, passwordHash: "x", isTeacher: false))
        let start = try await accounts.revision(of: ann.id)
        let known = KnownRevision(start)
        let store = PostgresTrainingDataStore(database: database, user: ann.id, revision: known)
        try await store.save(Self.record)
        try await PostgresSettingsStore(records: store).save(.default)
        #expect(try await accounts.revision(of: ann.id) == start + 2)
        #expect(known.isCurrent(start + 2))

        // A write the view did not make (another instance's) leaves the view behind.
        try await PostgresTrainingDataStore(database: database, user: ann.id).save(Self.record)
        #expect(try await accounts.revision(of: ann.id) == start + 3)
        #expect(!known.isCurrent(start + 3))
    }

    @Test func aClassReadsEveryStudentsRevisionAtOnce() async throws {
        let database = try await PostgresPeachDatabase.open(try await TestPostgres.freshDatabase())
        let accounts = PostgresAccountStore(database: database, now: { Date(timeIntervalSince1970: 1_800_000_000) })
        let ann = try #require(
            try await accounts.createAccount(AccountName("ann")!, passwordHash: "x", isTeacher: false))
        let bob = try #require(
            try await accounts.createAccount(AccountName("bob")!, passwordHash: "x", isTeacher: false))
        try await PostgresTrainingDataStore(database: database, user: bob.id).save(Self.record)
        let revisions = try await accounts.revisions(of: [ann.id, bob.id, UserID(rawValue: 999)])
        #expect(
            revisions == [
                ann.id: try await accounts.revision(of: ann.id), bob.id: try await accounts.revision(of: bob.id),
            ])
        #expect(revisions[bob.id] == revisions[ann.id].map { $0 + 1 })
    }

    @Test func thePersonalUsersWritesLeaveTheRevisionAlone() async throws {
        let database = try await PostgresPeachDatabase.open(try await TestPostgres.freshDatabase())
        let accounts = PostgresAccountStore(database: database, now: { Date(timeIntervalSince1970: 1_800_000_000) })
        let before = try await accounts.revision(of: .personal)
        try await PostgresTrainingDataStore(database: database).save(Self.record)
        #expect(try await accounts.revision(of: .personal) == before)
        #expect(try await PostgresTrainingDataStore(database: database).records(nil, limit: 5) == [Self.record])
    }
}
