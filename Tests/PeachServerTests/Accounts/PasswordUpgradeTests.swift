import Foundation
import HummingbirdBcrypt
import Logging
import Testing

@testable import PeachCore
@testable import PeachServer
@testable import PeachServices
@testable import PeachStore

/// A password hashed before pre-hashing (bcrypt of the password itself) still signs in, once, and
/// is stored anew then, so that from that sign-in on every byte of it counts.
struct PasswordUpgradeTests {
    @Test func anOldHashIsReplacedAtTheNextSignIn() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "peach-upgrade-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let store = try SQLiteAccountStore(
            files: ClassFiles(besidePersonalDatabase: directory.appendingPathComponent("peach.sqlite").path),
            now: { now })
        let password = String(repeating: "ü", count: 40) + "-1"
        let old = Bcrypt.hash(password, cost: 4)
        _ = try await store.createAccount(AccountName("ann")!, passwordHash: old, isTeacher: false)
        let service = AccountService(
            accounts: store, hasher: PasswordHasher(cost: 4), now: { now }, logger: Logger(label: "test"))

        _ = try await service.signIn(name: "ann", password: password, address: "10.0.0.1")
        let upgraded = try #require(try await store.account(named: AccountName("ann")!)?.passwordHash)
        #expect(upgraded != old && !PasswordHasher.isOutdated(upgraded))
        _ = try await service.signIn(name: "ann", password: password, address: "10.0.0.1")
        // bcrypt of the old hash read only the first 72 bytes; the new one reads them all.
        await #expect(throws: AccountService.Failure.wrongCredentials) {
            try await service.signIn(
                name: "ann", password: String(repeating: "ü", count: 40) + "-2", address: "10.0.0.1")
        }
    }
}
