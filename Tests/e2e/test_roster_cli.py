"""`peach classes import roster.csv --class NAME` (issue 51): a class's students made from a teacher's
CSV list, each with a one-time password printed once, or with --invite a link to choose one that
works once; a file with one bad row makes no account. A printed password signs in and then allows
only choosing one's own, on every instance."""
import datetime
import subprocess

import pytest
import requests

from conftest import PEACH, ClassStorage, complete_class_view

PASSWORD = "roster-teacher-1"


def teacher_with_class(storage):
    storage.peach("users", "add", "tess", "--teacher", stdin=PASSWORD + "\n")
    return storage.peach("classes", "add", "Choir", "--teacher", "tess").strip().split("\t")[0]


def imported(storage, tmp_path, text):
    roster = tmp_path / "roster.csv"
    roster.write_text(text)
    return subprocess.run([PEACH, "classes", "import", roster, "--class", "Choir", *storage.args],
                          capture_output=True, text=True, timeout=120)


def test_a_roster_makes_students_of_the_class_who_sign_in_with_the_printed_passwords(class_storage, tmp_path):
    class_id = teacher_with_class(class_storage)
    result = imported(class_storage, tmp_path, "name,email\r\nAnn,ann@example.org\r\nbob,\r\n")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "name\tpassword\temail"
    rows = [line.split("\t") for line in lines[1:3]]
    assert [(row[0], row[2]) for row in rows] == [("ann", "ann@example.org"), ("bob", "")]
    passwords = {row[0]: row[1] for row in rows}
    assert len(set(passwords.values())) == 2 and all(len(password) == 12 for password in passwords.values())
    assert lines[3] == ("2 students added to Choir. The passwords are shown this once, and each is one-time: "
                        "at the first sign-in the student must change it to train.")
    assert class_storage.peach("classes", "list").split("\t")[4].strip() == "2"
    servers = class_storage.start_servers()
    server = servers[-1]
    try:
        for name, password in passwords.items():
            signed_in = requests.post(server.url + "api/account/sign-in", json={"name": name, "password": password},
                                      timeout=10)
            assert signed_in.status_code == 200, signed_in.text
            assert signed_in.json()["user"]["mustChangePassword"] is True
        wrong = requests.post(server.url + "api/account/sign-in",
                              json={"name": "ann", "password": passwords["bob"]}, timeout=10)
        assert wrong.status_code == 401
        tess = requests.Session()
        assert tess.post(server.url + "api/account/sign-in", json={"name": "tess", "password": PASSWORD},
                         timeout=10).status_code == 200
        view = complete_class_view(tess, server.url, class_id)
        assert sorted(student["name"] for student in view["students"]) == ["ann", "bob"]
    finally:
        for instance in servers:
            instance.stop()


def test_a_printed_password_allows_only_choosing_ones_own_on_every_instance(class_storage, tmp_path):
    teacher_with_class(class_storage)
    result = imported(class_storage, tmp_path, "name\nann\n")
    assert result.returncode == 0, result.stderr
    printed = result.stdout.splitlines()[1].split("\t")[1]
    servers = class_storage.start_servers()
    first, last = servers[0].url, servers[-1].url
    try:
        ann = requests.Session()
        assert ann.post(first + "api/account/sign-in", json={"name": "ann", "password": printed},
                        timeout=10).json()["user"]["mustChangePassword"] is True

        def refused(response):
            return response.status_code, response.json()["error"]["code"]

        assert refused(ann.get(first + "api/settings", timeout=10)) == (403, "passwordChangeRequired")
        assert refused(ann.post(last + "api/trials", json={"discipline": "pitchComparison"}, timeout=10)) == (
            403, "passwordChangeRequired")
        for new, code in [("short", "invalidPassword"), ("", "invalidPassword"),
                          ("anns-own\x00password", "invalidPassword"), (printed, "unchangedPassword")]:
            assert refused(ann.post(first + "api/account/password", json={"current": printed, "new": new},
                                    timeout=10)) == (400, code), new
        assert refused(ann.get(last + "api/settings", timeout=10)) == (403, "passwordChangeRequired")
        changed = ann.post(last + "api/account/password", json={"current": printed, "new": "anns-own-password"},
                           timeout=10)
        assert changed.status_code == 204, changed.text
        assert ann.get(first + "api/settings", timeout=10).status_code == 200
        assert ann.get(first + "api/account", timeout=10).json()["user"]["mustChangePassword"] is False
        assert requests.post(first + "api/account/sign-in", json={"name": "ann", "password": printed},
                             timeout=10).status_code == 401
        again = requests.post(last + "api/account/sign-in", json={"name": "ann", "password": "anns-own-password"},
                              timeout=10)
        assert again.status_code == 200 and again.json()["user"]["mustChangePassword"] is False
    finally:
        for instance in servers:
            instance.stop()


