"""Issue 32's teacher figures: a class of 1,000 students × 10,000 pitch comparisons each, on a class
server on SQLite files and on PostgreSQL. The class is written straight into the databases (not
through the API), then: the first class view at once after a start with no figures kept (the
students not fitted within the view's wait marked as being prepared) and how long until it is
complete, how long a start takes to keep them all by itself and the first
view after that, the first view after a restart, warm views, the distribution chart and the CSV, and the view after some
students answered. Each figure is printed beside the machine's load and beside a floor measured in
the same run: the query that reads the same rows. Prints; asserts nothing."""
import datetime
import math
import os
import pathlib
import random
import sqlite3
import statistics
import subprocess
import time

import requests

from harness import PEACH, load, timed_get

# CLASS_RECORDS lowers the records per student for a quick run: the views after the start's
# preparation read kept figures, whatever the records.
STUDENTS, RECORDS = 1000, int(os.environ.get("CLASS_RECORDS", "10000"))
# What the newest-first read of a class view with no kept figures takes per student
# (PerceptualProfile.recentCapacity).
RECENT = 2000
ANSWERING = 20


def _peach(*arguments, stdin=None):
    result = subprocess.run([PEACH, *arguments], input=stdin, capture_output=True, text=True, timeout=600)
    if result.returncode != 0:
        raise RuntimeError(f"peach {' '.join(arguments)}: {result.stderr}")
    return result.stdout


def _comparisons(rng, now):
    """The mix class_server._insert_history writes on PostgreSQL: differences of 2–27 ¢, more often
    right the larger they are, one every 8 minutes up to now."""
    for g in range(1, RECORDS + 1):
        cents = 2 + 25 * rng.random() * rng.random()
        correct = rng.random() < 0.5 + 0.48 * (1 - math.exp(-cents / 6))
        moment = now - datetime.timedelta(minutes=(RECORDS - g) * 8)
        yield (48 + g % 25, 48 + g % 25, cents if g % 2 == 0 else -cents, correct,
               moment.strftime("%Y-%m-%d %H:%M:%S.%f")[:-3])


def _sqlite_class(directory, password):
    """tess's class on SQLite files: the accounts by `peach users`, then 999 more students copied in
    SQL (one bcrypt hash for all) and every student's database filled through sqlite3."""
    data = pathlib.Path(directory) / "class-view" / "peach.sqlite"
    _peach("users", "add", "tess", "--teacher", "--data", str(data), stdin=password + "\n")
    class_id = int(_peach("classes", "add", "Choir", "--teacher", "tess", "--data", str(data)).split("\t")[0])
    _peach("users", "add", "student0001", "--data", str(data), stdin=password + "\n")
    # Creates and migrates the first student's database: the template of everyone's.
    _peach("export", "--user", "student0001", "--data", str(data), "--output", str(data.parent / "empty.csv"))
    class_directory = data.parent / "class"
    with sqlite3.connect(class_directory / "accounts.sqlite") as accounts:
        password_hash, created = accounts.execute(
            "SELECT passwordHash, createdAt FROM user WHERE name = 'student0001'").fetchone()
        accounts.executemany("INSERT INTO user (name, passwordHash, isTeacher, createdAt) VALUES (?, ?, 0, ?)",
                             [(f"student{n:04d}", password_hash, created) for n in range(2, STUDENTS + 1)])
        accounts.execute("INSERT INTO classroomMember (classroomID, userID) SELECT ?, id FROM user WHERE name LIKE 'student%'",
                         (class_id,))
        ids = [row[0] for row in accounts.execute("SELECT id FROM user WHERE name LIKE 'student%' ORDER BY id")]
    template = sqlite3.connect(":memory:")
    with sqlite3.connect(class_directory / "users" / str(ids[0]) / "peach.sqlite") as first:
        first.backup(template)
    rng, now = random.Random(32), datetime.datetime.now(datetime.timezone.utc)
    for user in ids:
        path = class_directory / "users" / str(user) / "peach.sqlite"
        path.parent.mkdir(parents=True, exist_ok=True)
        with sqlite3.connect(path) as database:
            template.backup(database)
            database.executemany("INSERT INTO comparison (note1, note2, note2CentOffset, isCorrect, timestamp) "
                                 "VALUES (?, ?, ?, ?, ?)", _comparisons(rng, now))
    return data, class_id, [class_directory / "users" / str(user) / "peach.sqlite" for user in ids]


