import Foundation

/// The session's cookie: out of reach of scripts (`HttpOnly`), never sent by another site's page
/// (`SameSite=Strict`), only over HTTPS when Peach is reached over HTTPS.
enum SessionCookie {
    static let name = "peach_session"

    static func token(in header: String?) -> SessionToken? {
        guard let header else { return nil }
        for pair in header.split(separator: ";") {
            let parts = pair.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
            if parts.count == 2, parts[0] == name, !parts[1].isEmpty { return SessionToken(text: String(parts[1])) }
        }
        return nil
    }

    static func setting(_ token: SessionToken, secure: Bool) -> String {
        "\(name)=\(token.text); Path=/; Max-Age=\(Int(AccountService.sessionLifetime.seconds)); HttpOnly; SameSite=Strict"
            + (secure ? "; Secure" : "")
    }

    static func clearing(secure: Bool) -> String {
        "\(name)=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict" + (secure ? "; Secure" : "")
    }
}
