/// The name a person signs in with: 1–40 letters, digits, `.`, `-` or `_`, compared without case
/// (kept in lower case, so "Ann" and "ann" are one account).
public struct AccountName: Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String

    public static let maximumLength = 40
    public static let lengths = 1...maximumLength

    public init?(_ text: String) {
        let lowered = text.lowercased()
        guard Self.lengths.contains(lowered.count),
            lowered.unicodeScalars.allSatisfy({
                ("a"..."z").contains($0) || ("0"..."9").contains($0) || ".-_".unicodeScalars.contains($0)
            })
        else { return nil }
        rawValue = lowered
    }

    public var description: String { rawValue }

    public static let rule =
        "a name is \(lengths.lowerBound)–\(lengths.upperBound) letters a–z, digits, '.', '-' or '_'"
}
