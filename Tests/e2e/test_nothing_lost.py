"""Nothing a user gave is thrown away, and every refusal reaches the client: reserved trials outlive
imports, a busy import's 409 arrives after its body, an export goes to standard output, a damaged
database is recovered into a new file, and a full disk recovers without a restart."""
import os
import random
import shutil
import socket
import sqlite3
import subprocess
import tempfile
import threading
import time

import pytest
import requests

from conftest import PEACH, PeachServer
from data_safety import HEADER, valid_rows


def csv(rows, seed=1, start_ms=1_700_000_000_000):
    return HEADER + "\n".join(valid_rows(random.Random(seed), rows, start_ms)) + "\n"


def reserve(server, count):
    response = server.api("POST", "trials/reserve", json={"discipline": "pitchComparison", "count": count})
    assert response.status_code == 201, response.text
    return [trial["id"] for trial in response.json()["trials"]]


def test_reserved_trials_are_answered_after_api_imports_of_either_mode(server):
    reserved = reserve(server, 5)
    plain = server.api("POST", "trials", json={"discipline": "pitchMatching"}).json()["id"]
    for mode, rows in [("merge", 10), ("merge", 100_000), ("replace", 10)]:
        response = requests.post(server.url + f"api/import?mode={mode}", data=csv(rows, seed=rows).encode(), timeout=600)
        assert response.status_code == 200, response.text
    statuses = [server.api("POST", f"trials/{id}/answer", json={"answer": "lower"}).status_code for id in reserved]
    assert statuses == [200] * 5
    assert server.api("POST", f"trials/{plain}/answer", json={"normalizedValue": 0.25}).status_code == 200
    # And after a restart.
    later = reserve(server, 2)
    requests.post(server.url + "api/import?mode=replace", data=csv(10).encode(), timeout=60).raise_for_status()
    server.restart()
    assert [server.api("POST", f"trials/{id}/answer", json={"answer": "higher"}).status_code for id in later] == [200, 200]
    # The second replace took away the answers before it: its 10 rows and the 2 answers after it.
    records = server.api("GET", "records?limit=100").json()["records"]
    assert len(records) == 10 + 2


def test_fresh_trials_answered_during_imports_are_stored(server):
    running = threading.Event()
    running.set()
    statuses = []

    def train():
        session = requests.Session()
        while running.is_set():
            trial = session.post(server.url + "api/trials", json={"discipline": "pitchComparison"}, timeout=30).json()
            statuses.append(session.post(server.url + f"api/trials/{trial['id']}/answer", json={"answer": "higher"},
                                         timeout=30).status_code)

    trainers = [threading.Thread(target=train) for _ in range(4)]
    for trainer in trainers:
        trainer.start()
    try:
        for index, mode in enumerate(["merge", "replace", "merge"]):
            response = requests.post(server.url + f"api/import?mode={mode}", data=csv(20_000, seed=index).encode(), timeout=600)
            assert response.status_code == 200, response.text
    finally:
        running.clear()
        for trainer in trainers:
            trainer.join()
    refused = [status for status in statuses if status != 200]
    assert statuses and not refused, f"{len(refused)} of {len(statuses)} answers refused: {sorted(set(refused))}"


def test_a_second_concurrent_import_reads_its_409(server):
    """A client that writes its whole body before reading (as curl and most do) gets the 409: the
    server reads the body to its end first. Before, it answered and closed at once, and the client's
    send failed with a broken pipe after a few MB."""
    started = threading.Event()

    def slow_body():
        yield HEADER.encode()
        started.set()
        for row in valid_rows(random.Random(3), 12):
            time.sleep(0.25)
            yield (row + "\n").encode()

    first = {}
    slow = threading.Thread(target=lambda: first.update(response=requests.post(
        server.url + "api/import?mode=merge", data=slow_body(), timeout=60)))
    slow.start()
    started.wait(10)
    time.sleep(0.3)
    # 9 MB: far more than the socket buffers take while the server answers.
    body = csv(120_000, seed=4).encode()
    with socket.create_connection(("127.0.0.1", server.port), timeout=60) as connection:
        connection.sendall(f"POST /api/import?mode=merge HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
                           f"Content-Type: text/csv\r\nContent-Length: {len(body)}\r\n\r\n".encode())
        sent = 0
        try:
            for offset in range(0, len(body), 1 << 16):
                connection.sendall(body[offset:offset + (1 << 16)])
                sent = offset + len(body[offset:offset + (1 << 16)])
        except OSError as error:
            pytest.fail(f"the body could not be sent: {error!r} after {sent} of {len(body)} bytes")
        reply = b""
        while b"\r\n\r\n" not in reply or not reply.rstrip().endswith(b"}"):
            chunk = connection.recv(4096)
            if not chunk:
                break
            reply += chunk
    assert reply.startswith(b"HTTP/1.1 409"), reply[:200]
    assert b"another import" in reply
    slow.join()
    assert first["response"].status_code == 200, first["response"].text


