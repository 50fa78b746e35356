import PeachCore

/// What an import brought, for the person who asked for it.
public struct ImportSummary: Equatable, Sendable {
    public let format: String
    public let mode: ImportMode
    public let duplicatesSkipped: Int
    public let skipped: [SkippedRows]
    /// Imported records per discipline.
    public let byDiscipline: [Discipline: Int]

    public var imported: Int { byDiscipline.values.reduce(0, +) }

    /// The imported records of one kind, every discipline of it together.
    public func imported<Kind: TrainingKind>(_ kind: Kind.Type) -> Int {
        Kind.disciplines.reduce(0) { $0 + (byDiscipline[$1.discipline] ?? 0) }
    }

    public init(
        format: String, mode: ImportMode, duplicatesSkipped: Int, skipped: [SkippedRows],
        byDiscipline: [Discipline: Int]
    ) {
        self.format = format
        self.mode = mode
        self.duplicatesSkipped = duplicatesSkipped
        self.skipped = skipped
        self.byDiscipline = byDiscipline
    }
}
