"""What a slow, idle, unlucky or hostile client finds (issue 31), through the real server on
loopback: each test opens a bounded number of connections and waits at most for the server's own
timeouts (ConnectionLimits: 10 s idle, a body at 500 bytes a second)."""
import pathlib
import random
import resource
import signal
import socket
import sqlite3
import subprocess
import threading
import time

import pytest
import requests

from conftest import PEACH, PeachServer, ClassStorage
from data_safety import HEADER, valid_rows
from postgres import PSQL

IDLE_TIMEOUT = 10


def connect(port):
    sock = socket.create_connection(("127.0.0.1", port), timeout=5)
    sock.settimeout(None)
    return sock


def closed_by_server(sock):
    """True once the server has closed its end (end of stream or reset); never blocks. Whatever
    the server wrote before is read and dropped."""
    try:
        while True:
            data = sock.recv(65536, socket.MSG_DONTWAIT)
            if data == b"":
                return True
    except BlockingIOError:
        return False
    except ConnectionResetError:
        return True


def read_response_head(sock, deadline=10):
    data = b""
    sock.settimeout(deadline)
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            break
        data += chunk
    sock.settimeout(None)
    return data.split(b"\r\n\r\n", 1)[0].decode("latin-1")


@pytest.fixture
def limited_server(tmp_path):
    """A personal server whose process may hold 1,200 files, as a tight service unit would allow."""
    peach = PeachServer(tmp_path / "peach.sqlite").start(file_limit=1200)
    yield peach
    peach.stop()


def test_a_thousand_idle_sockets_neither_stop_health_nor_stay_open(limited_server):
    """1,000 silent sockets, a half-sent request head, a keep-alive connection left idle, a body that
    stopped and one that drips a byte at a time: `/api/health` answers within 50 ms meanwhile, and
    the server closes every one of them by its timeouts."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < 1100:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 2048), hard))
    port = limited_server.port
    opened = time.monotonic()
    idle = [connect(port) for _ in range(1000)]
    half_head = connect(port)
    half_head.sendall(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: */")
    keep_alive = connect(port)
    keep_alive.sendall(f"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
    assert read_response_head(keep_alive).startswith("HTTP/1.1 200")
    stalled = connect(port)
    stalled.sendall(f"PUT /api/settings HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\n"
                    f"Content-Length: 1000\r\n\r\n{{\"noteDur".encode())
    dripping = connect(port)
    dripping.sendall(f"PUT /api/settings HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\n"
                     f"Content-Length: 100000\r\n\r\n{{".encode())

    # Measured once the server holds them all (accepted: a file each), not while it is still accepting.
    descriptors = pathlib.Path(f"/proc/{limited_server.process.pid}/fd")
    while len(list(descriptors.iterdir())) < 1004 and time.monotonic() - opened < 10:
        time.sleep(0.05)
    assert len(list(descriptors.iterdir())) >= 1004
    timings = []
    for _ in range(10):
        started = time.perf_counter()
        response = requests.get(limited_server.url + "api/health", timeout=5)
        timings.append(time.perf_counter() - started)
        assert response.status_code == 200
    # All 1,000 were still open while health answered: it was not served by refusing them.
    assert not any(closed_by_server(sock) for sock in idle)
    print(f"\n/api/health beside 1,000 idle sockets (file limit 1,200): {', '.join(f'{t * 1000:.1f}' for t in timings)} ms")
    # The fastest of ten within 50 ms: the server is not held up by the sockets (with 20 of them at
    # a limit of 38 files it took 16 s). The others are bounded loosely: two shared cores, other
    # suites' browsers and builds beside this one, make single requests slower now and then.
    assert min(timings) <= 0.05 and max(timings) <= 1, timings

    others = {"half-sent head": half_head, "idle keep-alive": keep_alive, "stalled body": stalled, "dripping body": dripping}
    closed_at = {}
    open_idle = set(range(len(idle)))
    last_drip = 0
    # The timeouts run from each socket's accept (or its last response), which a loaded machine
    # spreads over seconds: one CI run closed the idle keep-alive connection later than 20 s.
    while time.monotonic() - opened < 30 and (open_idle or not set(others) <= set(closed_at)):
        now = time.monotonic()
        if "dripping body" not in closed_at and now - last_drip >= 0.5:
            try:
                dripping.send(b" ")
            except OSError:
                pass
            last_drip = now
        for index in [i for i in open_idle if closed_by_server(idle[i])]:
            open_idle.discard(index)
            closed_at.setdefault("idle", time.monotonic() - opened)
        for name, sock in others.items():
            if name not in closed_at and closed_by_server(sock):
                closed_at[name] = time.monotonic() - opened
        time.sleep(0.1)
    print("closed after (s): " + ", ".join(f"{name} {seconds:.1f}" for name, seconds in sorted(closed_at.items())))
    assert not open_idle, f"{len(open_idle)} idle sockets still open after 30 s"
    assert set(closed_at) == {"idle", *others}, closed_at
    # Closed by the idle timeout (which starts when the server accepts, or after a response), not at once.
    for name in ("idle", "half-sent head", "idle keep-alive"):
        assert closed_at[name] >= IDLE_TIMEOUT - 1, closed_at
    # A byte every half second keeps the idle timeout away; the body's pace closed it.
    assert closed_at["dripping body"] < 15
    for sock in [*idle, *others.values()]:
        sock.close()
    assert requests.get(limited_server.url + "api/health", timeout=5).status_code == 200


def test_a_refused_body_with_connection_close_closes_the_socket(server):
    """A JSON body over the 2 MB limit is refused with 413; with `Connection: close` the server
    then closes the socket within a second or so, instead of half-closing it and leaving the
    client's unread bytes in it until the client gives up."""
    sock = connect(server.port)
    sock.sendall(f"PUT /api/settings HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nContent-Type: application/json\r\n"
                 f"Content-Length: 3600000\r\nConnection: close\r\n\r\n".encode())
    sock.settimeout(10)
    sock.sendall(b"x" * (2 * 1024 * 1024 + 65536))
    assert read_response_head(sock).startswith("HTTP/1.1 413")
    answered = time.monotonic()
    # The client goes on sending its body: once the server's socket is gone, its kernel resets the connection.
    reset = None
    while time.monotonic() - answered < 4:
        try:
            sock.send(b"x" * 65536)
            if sock.recv(65536, socket.MSG_DONTWAIT) == b"":
                pass
        except BlockingIOError:
            pass
        except OSError:
            reset = time.monotonic() - answered
            break
        time.sleep(0.1)
    sock.close()
    assert reset is not None and reset < 3, "the server still held the socket 4 s after its 413"
    assert server.api("GET", "health").status_code == 200


