-- PostgreSQL schema version 14 (v14-task-goal-trials) as Peach shipped it: pg_dump --schema-only of a
-- database migrated to version 14 (version 13's fixture loaded, then version 14's statement), then
-- version 13's rows (every row the personal user's, id 0, and the two Chord Progressions answers, which
-- did not say which chords were played inverted; see ../README.md).
--
--
-- PostgreSQL database dump
--


-- Dumped from database version 15.18 (Debian 15.18-0+deb12u1)
-- Dumped by pg_dump version 15.18 (Debian 15.18-0+deb12u1)




--
-- Name: answer_key; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.answer_key (
    key text NOT NULL,
    record_table text NOT NULL,
    record_id bigint NOT NULL,
    user_id bigint NOT NULL
);


--
-- Name: assignment; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.assignment (
    id bigint NOT NULL,
    classroom_id bigint NOT NULL,
    student_id bigint,
    title text NOT NULL,
    start_at timestamp with time zone,
    due_at timestamp with time zone NOT NULL,
    created_at timestamp with time zone NOT NULL
);


--
-- Name: assignment_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.assignment_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: assignment_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.assignment_id_seq OWNED BY public.assignment.id;


--
-- Name: assignment_task; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.assignment_task (
    id bigint NOT NULL,
    assignment_id bigint NOT NULL,
    "position" integer NOT NULL,
    discipline text NOT NULL,
    settings text NOT NULL,
    answers integer,
    threshold double precision
);


--
-- Name: assignment_task_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.assignment_task_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: assignment_task_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.assignment_task_id_seq OWNED BY public.assignment_task.id;


--
-- Name: chord_intonation; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.chord_intonation (
    id bigint NOT NULL,
    user_id bigint NOT NULL,
    root_note smallint NOT NULL,
    triad text NOT NULL,
    detuned_voice text NOT NULL,
    detune_cents double precision NOT NULL,
    answered_voice text NOT NULL,
    "timestamp" timestamp with time zone NOT NULL,
    discipline text NOT NULL,
    "interval" text NOT NULL,
    direction text NOT NULL,
    tuning_system text NOT NULL
);


--
-- Name: chord_intonation_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.chord_intonation_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: chord_intonation_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.chord_intonation_id_seq OWNED BY public.chord_intonation.id;


--
-- Name: chord_progression; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.chord_progression (
    id bigint NOT NULL,
    user_id bigint NOT NULL,
    tonic_note smallint NOT NULL,
    mode text NOT NULL,
    progression text NOT NULL,
    answer text NOT NULL,
    "timestamp" timestamp with time zone NOT NULL,
    discipline text NOT NULL,
    "interval" text NOT NULL,
    direction text NOT NULL,
    tuning_system text NOT NULL
);


--
-- Name: chord_progression_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.chord_progression_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: chord_progression_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.chord_progression_id_seq OWNED BY public.chord_progression.id;


--
-- Name: chord_quality; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.chord_quality (
    id bigint NOT NULL,
    user_id bigint NOT NULL,
    root_note smallint NOT NULL,
    quality text NOT NULL,
    inversion smallint NOT NULL,
    voicing text NOT NULL,
    answered_quality text NOT NULL,
    "timestamp" timestamp with time zone NOT NULL,
    discipline text NOT NULL,
    "interval" text NOT NULL,
    direction text NOT NULL,
    tuning_system text NOT NULL
);


--
-- Name: chord_quality_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.chord_quality_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: chord_quality_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.chord_quality_id_seq OWNED BY public.chord_quality.id;


--
-- Name: classroom; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.classroom (
    id bigint NOT NULL,
    name text NOT NULL,
    teacher_id bigint NOT NULL,
    invitation text NOT NULL
);


--
-- Name: classroom_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.classroom_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: classroom_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.classroom_id_seq OWNED BY public.classroom.id;


--
-- Name: classroom_member; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.classroom_member (
    classroom_id bigint NOT NULL,
    user_id bigint NOT NULL
);


--
-- Name: comparison; Type: TABLE; Schema: public; Owner: -
--

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
    tuning_system text NOT NULL,
    user_id bigint NOT NULL
);


