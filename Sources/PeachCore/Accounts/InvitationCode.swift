/// What a teacher hands a class so its students can sign up: eight characters in two groups,
/// from an alphabet without look-alikes (no 0/O, 1/I/L), read aloud or typed from a board.
public struct InvitationCode: Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String

    static let alphabet = Array("ABCDEFGHJKMNPQRSTUVWXYZ23456789")

    /// Accepts what a person types: any case, with or without the dash, spaces around.
    public init?(_ text: String) {
        let letters = text.uppercased().filter { !$0.isWhitespace && $0 != "-" }
        guard letters.count == 8, letters.allSatisfy(Self.alphabet.contains) else { return nil }
        rawValue = String(letters.prefix(4)) + "-" + String(letters.suffix(4))
    }

    /// 31⁸ ≈ 8.5 × 10¹¹ codes: guessing one is slower than asking the teacher.
    public static func random(using generator: inout some RandomNumberGenerator) -> InvitationCode {
        InvitationCode(String((0..<8).map { _ in alphabet.randomElement(using: &generator)! }))!
    }

    public var description: String { rawValue }
}
