import Crypto
import Foundation

/// A secret a person's browser holds (a session's cookie, an invitation link's token): 256 bits from
/// the system's generator, as base64url text. A database keeps only its SHA-256, so a copy of the
/// database signs nobody in.
public struct RandomSecret: Sendable, Hashable {
    public let text: String

    public init(text: String) {
        self.text = text
    }

    public static func random() -> RandomSecret {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return RandomSecret(
            text: Data(bytes).base64EncodedString()
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: ""))
    }

    public var hash: Data { Data(SHA256.hash(data: Data(text.utf8))) }
}
