/// A password someone chooses: long enough to resist guessing by hand, short enough that hashing
/// it stays cheap. Every character counts (PasswordHasher hashes it before bcrypt, which would read
/// only the first 72 bytes).
public struct NewPassword: Sendable {
    public let text: String

    public static let lengths = 8...200

    /// A NUL is refused: no one types it, and a tool that passes the password on as a C string (a
    /// shell, a password manager's export) ends it there, so the account could not be signed in to.
    public init?(_ text: String) {
        guard Self.lengths.contains(text.count), !text.unicodeScalars.contains("\0") else { return nil }
        self.text = text
    }

    public static let rule = "a password is \(lengths.lowerBound)–\(lengths.upperBound) characters, none of them NUL"
}

extension NewPassword {
    /// Letters and digits no one mistakes for another on a printed list (no 0/o, 1/l/i).
    static let unambiguous = Array("abcdefghjkmnpqrstuvwxyz23456789")

    /// A password a teacher hands a student on paper: 12 characters, about 59 bits.
    public static func random(using generator: inout some RandomNumberGenerator) -> NewPassword {
        NewPassword(String((0..<12).map { _ in unambiguous.randomElement(using: &generator)! }))!
    }
}
