/// A teacher's class: its students joined with its invitation code and share their profiles with
/// the teacher until they leave.
public struct Classroom: Hashable, Sendable, Codable {
    public let id: Int64
    public let name: String
    public let teacher: Account
    public let invitation: InvitationCode
    public let studentCount: Int

    public init(id: Int64, name: String, teacher: Account, invitation: InvitationCode, studentCount: Int) {
        self.id = id
        self.name = name
        self.teacher = teacher
        self.invitation = invitation
        self.studentCount = studentCount
    }

    public static let nameLengths = 1...80

    /// NUL and the other control characters (line breaks, tabs, escapes) are refused: PostgreSQL
    /// refuses a NUL outright, SQLite kept only what came before it, and a terminal listing the
    /// classes would act on an escape. So are the direction overrides and isolates: "‮5b ssalc"
    /// shows as "class b5" and runs its reversal on into whatever a page or a terminal prints next.
    public static func isAllowedName(_ name: String) -> Bool {
        nameLengths.contains(name.count)
            && !name.unicodeScalars.contains {
                $0.properties.generalCategory == .control || Self.directionControls.contains($0.value)
            }
    }

    /// U+202A–U+202E (embeddings and overrides) and U+2066–U+2069 (isolates).
    public static let directionControls: Set<UInt32> = Set(0x202A...0x202E).union(0x2066...0x2069)

    public static let controlCharacterRule =
        "a class name cannot hold control characters (NUL, line breaks, tabs, escapes) or text-direction controls (U+202A–U+202E, U+2066–U+2069)"
}