@pytest.fixture
def class_server(tmp_path):
    """A SQLite class server with teacher tess, class Choir, and student ann."""
    storage = ClassStorage("sqlite", tmp_path)
    storage.peach("users", "add", "tess", "--teacher", stdin="tess-password\n")
    storage.peach("users", "add", "ann", stdin="ann-password\n")
    server = storage.start_servers()[0]
    yield server
    server.stop()


def sign_in(server, name, password, address):
    """From `address`: a proxy on loopback names the client in X-Forwarded-For."""
    return requests.post(server.url + "api/account/sign-in", json={"name": name, "password": password},
                         headers={"X-Forwarded-For": address}, timeout=30)


def test_wrong_passwords_from_one_address_do_not_lock_the_account_out_elsewhere(class_server):
    guesser, owner, sprayer = "198.51.100.7", "203.0.113.20", "198.51.100.99"
    statuses = [sign_in(class_server, "ann", "not-her-password", guesser).status_code for _ in range(7)]
    assert statuses[:5] == [401] * 5 and statuses[6] == 429, statuses
    # The guessing address is slowed down even with the right password ...
    assert sign_in(class_server, "ann", "ann-password", guesser).status_code == 429
    # ... while ann, from her own address, gets in.
    assert sign_in(class_server, "ann", "ann-password", owner).status_code == 200
    # One address trying many names is slowed down too, also at a name it never tried.
    statuses = [sign_in(class_server, f"name{index}", "some-password", sprayer).status_code for index in range(31)]
    assert statuses[:30] == [401] * 30 and statuses[30] == 429, statuses
    assert sign_in(class_server, "tess", "tess-password", sprayer).status_code == 429
    assert sign_in(class_server, "tess", "tess-password", owner).status_code == 200


