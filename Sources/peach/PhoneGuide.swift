import PeachQRCode
import PeachServer

/// What `peach phone` prints: the addresses, a QR code of the one to open, and how to trust
/// Peach's CA once and add the app to the home screen. The page "Use Peach on your phone"
/// (web/js/screens/phone.js) says the same steps in English and German; the addresses, the
/// preferred one and the CA's address come to both from `PhoneAccess`.
enum PhoneGuide {
    /// The QR code of `url` as terminal lines, indented like the text around it.
    static func code(_ url: String, ansi: Bool) throws -> [String] {
        try QRCode(encoding: url).terminalLines(ansi: ansi).map { "  " + $0 }
    }

    static func lines(serving: PhoneAccess, authorityName: String?, fingerprint: String?, ansi: Bool) throws -> [String]
    {
        var lines = ["Use Peach on your phone or tablet, on the same network as this computer:", ""]
        if let name = serving.localName {
            lines.append("  \(serving.url(host: name))    its name on your network (mDNS)")
        }
        lines.append(
            "  \(serving.url(host: serving.address))    its address now"
                + (serving.localName == nil ? "" : " (it may change)"))
        if serving.localName == nil {
            lines.append(
                "  (no .local name: Avahi does not announce one, so this address changes when the network gives a new one)"
            )
        }
        lines.append("")
        lines += try code(serving.preferredURL, ansi: ansi)
        lines.append("  Scan the code with the phone's camera.")
        lines.append("")
        guard serving.https else {
            lines.append("Open the address on the phone. Add it to the home screen from the browser's menu.")
            return lines
        }
        let host = serving.preferredHost
        let ca = serving.authorityURL(host: host)
        let authority = authorityName.map { "\"\($0)\"" } ?? "Peach's CA"
        lines += [
            "1. Trust Peach once on each device. Peach is its own certificate authority, valid only for local",
            "   names (localhost, .local) and private addresses, so trusting it trusts nothing else.",
            "   Its certificate: \(ca) (the browser warns this once: it does not trust Peach yet).",
        ]
        if let fingerprint { lines.append("   Its SHA-256 fingerprint: \(fingerprint)") }
        lines += [
            "   iPhone, iPad:",
            "     - open that address in Safari and allow the configuration profile;",
            "     - Settings › General › VPN & Device Management › \(authority) › Install;",
            "     - Settings › General › About › Certificate Trust Settings: turn on \(authority).",
            "   Android:",
            "     - open that address in Chrome: it downloads peach-ca.crt;",
            "     - Settings › Security › More security settings (or Encryption & credentials) ›",
            "       Install a certificate › CA certificate, then choose peach-ca.crt.",
            "   Desktop browsers (the same file, or \(serving.authorityURL(host: host, file: "ca.pem"))):",
            "     - Firefox: Settings › Privacy & Security › Certificates › View Certificates › Authorities › Import,",
            "       and tick \"Trust this CA to identify websites\";",
            "     - Chrome, Edge: Settings › Privacy and security › Security › Manage certificates: import it",
            "       as a trusted certificate authority;",
            "     - Safari on a Mac: open peach-ca.crt in Keychain Access, then Trust › Always Trust.",
            "2. Open the address (or scan the code): Peach opens with no warning.",
            "3. Add it to the home screen, so it opens like an app and trains offline too:",
            "     - iPhone, iPad: Safari › Share › Add to Home Screen;",
            "     - Android: Chrome › ⋮ › Add to Home screen (or Install app).",
        ]
        return lines
    }
}
