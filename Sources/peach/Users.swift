import ArgumentParser
import Foundation
import PeachCore
import PeachPostgres
import PeachServices
import PeachStore

/// `peach users add|list|reset-password|delete`: a class server's accounts, from the shell of the
/// machine that runs it (teachers are made here; students sign up with a class's code).
struct Users: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Manage the accounts of a class server (PostgreSQL with --database, else SQLite).",
        subcommands: [Add.self, List.self, ResetPassword.self, Delete.self])

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create an account; the password is read from standard input.")
        @OptionGroup var database: ClassDatabaseOption
        @Argument(help: "The name to sign in with.") var name: String
        @Flag(help: "A teacher, who can create classes and see their students.") var teacher = false

        func run() async throws {
            guard let name = AccountName(name) else { throw ValidationError(AccountName.rule) }
            let password = try AccountPassword.read()
            try await database.withAccounts { accounts in
                guard
                    let account = try await accounts.createAccount(
                        name, passwordHash: await PasswordHasher().hash(password), isTeacher: teacher)
                else { throw PeachFailure("the name '\(name)' is taken") }
                Output.line("created \(account.isTeacher ? "teacher" : "student") \(account.name) (id \(account.id))")
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the accounts: id, name, role.")
        @OptionGroup var database: ClassDatabaseOption

        func run() async throws {
            try await database.withAccounts { accounts in
                for account in try await accounts.accounts() {
                    Output.line("\(account.id)\t\(account.name)\t\(account.isTeacher ? "teacher" : "student")")
                }
            }
        }
    }

    struct ResetPassword: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Set a new password (read from standard input); every session of the account ends.")
        @OptionGroup var database: ClassDatabaseOption
        @Argument(help: "The account's name.") var name: String

        func run() async throws {
            let password = try AccountPassword.read()
            try await database.withAccounts { accounts in
                let found = try await accounts.existing(named: name)
                try await accounts.setPasswordHash(await PasswordHasher().hash(password), of: found.id, keeping: nil)
                Output.line("password of \(found.name) reset")
            }
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete an account with all its records, settings and classes, in one transaction.")
        @OptionGroup var database: ClassDatabaseOption
        @Argument(help: "The account's name.") var name: String

        func run() async throws {
            try await database.withAccounts { accounts in
                guard let found = try await AccountName(name).asyncAccount(in: accounts),
                    try await accounts.deleteAccount(found.id)
                else { throw PeachFailure("no account '\(name)'") }
                Output.line("deleted \(found.name) and all their data")
            }
        }
    }
}

/// `peach classes add|list|import`: a teacher's classes, their invitation codes, and students made
/// from a list.
struct Classes: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Manage the classes of a class server (PostgreSQL with --database, else SQLite).",
        subcommands: [Add.self, List.self, ImportRoster.self])

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create a class for a teacher; prints its invitation code.")
        @OptionGroup var database: ClassDatabaseOption
        @Argument(help: "The class's name.") var name: String
        @Option(help: "The teacher's account name.") var teacher: String

        func run() async throws {
            guard Classroom.nameLengths.contains(name.count) else {
                throw ValidationError("a class name is 1–80 characters")
            }
            guard Classroom.isAllowedName(name) else { throw ValidationError(Classroom.controlCharacterRule) }
            try await database.withAccounts { accounts in
                guard let found = try await AccountName(teacher).asyncAccount(in: accounts), found.isTeacher else {
                    throw PeachFailure("no teacher '\(teacher)'")
                }
                var generator = SystemRandomNumberGenerator()
                let classroom = try await accounts.createClassroom(
                    named: name, teacher: found.id, invitation: InvitationCode.random(using: &generator))
                Output.line("\(classroom.id)\t\(classroom.name)\t\(classroom.invitation)")
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List every class: id, name, teacher, invitation code, students.")
        @OptionGroup var database: ClassDatabaseOption

        func run() async throws {
            try await database.withAccounts { accounts in
                for classroom in try await ClassArgument.every(in: accounts) {
                    Output.line(
                        "\(classroom.id)\t\(classroom.name)\t\(classroom.teacher.name)\t\(classroom.invitation)\t\(classroom.studentCount)"
                    )
                }
            }
        }
    }
}

/// A class server's accounts: in PostgreSQL with `--database`, else in the SQLite class files
/// beside `--data` (the default place when neither is given).
struct ClassDatabaseOption: ParsableArguments {
    @OptionGroup var data: DataOption
    @OptionGroup var database: DatabaseOption

    func validate() throws {
        if database.url != nil, data.path != nil {
            throw ValidationError("--data (SQLite) and --database (PostgreSQL) exclude each other")
        }
    }

    func withAccounts(_ body: (any AccountStore & ClassroomStore) async throws -> Void) async throws {
        guard let location = try database.location else {
            do {
                try await body(
                    try SQLiteAccountStore(files: ClassFiles(besidePersonalDatabase: data.resolvedPath), now: Date.init)
                )
            } catch let error as DataStoreError {
                throw PeachFailure(error.description)
            }
            return
        }
        let opened = try await database.open(location, logger: PostgresPeachDatabase.quietLogger)
        do {
            try await body(PostgresAccountStore(database: opened, now: Date.init))
        } catch let error as DataStoreError {
            await opened.close()
            throw PeachFailure(error.description)
        } catch {
            await opened.close()
            throw error
        }
        await opened.close()
    }
}

/// A password from standard input (one line), so it never shows in the process list or the shell's history.
enum AccountPassword {
    static func read() throws -> String {
        guard let line = readLine(strippingNewline: true), let password = NewPassword(line) else {
            throw ValidationError("give the password on standard input: \(NewPassword.rule)")
        }
        return password.text
    }
}

extension AccountStore {
    /// The account named `text`; a failure saying there is none otherwise.
    func existing(named text: String) async throws -> Account {
        guard let found = try await AccountName(text).asyncAccount(in: self) else {
            throw PeachFailure("no account '\(text)'")
        }
        return found
    }
}

extension Optional where Wrapped == AccountName {
    func asyncAccount(in accounts: any AccountStore) async throws -> Account? {
        guard let name = self else { return nil }
        return try await accounts.account(named: name)?.account
    }
}