def test_every_byte_of_a_long_multibyte_password_counts(class_server, tmp_path):
    """bcrypt reads 72 bytes; 40 "ü" are 80 bytes, so these two differ only past that."""
    teacher = requests.Session()
    assert teacher.post(class_server.url + "api/account/sign-in", json={"name": "tess", "password": "tess-password"},
                        timeout=30).status_code == 200
    invitation = teacher.post(class_server.url + "api/classes", json={"name": "Choir"}, timeout=10).json()["invitation"]
    password = "ü" * 40 + "-1"
    assert requests.post(class_server.url + "api/account/sign-up", timeout=30,
                         json={"name": "bea", "password": password, "invitation": invitation}).status_code == 201
    assert sign_in(class_server, "bea", "ü" * 40 + "-2", "192.0.2.1").status_code == 401
    assert sign_in(class_server, "bea", "ü" * 40, "192.0.2.1").status_code == 401
    assert sign_in(class_server, "bea", password, "192.0.2.1").status_code == 200
    # Four-byte characters too.
    assert teacher.post(class_server.url + "api/account/password", timeout=30,
                        json={"current": "tess-password", "new": "🎵" * 20 + "a"}).status_code == 204
    assert sign_in(class_server, "tess", "🎵" * 20 + "b", "192.0.2.2").status_code == 401
    assert sign_in(class_server, "tess", "🎵" * 20 + "a", "192.0.2.2").status_code == 200


CONTROL_NAMES = ["a\u0000b", "line\nbreak", "tab\there", "esc\u001b[31m", "del\u007f", "c1\u0085x"]


def test_a_class_name_with_a_control_character_is_refused_on_both_stores(class_storage):
    """PostgreSQL refused a NUL with its own error text in a 503; SQLite stored "a" for "a\\u0000b"."""
    class_storage.peach("users", "add", "tess", "--teacher", stdin="tess-password\n")
    server = class_storage.start_servers()[0]
    try:
        teacher = requests.Session()
        assert teacher.post(server.url + "api/account/sign-in", json={"name": "tess", "password": "tess-password"},
                            timeout=30).status_code == 200
        for name in CONTROL_NAMES:
            response = teacher.post(server.url + "api/classes", json={"name": name}, timeout=10)
            assert response.status_code == 400, (name, response.text)
            assert "control characters" in response.json()["error"]["message"], name
        assert teacher.get(server.url + "api/classes", timeout=10).json()["classes"] == []
        # What is allowed still is: letters of any script, spaces inside.
        assert teacher.post(server.url + "api/classes", json={"name": "Chor 5b – Grüße"}, timeout=10).status_code == 201
    finally:
        server.stop()


def test_an_idempotency_key_reused_for_another_trial_is_refused_also_after_a_restart(server):
    """The key names one answer to one trial. After a restart the server has forgotten which, but
    the other trial is still open in the store: its key is another's, so 422, and that trial keeps
    waiting for its own answer (it used to be closed with no record)."""
    def open_trial():
        return server.api("POST", "trials", json={"discipline": "pitchComparison"}).json()["id"]

    def answer(trial, key, choice="higher"):
        return server.api("POST", f"trials/{trial}/answer", json={"answer": choice}, headers={"Idempotency-Key": key})

    first, second = open_trial(), open_trial()
    stored = answer(first, "reused-key-1")
    assert stored.status_code == 200
    assert answer(first, "reused-key-1").json() == stored.json()
    assert answer(first, "reused-key-1", "lower").status_code == 422
    server.restart()
    refused = answer(second, "reused-key-1")
    assert refused.status_code == 422, refused.text
    assert "Idempotency-Key" in refused.json()["error"]["message"]
    assert len(server.records()) == 1
    assert answer(second, "fresh-key-2", "lower").status_code == 200
    assert len(server.records()) == 2
    assert answer(first, "reused-key-1").json() == stored.json()


def raw_request(port, head):
    """The status line and headers of the answer to one hand-written request head."""
    sock = connect(port)
    sock.sendall((head + "Connection: close\r\n\r\n").encode())
    response = read_response_head(sock)
    sock.close()
    status, *fields = response.split("\r\n")
    return status, {name.lower(): value for name, value in (field.split(": ", 1) for field in fields)}


