import Foundation

/// The client's name for one answer (an idempotency key): a retry of the same answer after a
/// lost response is recognised and gets the original result — never a second record.
public struct AnswerKey: RawRepresentable, Hashable, Sendable {
    public static let lengths = 8...100

    public let rawValue: String

    /// Letters, digits, `-` and `_` only (a UUID fits), so a key is safe in any log or header.
    public init?(rawValue: String) {
        guard Self.lengths.contains(rawValue.count),
            rawValue.unicodeScalars.allSatisfy({
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_")
            })
        else { return nil }
        self.rawValue = rawValue
    }
}
