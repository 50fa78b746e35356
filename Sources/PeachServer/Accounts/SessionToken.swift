import Crypto
import Foundation

/// A session's secret, as the browser holds it in its cookie; the database keeps only its SHA-256,
/// so a copy of the database signs nobody in.
struct SessionToken: Sendable {
    let text: String

    /// 256 random bits, base64url.
    static func random() -> SessionToken {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return SessionToken(
            text: Data(bytes).base64EncodedString()
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(
                    of: "=", with: ""))
    }

    var hash: Data { Data(SHA256.hash(data: Data(text.utf8))) }
}