def test_request_heads_that_name_another_host_are_refused(server):
    port = server.port
    own = f"127.0.0.1:{port}"
    status, headers = raw_request(port, f"GET //js HTTP/1.1\r\nHost: {own}\r\n")
    assert status.startswith("HTTP/1.1 400") and "location" not in headers, (status, headers)
    for hosts in ([own, "evil.example"], ["evil.example", own], [own, own]):
        status, _ = raw_request(port, "GET /api/health HTTP/1.1\r\n" + "".join(f"Host: {h}\r\n" for h in hosts))
        assert status.startswith("HTTP/1.1 400"), (hosts, status)
    # The target's host counts, not the Host header's (RFC 9112, 3.2.2).
    status, _ = raw_request(port, f"GET http://evil.example/api/health HTTP/1.1\r\nHost: {own}\r\n")
    assert status.startswith("HTTP/1.1 403"), status
    status, _ = raw_request(port, f"GET http://{own}/api/health HTTP/1.1\r\nHost: {own}\r\n")
    assert status.startswith("HTTP/1.1 200"), status
    status, headers = raw_request(port, f"GET /js HTTP/1.1\r\nHost: {own}\r\n")
    assert status.startswith("HTTP/1.1 301") and headers["location"] == "/js/", (status, headers)
    # Served on loopback without a public https:// address: no HSTS.
    assert "strict-transport-security" not in raw_request(port, f"GET /api/health HTTP/1.1\r\nHost: {own}\r\n")[1]


def test_behind_a_public_https_address_every_response_says_https_only(tmp_path):
    peach = PeachServer(tmp_path / "peach.sqlite").start("--public-url", "https://peach.school.example")
    try:
        for path in ("/api/health", "/", "/no-such-page"):
            status, headers = raw_request(peach.port, f"GET {path} HTTP/1.1\r\nHost: peach.school.example\r\n")
            assert headers.get("strict-transport-security") == "max-age=31536000", (path, status, headers)
    finally:
        peach.stop()


@pytest.fixture(params=["sqlite", "postgres"])
def personal_server(request, tmp_path):
    """One person's Peach on either store; `.cluster` and `.database` name the PostgreSQL one."""
    url = None
    if request.param == "postgres":
        cluster = request.getfixturevalue("postgres_cluster")
        database = cluster.create_database()
        url = cluster.url(database)
    peach = PeachServer(tmp_path / "peach.sqlite", database_url=url).start()
    if url:
        peach.cluster, peach.database = cluster, database
    yield peach
    peach.stop()


def import_csv(rows, seed=31):
    return (HEADER + "\n".join(valid_rows(random.Random(seed), rows)) + "\n").encode()


def start_import(port, mode, body, sent, length=None):
    """A POST /api/import announcing `length` (that of `body`) bytes, the first `sent` of `body` sent."""
    sock = connect(port)
    sock.sendall(f"POST /api/import?mode={mode} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: text/csv\r\n"
                 f"Content-Length: {len(body) if length is None else length}\r\n\r\n".encode() + body[:sent])
    return sock


def answer_comparison(server):
    trial = server.api("POST", "comparisons").json()["id"]
    response = server.api("POST", f"comparisons/{trial}/answer", json={"answer": "higher"})
    assert response.status_code == 200, response.text


def answered(server):
    """The comparisons answered through the API: the files' records are from 2023."""
    return [record for record in server.records(limit=10000) if record["timestamp"] > "2025"]


def test_an_over_limit_import_is_refused_from_its_length_before_its_body(server):
    """260 MB announced and not a byte sent: the 413 comes at once (the server used to read 256 MB
    first), and the server closes the connection."""
    sock = start_import(server.port, "merge", b"", 0, length=260 * 1024 * 1024)
    began = time.monotonic()
    head = read_response_head(sock, deadline=5)
    assert head.startswith("HTTP/1.1 413"), head
    assert time.monotonic() - began < 2
    while not closed_by_server(sock) and time.monotonic() - began < 4:
        time.sleep(0.1)
    assert closed_by_server(sock), "the connection stayed open after the 413"
    sock.close()
    assert server.api("GET", "health").status_code == 200


def test_one_import_at_a_time_and_a_replace_keeps_the_answers_given_meanwhile(personal_server):
    """While a replace's file is arriving: a second import is refused with 409 (changing nothing),
    and answers are acknowledged. The replace then takes away what was stored when it began, and
    not those answers (it used to delete ~118 answers acknowledged while it checked the file)."""
    server = personal_server
    for _ in range(3):
        answer_comparison(server)
    body = import_csv(3000)
    half = len(body) // 2
    sock = start_import(server.port, "replace", body, half)
    time.sleep(1)
    second = requests.post(server.url + "api/import?mode=merge", data=import_csv(10, seed=5), timeout=10,
                           headers={"Content-Type": "text/csv"})
    assert second.status_code == 409, second.text
    assert "another import" in second.json()["error"]["message"]
    for _ in range(4):
        answer_comparison(server)
    sock.sendall(body[half:])
    head = read_response_head(sock, deadline=60)
    sock.close()
    assert head.startswith("HTTP/1.1 200"), head
    file_comparisons = body.decode().count("\ncomparison,")
    assert len(answered(server)) == 4
    assert len(server.records(limit=10000)) == file_comparisons + 4