def test_export_to_standard_output(server, tmp_path):
    requests.post(server.url + "api/import?mode=merge", data=csv(25).encode(), timeout=60).raise_for_status()
    server.stop()
    os.chdir(tmp_path)
    result = subprocess.run([PEACH, "export", "-o", "-", "--data", str(server.data_path)], capture_output=True, timeout=60)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.decode().splitlines()
    assert lines[0].startswith("# peach-records-format:") and len(lines) == 2 + 25
    assert b"exported 25 records to standard output" in result.stderr
    assert not (tmp_path / "-").exists()


def test_direction_controls_in_names_and_a_nul_in_a_password_are_refused(tmp_path):
    data = ["--data", str(tmp_path / "peach.sqlite")]

    def peach(*arguments, stdin=None):
        return subprocess.run([PEACH, *arguments, *data], input=stdin, capture_output=True, text=True, timeout=60)

    nul = peach("users", "add", "tess", "--teacher", stdin="long-enough\0password\n")
    assert nul.returncode != 0 and "none of them NUL" in nul.stderr, nul.stderr
    assert peach("users", "add", "tess", "--teacher", stdin="long-enough-password\n").returncode == 0
    for name in ["Choir \u202e2b", "\u2066Choir\u2069", "a\u202ab\u202c"]:
        refused = peach("classes", "add", name, "--teacher", "tess")
        assert refused.returncode != 0 and "text-direction controls" in refused.stderr, refused.stderr
    assert peach("classes", "list").stdout.strip() == ""
    assert "\tChoir\t" in peach("classes", "add", "Choir", "--teacher", "tess").stdout


