-- PostgreSQL schema version 3 (v3-optional-hit-rate) as Peach shipped it: version 2's dump (v2-rhythm.sql)
-- with rhythm_matching.hit_rate nullable, as migration 3 leaves it, and the same rows (see ../README.md).
CREATE TABLE public.answer_key (
    key text NOT NULL,
    record_table text NOT NULL,
    record_id bigint NOT NULL
);
CREATE TABLE public.comparison (
    id bigint NOT NULL,
    note1 smallint NOT NULL,
    note2 smallint NOT NULL,
    note2_cent_offset double precision NOT NULL,
    is_correct boolean NOT NULL,
    "timestamp" timestamp with time zone NOT NULL,
    discipline text NOT NULL,
    "interval" text NOT NULL,
    direction text NOT NULL,
    tuning_system text NOT NULL
);
CREATE SEQUENCE public.comparison_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
ALTER SEQUENCE public.comparison_id_seq OWNED BY public.comparison.id;
CREATE TABLE public.open_trial (
    id text NOT NULL,
    issued_at double precision NOT NULL,
    trial text NOT NULL
);
CREATE TABLE public.pitch_matching (
    id bigint NOT NULL,
    reference_note smallint NOT NULL,
    initial_cent_offset double precision NOT NULL,
    user_cent_error double precision NOT NULL,
    sung_octave integer,
    "timestamp" timestamp with time zone NOT NULL,
    discipline text NOT NULL,
    "interval" text NOT NULL,
    direction text NOT NULL,
    tuning_system text NOT NULL
);
CREATE SEQUENCE public.pitch_matching_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
ALTER SEQUENCE public.pitch_matching_id_seq OWNED BY public.pitch_matching.id;
CREATE TABLE public.rhythm_comparison (
    id bigint NOT NULL,
    tempo_bpm smallint NOT NULL,
    offset_percent double precision NOT NULL,
    is_correct boolean NOT NULL,
    "timestamp" timestamp with time zone NOT NULL,
    discipline text NOT NULL,
    "interval" text NOT NULL,
    direction text NOT NULL,
    tuning_system text NOT NULL
);
CREATE SEQUENCE public.rhythm_comparison_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
ALTER SEQUENCE public.rhythm_comparison_id_seq OWNED BY public.rhythm_comparison.id;
CREATE TABLE public.rhythm_matching (
    id bigint NOT NULL,
    tempo_bpm smallint NOT NULL,
    mean_offset_ms double precision,
    offset_sd_ms double precision,
    hit_rate double precision,
    mean_offset_ms_position0 double precision,
    mean_offset_ms_position1 double precision,
    mean_offset_ms_position2 double precision,
    mean_offset_ms_position3 double precision,
    "timestamp" timestamp with time zone NOT NULL,
    discipline text NOT NULL,
    "interval" text NOT NULL,
    direction text NOT NULL,
    tuning_system text NOT NULL
);
CREATE SEQUENCE public.rhythm_matching_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
ALTER SEQUENCE public.rhythm_matching_id_seq OWNED BY public.rhythm_matching.id;
CREATE TABLE public.schema_migrations (
    version integer NOT NULL,
    name text NOT NULL,
    applied_at timestamp with time zone DEFAULT now() NOT NULL
);
CREATE TABLE public.settings (
    id integer NOT NULL,
    json text NOT NULL,
    CONSTRAINT settings_id_check CHECK ((id = 1))
);
ALTER TABLE ONLY public.comparison ALTER COLUMN id SET DEFAULT nextval('public.comparison_id_seq'::regclass);
ALTER TABLE ONLY public.pitch_matching ALTER COLUMN id SET DEFAULT nextval('public.pitch_matching_id_seq'::regclass);
ALTER TABLE ONLY public.rhythm_comparison ALTER COLUMN id SET DEFAULT nextval('public.rhythm_comparison_id_seq'::regclass);
ALTER TABLE ONLY public.rhythm_matching ALTER COLUMN id SET DEFAULT nextval('public.rhythm_matching_id_seq'::regclass);
ALTER TABLE ONLY public.answer_key
    ADD CONSTRAINT answer_key_pkey PRIMARY KEY (key);
ALTER TABLE ONLY public.comparison
    ADD CONSTRAINT comparison_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.open_trial
    ADD CONSTRAINT open_trial_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.pitch_matching
    ADD CONSTRAINT pitch_matching_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.rhythm_comparison
    ADD CONSTRAINT rhythm_comparison_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.rhythm_matching
    ADD CONSTRAINT rhythm_matching_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.schema_migrations
    ADD CONSTRAINT schema_migrations_pkey PRIMARY KEY (version);
ALTER TABLE ONLY public.settings
    ADD CONSTRAINT settings_pkey PRIMARY KEY (id);
