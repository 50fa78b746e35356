"""The class server's figures (issue 14): two `serve --accounts` instances on one PostgreSQL behind
nginx, as docs/deploy.md runs them, on a throw-away cluster with fsync on. Prints; asserts nothing."""
import concurrent.futures
import multiprocessing
import os
import statistics
import subprocess
import sys
import time
import uuid

import requests

from harness import E2E, PEACH, percentile, rss_mb, server_ms

sys.path.insert(0, str(E2E))
os.environ["PEACH_PG_DURABLE"] = "1"
from nginx import NginxProxy  # noqa: E402  (the e2e tests' runner of deploy/nginx/peach.conf)
from postgres import PostgresCluster  # noqa: E402

TEACHER_PASSWORD = "teacher-password-1"


def _peach(*arguments, stdin=None):
    result = subprocess.run([PEACH, *arguments], input=stdin, capture_output=True, text=True, timeout=600)
    if result.returncode != 0:
        raise RuntimeError(f"peach {' '.join(arguments)}: {result.stderr}")
    return result.stdout


def _class_database():
    """A migrated database with teacher tess and her class; returns the cluster, database, URL and class."""
    cluster = PostgresCluster()
    database = cluster.create_database()
    url = cluster.url(database)
    _peach("migrate", "--database", url)
    _peach("users", "add", "tess", "--teacher", "--database", url, stdin=TEACHER_PASSWORD + "\n")
    class_id, _, invitation = _peach("classes", "add", "Choir", "--teacher", "tess", "--database", url).strip().split("\t")
    return cluster, database, url, int(class_id), invitation


