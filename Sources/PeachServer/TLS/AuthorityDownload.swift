import Foundation
import Hummingbird
import SwiftASN1

/// Peach's CA certificate for a device to trust: `GET /ca.pem` (PEM, for desktop browsers and
/// tools) and `GET /ca.crt` (DER as `application/x-x509-ca-cert`: iOS offers it as a profile to
/// install, Android as a CA certificate). A certificate is public, so no access token is asked
/// for it (`AccessPolicy.publicPaths`): a phone fetches it before it has the token's cookie.
public struct AuthorityDownload: Sendable {
    public static let paths: Set<String> = ["/ca.pem", "/ca.crt"]

    let der: [UInt8]

    public init(der: [UInt8]) {
        self.der = der
    }

    /// The response for a GET or HEAD of one of `paths`; nil for any other request.
    func response(method: HTTPRequest.Method, path: String) -> Response? {
        guard method == .get || method == .head else { return nil }
        let body: [UInt8]
        let type: String
        switch path {
        case "/ca.pem":
            body = Array(PEMDocument(type: "CERTIFICATE", derBytes: der).pemString.utf8) + [0x0A]
            type = "application/x-pem-file"
        case "/ca.crt":
            body = der
            type = "application/x-x509-ca-cert"
        default:
            return nil
        }
        return Response(
            status: .ok,
            headers: [
                .contentType: type, .cacheControl: "no-cache",
                .contentDisposition: "attachment; filename=\"peach-ca\(path.suffix(4))\"",
            ],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}
