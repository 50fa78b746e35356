import Foundation
import Testing

@testable import PeachCore

/// What a teacher's class view marks of a student's password.
struct PasswordStatusTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func account(mustChange: Bool) -> Account {
        Account(id: UserID(rawValue: 5), name: AccountName("ann")!, isTeacher: false, mustChangePassword: mustChange)
    }

    @Test func aHandedOutPasswordOrAnUnusedLinkIsMarkedUntilTheStudentChoosesTheirs() {
        let later = Self.now.addingTimeInterval(60)
        #expect(PasswordStatus(Self.account(mustChange: false), unusedInvitation: nil, now: Self.now) == .own)
        #expect(PasswordStatus(Self.account(mustChange: true), unusedInvitation: nil, now: Self.now) == .oneTime)
        #expect(PasswordStatus(Self.account(mustChange: true), unusedInvitation: later, now: Self.now) == .invitation)
        #expect(
            PasswordStatus(Self.account(mustChange: true), unusedInvitation: Self.now, now: Self.now)
                == .invitationExpired)
        // A link left over once the student chose a password (set otherwise) marks nothing.
        #expect(PasswordStatus(Self.account(mustChange: false), unusedInvitation: later, now: Self.now) == .own)
    }
}
