"""Issue 51's teacher figure: the assignment table of a class of 1,000 students × 5 tasks on a class
server, on SQLite files and then on PostgreSQL, while 20 students answer inside the tasks. The class is made as a teacher
makes it (`peach classes import` of two 500-name rosters), the assignment through the API, and every
answer that moves a student's progress is given through the API inside its task (sign-in, trial,
answer), so the table reads what the server counted. Then, on a fresh start: the first table and 20
warm ones while the 20 clients answer, and the clients' answer round trips. Prints; asserts only that
the table holds every student and task."""
import collections
import concurrent.futures
import http.client
import json
import multiprocessing
import pathlib
import random
import statistics
import subprocess
import sys
import threading
import time

from class_view import _peach, _serve, _signed_in, _stop
from harness import E2E, PEACH, load, percentile, server_ms, timed_get

STUDENTS, ROSTER = 1000, 500
PASSWORD = "assignment-teacher-1"
# Five disciplines of four kinds, answered by a choice or by a value; goals of answers (2, so that
# some students are done) and one threshold.
TASKS = [
    {"discipline": "pitchComparison", "threshold": 20},
    {"discipline": "intervalComparison", "answers": 2},
    {"discipline": "pitchMatching", "answers": 2},
    {"discipline": "intervalMatching", "answers": 2},
    {"discipline": "rhythmComparison", "answers": 2},
]
ANSWERING, PERIOD, REPEATS = 20, 0.5, 20


def _answer_body(trial, rng):
    """What a client sends: one of the judged choices, or a slider's value for a kind without choices."""
    if trial.get("outcomes"):
        return {"answer": rng.choice(trial["outcomes"])["answer"]}
    return {"normalizedValue": rng.uniform(-1, 1)}


def _answer_in_task(session, base, task, rng):
    trial = session.post(base + "api/trials", json={"discipline": task["discipline"], "task": task["id"]}, timeout=60)
    if trial.status_code != 201:
        raise RuntimeError(f"trial for task {task['id']}: {trial.status_code} {trial.text[:200]}")
    response = session.post(base + f"api/trials/{trial.json()['id']}/answer", json=_answer_body(trial.json(), rng),
                            timeout=60)
    if response.status_code != 200:
        raise RuntimeError(f"answer in task {task['id']}: {response.status_code} {response.text[:200]}")


