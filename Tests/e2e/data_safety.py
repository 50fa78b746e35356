"""The data-safety drills, shared by the e2e tests (which assert on them) and Benchmarks/bench.py
(which prints their figures): SIGKILL during streamed answers, a schemathesis run of the API, and a
fuzz of the importer through the API."""
import collections
import json
import math
import pathlib
import random
import re
import sqlite3
import subprocess
import threading
import time

import requests

from conftest import PeachServer

TIMESTAMP = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}$")
HEADER = ("# peach-records-format:1\n"
          "kind,timestamp,note1,note2,note2CentOffset,isCorrect,referenceNote,initialCentOffset,userCentError\n")


def database_state(path):
    """integrity_check, every comparison as (note1, note2, offset, isCorrect) and the rows that are
    not whole, read straight from the file while no server runs."""
    connection = sqlite3.connect(str(path))
    try:
        integrity = connection.execute("PRAGMA integrity_check").fetchone()[0]
        rows = connection.execute(
            "SELECT note1, note2, note2CentOffset, isCorrect, timestamp FROM comparison").fetchall()
    finally:
        connection.close()
    partial = [row for row in rows
               if not (isinstance(row[0], int) and 0 <= row[0] <= 127 and isinstance(row[1], int)
                       and isinstance(row[2], float) and math.isfinite(row[2]) and row[3] in (0, 1)
                       and isinstance(row[4], str) and TIMESTAMP.match(row[4]))]
    answers = collections.Counter((row[0], row[1], row[2], bool(row[3])) for row in rows)
    return integrity, answers, partial


def postgres_state(cluster, database):
    """database_state's answer for a PostgreSQL database: its constraints leave integrity to the server."""
    rows = [(int(r[0]), int(r[1]), float(r[2]), r[3] == "t", r[4]) for r in cluster.sql(
        database, "SELECT note1, note2, note2_cent_offset, is_correct, timestamp FROM comparison")]
    partial = [row for row in rows if not (0 <= row[0] <= 127 and math.isfinite(row[2]) and row[4])]
    return "ok", collections.Counter(row[:4] for row in rows), partial


def kill_drill(directory, kills=20, clients=3, seed=8, postgres=None):
    """Clients stream answers; the server gets SIGKILL at a random moment, `kills` times. After each
    kill: every answer acknowledged with 200 so far must be stored, no row may be partial, and
    integrity_check must say ok. Returns the counts; `violations` lists every failure. With
    `postgres` (a cluster, a database) the server keeps its answers there instead of a SQLite file."""
    rng = random.Random(seed)
    data = pathlib.Path(directory) / "kill.sqlite"
    if postgres:
        server = PeachServer(None, database_url=postgres[0].url(postgres[1]))
        state = lambda: postgres_state(*postgres)  # noqa: E731
    else:
        server = PeachServer(data)
        state = lambda: database_state(data)  # noqa: E731
    acknowledged = collections.Counter()
    lock = threading.Lock()
    violations, per_kill = [], []
    for kill in range(kills):
        server.start()
        url = server.url
        stop = threading.Event()

        def client():
            session = requests.Session()
            while not stop.is_set():
                try:
                    comparison = session.post(url + "api/comparisons", timeout=5).json()
                    response = session.post(url + f"api/comparisons/{comparison['id']}/answer",
                                            json={"answer": rng.choice(["higher", "lower"])}, timeout=5)
                except (requests.RequestException, ValueError):
                    continue
                if response.status_code == 200:
                    body = response.json()
                    key = (comparison["note1"]["midi"], comparison["note2"]["midi"], body["centOffset"], body["isCorrect"])
                    with lock:
                        acknowledged[key] += 1

        threads = [threading.Thread(target=client) for _ in range(clients)]
        for thread in threads:
            thread.start()
        time.sleep(rng.uniform(0.3, 1.2))
        server.stop(kill=True)
        stop.set()
        for thread in threads:
            thread.join()
        integrity, stored, partial = state()
        missing = acknowledged - stored
        extra = sum((stored - acknowledged).values())
        per_kill.append(extra)
        if integrity != "ok":
            violations.append(f"kill {kill + 1}: integrity_check says {integrity}")
        if missing:
            violations.append(f"kill {kill + 1}: {sum(missing.values())} acknowledged answers are gone: {dict(missing)}")
        if partial:
            violations.append(f"kill {kill + 1}: partial rows {partial[:3]}")
    server.start()
    served = len(server.records(limit=10000))
    server.stop()
    return {
        "kills": kills,
        "acknowledged": sum(acknowledged.values()),
        "stored": sum(state()[1].values()),
        "served_after_restart": served,
        # Committed, but the kill came before the 200 reached the client: allowed, at most one per client per kill.
        "stored_unacknowledged": per_kill[-1] if per_kill else 0,
        "violations": violations,
    }


