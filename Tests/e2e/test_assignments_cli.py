"""`peach assignments NAME` (issue 51): a student's open and recent assignments with their progress,
as their Start lists them, read from the class server's storage."""
import subprocess

import requests

from conftest import PEACH, ClassStorage

PASSWORD = "cli-assignments-1"
WEEK_3 = {"title": "Week 3", "due": "2099-01-16T12:00:00Z", "tasks": [
    {"discipline": "intervalComparison", "answers": 3}, {"discipline": "pitchComparison", "threshold": 20}]}


def signed_in(url, name):
    session = requests.Session()
    response = session.post(url + "api/account/sign-in", json={"name": name, "password": PASSWORD}, timeout=10)
    assert response.status_code == 200, response.text
    return session


def test_assignments_lists_a_students_work_with_the_progress_the_server_counted(tmp_path):
    storage = ClassStorage("sqlite", tmp_path)
    storage.peach("users", "add", "tess", "--teacher", stdin=PASSWORD + "\n")
    class_id, _, invitation = storage.peach("classes", "add", "Choir", "--teacher", "tess").strip().split("\t")
    server = storage.start_servers()[0]
    try:
        ann = requests.Session()
        assert ann.post(server.url + "api/account/sign-up", timeout=10, json={
            "name": "ann", "password": PASSWORD, "invitation": invitation}).status_code == 201
        assert storage.peach("assignments", "ann") == "ann has no open assignments\n"
        tess = signed_in(server.url, "tess")
        created = tess.post(server.url + f"api/classes/{class_id}/assignments", json=WEEK_3, timeout=10)
        assert created.status_code == 201, created.text
        task = created.json()["assignment"]["tasks"][0]["id"]
        trial = ann.post(server.url + "api/trials", json={"discipline": "intervalComparison", "task": task}, timeout=10)
        assert trial.status_code == 201 and trial.json()["task"] == task
        answered = ann.post(server.url + f"api/trials/{trial.json()['id']}/answer", json={"answer": "higher"}, timeout=10)
        assert answered.status_code == 200, answered.text
    finally:
        server.stop()
    assert storage.peach("assignments", "ann").splitlines() == [
        "Week 3 (Choir), due 2099-01-16",
        "  Compare Intervals: 1 / 3",
        "  Compare Pitch: goal ≤ 20 ¢",
    ]


def test_assignments_of_an_unknown_account_is_one_line_and_exit_status_1(tmp_path):
    result = subprocess.run([PEACH, "assignments", "nobody", "--data", tmp_path / "peach.sqlite"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr.strip().splitlines() == ["Error: no account 'nobody'"]
