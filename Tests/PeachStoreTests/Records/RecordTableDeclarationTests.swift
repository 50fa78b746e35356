import Foundation
import GRDB
import PostgresNIO
import Testing

@testable import PeachCore
@testable import PeachPostgres
@testable import PeachServices
@testable import PeachStore

/// Each kind's record table is created by a named migration of each backend, and laid out from the
/// kind's declaration when records are written and read: the two must agree, column for column.
struct RecordTableDeclarationTests {
    /// The columns a kind's record declares: its fields, the timestamp and the labels.
    static func declaredColumns(_ kind: any TrainingKind.Type) -> Set<String> {
        Set(RecordTable.layout(kind).fields + ["timestamp"] + RecordLabels.columns)
    }

    @Test func everyKindsSQLiteTableHasExactlyTheDeclaredColumns() throws {
        let directory = TemporaryDirectory()
        let database = try PeachDatabase(path: directory.databasePath)
        for kind in TrainingKinds.all {
            let columns = try database.writer.read { db in try db.columns(in: kind.table).map(\.name) }
            #expect(Set(columns) == Self.declaredColumns(kind).union(["id"]), "\(kind.table)")
            #expect(columns.count == Self.declaredColumns(kind).count + 1, "\(kind.table)")
        }
    }

    @Test func everyKindsPostgreSQLTableHasExactlyTheDeclaredColumnsInSnakeCase() async throws {
        let database = try await PostgresPeachDatabase.open(try await TestPostgres.freshDatabase())
        for kind in TrainingKinds.all {
            let table = PostgresRecordTable.layout(kind).name
            var columns: [String] = []
            for try await name in try await database.client.query(
                "SELECT column_name FROM information_schema.columns WHERE table_name = \(table)",
                logger: database.logger
            ).decode(String.self) { columns.append(name) }
            let declared = Set(Self.declaredColumns(kind).map(PostgresRecordTable.snakeCase)).union(["id", "user_id"])
            #expect(Set(columns) == declared, "\(table)")
        }
        await database.close()
    }

    @Test(arguments: [
        ("note2CentOffset", "note2_cent_offset"), ("tempoBPM", "tempo_bpm"), ("offsetSDMs", "offset_sd_ms"),
        ("meanOffsetMsPosition3", "mean_offset_ms_position3"), ("pitchMatching", "pitch_matching"), ("note1", "note1"),
    ])
    func aFieldsPostgreSQLNameIsItsSnakeCase(field: String, column: String) {
        #expect(PostgresRecordTable.snakeCase(field) == column)
    }

    /// Our CSV's record columns are every kind's fields and derived figures; the current version's
    /// header as shipped must be exactly that, so a kind that adds a field makes a new version.
    @Test func theCurrentCSVVersionHasEveryKindsColumns() {
        #expect(
            PeachCSVFormat.columns(version: PeachCSVFormat.version)
                == ["discipline", "timestamp"] + PeachCSVFormat.labelColumns + CSVRecordColumns.all)
        for kind in TrainingKinds.all {
            #expect(Set(RecordTable.layout(kind).fields).isSubset(of: CSVRecordColumns.all), "\(kind.table)")
        }
    }
}