CREATE INDEX comparison_discipline_timestamp ON public.comparison USING btree (discipline, "timestamp");
CREATE INDEX comparison_timestamp ON public.comparison USING btree ("timestamp");
CREATE INDEX open_trial_issued_at ON public.open_trial USING btree (issued_at);
CREATE INDEX pitch_matching_discipline_timestamp ON public.pitch_matching USING btree (discipline, "timestamp");
CREATE INDEX pitch_matching_timestamp ON public.pitch_matching USING btree ("timestamp");
CREATE INDEX rhythm_comparison_discipline_timestamp ON public.rhythm_comparison USING btree (discipline, "timestamp");
CREATE INDEX rhythm_matching_discipline_timestamp ON public.rhythm_matching USING btree (discipline, "timestamp");
INSERT INTO public.schema_migrations VALUES (1, 'v1-records-settings-open-trials', '2026-11-24 01:30:00.000000+00');
INSERT INTO public.schema_migrations VALUES (2, 'v2-rhythm', '2026-11-24 01:30:00.000000+00');
INSERT INTO public.schema_migrations VALUES (3, 'v3-optional-hit-rate', '2026-11-24 04:00:00.000000+00');
INSERT INTO public.comparison (note1, note2, note2_cent_offset, is_correct, "timestamp", discipline, "interval", direction, tuning_system) VALUES
    (60, 60, 100, true, '2026-01-05T18:00:00.000Z', 'pitchComparison', 'P1', 'up', 'equalTemperament'),
    (60, 60, -95, false, '2026-01-05T18:00:02.517Z', 'pitchComparison', 'P1', 'up', 'equalTemperament'),
    (72, 72, 0.1, true, '2026-01-06T07:30:59.999Z', 'pitchComparison', 'P1', 'up', 'equalTemperament'),
    (60, 67, 4.5, true, '2026-02-01T10:00:00.250Z', 'intervalComparison', 'P5', 'up', 'justIntonation'),
    (72, 68, -12, false, '2026-02-01T10:00:03.000Z', 'intervalComparison', 'M3', 'down', 'equalTemperament');
INSERT INTO public.pitch_matching (reference_note, initial_cent_offset, user_cent_error, sung_octave, "timestamp", discipline, "interval", direction, tuning_system) VALUES
    (69, 37.5, -4.25, NULL, '2026-01-07T12:00:00.001Z', 'pitchMatching', 'P1', 'up', 'equalTemperament'),
    (45, -88, 12, NULL, '2026-01-07T12:00:05.000Z', 'pitchMatching', 'P1', 'up', 'equalTemperament'),
    (57, -15.5, 2.25, NULL, '2026-02-01T10:01:00.000Z', 'intervalMatching', 'P8', 'up', 'justIntonation'),
    (64, 0, -7, -1, '2026-03-01T09:15:00.500Z', 'pitchSinging', 'P1', 'up', 'equalTemperament');
INSERT INTO public.answer_key VALUES ('fixture-v1-key-0001', 'comparison', 1);
INSERT INTO public.open_trial VALUES ('6641e8be-87d5-437f-b0a9-8df9812408af', 1795472971.1520987, '{"matching":{"_0":{"discipline":"pitchMatching","referenceNote":60,"tuningSystem":"equalTemperament","initialCentOffset":-63.541545205851065,"centRange":100,"interval":{"name":"P1","direction":"up"}}}}');
INSERT INTO public.settings VALUES (1, '{"minCentDifference":0.1,"voiceRangeLower":48,"intervalMatchingCentRange":20,"maxCentDifference":100,"intervals":[{"direction":"up","name":"P5"}],"soundSource":"sine","tuningSystem":"equalTemperament","varyLoudness":0,"noteRangeLower":48,"noteDurationSeconds":1,"noteRangeUpper":72,"noteGapSeconds":0,"voiceRangeUpper":72,"pitchNeedle":false,"referencePitchHz":442,"language":"de"}');
INSERT INTO public.rhythm_comparison (tempo_bpm, offset_percent, is_correct, "timestamp", discipline, "interval", direction, tuning_system) VALUES
    (120, -7.5, false, '2026-04-01T08:00:00.125Z', 'rhythmComparison', 'P1', 'up', 'equalTemperament'),
    (63, 12.25, true, '2026-04-01T08:00:02.000Z', 'rhythmComparison', 'P1', 'up', 'equalTemperament');
INSERT INTO public.rhythm_matching (tempo_bpm, mean_offset_ms, offset_sd_ms, hit_rate, mean_offset_ms_position0, mean_offset_ms_position1, mean_offset_ms_position2, mean_offset_ms_position3, "timestamp", discipline, "interval", direction, tuning_system) VALUES
    (80, -3.25, 9.5, 0.875, -1.5, NULL, 4, -12.25, '2026-04-01T08:05:00.000Z', 'rhythmMatching', 'P1', 'up', 'equalTemperament'),
    (163, NULL, NULL, 0, NULL, NULL, NULL, NULL, '2026-04-01T08:06:00.500Z', 'rhythmMatching', 'P1', 'up', 'equalTemperament');
