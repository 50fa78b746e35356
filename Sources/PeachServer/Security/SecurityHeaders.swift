/// Sent with every response: the app loads nothing but its own files, cannot be framed, sniffed
/// into another type, or leak its URL (which may carry the access token) in a Referer.
/// Inline styles are allowed (scripts are not): the server's SVG charts carry their own <style> so
/// the same file looks right on the Profile screen and when exported with `peach profile --svg`.
enum SecurityHeaders {
    static let all: [(name: String, value: String)] = [
        (
            "Content-Security-Policy",
            "default-src 'self'; style-src 'self' 'unsafe-inline'; base-uri 'none'; form-action 'self'; "
                + "frame-ancestors 'none'; object-src 'none'"
        ),
        ("X-Content-Type-Options", "nosniff"),
        ("X-Frame-Options", "DENY"),
        ("Referrer-Policy", "no-referrer"),
        ("Cross-Origin-Opener-Policy", "same-origin"),
        ("Cross-Origin-Resource-Policy", "same-origin"),
    ]
}