def damage_a_page(path, table="comparison"):
    """Overwrites the middle leaf page of `table` with garbage; returns how many rows the table had."""
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        rows = db.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
        leaves = [page for (page,) in db.execute(
            "SELECT pageno FROM dbstat WHERE name = ? AND pagetype = 'leaf' ORDER BY pageno", (table,))]
        size = db.execute("PRAGMA page_size").fetchone()[0]
    db.close()
    with open(path, "r+b") as file:
        file.seek((leaves[len(leaves) // 2] - 1) * size)
        file.write(bytes((index * 37 + 11) % 256 for index in range(size)))
    return rows


def test_recover_saves_what_a_damaged_database_still_holds(tmp_path):
    data = tmp_path / "peach.sqlite"
    source = tmp_path / "records.csv"
    source.write_text(csv(6_000, seed=9))
    imported = subprocess.run([PEACH, "import", str(source), "--merge", "--data", str(data)], capture_output=True, text=True,
                              timeout=300)
    assert imported.returncode == 0, imported.stderr
    total = damage_a_page(data)

    export = subprocess.run([PEACH, "export", "-o", str(tmp_path / "out.csv"), "--data", str(data)], capture_output=True,
                            text=True, timeout=60)
    assert export.returncode != 0
    error = export.stderr.strip()
    assert "\n" not in error and len(error) < 500, error
    assert "stopped" in error and "unreadable: table comparison" in error, error

    recovered = tmp_path / "recovered.sqlite"
    result = subprocess.run([PEACH, "recover", str(data), "-o", str(recovered)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    print(result.stdout)
    assert "comparison:" in result.stdout and "lost: rowids" in result.stdout
    assert "no recovery API" in result.stdout
    saved = int(result.stdout.split("comparison: ")[1].split(" rows saved")[0])
    assert total - 200 < saved < total
    # The new file serves, and exports every saved record.
    csv_out = subprocess.run([PEACH, "export", "-o", "-", "--data", str(recovered)], capture_output=True, text=True, timeout=60)
    assert csv_out.returncode == 0, csv_out.stderr
    with sqlite3.connect(recovered) as db:
        matchings = db.execute("SELECT count(*) FROM pitchMatching").fetchone()[0]
    assert matchings > 0
    assert len(csv_out.stdout.splitlines()) == 2 + saved + matchings
    # Refused: an existing output file, a missing input.
    again = subprocess.run([PEACH, "recover", str(data), "-o", str(recovered)], capture_output=True, text=True, timeout=60)
    assert again.returncode != 0 and "exists already" in again.stderr
    missing = subprocess.run([PEACH, "recover", str(tmp_path / "none.sqlite"), "-o", str(tmp_path / "x.sqlite")],
                             capture_output=True, text=True, timeout=60)
    assert missing.returncode != 0 and "no such file" in missing.stderr


@pytest.mark.skipif(os.geteuid() != 0, reason="mounting a small tmpfs needs root (CI runs as root)")
def test_a_full_disk_recovers_without_a_restart():
    disk = tempfile.mkdtemp(prefix="peach-full-")
    # 1 MB for Peach until the disk is full: the writers fill it in half the time 2 MB took.
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=3m", "tmpfs", disk], check=True)
    server = None
    try:
        # What else fills the disk, freed later: "a few MB", as a user clearing space frees. With
        # only 1 MB freed, four writers at full speed refilled it within seconds on a loaded machine
        # (the log may hold up to 2 MB between checkpoints), and the test then saw a new refusal.
        filler = os.path.join(disk, "filler")
        with open(filler, "wb") as file:
            file.write(b"\0" * (2 << 20))
        server = PeachServer(os.path.join(disk, "peach.sqlite")).start()
        running = threading.Event()
        running.set()
        answered = []

        def train():
            session = requests.Session()
            while running.is_set():
                trial = session.post(server.url + "api/trials", json={"discipline": "pitchComparison"}, timeout=30)
                if trial.status_code != 201:
                    answered.append((time.monotonic(), trial.status_code, "trial", trial.headers.get("Retry-After")))
                    time.sleep(0.05)
                    continue
                response = session.post(server.url + f"api/trials/{trial.json()['id']}/answer", json={"answer": "higher"},
                                         timeout=30)
                answered.append((time.monotonic(), response.status_code, "answer", response.headers.get("Retry-After")))

        trainers = [threading.Thread(target=train) for _ in range(4)]
        for trainer in trainers:
            trainer.start()
        try:
            deadline = time.monotonic() + 240
            # Full: only refusals for a second.
            while time.monotonic() < deadline:
                recent = [entry for entry in answered if entry[0] > time.monotonic() - 1]
                if len(recent) > 5 and all(status == 503 for _, status, _, _ in recent):
                    break
                time.sleep(0.2)
            else:
                pytest.fail("the disk never filled")
            refused_trials = [entry for entry in answered[-50:] if entry[2] == "trial"]
            assert refused_trials, "a trial was handed out while nothing could be stored"
            assert all(status == 503 and retry == "5" for _, status, _, retry in refused_trials)
            os.remove(filler)
            freed = time.monotonic()
            while time.monotonic() < freed + 60:
                recent = [entry for entry in answered if entry[0] > time.monotonic() - 1]
                if len(recent) > 20 and all(status in (200, 201) for _, status, _, _ in recent):
                    break
                time.sleep(0.05)
            first_ok = next((at for at, status, kind, _ in answered if at > freed and kind == "answer" and status == 200), None)
            assert first_ok is not None, "no answer was stored in the 60 s after the space was freed"
            recovery = first_ok - freed
            # It stays recovered: 5 s more of answers, every one stored.
            time.sleep(5)
            tail = [(status, kind) for at, status, kind, _ in answered if at > time.monotonic() - 5]
        finally:
            running.clear()
            for trainer in trainers:
                trainer.join()
        wal = os.path.getsize(os.path.join(disk, "peach.sqlite-wal")) if os.path.exists(os.path.join(disk, "peach.sqlite-wal")) else 0
        server.stop()
        print(f"recovered {recovery:.2f} s after freeing 2 MB; WAL {wal / 1e6:.2f} MB; last 5 s: {len(tail)} answers")
        assert recovery < 2, f"answers were stored again only {recovery:.1f} s after space was freed"
        assert tail and {status for status, _ in tail} == {200}, f"after recovering: {sorted(set(tail))}"
    finally:
        if server and server.process.poll() is None:
            server.process.kill()
            server.process.wait(timeout=10)
        subprocess.run(["umount", disk], check=False)
        shutil.rmtree(disk, ignore_errors=True)
