/// A password someone chooses: long enough to resist guessing by hand, short enough that hashing
/// it stays cheap (bcrypt reads only its first 72 bytes; the rest still has to be typed right).
public struct NewPassword: Sendable {
    public let text: String

    public static let lengths = 8...200

    public init?(_ text: String) {
        guard Self.lengths.contains(text.count) else { return nil }
        self.text = text
    }

    public static let rule = "a password is \(lengths.lowerBound)–\(lengths.upperBound) characters"
}
