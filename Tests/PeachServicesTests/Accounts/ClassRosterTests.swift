import Testing

@testable import PeachCore
@testable import PeachServices

/// A roster is read whole: every row checked before any account is made, each refusal on its line.
struct ClassRosterTests {
    static func roster(_ text: String) throws(ImportError) -> ClassRoster { try ClassRoster(csv: Array(text.utf8)) }

    @Test func namesAreKeptInLowerCaseWithTheirLinesAndAnyEmail() throws {
        let roster = try Self.roster("\u{FEFF}Name, Email\r\nAnn,ann@example.org\r\n\r\n\"bob\",\r\n")
        #expect(roster.hasEmail)
        #expect(roster.students.map(\.name.rawValue) == ["ann", "bob"])
        #expect(roster.students.map(\.line) == [2, 4])
        #expect(roster.students.map(\.email) == ["ann@example.org", nil])
    }

    @Test(arguments: [
        ("", ImportError(line: 0, "the file is empty: it starts with a header row, name or name,email")),
        ("name\n", ImportError(line: 0, "the file names no student")),
        (
            "name,mail\nann,a\n",
            ImportError(line: 1, "the header row names the columns name and, optionally, email; got 'name,mail'")
        ),
        ("name\nann,x\n", ImportError(line: 2, "2 columns where the header row has 1")),
        ("name\nann\n \n", ImportError(line: 3, "the name is empty")),
        ("name\nann\nAnn\n", ImportError(line: 3, "'ann' is on line 2 already")),
        ("name\nann\nan n\n", ImportError(line: 3, "'an n': \(AccountName.rule)")),
        ("name,email\nann,ann@localhost\n", ImportError(line: 2, "'ann@localhost' is not an e-mail address")),
    ])
    func aBadFileIsRefusedAtItsLine(text: String, error: ImportError) {
        #expect(throws: error) { try Self.roster(text) }
    }

    @Test func aRosterHasAtMostItsLimitOfStudents() {
        let rows = (0...ClassRoster.maximumStudents).map { "s\($0)" }.joined(separator: "\n")
        #expect(throws: ImportError(line: ClassRoster.maximumStudents + 2, "a roster has at most 500 students")) {
            try Self.roster("name\n" + rows)
        }
    }

    @Test(arguments: [
        ("ann@example.org", true), ("a.b+c@school.example.de", true), ("ann@example", false), ("@example.org", false),
        ("ann@@example.org", false), ("ann @example.org", false), ("ann@example..org", false), ("ann@.org", false),
    ])
    func anEmailAddressHasOneAtAndADottedDomain(text: String, isAddress: Bool) {
        #expect(ClassRoster.isEmailAddress(text) == isAddress)
    }

    @Test func passwordsAreTwelveUnambiguousCharactersAndDiffer() {
        var generator = SystemRandomNumberGenerator()
        let passwords = (0..<50).map { _ in NewPassword.random(using: &generator).text }
        #expect(Set(passwords).count == 50)
        #expect(passwords.allSatisfy { $0.count == 12 && $0.allSatisfy(NewPassword.unambiguous.contains) })
    }
}
