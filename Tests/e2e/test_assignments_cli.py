"""`peach assignments NAME` (issue 51): a student's open and recent assignments with their progress,
as their Start lists them, read from the class server's storage; `peach assignments add`: a teacher
sets one from the terminal, checked as the API checks it."""
import json
import subprocess

import pytest
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


def roster_class(storage, tmp_path):
    """A teacher's class Choir with ann and bob, made from a roster; their printed passwords."""
    storage.peach("users", "add", "tess", "--teacher", stdin=PASSWORD + "\n")
    class_id = storage.peach("classes", "add", "Choir", "--teacher", "tess").split("\t")[0]
    roster = tmp_path / "roster.csv"
    roster.write_text("name\nann\nbob\n")
    rows = storage.peach("classes", "import", roster, "--class", "Choir").splitlines()[1:3]
    return class_id, dict(row.split("\t") for row in rows)


def test_an_assignment_added_from_the_terminal_reaches_the_students_list_and_the_api(class_storage, tmp_path):
    class_id, passwords = roster_class(class_storage, tmp_path)
    week = class_storage.peach(
        "assignments", "add", "--class", "Choir", "--title", "Week 4", "--due", "2099-03-06",
        "--task", "pitchComparison:answers=60",
        "--task", 'intervalComparison:threshold=20:tuningSystem=justIntonation:intervals=[{"name":"P5"}]',
        "--task", "timingMeasurement:measure:tempoBPM=100")
    solo = class_storage.peach(
        "assignments", "add", "--class", class_id, "--title", "Bob alone", "--due", "2099-03-07",
        "--student", "bob", "--task", "pitchMatching:answers=10:tempoBPM=90")
    assert week.strip().isdigit() and solo.strip().isdigit() and week != solo
    assert class_storage.peach("assignments", "ann").splitlines() == [
        "Week 4 (Choir), due 2099-03-06", "  Compare Pitch: 0 / 60", "  Compare Intervals: goal ≤ 20 ¢",
        "  Measure my timing threshold: measure once"]
    assert class_storage.peach("assignments", "bob").splitlines()[4:] == [
        "Bob alone (Choir), due 2099-03-07", "  Pitch Matching: 0 / 10"]
    servers = class_storage.start_servers()
    try:
        ann = requests.Session()
        assert ann.post(servers[-1].url + "api/account/sign-in", json={"name": "ann", "password": passwords["ann"]},
                        timeout=10).status_code == 200
        # The printed password is one-time: ann chooses her own before anything else.
        assert ann.post(servers[-1].url + "api/account/password", json={"current": passwords["ann"], "new": PASSWORD},
                        timeout=10).status_code == 204
        listed = ann.get(servers[-1].url + "api/assignments", timeout=10)
        assert listed.status_code == 200, listed.text
        [entry] = listed.json()["assignments"]
        assignment = entry["assignment"]
        assert (assignment["id"], assignment["title"], assignment["student"], entry["className"]) == (
            int(week), "Week 4", None, "Choir")
        assert assignment["due"].startswith("2099-03-0")
        assert [(task["discipline"], task["answers"], task["threshold"], task["measure"], task["unit"])
                for task in assignment["tasks"]] == [
            ("pitchComparison", 60, None, False, "cent"), ("intervalComparison", None, 20, False, "cent"),
            ("timingMeasurement", None, None, True, "percentOfSixteenth")]
        assert assignment["tasks"][1]["settings"] == {"tuningSystem": "justIntonation", "intervals": [{"name": "P5"}]}
        assert [progress["status"] for progress in entry["progress"]] == ["notStarted"] * 3
    finally:
        for server in servers:
            server.stop()