def assert_no_acknowledged_answer_lost(result, kills, clients):
    """What every kill drill must show: no violation, enough answers to mean something, and at most one
    committed-but-unacknowledged answer per client per kill."""
    assert result["violations"] == []
    assert result["acknowledged"] > kills * clients, "the clients hardly answered; the drill tested nothing"
    assert result["acknowledged"] <= result["stored"] <= result["acknowledged"] + kills * clients
    assert result["served_after_restart"] == result["stored"]


def schemathesis_run(url, max_examples=25, seed=8, report=None, checks="not_a_server_error", options=(),
                     phases="examples,coverage,fuzzing"):
    """A bounded schemathesis run of /api/openapi.json; counts the requests it made and the
    responses with a 5xx status. `checks` names schemathesis's checks: any failure makes the exit
    code non-zero. `options` go to `schemathesis run` as they are (headers, excluded paths)."""
    report = report or pathlib.Path("/tmp") / f"peach-schemathesis-{time.time_ns()}.ndjson"
    command = [str(pathlib.Path(__file__).resolve().parents[2] / ".venv-e2e" / "bin" / "schemathesis"), "run",
               url + "api/openapi.json", "--url", url.rstrip("/"), "--checks", checks,
               "--max-examples", str(max_examples), "--seed", str(seed), "--workers", "1",
               "--phases", phases, "--generation-database", "none",
               "--request-timeout", "30", "--no-color", "--report", "ndjson", "--report-ndjson-path", str(report),
               *options]
    # Run from /tmp: schemathesis leaves a cache directory wherever it runs.
    finished = subprocess.run(command, capture_output=True, text=True, timeout=600, cwd="/tmp")
    requests_made, statuses = 0, collections.Counter()
    for line in report.read_text().splitlines():
        for status in re.findall(r'"status_code":\s*(\d{3})', line):
            requests_made += 1
            statuses[int(status)] += 1
    report.unlink(missing_ok=True)
    return {"exit_code": finished.returncode, "requests": requests_made, "statuses": dict(statuses),
            "server_errors": sum(count for status, count in statuses.items() if status >= 500),
            "output": finished.stdout[-3000:] + finished.stderr[-2000:]}


