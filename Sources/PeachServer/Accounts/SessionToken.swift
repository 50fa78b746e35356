import Foundation
import PeachServices

/// A session's secret, as the browser holds it in its cookie (a `RandomSecret`: the database keeps
/// only its SHA-256).
struct SessionToken: Sendable {
    let text: String

    static func random() -> SessionToken { SessionToken(text: RandomSecret.random().text) }

    var hash: Data { RandomSecret(text: text).hash }
}
