import Crypto
import Foundation
import NIOSSL

/// What an HTTPS server presents: its certificate chain and private key, checked to belong
/// together when loaded, so a wrong or broken file stops `peach serve` before it listens.
public struct TLSIdentity: Sendable {
    public internal(set) var configuration: TLSConfiguration
    /// SHA-256 of the leaf certificate's DER bytes, as browsers show it: `AB:CD:…`.
    public let fingerprint: String
    /// The DER certificate of Peach's own CA when it signed this identity: served at `/ca.pem` and
    /// `/ca.crt` for devices to trust. nil for `--tls-cert`, whose CA is the user's business.
    public var authorityCertificate: [UInt8]?

    public init(certificatePEM: [UInt8], privateKeyPEM: [UInt8]) throws(TLSIdentityError) {
        let chain: [NIOSSLCertificate]
        do {
            chain = try NIOSSLCertificate.fromPEMBytes(certificatePEM)
        } catch {
            throw .unreadableCertificate("\(error)")
        }
        guard let leaf = chain.first else { throw .unreadableCertificate("no PEM certificate in it") }
        let key: NIOSSLPrivateKey
        do {
            key = try NIOSSLPrivateKey(bytes: privateKeyPEM, format: .pem)
        } catch {
            throw .unreadableKey("\(error)")
        }
        let configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
        // The context is what the server builds per listener; building one here is the check that
        // the key signs for the certificate.
        do {
            _ = try NIOSSLContext(configuration: configuration)
        } catch {
            throw .keyDoesNotMatch("\(error)")
        }
        do {
            fingerprint = Self.fingerprint(der: try leaf.toDERBytes())
        } catch {
            throw .unreadableCertificate("\(error)")
        }
        self.configuration = configuration
    }

    /// Reads `--tls-cert` and `--tls-key`.
    public init(certificateFile: String, keyFile: String) throws(TLSIdentityError) {
        let certificate: [UInt8]
        let key: [UInt8]
        do {
            certificate = try Array(Data(contentsOf: URL(fileURLWithPath: certificateFile)))
        } catch {
            throw .unreadableCertificate("cannot read \(certificateFile): \(error.localizedDescription)")
        }
        do {
            key = try Array(Data(contentsOf: URL(fileURLWithPath: keyFile)))
        } catch {
            throw .unreadableKey("cannot read \(keyFile): \(error.localizedDescription)")
        }
        try self.init(certificatePEM: certificate, privateKeyPEM: key)
    }

    static func fingerprint(der: [UInt8]) -> String {
        SHA256.hash(data: der).map { String(format: "%02X", $0) }.joined(separator: ":")
    }
}

public enum TLSIdentityError: Error, CustomStringConvertible, Equatable {
    case unreadableCertificate(String)
    case unreadableKey(String)
    case keyDoesNotMatch(String)

    public var description: String {
        switch self {
        case .unreadableCertificate(let reason): "the TLS certificate is not a readable PEM certificate (\(reason))"
        case .unreadableKey(let reason): "the TLS key is not a readable PEM private key (\(reason))"
        case .keyDoesNotMatch(let reason): "the TLS key does not belong to the certificate (\(reason))"
        }
    }
}
