import Foundation
import PeachServer

/// What `peach serve` beyond loopback leaves beside the database while it runs, for `peach phone`:
/// where it listens, its access token and the name it announced. Only its owner may read it (it
/// holds the token); a file left by a killed server is recognised by its process being gone.
struct ServingFile: Codable, Equatable {
    var pid: Int32
    var port: Int
    var token: String?
    var https: Bool
    /// `<host name>.local` when Avahi announced it; nil when it did not.
    var localName: String?
    /// The address a phone would type, as `peach serve` printed it.
    var address: String

    static func location(besideDatabase path: String) -> URL {
        URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("serving.json")
    }

    func write(to file: URL) throws {
        let temporary = file.appendingPathExtension("new")
        FileManager.default.createFile(
            atPath: temporary.path, contents: try JSONEncoder().encode(self), attributes: [.posixPermissions: 0o600])
        guard rename(temporary.path, file.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    /// The running server's file; nil when none runs for this database.
    static func read(from file: URL) -> ServingFile? {
        guard let data = try? Data(contentsOf: file),
            let serving = try? JSONDecoder().decode(ServingFile.self, from: data),
            kill(serving.pid, 0) == 0 || errno == EPERM
        else { return nil }
        return serving
    }

    /// Removes the file when it is still this server's (a second server on the same data may have
    /// written its own since).
    static func remove(_ file: URL, ifWrittenBy pid: Int32) {
        guard let data = try? Data(contentsOf: file),
            let serving = try? JSONDecoder().decode(ServingFile.self, from: data),
            serving.pid == pid
        else { return }
        try? FileManager.default.removeItem(at: file)
    }

    /// Where a phone opens it: what `peach phone` and `GET /api/phone` show alike.
    var access: PhoneAccess {
        PhoneAccess(port: port, token: token, https: https, localName: localName, address: address)
    }
}

extension ServingFile {
    init(pid: Int32, access: PhoneAccess) {
        self.init(
            pid: pid, port: access.port, token: access.token, https: access.https, localName: access.localName,
            address: access.address)
    }
}
