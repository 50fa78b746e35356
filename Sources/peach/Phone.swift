import ArgumentParser
import Foundation
import PeachServer

struct Phone: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show how to use Peach on a phone: the address as a QR code, and how to trust Peach once.",
        discussion:
            "Reads what the running `peach serve --host 0.0.0.0` (or the peach.service unit) left beside the database.")

    @OptionGroup var data: DataOption

    func run() throws {
        guard let serving = ServingFile.read(from: ServingFile.location(besideDatabase: data.resolvedPath)) else {
            throw PeachFailure(
                "Peach is not serving on your network: start it with `peach serve --host 0.0.0.0` (or `systemctl --user start peach`), then run `peach phone` again."
            )
        }
        let store = CertificateAuthorityStore(
            directory: URL(fileURLWithPath: data.resolvedPath).deletingLastPathComponent())
        let authority = store.keptAuthority()
        for line in try PhoneGuide.lines(
            serving: serving.access, authorityName: authority?.name, fingerprint: authority?.fingerprint,
            ansi: isatty(STDOUT_FILENO) == 1)
        {
            Output.line(line)
        }
    }
}
