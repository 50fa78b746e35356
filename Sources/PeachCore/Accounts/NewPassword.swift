/// A password someone chooses: long enough to resist guessing by hand, short enough that hashing
/// it stays cheap. Every character counts (PasswordHasher hashes it before bcrypt, which would read
/// only the first 72 bytes).
public struct NewPassword: Sendable {
    public let text: String

    public static let lengths = 8...200

    public init?(_ text: String) {
        guard Self.lengths.contains(text.count) else { return nil }
        self.text = text
    }

    public static let rule = "a password is \(lengths.lowerBound)–\(lengths.upperBound) characters"
}