def _instance(url):
    process = subprocess.Popen([PEACH, "serve", "--accounts", "--database", url, "--port", "0", "--no-browser"],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    address = process.stdout.readline().strip()
    return process, int(address.rstrip("/").rsplit(":", 1)[1])


def _stop(process):
    process.terminate()
    process.wait(timeout=20)


def _sign_up(base, name, invitation):
    response = requests.post(base + "api/account/sign-up", timeout=120,
                             json={"name": name, "password": name + "-password", "invitation": invitation})
    if response.status_code != 201:
        raise RuntimeError(f"sign-up of {name}: {response.status_code} {response.text}")
    return response.cookies["peach_session"]


def _users_answering(port, users, started, seconds, period, results):
    """One load process: a thread per user, each with its own keep-alive connection through nginx,
    drawing a trial and answering it once every `period` seconds (first at a random phase)."""
    import http.client
    import json
    import random
    import threading

    acknowledged, round_trips, server_times, errors = [], [], [], []
    lock = threading.Lock()

    def user(cookie):
        headers = {"Cookie": f"peach_session={cookie}", "Content-Type": "application/json"}
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        tick = started + random.uniform(0, period)
        while tick < started + seconds:
            time.sleep(max(0.0, tick - time.time()))
            tick += period
            key = uuid.uuid4().hex
            try:
                connection.request("POST", "/api/trials", body=json.dumps({"discipline": "pitchComparison"}), headers=headers)
                trial = connection.getresponse()
                body = trial.read()
                if trial.status != 201:
                    with lock:
                        errors.append(f"trial {trial.status}")
                    continue
                began = time.perf_counter()
                connection.request("POST", f"/api/trials/{json.loads(body)['id']}/answer",
                                   body=json.dumps({"answer": random.choice(["higher", "lower"])}),
                                   headers={**headers, "Idempotency-Key": key})
                response = connection.getresponse()
                response.read()
                elapsed = (time.perf_counter() - began) * 1000
                with lock:
                    if response.status == 200:
                        acknowledged.append(key)
                        round_trips.append((time.time() - started, elapsed))
                        server_times.append(server_ms(response.getheader("Server-Timing")))
                    else:
                        errors.append(f"answer {response.status}")
            except (OSError, http.client.HTTPException, ValueError) as error:
                with lock:
                    errors.append(repr(error))
                connection.close()
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    threads = [threading.Thread(target=user, args=(cookie,)) for cookie in users]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    results.put((acknowledged, round_trips, server_times, errors))


def _load(port, cookies, seconds, period, processes):
    """The users of `cookies` answering every `period` s for `seconds`, spread over `processes`."""
    started = time.time() + 2
    results = multiprocessing.Queue()
    workers = [multiprocessing.Process(target=_users_answering,
                                       args=(port, cookies[n::processes], started, seconds, period, results))
               for n in range(processes)]
    for worker in workers:
        worker.start()
    acknowledged, round_trips, server_times, errors = [], [], [], []
    for _ in workers:
        more = results.get()
        acknowledged += more[0]
        round_trips += more[1]
        server_times += more[2]
        errors += more[3]
    for worker in workers:
        worker.join()
    return acknowledged, round_trips, server_times, errors


def _figures(label, users, seconds, period, acknowledged, lost, stored, answered, server_times, errors, settle=10):
    """`answered`: (seconds into the load, round trip in ms) of each acknowledged answer. The round
    trip is also given from `settle` s on, once every user's first requests (which open their
    stores) are behind."""
    if not answered:
        raise RuntimeError(f"no answer acknowledged: {sorted(set(map(str, errors)))[:5]}")
    round_trips = [milliseconds for _, milliseconds in answered]
    settled = [milliseconds for at, milliseconds in answered if at >= settle] or round_trips
    print(f"{label}, each of {users} users answering every {period:g} s for {seconds} s: {len(acknowledged)} answers "
          f"acknowledged ({len(acknowledged) / seconds:.0f}/s), {len(errors)} errors"
          + (f" ({', '.join(sorted(set(map(str, errors)))[:5])})" if errors else "")
          + f", {lost} acknowledged answers missing from the database, {stored} records stored; "
          f"answer round trip p50 {statistics.median(round_trips):.2f} ms, p99 {percentile(round_trips, 99):.2f} ms "
          f"(from {settle} s on: p50 {statistics.median(settled):.2f} ms, p99 {percentile(settled, 99):.2f} ms); "
          f"server time p50 {statistics.median(server_times):.2f} ms, p99 {percentile(server_times, 99):.2f} ms")


def class_server_sqlite(directory, users=500, seconds=60, period=2.0, processes=4):
    """The same load on a class server on SQLite files: one process, no proxy."""
    import pathlib
    import sqlite3
    data = pathlib.Path(directory) / "class-sqlite" / "peach.sqlite"
    _peach("users", "add", "tess", "--teacher", "--data", str(data), stdin=TEACHER_PASSWORD + "\n")
    invitation = _peach("classes", "add", "Choir", "--teacher", "tess", "--data", str(data)).strip().split("\t")[2]
    process = subprocess.Popen([PEACH, "serve", "--accounts", "--data", str(data), "--port", "0", "--no-browser"],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    base = process.stdout.readline().strip()
    port = int(base.rstrip("/").rsplit(":", 1)[1])
    try:
        began = time.perf_counter()
        with concurrent.futures.ThreadPoolExecutor(16) as pool:
            cookies = list(pool.map(lambda n: _sign_up(base, f"user{n:03d}", invitation), range(users)))
        signing_up = time.perf_counter() - began
        idle_rss = rss_mb(process)
        acknowledged, round_trips, server_times, errors = _load(port, cookies, seconds, period, processes)
        loaded_rss = rss_mb(process)
    finally:
        _stop(process)
    stored_keys, stored = set(), 0
    for user_file in (data.parent / "class" / "users").glob("*/peach.sqlite"):
        with sqlite3.connect(user_file) as database:
            stored_keys |= {row[0] for row in database.execute("SELECT key FROM answerKey")}
            stored += database.execute("SELECT count(*) FROM comparison").fetchone()[0]
    _figures("class server on SQLite files (one process, no proxy)", users, seconds, period, acknowledged,
             len(set(acknowledged) - stored_keys), stored, round_trips, server_times, errors)
    print(f"class server on SQLite memory (RSS): {idle_rss:.0f} MB after {users} sign-ups ({signing_up:.1f} s, bcrypt), "
          f"{loaded_rss:.0f} MB after the load")


def class_server(directory, users=500, seconds=60, period=2.0, processes=4):
    """500 simulated users, each answering every 2 s for 60 s, through nginx to two instances."""
    cluster, database, url, _, invitation = _class_database()
    instances = [_instance(url) for _ in range(2)]
    proxy = NginxProxy([port for _, port in instances])
    proxy.start()
    try:
        began = time.perf_counter()
        with concurrent.futures.ThreadPoolExecutor(16) as pool:
            cookies = list(pool.map(lambda n: _sign_up(proxy.url, f"user{n:03d}", invitation), range(users)))
        signing_up = time.perf_counter() - began
        idle_rss = [rss_mb(process) for process, _ in instances]

        acknowledged, round_trips, server_times, errors = _load(proxy.port, cookies, seconds, period, processes)
        loaded_rss = [rss_mb(process) for process, _ in instances]
        stored_keys = {row[0] for row in cluster.sql(database, "SELECT key FROM answer_key WHERE user_id <> 0")}
        stored = int(cluster.sql(database, "SELECT count(*) FROM comparison WHERE user_id <> 0")[0][0])
    finally:
        proxy.stop()
        for process, _ in instances:
            _stop(process)
    _figures("class server through nginx to 2 instances on one PostgreSQL (fsync on)", users, seconds, period,
             acknowledged, len(set(acknowledged) - stored_keys), stored, round_trips, server_times, errors)
    print(f"class server memory (RSS) per instance: {', '.join(f'{mb:.0f}' for mb in idle_rss)} MB after {users} sign-ups "
          f"({signing_up:.1f} s, bcrypt), {', '.join(f'{mb:.0f}' for mb in loaded_rss)} MB after the load")


def class_import(directory, records=1_000_000, users=50, seconds=40, period=0.5, processes=2):
    """One student imports a 1M-record file through nginx (one transaction on PostgreSQL) while 50
    others answer every 0.5 s: how long the import takes and what it does to their answers."""
    import pathlib
    import random
    import threading
    from data_safety import HEADER, valid_rows
    source = pathlib.Path(directory) / "class-import.csv"
    source.write_text(HEADER + "\n".join(valid_rows(random.Random(3), records)) + "\n")
    cluster, database, url, _, invitation = _class_database()
    instances = [_instance(url) for _ in range(2)]
    proxy = NginxProxy([port for _, port in instances])
    proxy.start()
    try:
        with concurrent.futures.ThreadPoolExecutor(16) as pool:
            cookies = list(pool.map(lambda n: _sign_up(proxy.url, f"user{n:03d}", invitation), range(users + 1)))
        outcome = {}

        def importing():
            time.sleep(5)
            began = time.perf_counter()
            response = requests.post(proxy.url + "api/import?mode=merge", data=source.read_bytes(), timeout=900,
                                     cookies={"peach_session": cookies[-1]})
            outcome.update(status=response.status_code, seconds=time.perf_counter() - began, body=response.text[:200])

        importer = threading.Thread(target=importing)
        importer.start()
        acknowledged, round_trips, server_times, errors = _load(proxy.port, cookies[:-1], seconds, period, processes)
        importer.join()
        imported = int(cluster.sql(database, "SELECT count(*) FROM comparison c JOIN peach_user u ON u.id = c.user_id "
                                             f"WHERE u.name = 'user{users:03d}'")[0][0])
        stored_keys = {row[0] for row in cluster.sql(database, "SELECT key FROM answer_key WHERE user_id <> 0")}
    finally:
        proxy.stop()
        for process, _ in instances:
            _stop(process)
    print(f"class import: {records:,} records imported by one student through nginx in {outcome['seconds']:.1f} s "
          f"(HTTP {outcome['status']}; {imported:,} comparisons stored for them)")
    _figures(f"answers of {users} other students meanwhile", users, seconds, period, acknowledged,
             len(set(acknowledged) - stored_keys), len(acknowledged), round_trips, server_times, errors)


def _insert_history(cluster, database, students, records):
    """`students` accounts in the class and `records` pitch comparisons each, written by SQL: a
    Kazez-like chain's mix of differences over 60 days, more often right the larger the difference."""
    hash_of = cluster.sql(database, "SELECT password_hash FROM peach_user WHERE name = 'tess'")[0][0]
    cluster.sql(database, f"""
        INSERT INTO peach_user (name, password_hash)
        SELECT 'student' || lpad(g::text, 4, '0'), '{hash_of}' FROM generate_series(1, {students}) g""")
    cluster.sql(database, """
        INSERT INTO classroom_member (classroom_id, user_id)
        SELECT (SELECT id FROM classroom LIMIT 1), id FROM peach_user WHERE name LIKE 'student%'""")
    cluster.sql(database, f"""
        INSERT INTO comparison (user_id, note1, note2, note2_cent_offset, is_correct, "timestamp",
                                discipline, "interval", direction, tuning_system)
        SELECT u.id, 48 + (g % 25), 48 + (g % 25), d.cents * (CASE WHEN g % 2 = 0 THEN 1 ELSE -1 END),
               random() < 0.5 + 0.48 * (1 - exp(-d.cents / 6)),
               now() - make_interval(mins => ({records} - g) * 8),
               'pitchComparison', 'P1', 'up', 'equalTemperament'
        FROM peach_user u CROSS JOIN generate_series(1, {records}) g
        CROSS JOIN LATERAL (SELECT 2 + 25 * random() * random() + 0 * g AS cents) d
        WHERE u.name LIKE 'student%'""", timeout=3600)
    cluster.sql(database, "VACUUM ANALYZE comparison", timeout=3600)


def _timed_get(session, url, repeat):
    times = []
    for _ in range(repeat):
        began = time.perf_counter()
        response = session.get(url, timeout=600)
        times.append((time.perf_counter() - began) * 1000)
        if response.status_code != 200:
            raise RuntimeError(f"GET {url}: {response.status_code} {response.text[:200]}")
    return times


def class_data(directory, students=1000, records=10_000):
    """Profile and teacher-view latency with 1,000 students × 10,000 records each."""
    cluster, database, url, class_id, _ = _class_database()
    began = time.perf_counter()
    _insert_history(cluster, database, students, records)
    loading = time.perf_counter() - began
    size = cluster.sql(database, "SELECT pg_size_pretty(pg_database_size(current_database()))")[0][0]
    process, port = _instance(url)
    base = f"http://127.0.0.1:{port}/"
    try:
        student = requests.Session()
        assert student.post(base + "api/account/sign-in", json={"name": "student0001", "password": TEACHER_PASSWORD},
                            timeout=60).status_code == 200
        profile_cold = _timed_get(student, base + "api/profile", 1)[0]
        profile_warm = _timed_get(student, base + "api/profile", 50)
        timeline_warm = _timed_get(student, base + "api/profile/timeline?period=day", 20)
        teacher = requests.Session()
        assert teacher.post(base + "api/account/sign-in", json={"name": "tess", "password": TEACHER_PASSWORD},
                            timeout=60).status_code == 200
        class_cold = _timed_get(teacher, base + f"api/classes/{class_id}", 1)[0]
        class_rss = rss_mb(process)
        class_warm = _timed_get(teacher, base + f"api/classes/{class_id}", 5)
        chart_warm = _timed_get(teacher, base + f"api/classes/{class_id}/distribution.svg", 5)
        student_profile = _timed_get(teacher, base + f"api/classes/{class_id}/students/2/profile", 20)
    finally:
        _stop(process)
    print(f"class data: {students} students × {records} records ({students * records} rows, {size}, written in {loading:.0f} s); "
          f"one instance: a student's GET /api/profile first {profile_cold:.0f} ms (builds their view from 10k records), "
          f"then p50 {statistics.median(profile_warm):.1f} ms, p99 {percentile(profile_warm, 99):.1f} ms; "
          f"/api/profile/timeline p50 {statistics.median(timeline_warm):.1f} ms")
    print(f"class data: teacher's GET /api/classes/{{id}} ({students} students) first {class_cold / 1000:.1f} s "
          f"(reads each student's newest 2000 comparisons and fits them), then p50 {statistics.median(class_warm):.0f} ms; distribution.svg "
          f"p50 {statistics.median(chart_warm):.0f} ms; a student's profile through the class p50 "
          f"{statistics.median(student_profile):.1f} ms; instance RSS after it {class_rss:.0f} MB")
