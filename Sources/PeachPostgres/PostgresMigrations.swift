import PostgresNIO

/// Every schema version Peach has shipped for PostgreSQL, numbered; `schema_migrations` records
/// which are applied. Never edit a shipped migration; add the next version.
enum PostgresMigrations {
    struct Migration: Sendable {
        let version: Int
        let name: String
        let statements: [String]
    }

    static let all: [Migration] = [
        Migration(
            version: 1, name: "v1-records-settings-open-trials",
            statements: [
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
        Migration(
            version: 2, name: "v2-rhythm",
            statements: [
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
        Migration(
            version: 3, name: "v3-optional-hit-rate",
            statements: [
                // A Fill the Gap trial imported from the iPhone app has no hit rate (SQLite's v10).
                "ALTER TABLE rhythm_matching ALTER COLUMN hit_rate DROP NOT NULL"
            ]),
        Migration(
            version: 4, name: "v4-accounts",
            statements: [
                // Accounts, their sessions and classes; every record, key, setting and open trial gets
                // its owner. Rows from before are the personal user's (id 0), who cannot sign in.
                """
                CREATE TABLE peach_user (
                    id bigserial PRIMARY KEY, name text NOT NULL UNIQUE, password_hash text NOT NULL,
                    is_teacher boolean NOT NULL DEFAULT false, revision bigint NOT NULL DEFAULT 0,
                    created_at timestamptz NOT NULL DEFAULT now())
                """,
                "INSERT INTO peach_user (id, name, password_hash) VALUES (0, '', '!')",
                """
                CREATE TABLE peach_session (
                    token_hash bytea PRIMARY KEY,
                    user_id bigint NOT NULL REFERENCES peach_user (id) ON DELETE CASCADE, expires_at timestamptz NOT NULL)
                """,
                "CREATE INDEX peach_session_user ON peach_session (user_id)",
                "CREATE TABLE sign_in_failure (name text NOT NULL, address text NOT NULL, at timestamptz NOT NULL)",
                "CREATE INDEX sign_in_failure_name ON sign_in_failure (name, at)",
                "CREATE INDEX sign_in_failure_address ON sign_in_failure (address, at)",
                """
                CREATE TABLE classroom (
                    id bigserial PRIMARY KEY, name text NOT NULL,
                    teacher_id bigint NOT NULL REFERENCES peach_user (id) ON DELETE CASCADE, invitation text NOT NULL UNIQUE)
                """,
                "CREATE INDEX classroom_teacher ON classroom (teacher_id)",
                """
                CREATE TABLE classroom_member (
                    classroom_id bigint NOT NULL REFERENCES classroom (id) ON DELETE CASCADE,
                    user_id bigint NOT NULL REFERENCES peach_user (id) ON DELETE CASCADE,
                    PRIMARY KEY (classroom_id, user_id))
                """,
                "CREATE INDEX classroom_member_user ON classroom_member (user_id)",
            ]
                + ["comparison", "pitch_matching", "rhythm_comparison", "rhythm_matching"].flatMap { table in
                    [
                        "ALTER TABLE \(table) ADD COLUMN user_id bigint NOT NULL DEFAULT 0 REFERENCES peach_user (id) ON DELETE CASCADE",
                        "ALTER TABLE \(table) ALTER COLUMN user_id DROP DEFAULT",
                        "DROP INDEX IF EXISTS \(table)_discipline_timestamp",
                        "DROP INDEX IF EXISTS \(table)_timestamp",
                        "CREATE INDEX \(table)_user_discipline_timestamp ON \(table) (user_id, discipline, \"timestamp\")",
                        "CREATE INDEX \(table)_user_timestamp ON \(table) (user_id, \"timestamp\", id)",
                    ]
                } + [
                    "ALTER TABLE answer_key ADD COLUMN user_id bigint NOT NULL DEFAULT 0 REFERENCES peach_user (id) ON DELETE CASCADE",
                    "ALTER TABLE answer_key ALTER COLUMN user_id DROP DEFAULT",
                    "ALTER TABLE answer_key DROP CONSTRAINT answer_key_pkey",
                    "ALTER TABLE answer_key ADD PRIMARY KEY (user_id, key)",
                    "ALTER TABLE open_trial ADD COLUMN user_id bigint NOT NULL DEFAULT 0 REFERENCES peach_user (id) ON DELETE CASCADE",
                    "ALTER TABLE open_trial ALTER COLUMN user_id DROP DEFAULT",
                    """
                    CREATE TABLE user_settings (
                        user_id bigint PRIMARY KEY REFERENCES peach_user (id) ON DELETE CASCADE, json text NOT NULL)
                    """,
                    "INSERT INTO user_settings (user_id, json) SELECT 0, json FROM settings",
                    "DROP TABLE settings",
                ]),
        // Which Voice (SQLite's v11-chord-intonation).
        kindTable(
            version: 5, name: "v5-chord-intonation", table: "chord_intonation",
            ownColumns: """
                root_note smallint NOT NULL, triad text NOT NULL, detuned_voice text NOT NULL,
                detune_cents double precision NOT NULL, answered_voice text NOT NULL,
                """),
        // Scale Degrees (SQLite's v12-scale-degree).
        kindTable(
            version: 6, name: "v6-scale-degree", table: "scale_degree",
            ownColumns: """
                tonic_note smallint NOT NULL, mode text NOT NULL, degree text NOT NULL, answered_degree text NOT NULL,
                """),
        // Chord Quality (SQLite's v13-chord-quality).
        kindTable(
            version: 7, name: "v7-chord-quality", table: "chord_quality",
            ownColumns: """
                root_note smallint NOT NULL, quality text NOT NULL, inversion smallint NOT NULL, voicing text NOT NULL,
                answered_quality text NOT NULL,
                """),
        Migration(
            version: 8, name: "v8-student-summary",
            statements: [
                // A class view's row per student (`StudentFigures` as JSON), current while `revision` is
                // the student's; derived from their records, so an upgrade starts it empty.
                """
                CREATE TABLE student_summary (
                    user_id bigint PRIMARY KEY REFERENCES peach_user (id) ON DELETE CASCADE,
                    revision bigint NOT NULL, figures text NOT NULL)
                """
            ]),
        // Play it Back (SQLite's v14-melodic-dictation).
        kindTable(
            version: 9, name: "v9-melodic-dictation", table: "melodic_dictation",
            ownColumns: """
                tonic_note smallint NOT NULL, mode text NOT NULL, melody text NOT NULL, answer text NOT NULL,
                """),
        Migration(
            version: 10, name: "v10-assignments",
            statements: [
                // A teacher's assignments (SQLite's accounts v3-assignments); a task's progress is a row
                // per student, moved by each answer given inside the task.
                """
                CREATE TABLE assignment (
                    id bigserial PRIMARY KEY,
                    classroom_id bigint NOT NULL REFERENCES classroom (id) ON DELETE CASCADE,
                    student_id bigint REFERENCES peach_user (id) ON DELETE CASCADE,
                    title text NOT NULL, start_at timestamptz, due_at timestamptz NOT NULL, created_at timestamptz NOT NULL)
                """,
                "CREATE INDEX assignment_classroom ON assignment (classroom_id, due_at)",
                """
                CREATE TABLE assignment_task (
                    id bigserial PRIMARY KEY,
                    assignment_id bigint NOT NULL REFERENCES assignment (id) ON DELETE CASCADE,
                    position integer NOT NULL, discipline text NOT NULL, settings text NOT NULL,
                    answers integer, threshold double precision)
                """,
                "CREATE INDEX assignment_task_assignment ON assignment_task (assignment_id, position)",
                """
                CREATE TABLE task_progress (
                    task_id bigint NOT NULL REFERENCES assignment_task (id) ON DELETE CASCADE,
                    user_id bigint NOT NULL REFERENCES peach_user (id) ON DELETE CASCADE,
                    answers integer NOT NULL, last_activity timestamptz NOT NULL, reached double precision,
                    done boolean NOT NULL, PRIMARY KEY (task_id, user_id))
                """,
                "CREATE INDEX task_progress_user ON task_progress (user_id)",
            ]),
        // Chord Progressions (SQLite's v15-chord-progression).
        kindTable(
            version: 11, name: "v11-chord-progression", table: "chord_progression",
            ownColumns: """
                tonic_note smallint NOT NULL, mode text NOT NULL, progression text NOT NULL, answer text NOT NULL,
                """),
        Migration(
            version: 12, name: "v12-must-change-password",
            statements: [
                // A password handed out (SQLite's accounts v4-must-change-password): accounts from before
                // were never handed one Peach knew of.
                "ALTER TABLE peach_user ADD COLUMN must_change_password boolean NOT NULL DEFAULT false"
            ]),
        Migration(
            version: 13, name: "v13-invitations",
            statements: [
                // An invitation link's token (its SHA-256; SQLite's accounts v5-invitations), kept once
                // used so that a second try can say so.
                """
                CREATE TABLE invitation (
                    token_hash bytea PRIMARY KEY,
                    user_id bigint NOT NULL REFERENCES peach_user (id) ON DELETE CASCADE,
                    expires_at timestamptz NOT NULL, used_at timestamptz)
                """,
                "CREATE INDEX invitation_user ON invitation (user_id)",
            ]),
        Migration(
            version: 14, name: "v14-task-goal-trials",
            statements: [
                // A threshold goal is fitted to the task's own answers, kept with its progress (SQLite's
                // accounts v6-task-goal-trials). A task counted before starts its fit at its next answer.
                "ALTER TABLE task_progress ADD COLUMN goal_trials bytea"
            ]),
        Migration(
            version: 15, name: "v15-progression-inversions",
            statements: [
                // Each chord's inversion as played (SQLite's v16-progression-inversions); NULL for the
                // answers before, whose trials may have been inverted without the record saying which.
                "ALTER TABLE chord_progression ADD COLUMN inversions text"
            ]),
    ]

    /// A new kind's table as every kind since v5 has it: the owner, its own columns, then the time
    /// and the labels every record table has, and the two indexes its reads use. The columns are
    /// spelled out in each migration, not derived from the kind's record type: a migration must
    /// create the same table for ever, whatever the record becomes later.
    private static func kindTable(version: Int, name: String, table: String, ownColumns: String) -> Migration {
        Migration(
            version: version, name: name,
            statements: [
                """
                CREATE TABLE \(table) (
                    id bigserial PRIMARY KEY,
                    user_id bigint NOT NULL REFERENCES peach_user (id) ON DELETE CASCADE,
                \(ownColumns.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
                    "timestamp" timestamptz NOT NULL,
                    discipline text NOT NULL, "interval" text NOT NULL, direction text NOT NULL, tuning_system text NOT NULL)
                """,
                "CREATE INDEX \(table)_user_discipline_timestamp ON \(table) (user_id, discipline, \"timestamp\")",
                "CREATE INDEX \(table)_user_timestamp ON \(table) (user_id, \"timestamp\", id)",
            ])
    }

    static var latestVersion: Int { all.map(\.version).max() ?? 0 }

    /// Any constant of Peach's own: instances migrating at once wait on it in turn.
    static let lockKey: Int64 = 0x5045_4143_4820_0001

    static let createVersionTable: PostgresQuery = """
        CREATE TABLE IF NOT EXISTS schema_migrations (
            version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())
        """
}