def _signed_in(base, name, password):
    session = requests.Session()
    response = session.post(base + "api/account/sign-in", json={"name": name, "password": password}, timeout=120)
    if response.status_code != 200:
        raise RuntimeError(f"sign-in of {name}: {response.status_code} {response.text}")
    return session


def _get_ms(session, url):
    elapsed, response = timed_get(session, url, timeout=900)
    return elapsed, len(response.content)


def _view(session, url):
    """The class view's time in ms and how many of its rows were still being prepared (a binary from
    before issue 32's progressive view says nothing of it: 0)."""
    began = time.perf_counter()
    response = session.get(url, timeout=900)
    elapsed = (time.perf_counter() - began) * 1000
    if response.status_code != 200:
        raise RuntimeError(f"GET {url}: {response.status_code} {response.text[:200]}")
    return elapsed, response.json().get("preparing", 0)


def _serve(*arguments):
    process = subprocess.Popen([PEACH, "serve", "--accounts", *arguments, "--port", "0", "--no-browser"],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    return process, process.stdout.readline().strip()


def _stop(process):
    process.terminate()
    process.wait(timeout=60)


def _answer_once(base, name, password):
    session = _signed_in(base, name, password)
    trial = session.post(base + "api/trials", json={"discipline": "pitchComparison"}, timeout=60).json()
    response = session.post(base + f"api/trials/{trial['id']}/answer", json={"answer": "higher"}, timeout=60)
    if response.status_code != 200:
        raise RuntimeError(f"answer of {name}: {response.status_code} {response.text}")


def _views(label, serve, class_id, password, students, floors, kept):
    """The figures of one backend. `serve()` starts an instance; `floors(kind)` times the query of
    the rows a view of that kind reads, in ms; `kept("count")` counts the students whose figures are
    kept in the database, `kept("clear")` forgets them all (as an upgrade or a bulk load leaves it)."""
    paths = {"view": f"api/classes/{class_id}", "chart": f"api/classes/{class_id}/distribution.svg?lang=en&width=640",
             "csv": f"api/classes/{class_id}/summary.csv"}
    process, base = serve()
    try:
        teacher = _signed_in(base, "tess", password)
        began = time.perf_counter()
        first_ms, first_preparing = _view(teacher, base + paths["view"])
        # As the page does (every 3 s there), until no row is being prepared.
        preparing, views = first_preparing, 1
        while preparing > 0:
            time.sleep(1)
            preparing, views = _view(teacher, base + paths["view"])[1], views + 1
        complete_s = time.perf_counter() - began
    finally:
        _stop(process)
    print(f"{label}: first class view at once after a start with no figures kept: {first_ms:.0f} ms, "
          f"{first_preparing} of {STUDENTS} students marked as being prepared (goal ≤ 500 ms); the view complete after "
          f"{complete_s:.1f} s ({views} views, one a second; each student fitted from their newest {RECENT} comparisons, "
          f"this class first); floor: reading those rows {floors('scratch'):.0f} ms; {load()}")

    kept("clear")
    began = time.perf_counter()
    process, base = serve()
    try:
        while kept("count") < STUDENTS:
            time.sleep(0.2)
        prepared_s = time.perf_counter() - began
        teacher = _signed_in(base, "tess", password)
        prepared_ms, _ = _get_ms(teacher, base + paths["view"])
    finally:
        _stop(process)
    print(f"{label}: a start with no figures kept (after an upgrade or a bulk load) keeps every student's in "
          f"{prepared_s:.1f} s by itself; the teacher's first view after that {prepared_ms:.0f} ms (goal ≤ 500 ms); {load()}")

    process, base = serve()
    try:
        teacher = _signed_in(base, "tess", password)
        cold_ms, _ = _get_ms(teacher, base + paths["view"])
        cold_floor = floors("kept")
        warm = [_get_ms(teacher, base + paths["view"])[0] for _ in range(10)]
        chart_first, chart_size = _get_ms(teacher, base + paths["chart"])
        chart = [_get_ms(teacher, base + paths["chart"])[0] for _ in range(10)]
        csv_ms, csv_size = _get_ms(teacher, base + paths["csv"])
        print(f"{label}: after a restart, first class view {cold_ms:.0f} ms (goal ≤ 500 ms); floor: reading the "
              f"kept figures {cold_floor:.1f} ms; {load()}")
        print(f"{label}: warm class view median {statistics.median(warm):.1f} ms, max {max(warm):.1f} ms (goal ≤ 20 ms); "
              f"distribution.svg first {chart_first:.1f} ms, median {statistics.median(chart):.1f} ms "
              f"({chart_size / 1024:.0f} KiB, goal ≤ 50 ms); summary.csv {csv_ms:.1f} ms ({csv_size / 1024:.0f} KiB); {load()}")
        for name in students[:ANSWERING]:
            _answer_once(base, name, password)
        after_ms, after_preparing = _view(teacher, base + paths["view"])
        print(f"{label}: class view after {ANSWERING} students answered once each (they are fitted again): "
              f"{after_ms:.0f} ms, {after_preparing} of them still being prepared; {load()}")
    finally:
        _stop(process)


def _sqlite(directory):
    password = "class-view-pass-1"
    began = time.perf_counter()
    data, class_id, student_files = _sqlite_class(directory, password)
    print(f"SQLite class files: {STUDENTS} students × {RECORDS:,} comparisons written in {time.perf_counter() - began:.0f} s; {load()}")
    accounts_path = data.parent / "class" / "accounts.sqlite"

    def floors(kind):
        began = time.perf_counter()
        if kind == "kept":
            with sqlite3.connect(accounts_path) as accounts:
                accounts.execute("SELECT s.userID, s.figures FROM classroomMember m JOIN studentSummary s ON s.userID = m.userID "
                                 "WHERE m.classroomID = ?", (class_id,)).fetchall()
        else:
            for path in student_files:
                with sqlite3.connect(path) as database:
                    database.execute("SELECT note2CentOffset, isCorrect, timestamp FROM comparison WHERE discipline = 'pitchComparison' "
                                     "ORDER BY timestamp DESC, id DESC LIMIT ?", (RECENT,)).fetchall()
        return (time.perf_counter() - began) * 1000

    def kept(action):
        with sqlite3.connect(accounts_path, timeout=30) as accounts:
            if action == "clear":
                accounts.execute("DELETE FROM studentSummary")
                return 0
            return accounts.execute("SELECT count(*) FROM studentSummary").fetchone()[0]

    _views("SQLite", lambda: _serve("--data", str(data)), class_id, password,
           [f"student{n:04d}" for n in range(1, STUDENTS + 1)], floors, kept)


def _postgres():
    import class_server  # starts nothing until asked; its cluster keeps fsync on, as a real server's
    cluster, database, url, class_id, _ = class_server._class_database()
    began = time.perf_counter()
    class_server._insert_history(cluster, database, STUDENTS, RECORDS)
    print(f"PostgreSQL: {STUDENTS} students × {RECORDS:,} comparisons written in {time.perf_counter() - began:.0f} s; {load()}")

    def floors(kind):
        query = (f"SELECT s.user_id, s.figures FROM classroom_member m JOIN peach_user u ON u.id = m.user_id "
                 f"JOIN student_summary s ON s.user_id = u.id AND s.revision = u.revision WHERE m.classroom_id = {class_id}"
                 if kind == "kept" else
                 f"SELECT r.* FROM classroom_member m CROSS JOIN LATERAL (SELECT note2_cent_offset, is_correct, \"timestamp\" "
                 f"FROM comparison c WHERE c.user_id = m.user_id AND c.discipline = 'pitchComparison' "
                 f"ORDER BY \"timestamp\" DESC, id DESC LIMIT {RECENT}) r WHERE m.classroom_id = {class_id}")
        plan = cluster.sql(database, "EXPLAIN (ANALYZE, TIMING OFF) " + query, timeout=600)
        return float(next(row[0] for row in plan if row[0].startswith("Execution Time")).split()[2])

    def serve():
        process, port = class_server._instance(url)
        return process, f"http://127.0.0.1:{port}/"

    def kept(action):
        if action == "clear":
            cluster.sql(database, "DELETE FROM student_summary")
            return 0
        return int(cluster.sql(database, "SELECT count(*) FROM student_summary")[0][0])

    _views("PostgreSQL", serve, class_id, class_server.TEACHER_PASSWORD,
           [f"student{n:04d}" for n in range(1, STUDENTS + 1)], floors, kept)


def class_view(directory):
    _sqlite(directory)
    _postgres()