--
-- Name: comparison_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.comparison_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: comparison_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.comparison_id_seq OWNED BY public.comparison.id;


--
-- Name: invitation; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.invitation (
    token_hash bytea NOT NULL,
    user_id bigint NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    used_at timestamp with time zone
);


--
-- Name: melodic_dictation; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.melodic_dictation (
    id bigint NOT NULL,
    user_id bigint NOT NULL,
    tonic_note smallint NOT NULL,
    mode text NOT NULL,
    melody text NOT NULL,
    answer text NOT NULL,
    "timestamp" timestamp with time zone NOT NULL,
    discipline text NOT NULL,
    "interval" text NOT NULL,
    direction text NOT NULL,
    tuning_system text NOT NULL
);


--
-- Name: melodic_dictation_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.melodic_dictation_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: melodic_dictation_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.melodic_dictation_id_seq OWNED BY public.melodic_dictation.id;


--
-- Name: open_trial; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.open_trial (
    id text NOT NULL,
    issued_at double precision NOT NULL,
    trial text NOT NULL,
    user_id bigint NOT NULL
);


--
-- Name: peach_session; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.peach_session (
    token_hash bytea NOT NULL,
    user_id bigint NOT NULL,
    expires_at timestamp with time zone NOT NULL
);


--
-- Name: peach_user; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.peach_user (
    id bigint NOT NULL,
    name text NOT NULL,
    password_hash text NOT NULL,
    is_teacher boolean DEFAULT false NOT NULL,
    revision bigint DEFAULT 0 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    must_change_password boolean DEFAULT false NOT NULL
);


--
-- Name: peach_user_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.peach_user_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: peach_user_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.peach_user_id_seq OWNED BY public.peach_user.id;


--
-- Name: pitch_matching; Type: TABLE; Schema: public; Owner: -
--

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
    tuning_system text NOT NULL,
    user_id bigint NOT NULL
);


--
-- Name: pitch_matching_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.pitch_matching_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: pitch_matching_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.pitch_matching_id_seq OWNED BY public.pitch_matching.id;


--
-- Name: rhythm_comparison; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.rhythm_comparison (
    id bigint NOT NULL,
    tempo_bpm smallint NOT NULL,
    offset_percent double precision NOT NULL,
    is_correct boolean NOT NULL,
    "timestamp" timestamp with time zone NOT NULL,
    discipline text NOT NULL,
    "interval" text NOT NULL,
    direction text NOT NULL,
    tuning_system text NOT NULL,
    user_id bigint NOT NULL
);


--
-- Name: rhythm_comparison_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.rhythm_comparison_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: rhythm_comparison_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.rhythm_comparison_id_seq OWNED BY public.rhythm_comparison.id;


--
-- Name: rhythm_matching; Type: TABLE; Schema: public; Owner: -
--

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
    tuning_system text NOT NULL,
    user_id bigint NOT NULL
);


--
-- Name: rhythm_matching_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.rhythm_matching_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: rhythm_matching_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.rhythm_matching_id_seq OWNED BY public.rhythm_matching.id;


--
-- Name: scale_degree; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.scale_degree (
    id bigint NOT NULL,
    user_id bigint NOT NULL,
    tonic_note smallint NOT NULL,
    mode text NOT NULL,
    degree text NOT NULL,
    answered_degree text NOT NULL,
    "timestamp" timestamp with time zone NOT NULL,
    discipline text NOT NULL,
    "interval" text NOT NULL,
    direction text NOT NULL,
    tuning_system text NOT NULL
);


--
-- Name: scale_degree_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.scale_degree_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: scale_degree_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.scale_degree_id_seq OWNED BY public.scale_degree.id;