@pytest.mark.parametrize("task, error", [
    ("rhythmTaping:answers=5", "--task 'rhythmTaping:answers=5': discipline: unknown discipline 'rhythmTaping'; one of "),
    ("pitchComparison", "--task 'pitchComparison': give DISCIPLINE:answers=N, DISCIPLINE:threshold=CENTS or DISCIPLINE:measure"),
    ("pitchComparison:measure", "--task 'pitchComparison:measure': measure: pitchComparison is not a measurement; measure one of "),
    ("pitchComparison:answers=0", "--task 'pitchComparison:answers=0': answers: must be 1 to 1000"),
    ("pitchMatching:threshold=5", "--task 'pitchMatching:threshold=5': threshold: pitchMatching has no threshold"),
    ("pitchComparison:answers=5:threshold=5", "--task 'pitchComparison:answers=5:threshold=5': a task has one goal"),
    ("pitchComparison:answers=5:tempo=90", "--task 'pitchComparison:answers=5:tempo=90': no setting 'tempo'"),
    ("pitchComparison:answers=5:noteRangeLower=3",
     "--task 'pitchComparison:answers=5:noteRangeLower=3': settings.noteRangeLower: note range 3"),
    ("pitchComparison:answers=5:language=de", "--task 'pitchComparison:answers=5:language=de': settings.language: "),
])
def test_a_bad_task_is_refused_in_one_line_and_nothing_is_added(tmp_path, task, error):
    storage = ClassStorage("sqlite", tmp_path)
    roster_class(storage, tmp_path)
    result = subprocess.run([PEACH, "assignments", "add", "--class", "Choir", "--title", "Week 5", "--due",
                             "2099-03-13", "--task", "pitchComparison:answers=5", "--task", task, *storage.args],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 1 and result.stdout == ""
    [line] = result.stderr.strip().splitlines()
    assert line.startswith("Error: " + error), line
    assert storage.peach("assignments", "ann") == "ann has no open assignments\n"


def test_an_assignment_for_someone_outside_the_class_or_without_a_due_day_is_refused(tmp_path):
    storage = ClassStorage("sqlite", tmp_path)
    roster_class(storage, tmp_path)
    storage.peach("users", "add", "carl", stdin="carl-password-1\n")
    for options, error in [
        (["--class", "Choir", "--due", "2099-03-13", "--student", "carl"], "Error: carl is not in the class Choir"),
        (["--class", "Choir", "--due", "2099-02-30"], "Error: --due is YYYY-MM-DD, got '2099-02-30'"),
        (["--class", "Band", "--due", "2099-03-13"], "Error: no class 'Band' (peach classes list names them)"),
    ]:
        result = subprocess.run([PEACH, "assignments", "add", "--title", "Week 5",
                                 "--task", "pitchComparison:answers=5", *options, *storage.args],
                                capture_output=True, text=True, timeout=60)
        assert (result.returncode, result.stderr.strip()) == (1, error)
    assert storage.peach("assignments", "carl") == "carl has no open assignments\n"
    assert storage.peach("assignments", "ann") == "ann has no open assignments\n"


def test_assignments_add_sets_a_template_file_saved_by_the_teachers_page_and_refuses_a_damaged_one(tmp_path):
    """`--template FILE` (issue 51's workbooks): the file the page saves sets the same tasks with their
    settings in another class; a damaged file says where, in one line, and adds nothing."""
    storage = ClassStorage("sqlite", tmp_path)
    class_id, _ = roster_class(storage, tmp_path)
    storage.peach("classes", "add", "Basses", "--teacher", "tess")
    storage.peach("assignments", "add", "--class", "Choir", "--title", "Week 6", "--due", "2099-03-20",
                  "--task", 'intervalComparison:answers=30:tuningSystem=justIntonation:intervals=[{"name":"P5"}]',
                  "--task", "pitchComparison:threshold=15")
    servers = storage.start_servers()
    try:
        tess = signed_in(servers[0].url, "tess")
        [choir] = tess.get(servers[0].url + f"api/classes/{class_id}/assignments", timeout=10).json()["assignments"]
        template = tess.get(servers[0].url + f"api/classes/{class_id}/assignments/{choir['assignment']['id']}/template.json",
                            timeout=10)
        assert template.status_code == 200, template.text
    finally:
        for server in servers:
            server.stop()
    good = tmp_path / "week-6.json"
    good.write_bytes(template.content)
    damaged = tmp_path / "damaged.json"
    broken = template.json()
    broken["tasks"][0]["settings"]["tuningSystem"] = "meantone-ish"
    damaged.write_text(json.dumps(broken))

    for options, error in [
        (["--template", damaged], f"Error: --template {damaged}: tasks[0].settings.tuningSystem: "),
        (["--template", tmp_path / "none.json"], f"Error: --template: cannot read {tmp_path / 'none.json'}"),
        (["--template", good, "--title", "Week 7"], "Error: --template gives the title and the tasks"),
    ]:
        result = subprocess.run([PEACH, "assignments", "add", "--class", "Basses", "--due", "2099-03-27",
                                 *map(str, options), *storage.args], capture_output=True, text=True, timeout=60)
        assert result.returncode != 0 and result.stdout == "", result
        assert result.stderr.strip().splitlines()[0].startswith(error), result.stderr

    added = storage.peach("assignments", "add", "--class", "Basses", "--due", "2099-03-27", "--template", good)
    assert added.strip().isdigit()
    servers = storage.start_servers()
    try:
        tess = signed_in(servers[0].url, "tess")
        classes = {entry["name"]: entry["id"] for entry in tess.get(servers[0].url + "api/classes", timeout=10).json()["classes"]}
        [basses] = tess.get(servers[0].url + f"api/classes/{classes['Basses']}/assignments", timeout=10).json()["assignments"]
    finally:
        for server in servers:
            server.stop()
    assert (basses["assignment"]["id"], basses["assignment"]["title"]) == (int(added), "Week 6")
    assert basses["assignment"]["due"].startswith("2099-03-2")
    for copy, original in zip(basses["assignment"]["tasks"], choir["assignment"]["tasks"], strict=True):
        assert copy["id"] != original["id"] and {**copy, "id": 0} == {**original, "id": 0}
