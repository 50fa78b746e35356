"""A class server on SQLite (`peach serve --accounts` without --database): accounts in
class/accounts.sqlite, each user's data in a database of their own. One process serves it."""
import random
import subprocess
import threading
import time

import requests

from conftest import PEACH, ClassStorage

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
    base = {"url": server.url}
    acknowledged, failures, lock, stop = {}, [], threading.Lock(), threading.Event()
    sessions = {}

    def user(index):
        rng = random.Random(index)
        session = requests.Session()
        response = session.post(base["url"] + "api/account/sign-up", timeout=60,
                                json={"name": f"user{index}", "password": PASSWORD, "invitation": invitation})
        if response.status_code != 201:
            failures.append(response.text)
            return
        sessions[index] = session
        count = 0
        while not stop.is_set():
            key = f"sqlite-user{index}-{count:05d}"
            trial = None
            while trial is None and not stop.is_set():
                try:
                    trial = session.post(base["url"] + "api/trials", json={"discipline": "pitchComparison"}, timeout=10).json()
                except (requests.RequestException, ValueError):
                    time.sleep(0.05)
            while trial is not None:
                try:
                    answer = session.post(base["url"] + f"api/trials/{trial['id']}/answer", timeout=10,
                                          json={"answer": "higher"}, headers={"Idempotency-Key": key})
                except requests.RequestException:
                    time.sleep(0.05)
                    continue  # unacknowledged: the same key again, once the server is back
                if answer.status_code == 200:
                    with lock:
                        acknowledged[key] = index
                else:
                    failures.append(answer.text)
                break
            count += 1
            time.sleep(rng.uniform(0.02, 0.1))

    def answered_at_least(count):
        deadline = time.monotonic() + 90
        while len(acknowledged) < count and time.monotonic() < deadline and not failures:
            time.sleep(0.05)
        return len(acknowledged)

    threads = [threading.Thread(target=user, args=(index,)) for index in range(20)]
    try:
        for thread in threads:
            thread.start()
        before = answered_at_least(150)
        server.stop(kill=True)
        server.start("--accounts")
        base["url"] = server.url
        answered_at_least(before + 150)
        stop.set()
        for thread in threads:
            thread.join(timeout=60)
        assert not failures, failures[:3]
        assert len(sessions) == 20
        expected = {f"user{index}": 0 for index in range(20)}
        for index in acknowledged.values():
            expected[f"user{index}"] += 1
        # Sessions are in accounts.sqlite: they outlive the process.
        stored = {f"user{index}": len(session.get(server.url + "api/records?limit=1000", timeout=10).json()["records"])
                  for index, session in sessions.items()}
        print(f"\nSQLite class server, SIGKILL after {before} answers: {len(acknowledged)} acknowledged, "
              f"{sum(stored.values())} stored")
        assert stored == expected

        teacher = requests.Session()
        assert teacher.post(server.url + "api/account/sign-in", json={"name": "tess", "password": PASSWORD},
                            timeout=30).status_code == 200
        students = teacher.get(server.url + f"api/classes/{class_id}", timeout=10).json()["students"]
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
        students = teacher.get(server.url + f"api/classes/{class_id}", timeout=10).json()["students"]
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
        stop.set()
        server.stop()
    # Stopped, the class's records can be written from the command line again.
    assert "imported 0" in storage.peach("import", export, "--merge", "--user", "user1")