def test_a_roster_with_a_taken_name_is_refused_whole_with_its_line(class_storage, tmp_path):
    teacher_with_class(class_storage)
    class_storage.peach("users", "add", "carl", stdin="carl-password-1\n")
    result = imported(class_storage, tmp_path, "name\nann\nbob\n\nCarl\ndora\n")
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr.strip().splitlines() == [
        "Error: " + str(tmp_path / "roster.csv") + ": line 5: the name 'carl' is taken; no account was made"]
    assert sorted(line.split("\t")[1] for line in class_storage.peach("users", "list").splitlines()) == [
        "carl", "tess"]
    assert class_storage.peach("classes", "list").split("\t")[4].strip() == "0"


@pytest.mark.parametrize("text, line, reason", [
    ("name\nann\n\" \"\n", 3, "the name is empty"),
    ("name\nann\nbob\nANN\n", 4, "'ann' is on line 2 already"),
    ("name,email\nann,ann@example.org\nbob,bob at example.org\n", 3, "'bob at example.org' is not an e-mail address"),
    ("name,phone\nann,123\n", 1, "the header row names the columns name and, optionally, email; got 'name,phone'"),
    ("name,email\nann,ann@example.org\nbob\n", 3, "1 columns where the header row has 2"),
    ("name\nann\nbo b\n", 3, "'bo b': a name is 1–40 letters a–z, digits, '.', '-' or '_'"),
])
def test_a_bad_row_refuses_the_whole_roster_with_its_line_and_makes_nothing(tmp_path, text, line, reason):
    storage = ClassStorage("sqlite", tmp_path)
    teacher_with_class(storage)
    result = imported(storage, tmp_path, text)
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr.strip().splitlines() == [
        f"Error: {tmp_path / 'roster.csv'}: line {line}: {reason}; no account was made"]
    assert storage.peach("users", "list").splitlines() == ["1\ttess\tteacher"]


def test_invitation_links_let_each_student_choose_a_password_once(class_storage, tmp_path):
    """`--invite BASE_URL`: a link per student instead of a password, each working once; the server
    answers at any address, so the links name the public one the teacher gives."""
    teacher_with_class(class_storage)
    roster = tmp_path / "roster.csv"
    roster.write_text("name,email\nann,ann@example.org\nbob,\n")
    result = subprocess.run([PEACH, "classes", "import", roster, "--class", "Choir", "--invite",
                             "https://peach.school.example/choir", *class_storage.args],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "name\tlink\temail"
    rows = [line.split("\t") for line in lines[1:3]]
    assert [(row[0], row[2]) for row in rows] == [("ann", "ann@example.org"), ("bob", "")]
    prefix = "https://peach.school.example/choir/#/invitation/"
    assert all(row[1].startswith(prefix) for row in rows), rows
    tokens = {row[0]: row[1][len(prefix):] for row in rows}
    assert len(set(tokens.values())) == 2 and all(len(token) == 43 for token in tokens.values())
    last_day = (datetime.datetime.now() + datetime.timedelta(days=14)).date().isoformat()
    assert lines[3] == (f"2 students added to Choir. The links are shown this once; each works once, until {last_day}, "
                        "for the student to choose a password.")
    servers = class_storage.start_servers()
    first, last = servers[0].url, servers[-1].url
    try:
        ann = requests.Session()
        accepted = ann.post(last + "api/account/invitation", json={"token": tokens["ann"], "password": "anns-own-password"},
                            timeout=10)
        assert accepted.status_code == 200, accepted.text
        assert (accepted.json()["user"]["name"], accepted.json()["user"]["mustChangePassword"]) == ("ann", False)
        assert ann.get(first + "api/settings", timeout=10).status_code == 200
        again = requests.post(first + "api/account/invitation", json={"token": tokens["ann"], "password": "not-anns-1"},
                              timeout=10)
        assert (again.status_code, again.json()["error"]["code"]) == (410, "invitationUsed")
        assert requests.post(first + "api/account/sign-in", json={"name": "ann", "password": "anns-own-password"},
                             timeout=10).status_code == 200
        # bob has not followed his link: no password signs him in.
        assert requests.post(first + "api/account/sign-in", json={"name": "bob", "password": ""},
                             timeout=10).status_code == 401
    finally:
        for instance in servers:
            instance.stop()


def test_an_invitation_address_that_is_not_a_web_address_is_refused(tmp_path):
    storage = ClassStorage("sqlite", tmp_path)
    teacher_with_class(storage)
    roster = tmp_path / "roster.csv"
    roster.write_text("name\nann\n")
    result = subprocess.run([PEACH, "classes", "import", roster, "--class", "Choir", "--invite", "peach.school.example",
                             *storage.args], capture_output=True, text=True, timeout=60)
    assert result.returncode != 0 and result.stdout == ""
    assert "--invite takes the server's address, as http(s)://host[:port][/path], got 'peach.school.example'" in result.stderr
    assert storage.peach("users", "list").splitlines() == ["1\ttess\tteacher"]
