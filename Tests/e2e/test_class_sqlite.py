"""A class server on SQLite (`peach serve --accounts` without --database): accounts in
class/accounts.sqlite, each user's data in a database of their own. One process serves it."""
import subprocess

import requests

from answering_users import AnsweringUsers
from conftest import PEACH, ClassStorage, complete_class_view

PASSWORD = "sqlite-class-1"


def test_a_class_server_on_sqlite_keeps_every_acknowledged_answer_through_sigkill(tmp_path):
    """20 users answer at once; the server is killed with SIGKILL midway and started again on the
    same files, and the users go on, retrying an unacknowledged answer under its key. Every
    acknowledged answer is stored once, in its own user's database; the teacher sees each count."""
    storage = ClassStorage("sqlite", tmp_path)
    storage.peach("users", "add", "tess", "--teacher", stdin=PASSWORD + "\n")
    class_id, _, invitation = storage.peach("classes", "add", "Choir", "--teacher", "tess").strip().split("\t")
    server = storage.start_servers()[0]
    assert requests.get(server.url + "api/account", timeout=10).json() == {"accounts": True, "user": None}
    assert requests.get(server.url + "api/profile", timeout=10).status_code == 401
    # The URL changes with the restart (a new free port).
    base = {"url": server.url}
    users = AnsweringUsers(20, invitation, lambda: [base["url"]], pause=(0.02, 0.1))
    try:
        users.start()
        before = users.answered_at_least(150)
        server.stop(kill=True)
        server.start("--accounts")
        base["url"] = server.url
        users.answered_at_least(before + 150)
        users.stop()
        assert not users.failures, users.failures[:3]
        sessions = users.sessions
        assert len(sessions) == 20
        expected = {f"user{index}": 0 for index in range(20)}
        for index in users.acknowledged.values():
            expected[f"user{index}"] += 1
        # Sessions are in accounts.sqlite: they outlive the process.
        stored = {f"user{index}": len(session.get(server.url + "api/records?limit=1000", timeout=10).json()["records"])
                  for index, session in sessions.items()}
        print(f"\nSQLite class server, SIGKILL after {before} answers: {len(users.acknowledged)} acknowledged, "
              f"{sum(stored.values())} stored")
        assert stored == expected

        teacher = requests.Session()
        assert teacher.post(server.url + "api/account/sign-in", json={"name": "tess", "password": PASSWORD},
                            timeout=30).status_code == 200
        students = complete_class_view(teacher, server.url, class_id)["students"]
        assert {s["name"]: s["trials"] for s in students} == expected

        # Each user's settings are their own.
        assert sessions[0].put(server.url + "api/settings", json={"noteDurationSeconds": 0.4}, timeout=10).status_code == 200
        assert sessions[0].get(server.url + "api/settings", timeout=10).json()["settings"]["noteDurationSeconds"] == 0.4
        assert sessions[1].get(server.url + "api/settings", timeout=10).json()["settings"]["noteDurationSeconds"] != 0.4

        # Deleting an account deletes its database; the others keep theirs.
        user0 = sessions[0].get(server.url + "api/account", timeout=10).json()["user"]["id"]
        assert (tmp_path / "class" / "users" / str(user0) / "peach.sqlite").exists()
        assert storage.peach("users", "delete", "user0").strip() == "deleted user0 and all their data"
        assert not (tmp_path / "class" / "users" / str(user0)).exists()
        assert sessions[0].get(server.url + "api/profile", timeout=10).status_code == 401
        del expected["user0"]
        students = complete_class_view(teacher, server.url, class_id)["students"]
        assert {s["name"]: s["trials"] for s in students} == expected
        # The command line reads one user's records from their own database.
        assert storage.peach("profile", "--user", "user1").startswith(f"comparisons: {expected['user1']} (")
        # One process serves the class files; while it runs, a user's records are written through it.
        second = subprocess.run([PEACH, "serve", "--accounts", *storage.args, "--port", "0", "--no-browser"],
                                capture_output=True, text=True, timeout=60)
        assert second.returncode != 0 and "another peach serve already serves this class" in second.stderr, second.stderr
        export = tmp_path / "user1.csv"
        storage.peach("export", "--user", "user1", "-o", export)
        refused = subprocess.run([PEACH, "import", export, "--merge", "--user", "user1", *storage.args],
                                 capture_output=True, text=True, timeout=60)
        assert refused.returncode != 0 and "the class server is running" in refused.stderr, refused.stderr
        # The personal Peach beside it was never touched.
        assert not storage.data_path.exists()
    finally:
        users.stop()
        server.stop()
    # Stopped, the class's records can be written from the command line again.
    assert "imported 0" in storage.peach("import", export, "--merge", "--user", "user1")
