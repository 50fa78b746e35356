import HummingbirdBcrypt
import Testing

@testable import PeachServices

/// Every byte of a password counts, also past bcrypt's 72, and a hash from before that still signs in.
struct PasswordHasherTests {
    let hasher = PasswordHasher(cost: 4)

    @Test(arguments: [
        ("A", "x", "y"),
        // Two bytes a character: 40 of them are 80 bytes, past 72 before the last one differs.
        ("ä", "ö", "ü"),
        // Four bytes a character.
        ("🎵", "🎹", "🎻"),
    ])
    func passwordsThatDifferOnlyPast72BytesAreDifferent(repeated: String, ending: String, other: String) async {
        let long = String(repeating: repeated, count: 72)
        #expect((long + ending).utf8.count > 72)
        let hash = await hasher.hash(long + ending)
        #expect(await hasher.verify(long + ending, hash: hash))
        #expect(!(await hasher.verify(long + other, hash: hash)))
        #expect(!(await hasher.verify(long, hash: hash)))
        #expect(!PasswordHasher.isOutdated(hash))
    }

    @Test func aHashOfThePasswordItselfStillVerifiesAndIsOutdated() async {
        let old = Bcrypt.hash("Grüße-aus-Köln", cost: 4)
        #expect(PasswordHasher.isOutdated(old))
        #expect(await hasher.verify("Grüße-aus-Köln", hash: old))
        #expect(!(await hasher.verify("Grüsse-aus-Köln", hash: old)))
    }
}
