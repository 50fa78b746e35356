import Foundation
import Testing

@testable import PeachCore

struct AccountRulesTests {
    @Test func namesAreLowercasedAndLimitedToASafeAlphabet() {
        #expect(AccountName("Ann.Smith_2")?.rawValue == "ann.smith_2")
        #expect(AccountName("") == nil)
        #expect(AccountName("ann smith") == nil)
        #expect(AccountName("ännchen") == nil)
        #expect(AccountName(String(repeating: "a", count: AccountName.maximumLength)) != nil)
        #expect(AccountName(String(repeating: "a", count: AccountName.maximumLength + 1)) == nil)
    }

    @Test func invitationCodesAcceptWhatAPersonTypesAndRefuseLookAlikes() {
        #expect(InvitationCode(" abcd efgh ")?.rawValue == "ABCD-EFGH")
        #expect(InvitationCode("ABCD-EFGH")?.rawValue == "ABCD-EFGH")
        #expect(InvitationCode("ABCD-EFG0") == nil, "0 looks like O")
        #expect(InvitationCode("ABCD-EFGHJ") == nil)
        var generator = SystemRandomNumberGenerator()
        let codes = (0..<200).map { _ in InvitationCode.random(using: &generator) }
        #expect(codes.allSatisfy { InvitationCode($0.rawValue) == $0 })
        #expect(Set(codes).count == codes.count)
    }

    @Test func signInIsFreeUntilTheFailuresThenWaitsTwiceAsLongEachTime() {
        let throttle = SignInThrottle()
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let none = SignInThrottle.Failures.none
        #expect(throttle.wait(accountAtAddress: .init(count: 4, latest: now), address: none, now: now) == nil)
        #expect(throttle.wait(accountAtAddress: .init(count: 5, latest: now), address: none, now: now) == .seconds(1))
        #expect(throttle.wait(accountAtAddress: .init(count: 8, latest: now), address: none, now: now) == .seconds(8))
        #expect(
            throttle.wait(accountAtAddress: .init(count: 8, latest: now), address: none, now: now + 3) == .seconds(5))
        #expect(throttle.wait(accountAtAddress: .init(count: 8, latest: now), address: none, now: now + 8) == nil)
        #expect(
            throttle.wait(accountAtAddress: .init(count: 60, latest: now), address: none, now: now) == .seconds(900))
        // One address trying many accounts is slowed down too.
        #expect(throttle.wait(accountAtAddress: none, address: .init(count: 29, latest: now), now: now) == nil)
        #expect(throttle.wait(accountAtAddress: none, address: .init(count: 32, latest: now), now: now) == .seconds(4))
    }

    @Test func aRevisionAdvancesOnlyByTheNextWrite() {
        let known = KnownRevision(3)
        #expect(known.isCurrent(3))
        known.wrote(4)
        #expect(known.isCurrent(4))
        // Another instance wrote 5 meanwhile: our 6 leaves us behind, so the cache is rebuilt.
        known.wrote(6)
        #expect(!known.isCurrent(6))
    }
}
