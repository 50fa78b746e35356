"""Restarts with the saved profile snapshot (cache/<file>.profile.json beside the database): after
answers, a kill -9, and records the server did not write itself, the profile a restart serves is
exactly the one a full replay of the records builds."""
import datetime
import pathlib
import sqlite3
import time

from test_profile import stored_time


def snapshot_path(server):
    data = pathlib.Path(server.data_path)
    return data.parent / "cache" / f"{data.name}.profile.json"


def wait_for_new_snapshot(server, after_mtime):
    path = snapshot_path(server)
    deadline = time.time() + 20
    while time.time() < deadline:
        if path.exists() and path.stat().st_mtime_ns != after_mtime:
            return
        time.sleep(0.05)
    raise AssertionError("no snapshot was saved")


def insert_comparisons(server, count, first):
    rows = [(60, 60, 5.0 + index % 40 if index % 3 else -(5.0 + index % 40), index % 4 != 0,
             stored_time(first + datetime.timedelta(minutes=index))) for index in range(count)]
    with sqlite3.connect(server.data_path) as database:
        database.executemany(
            "INSERT INTO comparison (note1, note2, note2CentOffset, isCorrect, timestamp) VALUES (?, ?, ?, ?, ?)", rows)


def answer(server, count):
    for index in range(count):
        trial = server.api("POST", "trials", json={"discipline": "pitchComparison"}).json()
        response = server.api("POST", f"trials/{trial['id']}/answer", json={"answer": "higher" if index % 2 else "lower"})
        assert response.status_code == 200, response.text


def profile_after_full_replay(server):
    """The same database started without its snapshot."""
    server.stop()
    snapshot_path(server).unlink()
    server.start()
    return server.api("GET", "profile").json()


def test_restarts_from_the_snapshot_serve_the_full_replays_profile(server):
    server.stop()
    started = datetime.datetime.now().astimezone() - datetime.timedelta(days=3)
    insert_comparisons(server, 1500, started)
    mtime = snapshot_path(server).stat().st_mtime_ns if snapshot_path(server).exists() else None
    server.start()
    # 1500 rows replayed: worth a new snapshot, saved in the background.
    wait_for_new_snapshot(server, mtime)
    answer(server, 7)
    server.stop(kill=True)

    server.start()
    from_snapshot = server.api("GET", "profile").json()
    assert from_snapshot["comparisons"]["count"] == 1507
    assert from_snapshot == profile_after_full_replay(server)


def test_older_records_written_behind_the_servers_back_are_not_missed(server):
    server.stop()
    now = datetime.datetime.now().astimezone()
    insert_comparisons(server, 1200, now - datetime.timedelta(days=2))
    mtime = snapshot_path(server).stat().st_mtime_ns if snapshot_path(server).exists() else None
    server.start()
    wait_for_new_snapshot(server, mtime)
    server.stop()
    # As a merge import by another process would: older answers, higher ids.
    insert_comparisons(server, 300, now - datetime.timedelta(days=5))
    server.start()
    from_snapshot = server.api("GET", "profile").json()
    assert from_snapshot["comparisons"]["count"] == 1500
    assert from_snapshot == profile_after_full_replay(server)