--
-- Name: schema_migrations; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.schema_migrations (
    version integer NOT NULL,
    name text NOT NULL,
    applied_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: sign_in_failure; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.sign_in_failure (
    name text NOT NULL,
    address text NOT NULL,
    at timestamp with time zone NOT NULL
);


--
-- Name: student_summary; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.student_summary (
    user_id bigint NOT NULL,
    revision bigint NOT NULL,
    figures text NOT NULL
);


--
-- Name: task_progress; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.task_progress (
    task_id bigint NOT NULL,
    user_id bigint NOT NULL,
    answers integer NOT NULL,
    last_activity timestamp with time zone NOT NULL,
    reached double precision,
    done boolean NOT NULL,
    goal_trials bytea
);


--
-- Name: user_settings; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.user_settings (
    user_id bigint NOT NULL,
    json text NOT NULL
);


--
-- Name: assignment id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.assignment ALTER COLUMN id SET DEFAULT nextval('public.assignment_id_seq'::regclass);


--
-- Name: assignment_task id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.assignment_task ALTER COLUMN id SET DEFAULT nextval('public.assignment_task_id_seq'::regclass);


--
-- Name: chord_intonation id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.chord_intonation ALTER COLUMN id SET DEFAULT nextval('public.chord_intonation_id_seq'::regclass);


--
-- Name: chord_progression id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.chord_progression ALTER COLUMN id SET DEFAULT nextval('public.chord_progression_id_seq'::regclass);


--
-- Name: chord_quality id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.chord_quality ALTER COLUMN id SET DEFAULT nextval('public.chord_quality_id_seq'::regclass);


--
-- Name: classroom id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.classroom ALTER COLUMN id SET DEFAULT nextval('public.classroom_id_seq'::regclass);


--
-- Name: comparison id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.comparison ALTER COLUMN id SET DEFAULT nextval('public.comparison_id_seq'::regclass);


--
-- Name: melodic_dictation id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.melodic_dictation ALTER COLUMN id SET DEFAULT nextval('public.melodic_dictation_id_seq'::regclass);


--
-- Name: peach_user id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.peach_user ALTER COLUMN id SET DEFAULT nextval('public.peach_user_id_seq'::regclass);


--
-- Name: pitch_matching id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.pitch_matching ALTER COLUMN id SET DEFAULT nextval('public.pitch_matching_id_seq'::regclass);


--
-- Name: rhythm_comparison id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.rhythm_comparison ALTER COLUMN id SET DEFAULT nextval('public.rhythm_comparison_id_seq'::regclass);


--
-- Name: rhythm_matching id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.rhythm_matching ALTER COLUMN id SET DEFAULT nextval('public.rhythm_matching_id_seq'::regclass);


--
-- Name: scale_degree id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.scale_degree ALTER COLUMN id SET DEFAULT nextval('public.scale_degree_id_seq'::regclass);


--
-- Name: answer_key answer_key_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.answer_key
    ADD CONSTRAINT answer_key_pkey PRIMARY KEY (user_id, key);


--
-- Name: assignment assignment_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.assignment
    ADD CONSTRAINT assignment_pkey PRIMARY KEY (id);


--
-- Name: assignment_task assignment_task_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.assignment_task
    ADD CONSTRAINT assignment_task_pkey PRIMARY KEY (id);


--
-- Name: chord_intonation chord_intonation_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.chord_intonation
    ADD CONSTRAINT chord_intonation_pkey PRIMARY KEY (id);


--
-- Name: chord_progression chord_progression_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.chord_progression
    ADD CONSTRAINT chord_progression_pkey PRIMARY KEY (id);


--
-- Name: chord_quality chord_quality_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.chord_quality
    ADD CONSTRAINT chord_quality_pkey PRIMARY KEY (id);


--
-- Name: classroom classroom_invitation_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.classroom
    ADD CONSTRAINT classroom_invitation_key UNIQUE (invitation);


--
-- Name: classroom_member classroom_member_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.classroom_member
    ADD CONSTRAINT classroom_member_pkey PRIMARY KEY (classroom_id, user_id);


--
-- Name: classroom classroom_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.classroom
    ADD CONSTRAINT classroom_pkey PRIMARY KEY (id);


--
-- Name: comparison comparison_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.comparison
    ADD CONSTRAINT comparison_pkey PRIMARY KEY (id);


--
-- Name: invitation invitation_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.invitation
    ADD CONSTRAINT invitation_pkey PRIMARY KEY (token_hash);


--
-- Name: melodic_dictation melodic_dictation_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.melodic_dictation
    ADD CONSTRAINT melodic_dictation_pkey PRIMARY KEY (id);


--
-- Name: open_trial open_trial_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.open_trial
    ADD CONSTRAINT open_trial_pkey PRIMARY KEY (id);


--
-- Name: peach_session peach_session_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.peach_session
    ADD CONSTRAINT peach_session_pkey PRIMARY KEY (token_hash);


--
-- Name: peach_user peach_user_name_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.peach_user
    ADD CONSTRAINT peach_user_name_key UNIQUE (name);


--
-- Name: peach_user peach_user_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.peach_user
    ADD CONSTRAINT peach_user_pkey PRIMARY KEY (id);


--
-- Name: pitch_matching pitch_matching_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.pitch_matching
    ADD CONSTRAINT pitch_matching_pkey PRIMARY KEY (id);


--
-- Name: rhythm_comparison rhythm_comparison_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.rhythm_comparison
    ADD CONSTRAINT rhythm_comparison_pkey PRIMARY KEY (id);


--
-- Name: rhythm_matching rhythm_matching_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.rhythm_matching
    ADD CONSTRAINT rhythm_matching_pkey PRIMARY KEY (id);


--
-- Name: scale_degree scale_degree_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.scale_degree
    ADD CONSTRAINT scale_degree_pkey PRIMARY KEY (id);


--
-- Name: schema_migrations schema_migrations_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.schema_migrations
    ADD CONSTRAINT schema_migrations_pkey PRIMARY KEY (version);


--
-- Name: student_summary student_summary_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.student_summary
    ADD CONSTRAINT student_summary_pkey PRIMARY KEY (user_id);


--
-- Name: task_progress task_progress_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.task_progress
    ADD CONSTRAINT task_progress_pkey PRIMARY KEY (task_id, user_id);


--
-- Name: user_settings user_settings_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.user_settings
    ADD CONSTRAINT user_settings_pkey PRIMARY KEY (user_id);


--
-- Name: assignment_classroom; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX assignment_classroom ON public.assignment USING btree (classroom_id, due_at);


--
-- Name: assignment_task_assignment; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX assignment_task_assignment ON public.assignment_task USING btree (assignment_id, "position");


--
-- Name: chord_intonation_user_discipline_timestamp; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX chord_intonation_user_discipline_timestamp ON public.chord_intonation USING btree (user_id, discipline, "timestamp");


--
-- Name: chord_intonation_user_timestamp; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX chord_intonation_user_timestamp ON public.chord_intonation USING btree (user_id, "timestamp", id);


--
-- Name: chord_progression_user_discipline_timestamp; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX chord_progression_user_discipline_timestamp ON public.chord_progression USING btree (user_id, discipline, "timestamp");


--
-- Name: chord_progression_user_timestamp; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX chord_progression_user_timestamp ON public.chord_progression USING btree (user_id, "timestamp", id);


--
-- Name: chord_quality_user_discipline_timestamp; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX chord_quality_user_discipline_timestamp ON public.chord_quality USING btree (user_id, discipline, "timestamp");


--
-- Name: chord_quality_user_timestamp; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX chord_quality_user_timestamp ON public.chord_quality USING btree (user_id, "timestamp", id);


--
-- Name: classroom_member_user; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX classroom_member_user ON public.classroom_member USING btree (user_id);


--
-- Name: classroom_teacher; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX classroom_teacher ON public.classroom USING btree (teacher_id);


--
-- Name: comparison_user_discipline_timestamp; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX comparison_user_discipline_timestamp ON public.comparison USING btree (user_id, discipline, "timestamp");


--
-- Name: comparison_user_timestamp; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX comparison_user_timestamp ON public.comparison USING btree (user_id, "timestamp", id);


--
-- Name: invitation_user; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX invitation_user ON public.invitation USING btree (user_id);


--
-- Name: melodic_dictation_user_discipline_timestamp; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX melodic_dictation_user_discipline_timestamp ON public.melodic_dictation USING btree (user_id, discipline, "timestamp");


--
-- Name: melodic_dictation_user_timestamp; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX melodic_dictation_user_timestamp ON public.melodic_dictation USING btree (user_id, "timestamp", id);


--
-- Name: open_trial_issued_at; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX open_trial_issued_at ON public.open_trial USING btree (issued_at);


--
-- Name: peach_session_user; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX peach_session_user ON public.peach_session USING btree (user_id);


--
-- Name: pitch_matching_user_discipline_timestamp; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX pitch_matching_user_discipline_timestamp ON public.pitch_matching USING btree (user_id, discipline, "timestamp");


--
-- Name: pitch_matching_user_timestamp; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX pitch_matching_user_timestamp ON public.pitch_matching USING btree (user_id, "timestamp", id);


--
-- Name: rhythm_comparison_user_discipline_timestamp; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX rhythm_comparison_user_discipline_timestamp ON public.rhythm_comparison USING btree (user_id, discipline, "timestamp");


--
-- Name: rhythm_comparison_user_timestamp; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX rhythm_comparison_user_timestamp ON public.rhythm_comparison USING btree (user_id, "timestamp", id);


--
-- Name: rhythm_matching_user_discipline_timestamp; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX rhythm_matching_user_discipline_timestamp ON public.rhythm_matching USING btree (user_id, discipline, "timestamp");


--
-- Name: rhythm_matching_user_timestamp; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX rhythm_matching_user_timestamp ON public.rhythm_matching USING btree (user_id, "timestamp", id);


--
-- Name: scale_degree_user_discipline_timestamp; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX scale_degree_user_discipline_timestamp ON public.scale_degree USING btree (user_id, discipline, "timestamp");


--
-- Name: scale_degree_user_timestamp; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX scale_degree_user_timestamp ON public.scale_degree USING btree (user_id, "timestamp", id);


--
-- Name: sign_in_failure_address; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX sign_in_failure_address ON public.sign_in_failure USING btree (address, at);


--
-- Name: sign_in_failure_name; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX sign_in_failure_name ON public.sign_in_failure USING btree (name, at);


--
-- Name: task_progress_user; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX task_progress_user ON public.task_progress USING btree (user_id);


--
-- Name: answer_key answer_key_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.answer_key
    ADD CONSTRAINT answer_key_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.peach_user(id) ON DELETE CASCADE;


--
-- Name: assignment assignment_classroom_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.assignment
    ADD CONSTRAINT assignment_classroom_id_fkey FOREIGN KEY (classroom_id) REFERENCES public.classroom(id) ON DELETE CASCADE;


--
-- Name: assignment assignment_student_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.assignment
    ADD CONSTRAINT assignment_student_id_fkey FOREIGN KEY (student_id) REFERENCES public.peach_user(id) ON DELETE CASCADE;


--
-- Name: assignment_task assignment_task_assignment_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.assignment_task
    ADD CONSTRAINT assignment_task_assignment_id_fkey FOREIGN KEY (assignment_id) REFERENCES public.assignment(id) ON DELETE CASCADE;


--
-- Name: chord_intonation chord_intonation_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.chord_intonation
    ADD CONSTRAINT chord_intonation_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.peach_user(id) ON DELETE CASCADE;


--
-- Name: chord_progression chord_progression_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.chord_progression
    ADD CONSTRAINT chord_progression_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.peach_user(id) ON DELETE CASCADE;


--
-- Name: chord_quality chord_quality_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.chord_quality
    ADD CONSTRAINT chord_quality_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.peach_user(id) ON DELETE CASCADE;


--
-- Name: classroom_member classroom_member_classroom_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.classroom_member
    ADD CONSTRAINT classroom_member_classroom_id_fkey FOREIGN KEY (classroom_id) REFERENCES public.classroom(id) ON DELETE CASCADE;


--
-- Name: classroom_member classroom_member_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.classroom_member
    ADD CONSTRAINT classroom_member_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.peach_user(id) ON DELETE CASCADE;


--
-- Name: classroom classroom_teacher_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.classroom
    ADD CONSTRAINT classroom_teacher_id_fkey FOREIGN KEY (teacher_id) REFERENCES public.peach_user(id) ON DELETE CASCADE;


--
-- Name: comparison comparison_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.comparison
    ADD CONSTRAINT comparison_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.peach_user(id) ON DELETE CASCADE;


--
-- Name: invitation invitation_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.invitation
    ADD CONSTRAINT invitation_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.peach_user(id) ON DELETE CASCADE;


--
-- Name: melodic_dictation melodic_dictation_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.melodic_dictation
    ADD CONSTRAINT melodic_dictation_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.peach_user(id) ON DELETE CASCADE;


--
-- Name: open_trial open_trial_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.open_trial
    ADD CONSTRAINT open_trial_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.peach_user(id) ON DELETE CASCADE;


--
-- Name: peach_session peach_session_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.peach_session
    ADD CONSTRAINT peach_session_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.peach_user(id) ON DELETE CASCADE;


--
-- Name: pitch_matching pitch_matching_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.pitch_matching
    ADD CONSTRAINT pitch_matching_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.peach_user(id) ON DELETE CASCADE;


--
-- Name: rhythm_comparison rhythm_comparison_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.rhythm_comparison
    ADD CONSTRAINT rhythm_comparison_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.peach_user(id) ON DELETE CASCADE;


--
-- Name: rhythm_matching rhythm_matching_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.rhythm_matching
    ADD CONSTRAINT rhythm_matching_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.peach_user(id) ON DELETE CASCADE;


--
-- Name: scale_degree scale_degree_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.scale_degree
    ADD CONSTRAINT scale_degree_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.peach_user(id) ON DELETE CASCADE;


--
-- Name: student_summary student_summary_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.student_summary
    ADD CONSTRAINT student_summary_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.peach_user(id) ON DELETE CASCADE;


--
-- Name: task_progress task_progress_task_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.task_progress
    ADD CONSTRAINT task_progress_task_id_fkey FOREIGN KEY (task_id) REFERENCES public.assignment_task(id) ON DELETE CASCADE;


--
-- Name: task_progress task_progress_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.task_progress
    ADD CONSTRAINT task_progress_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.peach_user(id) ON DELETE CASCADE;


--
-- Name: user_settings user_settings_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.user_settings
    ADD CONSTRAINT user_settings_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.peach_user(id) ON DELETE CASCADE;


--
-- PostgreSQL database dump complete
--




INSERT INTO public.schema_migrations VALUES (1, 'v1-records-settings-open-trials', '2026-11-24 01:30:00.000000+00');
INSERT INTO public.schema_migrations VALUES (2, 'v2-rhythm', '2026-11-24 01:30:00.000000+00');
INSERT INTO public.schema_migrations VALUES (3, 'v3-optional-hit-rate', '2026-11-24 04:00:00.000000+00');
INSERT INTO public.schema_migrations VALUES (4, 'v4-accounts', '2026-11-25 12:00:00.000000+00');
INSERT INTO public.schema_migrations VALUES (5, 'v5-chord-intonation', '2026-11-26 17:00:00.000000+00');
INSERT INTO public.schema_migrations VALUES (6, 'v6-scale-degree', '2026-11-26 21:00:00.000000+00');
INSERT INTO public.schema_migrations VALUES (7, 'v7-chord-quality', '2026-11-26 23:00:00.000000+00');
INSERT INTO public.schema_migrations VALUES (8, 'v8-student-summary', '2026-11-27 01:00:00.000000+00');
INSERT INTO public.schema_migrations VALUES (9, 'v9-melodic-dictation', '2026-11-28 12:00:00.000000+00');
INSERT INTO public.schema_migrations VALUES (10, 'v10-assignments', '2026-12-06 17:00:00.000000+00');
INSERT INTO public.schema_migrations VALUES (11, 'v11-chord-progression', '2026-12-06 17:45:00.000000+00');
INSERT INTO public.schema_migrations VALUES (12, 'v12-must-change-password', '2026-12-07 12:30:00.000000+00');
INSERT INTO public.schema_migrations VALUES (13, 'v13-invitations', '2026-12-07 14:00:00.000000+00');
INSERT INTO public.schema_migrations VALUES (14, 'v14-task-goal-trials', '2026-12-07 16:00:00.000000+00');
INSERT INTO public.peach_user (id, name, password_hash, created_at) VALUES (0, '', '!', '2026-11-25 12:00:00.000000+00');
INSERT INTO public.comparison (note1, note2, note2_cent_offset, is_correct, "timestamp", discipline, "interval", direction, tuning_system, user_id) VALUES
    (60, 60, 100, true, '2026-01-05T18:00:00.000Z', 'pitchComparison', 'P1', 'up', 'equalTemperament', 0),
    (60, 60, -95, false, '2026-01-05T18:00:02.517Z', 'pitchComparison', 'P1', 'up', 'equalTemperament', 0),
    (72, 72, 0.1, true, '2026-01-06T07:30:59.999Z', 'pitchComparison', 'P1', 'up', 'equalTemperament', 0),
    (60, 67, 4.5, true, '2026-02-01T10:00:00.250Z', 'intervalComparison', 'P5', 'up', 'justIntonation', 0),
    (72, 68, -12, false, '2026-02-01T10:00:03.000Z', 'intervalComparison', 'M3', 'down', 'equalTemperament', 0);
INSERT INTO public.pitch_matching (reference_note, initial_cent_offset, user_cent_error, sung_octave, "timestamp", discipline, "interval", direction, tuning_system, user_id) VALUES
    (69, 37.5, -4.25, NULL, '2026-01-07T12:00:00.001Z', 'pitchMatching', 'P1', 'up', 'equalTemperament', 0),
    (45, -88, 12, NULL, '2026-01-07T12:00:05.000Z', 'pitchMatching', 'P1', 'up', 'equalTemperament', 0),
    (57, -15.5, 2.25, NULL, '2026-02-01T10:01:00.000Z', 'intervalMatching', 'P8', 'up', 'justIntonation', 0),
    (64, 0, -7, -1, '2026-03-01T09:15:00.500Z', 'pitchSinging', 'P1', 'up', 'equalTemperament', 0);
INSERT INTO public.answer_key VALUES ('fixture-v1-key-0001', 'comparison', 1, 0);
INSERT INTO public.open_trial VALUES ('6641e8be-87d5-437f-b0a9-8df9812408af', 1795472971.1520987, '{"matching":{"_0":{"discipline":"pitchMatching","referenceNote":60,"tuningSystem":"equalTemperament","initialCentOffset":-63.541545205851065,"centRange":100,"interval":{"name":"P1","direction":"up"}}}}', 0);
INSERT INTO public.user_settings VALUES (0, '{"minCentDifference":0.1,"voiceRangeLower":48,"intervalMatchingCentRange":20,"maxCentDifference":100,"intervals":[{"direction":"up","name":"P5"}],"soundSource":"sine","tuningSystem":"equalTemperament","varyLoudness":0,"noteRangeLower":48,"noteDurationSeconds":1,"noteRangeUpper":72,"noteGapSeconds":0,"voiceRangeUpper":72,"pitchNeedle":false,"referencePitchHz":442,"language":"de"}');
INSERT INTO public.rhythm_comparison (tempo_bpm, offset_percent, is_correct, "timestamp", discipline, "interval", direction, tuning_system, user_id) VALUES
    (120, -7.5, false, '2026-04-01T08:00:00.125Z', 'rhythmComparison', 'P1', 'up', 'equalTemperament', 0),
    (63, 12.25, true, '2026-04-01T08:00:02.000Z', 'rhythmComparison', 'P1', 'up', 'equalTemperament', 0);
INSERT INTO public.rhythm_matching (tempo_bpm, mean_offset_ms, offset_sd_ms, hit_rate, mean_offset_ms_position0, mean_offset_ms_position1, mean_offset_ms_position2, mean_offset_ms_position3, "timestamp", discipline, "interval", direction, tuning_system, user_id) VALUES
    (80, -3.25, 9.5, 0.875, -1.5, NULL, 4, -12.25, '2026-04-01T08:05:00.000Z', 'rhythmMatching', 'P1', 'up', 'equalTemperament', 0),
    (163, NULL, NULL, 0, NULL, NULL, NULL, NULL, '2026-04-01T08:06:00.500Z', 'rhythmMatching', 'P1', 'up', 'equalTemperament', 0);
INSERT INTO public.chord_progression (tonic_note, mode, progression, answer, "timestamp", discipline, "interval", direction, tuning_system, user_id) VALUES
    (43, 'minor', 'i iv V i', 'i VI V i', '2026-12-01T09:00:00.250Z', 'chordProgression', 'P1', 'up', 'justIntonation', 0),
    (38, 'major', 'ii V I', 'ii V I', '2026-12-01T09:01:00.000Z', 'commonProgression', 'P1', 'up', 'equalTemperament', 0);
