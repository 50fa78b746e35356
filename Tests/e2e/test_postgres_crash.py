"""A PostgreSQL crash never leaves a request hanging: two class-server instances on one database, students
answering on keep-alive connections, and the server killed (`pg_ctl restart -m immediate`) ten times mid-traffic.
Every request gets a response within a bound (503 with Retry-After while the pool reconnects), and
every answer acknowledged with 200 is in the database at the end."""
import subprocess
import threading
import time
import uuid

import requests

from conftest import PEACH, PeachServer
from postgres import PostgresCluster

KILLS = 10
CLIENTS = 8
# Each store call has a deadline of a few seconds (PostgresPeachDatabase); a request makes a few.
BOUND_SECONDS = 15


class Tally:
    """Every request a client made: its time and status, or why no response came."""

    def __init__(self):
        self.lock = threading.Lock()
        self.requests = 0
        self.statuses = {}
        self.unanswered = []
        self.slowest = 0.0
        self.acknowledged = []
        self.retry_after_missing = 0
        self.answered_at = []

    def send(self, session, method, url, **kwargs):
        began = time.monotonic()
        try:
            response = session.request(method, url, timeout=(5, BOUND_SECONDS), **kwargs)
        except requests.RequestException as error:
            with self.lock:
                self.requests += 1
                self.unanswered.append(f"{method} {url}: {type(error).__name__} after {time.monotonic() - began:.1f} s")
            return None
        with self.lock:
            self.requests += 1
            self.statuses[response.status_code] = self.statuses.get(response.status_code, 0) + 1
            self.slowest = max(self.slowest, time.monotonic() - began)
            if response.status_code == 503 and "Retry-After" not in response.headers:
                self.retry_after_missing += 1
        return response


def signed_up(url, index, invitation):
    session = requests.Session()
    response = session.post(url + "api/account/sign-up", timeout=30, json={
        "name": f"student{index}", "password": f"password-{index}", "invitation": invitation})
    assert response.status_code == 201, response.text
    return session


def student(session, url, tally, stop):
    while not stop.is_set():
        trial = tally.send(session, "POST", url + "api/trials", json={"discipline": "pitchComparison"})
        if trial is None or trial.status_code != 201:
            time.sleep(0.1)
            continue
        key = "crash-" + uuid.uuid4().hex
        answer = tally.send(session, "POST", url + f"api/trials/{trial.json()['id']}/answer",
                            json={"answer": "higher"}, headers={"Idempotency-Key": key})
        if answer is not None and answer.status_code == 200:
            with tally.lock:
                tally.acknowledged.append(key)
                tally.answered_at.append(time.monotonic())


def test_every_request_gets_a_response_while_postgres_crashes_ten_times():
    cluster = PostgresCluster()
    database = cluster.create_database()
    url = cluster.url(database)
    assert subprocess.run([PEACH, "migrate", "--database", url], capture_output=True, timeout=60).returncode == 0
    subprocess.run([PEACH, "users", "add", "tess", "--teacher", "--database", url], input="teacher-pass-1\n",
                   capture_output=True, text=True, timeout=60, check=True)
    invitation = subprocess.run([PEACH, "classes", "add", "Choir", "--teacher", "tess", "--database", url],
                                capture_output=True, text=True, timeout=60, check=True).stdout.strip().split("\t")[2]
    servers = [PeachServer(None, database_url=url).start("--accounts") for _ in range(2)]
    # Each crash logs a few errors: read, so that a full pipe never stalls a server's logging.
    logs = [[] for _ in servers]
    for server, log in zip(servers, logs):
        threading.Thread(target=lambda out, log: log.extend(out), args=(server.process.stdout, log), daemon=True).start()
    tally, stop = Tally(), threading.Event()
    urls = [servers[index % 2].url for index in range(CLIENTS)]
    sessions = [signed_up(url, index, invitation) for index, url in enumerate(urls)]
    threads = [threading.Thread(target=student, args=(session, url, tally, stop)) for session, url in zip(sessions, urls)]
    try:
        for thread in threads:
            thread.start()
        time.sleep(1)
        for _ in range(KILLS):
            cluster.crash_restart()
            time.sleep(1.5)
        last_restart = time.monotonic()
        time.sleep(3)
    finally:
        stop.set()
        for thread in threads:
            thread.join(timeout=2 * BOUND_SECONDS)
        for server in servers:
            server.stop()
    stored = {row[0] for row in cluster.sql(database, "SELECT key FROM answer_key")}
    print(f"\n{KILLS} PostgreSQL crashes, {CLIENTS} students on 2 instances: {tally.requests} requests, "
          f"{tally.requests - len(tally.unanswered)} responses, statuses {dict(sorted(tally.statuses.items()))}, "
          f"slowest {tally.slowest:.2f} s; {len(tally.acknowledged)} answers acknowledged, {len(stored)} stored")
    assert not any(thread.is_alive() for thread in threads), "a student is still waiting for a response"
    assert tally.unanswered == [], "\n".join(tally.unanswered + ["log:"] + logs[0][-20:] + logs[1][-20:])
    assert tally.slowest <= BOUND_SECONDS
    assert tally.retry_after_missing == 0
    assert [key for key in tally.acknowledged if key not in stored] == []
    # The crashes were felt, and the instances recovered from the last one.
    assert tally.statuses.get(503, 0) > 0
    assert any(at > last_restart for at in tally.answered_at), "no answer was stored after the last crash"
