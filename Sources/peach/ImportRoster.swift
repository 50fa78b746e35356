import ArgumentParser
import Foundation
import PeachCore
import PeachServices

/// `peach classes import roster.csv --class NAME`: a class's students made from a teacher's list,
/// each with a one-time password printed once, for the teacher to hand out.
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
            choose their own (or sign out). Accounts have no e-mail address; the column is printed beside \
            the password.
            """)
    @OptionGroup var database: ClassDatabaseOption
    @Argument(help: "The CSV file.") var file: String
    @Option(name: .customLong("class"), help: "The class: its name, or its id.") var classroom: String

    func run() async throws {
        let bytes: [UInt8]
        do {
            bytes = Array(try Data(contentsOf: URL(fileURLWithPath: file)))
        } catch {
            throw PeachFailure("cannot read \(file): \(error.localizedDescription)")
        }
        try await database.withAccounts { accounts in
            let classroom = try await ClassArgument.find(self.classroom, in: accounts)
            let enrolled: [(student: ClassRoster.Student, password: NewPassword)]
            do {
                let roster = try ClassRoster(csv: bytes)
                try await roster.checkNamesAreFree(in: accounts)
                enrolled = try await roster.enrol(in: classroom.id, accounts: accounts)
            } catch let error as ImportError {
                throw PeachFailure("\(file): \(error.description); no account was made")
            }
            let hasEmail = enrolled.contains { $0.student.email != nil }
            Output.line("name\tpassword" + (hasEmail ? "\temail" : ""))
            for (student, password) in enrolled {
                Output.line("\(student.name)\t\(password.text)" + (hasEmail ? "\t\(student.email ?? "")" : ""))
            }
            Output.line(
                "\(enrolled.count) students added to \(classroom.name). The passwords are shown this once, "
                    + "and each is one-time: at the first sign-in the student must change it to train.")
        }
    }
}