def valid_rows(rng, count, start_ms=1_700_000_000_000):
    rows = []
    for index in range(count):
        stamp = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime((start_ms + index * 1500) // 1000)) + \
            f".{(start_ms + index * 1500) % 1000:03d}Z"
        if rng.random() < 0.5:
            rows.append(f"comparison,{stamp},{rng.randint(21, 108)},60,{rng.uniform(-100, 100)!r},"
                        f"{rng.choice(['true', 'false'])},,,")
        else:
            rows.append(f"pitchMatching,{stamp},,,,,{rng.randint(21, 108)},{rng.uniform(-100, 100)!r},"
                        f"{rng.uniform(-50, 50)!r}")
    return rows


NASTIES = [b"NaN", b"-inf", b"Infinity", b"1e309", b"=1+2", b"+cmd|' /C calc'!A0", b"@SUM(A1)", b'"', b",",
           b"\r", b"\n", b"\x00", b"\xff", b"\xc3", b"\xe9", b"0x10", "１２".encode(), b"2026-02-30T00:00:00Z"]


def hostile_files(rng, rounds):
    """Random bytes, truncated and mutated valid files, wrong encodings and formula cells."""
    yield "utf-16", (HEADER + "\n".join(valid_rows(rng, 5))).encode("utf-16")
    yield "latin-1", (HEADER + "\n".join(valid_rows(rng, 5)) + "\ncomparison,é").encode("latin-1")
    yield "formula", (HEADER + "comparison,2026-01-01T00:00:00.000Z,60,60,=1+2,true,,,\n").encode()
    yield "nan", (HEADER + "comparison,2026-01-01T00:00:00.000Z,60,60,NaN,true,,,\n").encode()
    yield "empty", b""
    for round_ in range(rounds):
        file = bytearray((HEADER + "\n".join(valid_rows(rng, rng.randint(1, 40)))).encode())
        kind = round_ % 6
        line_ends = [index for index, byte in enumerate(file) if byte == 0x0A]
        if kind == 4:  # cut between rows, as an interrupted copy leaves it
            file = file[:rng.choice(line_ends) + 1]
        elif kind == 5:  # rows repeated: duplicates within the file and of earlier imports
            file += file[line_ends[1] + 1:]
        elif kind == 0:
            file = file[:rng.randint(0, len(file))]
        elif kind == 1:
            for _ in range(rng.randint(1, 4)):
                file[rng.randrange(len(file))] = rng.randrange(256)
        elif kind == 2:
            at = rng.randint(0, len(file))
            file[at:at] = rng.choice(NASTIES)
        else:
            file = bytearray(rng.randbytes(rng.randint(0, 3000)))
        yield f"mutation-{kind}", bytes(file)


def record_count(data_path):
    connection = sqlite3.connect(str(data_path))
    try:
        return sum(connection.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
                   for table in ("comparison", "pitchMatching"))
    finally:
        connection.close()


def import_fuzz(server, rounds=300, seed=8, huge_bytes=260 * 1024 * 1024):
    """Hostile files through POST /api/import: each is imported whole (200) or rejected with its line
    (400) and changes nothing; a file over the limit is refused (413); the server never answers 5xx
    and never dies."""
    rng = random.Random(seed)
    statuses, violations = collections.Counter(), []
    files = list(hostile_files(rng, rounds))
    files.append(("huge", b"x" * huge_bytes))
    files.append(("large-valid", (HEADER + "\n".join(valid_rows(rng, 50_000, start_ms=1_600_000_000_000))).encode()))
    for name, body in files:
        mode = rng.choice(["merge", "replace"])
        before = record_count(server.data_path)
        try:
            response = requests.post(server.url + f"api/import?mode={mode}", data=body, timeout=120,
                                     headers={"Content-Type": "text/csv"})
        except requests.RequestException as error:
            if name == "huge":  # the server may close the connection while the body is still arriving
                statuses["closed"] += 1
                continue
            violations.append(f"{name}: {error!r}")
            continue
        statuses[response.status_code] += 1
        after = record_count(server.data_path)
        if response.status_code == 200:
            summary = response.json()
            expected = summary["imported"] + (before if mode == "merge" else 0)
            if after != expected:
                violations.append(f"{name}: {after} records after importing {summary}, expected {expected}")
        elif response.status_code in (400, 413):
            if after != before:
                violations.append(f"{name}: rejected ({response.status_code}) but records went {before} → {after}")
            if response.status_code == 400 and not re.search(r"line \d+: |at most", response.json()["error"]["message"]):
                violations.append(f"{name}: rejection does not name a line: {response.text[:200]}")
        else:
            violations.append(f"{name}: status {response.status_code}: {response.text[:200]}")
        if server.process.poll() is not None:
            violations.append(f"{name}: the server died")
            break
    return {"files": len(files), "statuses": dict(statuses), "violations": violations}
