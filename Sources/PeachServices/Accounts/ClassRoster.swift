import Foundation
import PeachCore

/// A class's students as a teacher keeps them in a spreadsheet: a header row naming `name` and,
/// optionally, `email`, then a student a row. Read and checked whole before any account is made,
/// so a file with one bad row makes none; every refusal names its line.
public struct ClassRoster: Sendable {
    public struct Student: Sendable {
        public let line: Int
        public let name: AccountName
        /// Kept on the printed list only, for the teacher to send the password: accounts have no
        /// e-mail address.
        public let email: String?
    }

    public let students: [Student]
    public let hasEmail: Bool

    /// A school's class or year, not a directory.
    public static let maximumStudents = 500
    public static let maximumBytes = 1 << 20

    public init(csv bytes: [UInt8]) throws(ImportError) {
        guard bytes.count <= Self.maximumBytes else {
            throw ImportError(line: 0, "the file is larger than \(Self.maximumBytes / 1024) KiB")
        }
        var reader = CSVReader(bytes)
        guard let header = try reader.next() else {
            throw ImportError(line: 0, "the file is empty: it starts with a header row, name or name,email")
        }
        let columns = header.fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard columns == ["name"] || columns == ["name", "email"] else {
            throw ImportError(
                line: header.line,
                "the header row names the columns name and, optionally, email; got '\(header.fields.joined(separator: ","))'"
            )
        }
        var students: [Student] = []
        var lines: [AccountName: Int] = [:]
        while let row = try reader.next() {
            guard row.fields.count == columns.count else {
                throw ImportError(
                    line: row.line, "\(row.fields.count) columns where the header row has \(columns.count)")
            }
            let text = row.fields[0].trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else { throw ImportError(line: row.line, "the name is empty") }
            guard let name = AccountName(text) else {
                throw ImportError(line: row.line, "'\(text)': \(AccountName.rule)")
            }
            if let first = lines[name] {
                throw ImportError(line: row.line, "'\(name)' is on line \(first) already")
            }
            lines[name] = row.line
            let email = columns.count == 2 ? row.fields[1].trimmingCharacters(in: .whitespaces) : ""
            guard email.isEmpty || Self.isEmailAddress(email) else {
                throw ImportError(line: row.line, "'\(email)' is not an e-mail address")
            }
            students.append(Student(line: row.line, name: name, email: email.isEmpty ? nil : email))
            guard students.count <= Self.maximumStudents else {
                throw ImportError(line: row.line, "a roster has at most \(Self.maximumStudents) students")
            }
        }
        guard !students.isEmpty else { throw ImportError(line: 0, "the file names no student") }
        self.students = students
        hasEmail = columns.count == 2
    }

    /// Refuses the roster at the first student whose name is taken already.
    public func checkNamesAreFree(in accounts: any AccountStore) async throws {
        for student in students where try await accounts.account(named: student.name) != nil {
            throw ImportError(line: student.line, "the name '\(student.name)' is taken")
        }
    }

    /// Makes every account, a student of `classroom`, with a new one-time password each, in one
    /// transaction (`ClassroomStore.createStudents`): the passwords exist only in what this returns.
    public func enrol(in classroom: Int64, accounts: any ClassroomStore, hasher: PasswordHasher = PasswordHasher())
        async throws -> [(student: Student, password: NewPassword)]
    {
        var generator = SystemRandomNumberGenerator()
        let passwords = students.map { _ in NewPassword.random(using: &generator) }
        var hashed: [(name: AccountName, passwordHash: String)] = []
        for (student, password) in zip(students, passwords) {
            hashed.append((student.name, await hasher.hash(password.text)))
        }
        _ = try await accounts.createStudents(hashed, in: classroom)
        return Array(zip(students, passwords))
    }

    /// How long an invitation link works: a school week and the next, to hand the links out and use them.
    public static let invitationDays = 14

    /// As `enrol`, with an invitation link each instead of a password (`ClassroomStore.createInvitedStudents`):
    /// the links' tokens exist only in what this returns; each works once, until `expires`.
    public func invite(
        in classroom: Int64, accounts: any ClassroomStore, expires: Date, hasher: PasswordHasher = PasswordHasher()
    ) async throws -> [(student: Student, token: RandomSecret)] {
        let tokens = students.map { _ in RandomSecret.random() }
        // Until its student follows the link, an account's password is one nobody knows.
        let unknown = await hasher.hash(RandomSecret.random().text)
        _ = try await accounts.createInvitedStudents(
            zip(students, tokens).map { ($0.name, $1.hash) }, passwordHash: unknown, in: classroom, expires: expires)
        return Array(zip(students, tokens))
    }

    /// The page's address for choosing a password with `token`, under the server's `base` URL.
    public static func invitationLink(base: String, token: RandomSecret) -> String {
        (base.hasSuffix("/") ? base : base + "/") + "#/invitation/" + token.text
    }

    /// Something that can be an address: one `@` with text before it and a dotted domain after,
    /// no spaces. Whether mail arrives there only sending tells.
    static func isEmailAddress(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard text.count <= 254, parts.count == 2, !parts[0].isEmpty else { return false }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty }
            && !text.unicodeScalars.contains {
                $0.properties.isWhitespace || $0.properties.generalCategory == .control
            }
    }
}
