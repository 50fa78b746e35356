/// The name a person signs in with: 1–40 letters, digits, `.`, `-` or `_`, compared without case
/// (kept in lower case, so "Ann" and "ann" are one account).
public struct AccountName: Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String

    public static let maximumLength = 40

    public init?(_ text: String) {
        let lowered = text.lowercased()
        guard (1...Self.maximumLength).contains(lowered.count),
              lowered.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || ".-_".unicodeScalars.contains($0) })
        else { return nil }
        rawValue = lowered
    }

    public var description: String { rawValue }

    public static let rule = "a name is 1–\(maximumLength) letters a–z, digits, '.', '-' or '_'"
}
