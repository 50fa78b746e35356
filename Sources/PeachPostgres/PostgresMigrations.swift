import PostgresNIO

/// Every schema version Peach has shipped for PostgreSQL, numbered; `schema_migrations` records
/// which are applied. Never edit a shipped migration; add the next version. Per-user columns
/// (accounts) arrive as a later version of their own.
enum PostgresMigrations {
    struct Migration: Sendable {
        let version: Int
        let name: String
        let statements: [String]
    }

    static let all: [Migration] = [
        Migration(version: 1, name: "v1-records-settings-open-trials", statements: [
            // The SQLite schema at its v8, in one step: the two record tables with their labels,
            // the answers' idempotency keys, the settings row and the open trials.
            """
            CREATE TABLE comparison (
                id bigserial PRIMARY KEY,
                note1 smallint NOT NULL, note2 smallint NOT NULL,
                note2_cent_offset double precision NOT NULL, is_correct boolean NOT NULL,
                "timestamp" timestamptz NOT NULL,
                discipline text NOT NULL, "interval" text NOT NULL, direction text NOT NULL, tuning_system text NOT NULL)
            """,
            "CREATE INDEX comparison_discipline_timestamp ON comparison (discipline, \"timestamp\")",
            "CREATE INDEX comparison_timestamp ON comparison (\"timestamp\")",
            """
            CREATE TABLE pitch_matching (
                id bigserial PRIMARY KEY,
                reference_note smallint NOT NULL, initial_cent_offset double precision NOT NULL,
                user_cent_error double precision NOT NULL, sung_octave integer,
                "timestamp" timestamptz NOT NULL,
                discipline text NOT NULL, "interval" text NOT NULL, direction text NOT NULL, tuning_system text NOT NULL)
            """,
            "CREATE INDEX pitch_matching_discipline_timestamp ON pitch_matching (discipline, \"timestamp\")",
            "CREATE INDEX pitch_matching_timestamp ON pitch_matching (\"timestamp\")",
            "CREATE TABLE answer_key (key text PRIMARY KEY, record_table text NOT NULL, record_id bigint NOT NULL)",
            "CREATE TABLE settings (id integer PRIMARY KEY CHECK (id = 1), json text NOT NULL)",
            "CREATE TABLE open_trial (id text PRIMARY KEY, issued_at double precision NOT NULL, trial text NOT NULL)",
            "CREATE INDEX open_trial_issued_at ON open_trial (issued_at)",
        ]),
        Migration(version: 2, name: "v2-rhythm", statements: [
            // Compare Timing and Fill the Gap (SQLite's v9-rhythm), with the labels every record table has.
            """
            CREATE TABLE rhythm_comparison (
                id bigserial PRIMARY KEY,
                tempo_bpm smallint NOT NULL, offset_percent double precision NOT NULL, is_correct boolean NOT NULL,
                "timestamp" timestamptz NOT NULL,
                discipline text NOT NULL, "interval" text NOT NULL, direction text NOT NULL, tuning_system text NOT NULL)
            """,
            "CREATE INDEX rhythm_comparison_discipline_timestamp ON rhythm_comparison (discipline, \"timestamp\")",
            """
            CREATE TABLE rhythm_matching (
                id bigserial PRIMARY KEY,
                tempo_bpm smallint NOT NULL, mean_offset_ms double precision, offset_sd_ms double precision,
                hit_rate double precision NOT NULL,
                mean_offset_ms_position0 double precision, mean_offset_ms_position1 double precision,
                mean_offset_ms_position2 double precision, mean_offset_ms_position3 double precision,
                "timestamp" timestamptz NOT NULL,
                discipline text NOT NULL, "interval" text NOT NULL, direction text NOT NULL, tuning_system text NOT NULL)
            """,
            "CREATE INDEX rhythm_matching_discipline_timestamp ON rhythm_matching (discipline, \"timestamp\")",
        ]),
        Migration(version: 3, name: "v3-optional-hit-rate", statements: [
            // A Fill the Gap trial imported from the iPhone app has no hit rate (SQLite's v10).
            "ALTER TABLE rhythm_matching ALTER COLUMN hit_rate DROP NOT NULL",
        ]),
    ]

    static var latestVersion: Int { all.map(\.version).max() ?? 0 }

    /// Any constant of Peach's own: instances migrating at once wait on it in turn.
    static let lockKey: Int64 = 0x5045_4143_4820_0001

    static let createVersionTable: PostgresQuery = """
        CREATE TABLE IF NOT EXISTS schema_migrations (
            version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())
        """
}
