"""`peach migrate`, `peach serve` and terminal training on PostgreSQL: the answer a client gets
acknowledged is a row in PostgreSQL, a schema newer than the binary knows is refused in one line, and
SIGKILL loses no acknowledged answer there either."""
import os
import shlex
import subprocess

import pytest

from alsa_sink import DEVICE, FileSink
from conftest import PEACH, PeachServer, complete_class_view
from data_safety import assert_no_acknowledged_answer_lost, kill_drill
from test_terminal import Tmux, answer_until_counted


def peach(*arguments):
    return subprocess.run([PEACH, *map(str, arguments)], capture_output=True, text=True, timeout=60)


@pytest.fixture
def database(postgres_cluster):
    return postgres_cluster.create_database()


def test_migrate_then_serve_stores_the_answer_in_postgres(postgres_cluster, database):
    url = postgres_cluster.url(database)
    migrated = peach("migrate", "--database", url)
    assert migrated.returncode == 0, migrated.stderr
    assert "applied v1-records-settings-open-trials, v2-rhythm, v3-optional-hit-rate, v4-accounts, v5-chord-intonation, v6-scale-degree, v7-chord-quality, v8-student-summary, v9-melodic-dictation, v10-assignments, v11-chord-progression, v12-must-change-password, v13-invitations, v14-task-goal-trials, v15-progression-inversions; schema is now version 15" in migrated.stdout
    assert postgres_cluster.sql(database, "SELECT version, name FROM schema_migrations") == [
        ["1", "v1-records-settings-open-trials"], ["2", "v2-rhythm"], ["3", "v3-optional-hit-rate"], ["4", "v4-accounts"], ["5", "v5-chord-intonation"], ["6", "v6-scale-degree"],
        ["7", "v7-chord-quality"], ["8", "v8-student-summary"], ["9", "v9-melodic-dictation"], ["10", "v10-assignments"], ["11", "v11-chord-progression"],
        ["12", "v12-must-change-password"], ["13", "v13-invitations"], ["14", "v14-task-goal-trials"],
        ["15", "v15-progression-inversions"]]
    again = peach("migrate", "--database", url)
    assert again.returncode == 0 and "schema is up to date (version 15)" in again.stdout

    server = PeachServer(None, database_url=url).start()
    try:
        trial = server.api("POST", "trials", json={"discipline": "pitchComparison"}).json()
        answered = server.api("POST", f"trials/{trial['id']}/answer", json={"answer": "higher"},
                              headers={"Idempotency-Key": "e2e-postgres-0001"})
        assert answered.status_code == 200, answered.text
        body = answered.json()
        # A retry with the same key and answer gets the original result and stores nothing new;
        # the same key with another answer is refused.
        retried = server.api("POST", f"trials/{trial['id']}/answer", json={"answer": "higher"},
                             headers={"Idempotency-Key": "e2e-postgres-0001"})
        assert retried.status_code == 200 and retried.json() == body
        other = server.api("POST", f"trials/{trial['id']}/answer", json={"answer": "lower"},
                           headers={"Idempotency-Key": "e2e-postgres-0001"})
        assert other.status_code == 422, other.text
    finally:
        server.stop()
    rows = postgres_cluster.sql(database, "SELECT note1, note2, note2_cent_offset, is_correct, discipline FROM comparison")
    assert [(int(r[0]), int(r[1]), float(r[2]), r[3] == "t", r[4]) for r in rows] == [
        (trial["note1"]["midi"], trial["note2"]["midi"], body["centOffset"], body["isCorrect"], "pitchComparison")]
    assert postgres_cluster.sql(database, "SELECT key FROM answer_key") == [["e2e-postgres-0001"]]
    assert postgres_cluster.sql(database, "SELECT count(*) FROM open_trial WHERE id = '" + trial["id"] + "'") == [["0"]]

    # A new instance on the same database serves what the first stored.
    server = PeachServer(None, database_url=url).start()
    try:
        assert len(server.records()) == 1
    finally:
        server.stop()