def _class(folder, store):
    """tess's class Choir of 1,000 students from two rosters (imported side by side: bcrypt is most
    of it) in `store` (`--data FILE` or `--database URL`); returns the class id and each student's
    one-time password."""
    _peach("users", "add", "tess", "--teacher", *store, stdin=PASSWORD + "\n")
    class_id = int(_peach("classes", "add", "Choir", "--teacher", "tess", *store).split("\t")[0])
    imports = []
    for part in range(STUDENTS // ROSTER):
        roster = folder / f"roster-{part}.csv"
        roster.write_text("name\n" + "".join(f"student{n:04d}\n" for n in range(part * ROSTER + 1, (part + 1) * ROSTER + 1)))
        imports.append(subprocess.Popen([PEACH, "classes", "import", str(roster), "--class", "Choir", *store],
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True))
    passwords = {}
    for process in imports:
        out, err = process.communicate(timeout=600)
        if process.returncode != 0:
            raise RuntimeError(f"peach classes import: {err}")
        passwords |= dict(line.split("\t") for line in out.splitlines()[1:] if line.count("\t") == 1)
    if len(passwords) != STUDENTS:
        raise RuntimeError(f"{len(passwords)} passwords printed for {STUDENTS} students")
    return class_id, passwords


def _student(base, name, passwords):
    """`name` signed in. The printed password is one-time: at the first sign-in it is changed to the
    student's own (the server refuses everything else until then), and `passwords` keeps that one."""
    session = _signed_in(base, name, passwords[name])
    if session.get(base + "api/account", timeout=60).json()["user"]["mustChangePassword"]:
        own = passwords[name] + "-own"
        response = session.post(base + "api/account/password", json={"current": passwords[name], "new": own},
                                timeout=60)
        if response.status_code != 204:
            raise RuntimeError(f"password of {name}: {response.status_code} {response.text[:200]}")
        passwords[name] = own
    return session


def _progress(base, tasks, passwords):
    """Student n (in name order) answers n mod 6 of the tasks, 1–2 answers each: every status in
    the table, none started by a sixth of the class. Returns the answers given."""
    def student(index, name):
        count = index % 6
        if count == 0:
            return 0
        rng = random.Random(index)
        session = _student(base, name, passwords)
        given = 0
        for offset in range(count):
            task = tasks[(index + offset) % len(tasks)]
            for _ in range(1 + (index + offset) % 2):
                _answer_in_task(session, base, task, rng)
                given += 1
        return given

    names = sorted(passwords)
    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        return sum(pool.map(student, range(len(names)), names))


def _clients_answering(port, cookies, tasks, started, seconds, period, results):
    """One load process: a thread per student, each on its own keep-alive connection, drawing a
    trial of one of the tasks in turn and answering it every `period` s (first at a random phase)."""
    round_trips, server_times, errors = [], [], []
    lock = threading.Lock()

    def client(index, cookie):
        rng = random.Random(index)
        headers = {"Cookie": f"peach_session={cookie}", "Content-Type": "application/json"}
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        tick, turn = started + rng.uniform(0, period), index
        while tick < started + seconds:
            time.sleep(max(0.0, tick - time.time()))
            tick += period
            task, turn = tasks[turn % len(tasks)], turn + 1
            try:
                connection.request("POST", "/api/trials", headers=headers,
                                   body=json.dumps({"discipline": task["discipline"], "task": task["id"]}))
                trial = connection.getresponse()
                body = trial.read()
                if trial.status != 201:
                    with lock:
                        errors.append(f"trial {trial.status}")
                    continue
                trial = json.loads(body)
                began = time.perf_counter()
                connection.request("POST", f"/api/trials/{trial['id']}/answer", headers=headers,
                                   body=json.dumps(_answer_body(trial, rng)))
                response = connection.getresponse()
                response.read()
                elapsed = (time.perf_counter() - began) * 1000
                with lock:
                    if response.status == 200:
                        round_trips.append(elapsed)
                        server_times.append(server_ms(response.getheader("Server-Timing")))
                    else:
                        errors.append(f"answer {response.status}")
            except (OSError, http.client.HTTPException, ValueError) as error:
                with lock:
                    errors.append(repr(error))
                connection.close()
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

    threads = [threading.Thread(target=client, args=(index, cookie)) for index, cookie in enumerate(cookies)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    results.put((round_trips, server_times, errors))


def _table(session, url):
    """The table's round trip and server time in ms, and its body."""
    elapsed, response = timed_get(session, url, timeout=600)
    return elapsed, server_ms(response.headers["Server-Timing"]), response


def _repeated(session, url):
    """REPEATS tables a tenth of a second apart: their round trips and server times."""
    times = []
    for _ in range(REPEATS):
        elapsed, server, _ = _table(session, url)
        times.append((elapsed, server))
        time.sleep(0.1)
    return [elapsed for elapsed, _ in times], [server for _, server in times]


def assignments(directory, seconds=30):
    folder = pathlib.Path(directory) / "assignments"
    folder.mkdir(parents=True, exist_ok=True)
    _table_under_load("SQLite files", folder, ["--data", str(folder / "peach.sqlite")], seconds)
    sys.path.insert(0, str(E2E))
    from postgres import PostgresCluster  # stopped when this process ends
    cluster = PostgresCluster()
    url = cluster.url(cluster.create_database())
    _peach("migrate", "--database", url)
    _table_under_load("PostgreSQL", folder, ["--database", url], seconds)


def _table_under_load(backend, folder, store, seconds):
    build = "debug" if "/debug/" in PEACH else "release" if "release" in PEACH else "unknown"
    began = time.perf_counter()
    class_id, passwords = _class(folder, store)
    roster_s = time.perf_counter() - began
    url_path = f"api/classes/{class_id}/assignments"
    process, base = _serve(*store)
    try:
        teacher = _signed_in(base, "tess", PASSWORD)
        created = teacher.post(base + url_path, timeout=60,
                               json={"title": "Week 3", "due": "2099-01-16T12:00:00Z", "tasks": TASKS})
        if created.status_code != 201:
            raise RuntimeError(f"POST {url_path}: {created.status_code} {created.text[:300]}")
        tasks = created.json()["assignment"]["tasks"]
        made_ms, made_server, _ = _table(teacher, base + url_path)
        began = time.perf_counter()
        given = _progress(base, tasks, passwords)
        progress_s = time.perf_counter() - began
    finally:
        _stop(process)

    # A fresh start: nothing of the class read yet when the first table is asked for.
    process, base = _serve(*store)
    try:
        answering = [f"student{n:04d}" for n in range(1, ANSWERING + 1)]
        cookies = [_student(base, name, passwords).cookies["peach_session"] for name in answering]
        teacher = _signed_in(base, "tess", PASSWORD)
        port = int(base.rstrip("/").rsplit(":", 1)[1])
        started = time.time() + 1
        results = multiprocessing.Queue()
        load_process = multiprocessing.Process(target=_clients_answering,
                                               args=(port, cookies, tasks, started, seconds, PERIOD, results))
        load_process.start()
        # Every client's first answers (which open their stores) behind, the load steady.
        time.sleep(max(0.0, started + 4 - time.time()))
        first_ms, first_server, response = _table(teacher, base + url_path)
        loaded, loaded_server = _repeated(teacher, base + url_path)
        load_figure = load()
        round_trips, server_times, errors = results.get()
        load_process.join()
        idle, idle_server = _repeated(teacher, base + url_path)
    finally:
        _stop(process)

    [table] = response.json()["assignments"]
    statuses = collections.Counter(cell["status"] for row in table["rows"] for cell in row["tasks"])
    if len(table["rows"]) != STUDENTS or any(len(row["tasks"]) != len(TASKS) for row in table["rows"]):
        raise RuntimeError(f"the table has {len(table['rows'])} rows, not {STUDENTS} × {len(TASKS)} tasks")
    print(f"assignment table (issue 51), {build} build ({PEACH}), class server on {backend}: {STUDENTS} students "
          f"from two rosters in {roster_s:.0f} s (bcrypt), {given} answers inside the tasks in {progress_s:.0f} s "
          f"({', '.join(f'{count} {status}' for status, count in sorted(statuses.items()))}); "
          f"GET /{url_path}, {len(response.content) / 1024:.0f} KiB")
    rows = [
        ("first, right after the assignment was made (no answers)", f"{made_ms:.0f}", f"{made_server:.0f}", ""),
        (f"first after a start, {ANSWERING} clients answering", f"{first_ms:.0f}", f"{first_server:.0f}", "≤ 500"),
        (f"warm, {ANSWERING} clients answering: median / p95 of {REPEATS}",
         f"{statistics.median(loaded):.0f} / {percentile(loaded, 95):.0f}",
         f"{statistics.median(loaded_server):.0f} / {percentile(loaded_server, 95):.0f}", "≤ 50"),
        (f"warm, idle: median / p95 of {REPEATS}", f"{statistics.median(idle):.0f} / {percentile(idle, 95):.0f}",
         f"{statistics.median(idle_server):.0f} / {percentile(idle_server, 95):.0f}", ""),
        (f"clients' answers ({len(round_trips)} in {seconds} s, {len(errors)} errors): p50 / p99",
         f"{statistics.median(round_trips):.1f} / {percentile(round_trips, 99):.1f}",
         f"{statistics.median(server_times):.1f} / {percentile(server_times, 99):.1f}", ""),
    ]
    print(f"  {'ms':<62} {'round trip':>12} {'server':>12} {'goal':>6}")
    for label, round_trip, server, goal in rows:
        print(f"  {label:<62} {round_trip:>12} {server:>12} {goal:>6}")
    print(f"  the clients: {ANSWERING} students each answering a trial of the tasks in turn every {PERIOD:g} s; "
          f"{load_figure}" + (f"; errors: {', '.join(sorted(set(errors))[:5])}" if errors else ""))
