import ArgumentParser
import Foundation
import PeachCore
import PeachServices

/// `peach classes import roster.csv --class NAME`: a class's students made from a teacher's list,
/// each with a one-time password printed once, for the teacher to hand out; with `--invite`, a
/// link each instead, where the student chooses their password.
struct ImportRoster: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Make a student account for each row of a CSV file (name, optional email) in a class.",
        discussion: """
            The file starts with a header row, name or name,email. It is checked whole first: one bad row \
            (an empty or invalid name, a name taken or twice in the file, a bad e-mail address, the wrong \
            columns) refuses the file with its line number, and no account is made. Then every account is \
            made in one transaction, and a table of names and new passwords is printed, once: Peach keeps \
            only their hashes. Each password is one-time: after signing in with it, a student can only \
            choose their own (or sign out). With --invite, each student gets a link instead, which works \
            once, for \(ClassRoster.invitationDays) days: it opens a page where they choose their password. \
            Accounts have no e-mail address; the column is printed beside the password or link.
            """)
    @OptionGroup var database: ClassDatabaseOption
    @Argument(help: "The CSV file.") var file: String
    @Option(name: .customLong("class"), help: "The class: its name, or its id.") var classroom: String
    @Option(
        name: .customLong("invite"),
        help: ArgumentHelp(
            "Print an invitation link per student instead of a password, under this address of the server.",
            valueName: "BASE_URL"))
    var base: String?

    func validate() throws {
        if let base {
            guard let url = URLComponents(string: base), ["http", "https"].contains(url.scheme?.lowercased()),
                url.host?.isEmpty == false, url.query == nil, url.fragment == nil
            else {
                throw ValidationError(
                    "--invite takes the server's address, as http(s)://host[:port][/path], got '\(base)'")
            }
        }
    }

    func run() async throws {
        let bytes: [UInt8]
        do {
            bytes = Array(try Data(contentsOf: URL(fileURLWithPath: file)))
        } catch {
            throw PeachFailure("cannot read \(file): \(error.localizedDescription)")
        }
        try await database.withAccounts { accounts in
            let classroom = try await ClassArgument.find(self.classroom, in: accounts)
            // Each student's password, or their link to choose one.
            let enrolled: [(student: ClassRoster.Student, secret: String)]
            let expires = Date().addingTimeInterval(Double(ClassRoster.invitationDays) * 86_400)
            do {
                let roster = try ClassRoster(csv: bytes)
                try await roster.checkNamesAreFree(in: accounts)
                if let base {
                    enrolled = try await roster.invite(in: classroom.id, accounts: accounts, expires: expires).map {
                        ($0.student, ClassRoster.invitationLink(base: base, token: $0.token))
                    }
                } else {
                    enrolled = try await roster.enrol(in: classroom.id, accounts: accounts).map {
                        ($0.student, $0.password.text)
                    }
                }
            } catch let error as ImportError {
                throw PeachFailure("\(file): \(error.description); no account was made")
            }
            let hasEmail = enrolled.contains { $0.student.email != nil }
            Output.line("name\t\(base == nil ? "password" : "link")" + (hasEmail ? "\temail" : ""))
            for (student, secret) in enrolled {
                Output.line("\(student.name)\t\(secret)" + (hasEmail ? "\t\(student.email ?? "")" : ""))
            }
            if base == nil {
                Output.line(
                    "\(enrolled.count) students added to \(classroom.name). The passwords are shown this once, "
                        + "and each is one-time: at the first sign-in the student must change it to train.")
            } else {
                Output.line(
                    "\(enrolled.count) students added to \(classroom.name). The links are shown this once; each "
                        + "works once, until \(Self.day(expires)), for the student to choose a password.")
            }
        }
    }

    /// The last day a link works, in the machine's time zone, as a teacher would write it.
    private static func day(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: date)
    }
}