def rows_visible(server):
    """The comparison rows a reader of the store sees, read beside the server (not through it)."""
    if getattr(server, "cluster", None):
        return int(server.cluster.sql(server.database, "SELECT count(*) FROM comparison")[0][0])
    connection = sqlite3.connect(str(server.data_path), timeout=10)
    try:
        return connection.execute("SELECT count(*) FROM comparison").fetchone()[0]
    finally:
        connection.close()


def test_a_killed_importer_leaves_nothing_any_reader_sees(personal_server, tmp_path):
    """`peach import` into the store the server uses, killed (SIGKILL) a third of the way: no
    reader saw any of its rows while it ran, none after, and the server's own view is unchanged
    (it used to show 401,666 rows of a killed import until it restarted)."""
    server = personal_server
    for _ in range(3):
        answer_comparison(server)
    source = tmp_path / "large.csv"
    source.write_bytes(import_csv(120_000))
    storage = ["--database", server.database_url] if server.database_url else ["--data", str(server.data_path)]
    importer = subprocess.Popen([PEACH, "import", str(source), "--merge", *storage],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    seen = []
    progress = []
    reader = threading.Thread(target=lambda: progress.extend(iter(importer.stderr.readline, "")))
    reader.start()
    began = time.monotonic()
    while not any("importing 30%" in line for line in progress) and importer.poll() is None and time.monotonic() - began < 120:
        seen.append(rows_visible(server))
        time.sleep(0.05)
    assert importer.poll() is None, f"the import ended before it could be killed: {progress}"
    seen.append(rows_visible(server))
    importer.send_signal(signal.SIGKILL)
    importer.wait(timeout=10)
    reader.join(timeout=10)
    # PostgreSQL rolls back once it sees the connection go.
    time.sleep(1)
    seen.append(rows_visible(server))
    assert set(seen) == {3}, f"readers saw {sorted(set(seen))} comparison rows; 3 were stored"
    assert len(server.records(limit=10000)) == 3
    answer_comparison(server)
    server.restart()
    assert len(server.records(limit=10000)) == 4


def test_a_stopped_server_exits_within_5_s_even_with_a_stuck_database_connection(postgres_cluster, tmp_path):
    """An answer waits on a table another session holds locked: a connection that never answers.
    SIGTERM still ends the server within 5 s (one instance ignored SIGTERM for 12 minutes)."""
    database = postgres_cluster.create_database()
    server = PeachServer(tmp_path / "unused.sqlite", database_url=postgres_cluster.url(database)).start()
    try:
        trial = server.api("POST", "comparisons").json()["id"]
        locker = subprocess.Popen([PSQL, "-X", "-q", "-h", "127.0.0.1", "-p", str(postgres_cluster.port), "-U", "peach",
                                   "-d", database], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
        try:
            locker.stdin.write("BEGIN; LOCK TABLE comparison, answer_key, open_trial IN ACCESS EXCLUSIVE MODE;\n")
            locker.stdin.flush()
            time.sleep(1)
            stuck = []
            waiter = threading.Thread(target=lambda: stuck.append(_answer_status(server, trial)))
            waiter.start()
            time.sleep(2)
            assert not stuck, f"the answer was not held up by the lock: {stuck}"
            began = time.monotonic()
            server.process.send_signal(signal.SIGTERM)
            server.process.wait(timeout=30)
            seconds = time.monotonic() - began
            waiter.join(timeout=30)
        finally:
            locker.stdin.write("ROLLBACK;\n")
            locker.stdin.close()
            locker.wait(timeout=30)
        print(f"\nSIGTERM → exit with a stuck database connection: {seconds:.2f} s")
        assert seconds <= 5, seconds
        assert server.process.returncode == 0
    finally:
        server.stop(kill=True)


def _answer_status(server, trial):
    try:
        return requests.post(server.url + f"api/comparisons/{trial}/answer", json={"answer": "higher"}, timeout=60).status_code
    except requests.RequestException as error:
        return type(error).__name__