def test_serve_refuses_a_schema_newer_than_it_knows_in_one_line(postgres_cluster, database):
    url = postgres_cluster.url(database)
    assert peach("migrate", "--database", url).returncode == 0
    postgres_cluster.sql(database, "INSERT INTO schema_migrations (version, name) VALUES (99, 'v99-from-a-newer-peach')")
    refused = subprocess.run([PEACH, "serve", "--database", url, "--port", "0", "--no-browser"],
                             capture_output=True, text=True, timeout=60)
    assert refused.returncode != 0
    assert refused.stdout == ""
    lines = refused.stderr.splitlines()
    assert lines == [f"Error: cannot open the training database at postgres://peach@127.0.0.1:{postgres_cluster.port}/"
                     f"{database}: its schema is version 99, newer than this Peach knows (15); run a newer Peach"], refused.stderr
    # Nothing was written: no table gained a row.
    assert postgres_cluster.sql(database, "SELECT count(*) FROM user_settings") == [["0"]]
    assert peach("migrate", "--database", url).returncode != 0


def test_serve_on_postgres_is_a_class_server_unless_told_otherwise(postgres_cluster, database, tmp_path):
    import requests
    url = postgres_cluster.url(database)
    assert peach("migrate", "--database", url).returncode == 0
    process = subprocess.Popen([PEACH, "serve", "--database", url, "--port", "0", "--no-browser"],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        address = process.stdout.readline().strip()
        assert requests.get(address + "api/account", timeout=10).json() == {"accounts": True, "user": None}
        assert requests.get(address + "api/profile", timeout=10).status_code == 401
    finally:
        process.terminate()
        process.wait(timeout=10)
    personal = PeachServer(None, database_url=url).start()  # with --no-accounts
    try:
        assert personal.api("GET", "account").json() == {"accounts": False}
        assert personal.api("GET", "profile").status_code == 200
    finally:
        personal.stop()


def test_an_unreachable_database_is_one_line(postgres_cluster):
    refused = peach("migrate", "--database", f"postgres://peach@127.0.0.1:{postgres_cluster.port}/no_such_database")
    assert refused.returncode != 0
    assert len(refused.stderr.splitlines()) == 1 and "no_such_database" in refused.stderr, refused.stderr


def test_sigkill_loses_no_acknowledged_answer_on_postgres(tmp_path, postgres_cluster, database):
    result = kill_drill(tmp_path, kills=6, clients=10, seed=14, postgres=(postgres_cluster, database))
    print(f"\npostgres kill drill: {result['kills']} SIGKILLs, {result['acknowledged']} answers acknowledged, "
          f"{result['stored']} stored")
    assert_no_acknowledged_answer_lost(result, kills=6, clients=10)


def test_terminal_training_stores_in_postgres_what_the_server_then_serves(postgres_cluster, database, tmp_path):
    url = postgres_cluster.url(database)
    server = PeachServer(None, database_url=url).start()
    try:
        # A setting saved through the server applies in the terminal: both read PostgreSQL.
        assert server.api("PUT", "settings", json={"noteRangeLower": 60, "noteRangeUpper": 72}).status_code == 200
        sink = FileSink(tmp_path)
        command = f"{shlex.quote(PEACH)} train --device {DEVICE} --database {shlex.quote(url)} --note-duration 0.3"
        tmux = Tmux(f"peach-e2e-{os.getpid()}-pg-train", command, {"ALSA_CONFIG_PATH": sink.env["ALSA_CONFIG_PATH"]})
        try:
            assert tmux.wait_for(lambda lines: any("Comparison training" in line for line in lines), timeout=15)
            for index in range(3):
                answer_until_counted(tmux, "Up", r"^[✓✗]$", index + 1)
            tmux.keys("q")
            lines = tmux.wait_for(lambda lines: "EXIT=0" in lines, timeout=10)
            assert "EXIT=0" in lines, lines
        finally:
            tmux.close()
        rows = postgres_cluster.sql(database, "SELECT note1, discipline FROM comparison")
        assert len(rows) == 3 and all(60 <= int(note) <= 72 and discipline == "pitchComparison" for note, discipline in rows)
        # The running server serves the terminal's answers.
        assert len(server.records()) == 3
    finally:
        server.stop()
    summary = peach("profile", "--database", url)
    assert summary.returncode == 0, summary.stderr
    assert summary.stdout.startswith("comparisons: 3 ("), summary.stdout


def test_a_reader_that_stops_early_is_no_crash(postgres_cluster, database):
    """`peach profile … | true`: the reader is gone before the first line. On PostgreSQL, SwiftNIO ignores
    SIGPIPE, so the write itself fails: peach drops the output instead of crashing with a backtrace."""
    url = postgres_cluster.url(database)
    result = subprocess.run(f"{PEACH} profile --database {url} | true; echo \"status ${{PIPESTATUS[0]}}\"",
                            shell=True, executable="/bin/bash", capture_output=True, text=True, timeout=60)
    assert result.stdout.strip() == "status 0", result.stdout + result.stderr[-2000:]
    assert "crashed" not in result.stderr and "Fatal error" not in result.stderr, result.stderr[-2000:]


def test_class_server_keeps_each_user_to_their_own_data_across_two_instances(postgres_cluster, database):
    """`serve --accounts`: two stateless instances on one database; a trial opened on one is answered on
    the other; another user's ids answer 404; the teacher sees both students; wrong passwords slow down."""
    import requests
    url = postgres_cluster.url(database)
    assert peach("migrate", "--database", url).returncode == 0
    added = subprocess.run([PEACH, "users", "add", "tess", "--teacher", "--database", url],
                           input="teacher-pass-1\n", capture_output=True, text=True, timeout=60)
    assert added.returncode == 0, added.stderr
    created = peach("classes", "add", "Choir", "--teacher", "tess", "--database", url)
    assert created.returncode == 0, created.stderr
    class_id, _, invitation = created.stdout.strip().split("\t")

    first = PeachServer(None, database_url=url).start("--accounts")
    second = PeachServer(None, database_url=url).start("--accounts")
    try:
        assert requests.get(first.url + "api/profile", timeout=10).status_code == 401
        sessions = {}
        for name, server in (("ann", first), ("bob", second)):
            session = requests.Session()
            signed = session.post(server.url + "api/account/sign-up", timeout=30,
                                  json={"name": name, "password": name + "-password", "invitation": invitation})
            assert signed.status_code == 201, signed.text
            cookie = signed.headers["Set-Cookie"]
            assert "HttpOnly" in cookie and "SameSite=Strict" in cookie
            sessions[name] = session
        ann, bob = sessions["ann"], sessions["bob"]

        # Ann's trials, opened on the first instance, answered on the second.
        answered = []
        for index in range(4):
            trial = ann.post(first.url + "api/trials", json={"discipline": "pitchComparison"}, timeout=10).json()
            result = ann.post(second.url + f"api/trials/{trial['id']}/answer", json={"answer": "higher"},
                              headers={"Idempotency-Key": f"ann-key-{index:04d}"}, timeout=10)
            assert result.status_code == 200, result.text
            answered.append(trial)
        bob_trial = bob.post(second.url + "api/trials", json={"discipline": "pitchComparison"}, timeout=10).json()
        assert bob.post(first.url + f"api/trials/{bob_trial['id']}/answer", json={"answer": "lower"},
                        headers={"Idempotency-Key": "bob-key-0000"}, timeout=10).status_code == 200

        # Another user's ids are unknown, not forbidden.
        open_trial = ann.post(first.url + "api/trials", json={"discipline": "pitchComparison"}, timeout=10).json()
        stolen = bob.post(second.url + f"api/trials/{open_trial['id']}/answer", json={"answer": "higher"}, timeout=10)
        assert stolen.status_code == 404, stolen.text
        assert bob.get(first.url + f"api/classes/{class_id}", timeout=10).status_code == 403
        for server in (first, second):
            assert len(ann.get(server.url + "api/records/comparisons", timeout=10).json()["records"]) == 4
            assert len(bob.get(server.url + "api/records/comparisons", timeout=10).json()["records"]) == 1
        assert postgres_cluster.sql(database, "SELECT count(*) FROM comparison") == [["5"]]

        teacher = requests.Session()
        assert teacher.post(second.url + "api/account/sign-in", json={"name": "tess", "password": "teacher-pass-1"},
                            timeout=30).status_code == 200
        detail = complete_class_view(teacher, first.url, class_id)
        assert sorted((s["name"], s["trials"]) for s in detail["students"]) == [("ann", 4), ("bob", 1)]
        assert teacher.get(first.url + f"api/classes/{class_id}/summary.csv", timeout=10).text.count("\n") >= 3
        # The class view follows each new answer, stored on another instance or on its own.
        for server, expected in ((second, 5), (first, 6)):
            trial = ann.post(server.url + "api/trials", json={"discipline": "pitchComparison"}, timeout=10).json()
            assert ann.post(server.url + f"api/trials/{trial['id']}/answer", json={"answer": "higher"},
                            timeout=10).status_code == 200
            detail = complete_class_view(teacher, first.url, class_id)
            assert {s["name"]: s["trials"] for s in detail["students"]}["ann"] == expected

        # Brute force: after the free attempts, each wrong password waits longer (429 + Retry-After).
        statuses = [requests.post(first.url + "api/account/sign-in", json={"name": "ann", "password": "wrong"},
                                  timeout=30) for _ in range(7)]
        assert [r.status_code for r in statuses[:5]] == [401] * 5
        assert statuses[6].status_code == 429 and int(statuses[6].headers["Retry-After"]) >= 1
    finally:
        first.stop()
        second.stop()

    deleted = peach("users", "delete", "ann", "--database", url)
    assert deleted.returncode == 0, deleted.stderr
    assert postgres_cluster.sql(database, "SELECT count(*) FROM comparison") == [["1"]]


def test_sigkill_of_one_class_instance_loses_no_answer_of_50_users(postgres_cluster, database):
    """50 users answer through two `--accounts` instances; one is killed with SIGKILL midway and the
    users go on with the other, retrying an unacknowledged answer under its key: every acknowledged
    answer is in PostgreSQL afterwards, and none twice."""
    from answering_users import AnsweringUsers
    url = postgres_cluster.url(database)
    assert peach("migrate", "--database", url).returncode == 0
    subprocess.run([PEACH, "users", "add", "tess", "--teacher", "--database", url], input="teacher-pass-1\n",
                   capture_output=True, text=True, timeout=60, check=True)
    invitation = peach("classes", "add", "Choir", "--teacher", "tess", "--database", url).stdout.strip().split("\t")[2]
    doomed = PeachServer(None, database_url=url).start("--accounts")
    survivor = PeachServer(None, database_url=url).start("--accounts")
    alive = [doomed.url, survivor.url]
    users = AnsweringUsers(50, invitation, lambda: list(alive), pause=(0.05, 0.2))
    try:
        users.start()
        before = users.answered_at_least(150)
        doomed.stop(kill=True)
        alive.remove(doomed.url)
        users.answered_at_least(before + 150)
    finally:
        users.stop()
        survivor.stop()
        doomed.stop(kill=True)
    acknowledged = users.acknowledged
    assert users.failures == []
    assert before >= 150, "the users hardly answered before the kill; the test tested nothing"
    assert len(acknowledged) >= before + 150, "the users hardly answered after the kill"
    stored = postgres_cluster.sql(database, "SELECT key FROM answer_key")
    keys = [row[0] for row in stored]
    print(f"50 users: {len(acknowledged)} answers acknowledged ({before} before the kill), {len(keys)} stored")
    assert set(acknowledged) <= set(keys), f"lost: {sorted(set(acknowledged) - set(keys))[:5]}"
    assert postgres_cluster.sql(database, "SELECT count(*) FROM comparison") == [[str(len(keys))]], "an answer stored twice"
    assert len(keys) == len(set(keys))
