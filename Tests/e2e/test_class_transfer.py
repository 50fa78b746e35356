"""Export and import per user on a class server (issue 14, point 5): each user's CSV holds their own
records only, in both formats a file can come in (ours and Peach for iPhone's), through the API and
the command line alike; another user's records never move; a broken file changes nothing."""
import subprocess

import requests

from conftest import PEACH, ROOT, PeachServer, complete_class_view

PASSWORD = "transfer-pass-1"
IPHONE = ROOT / "Tests" / "Fixtures" / "iphone" / "peach-export-format-3.csv"


def peach(*arguments, stdin=None):
    return subprocess.run([PEACH, *map(str, arguments)], input=stdin, capture_output=True, text=True, timeout=120)


def signed_up(server, name, invitation):
    session = requests.Session()
    assert session.post(server.url + "api/account/sign-up", timeout=30,
                        json={"name": name, "password": PASSWORD, "invitation": invitation}).status_code == 201
    return session


def answer(session, server, count):
    for index in range(count):
        trial = session.post(server.url + "api/trials", json={"discipline": "pitchComparison"}, timeout=10).json()
        assert session.post(server.url + f"api/trials/{trial['id']}/answer", json={"answer": "higher"},
                            timeout=10).status_code == 200


def rows(csv_text):
    return [line for line in csv_text.splitlines()[2:] if line]


def test_each_user_exports_and_imports_only_their_own_records(postgres_cluster, tmp_path):
    url = postgres_cluster.url(postgres_cluster.create_database())
    assert peach("migrate", "--database", url).returncode == 0
    assert peach("users", "add", "tess", "--teacher", "--database", url, stdin=PASSWORD + "\n").returncode == 0
    class_id, _, invitation = peach("classes", "add", "Choir", "--teacher", "tess", "--database", url).stdout.strip().split("\t")
    first = PeachServer(None, database_url=url).start("--accounts")
    second = PeachServer(None, database_url=url).start("--accounts")
    try:
        ann, bob = signed_up(first, "ann", invitation), signed_up(second, "bob", invitation)
        answer(ann, first, 3)
        answer(bob, second, 2)

        ann_csv = ann.get(second.url + "api/export", timeout=30).text
        bob_csv = bob.get(first.url + "api/export", timeout=30).text
        assert ann_csv.startswith("# peach-records-format:") and len(rows(ann_csv)) == 3
        assert len(rows(bob_csv)) == 2 and not set(rows(ann_csv)) & set(rows(bob_csv))

        # The command line reads the same user's records as the API.
        exported = tmp_path / "ann.csv"
        result = peach("export", "-o", exported, "--database", url, "--user", "ann")
        assert result.returncode == 0, result.stderr
        assert exported.read_text() == ann_csv

        # Peach for iPhone's file into ann's records (merge); the same again skips every row.
        iphone = IPHONE.read_bytes()
        imported = ann.post(first.url + "api/import?mode=merge", data=iphone, timeout=60)
        assert imported.status_code == 200, imported.text
        count = imported.json()["imported"]
        assert count > 0
        again = ann.post(second.url + "api/import?mode=merge", data=iphone, timeout=60).json()
        assert again["imported"] == 0 and again["duplicatesSkipped"] == count
        assert len(rows(ann.get(first.url + "api/export", timeout=30).text)) == 3 + count
        assert bob.get(second.url + "api/export", timeout=30).text == bob_csv

        # A broken file: 400 naming the line, nothing written.
        broken = ann_csv.replace(rows(ann_csv)[1], rows(ann_csv)[1].replace("pitchComparison", "nonsense"))
        refused = ann.post(first.url + "api/import?mode=replace", data=broken.encode(), timeout=30)
        assert refused.status_code == 400 and refused.json()["error"]["line"] == 4, refused.text
        assert len(rows(ann.get(second.url + "api/export", timeout=30).text)) == 3 + count

        # Our own format back, replacing: ann has exactly her first three again; bob still his two.
        result = peach("import", exported, "--replace", "--database", url, "--user", "ann")
        assert result.returncode == 0, result.stderr
        assert ann.get(first.url + "api/export", timeout=30).text == ann_csv
        assert bob.get(first.url + "api/export", timeout=30).text == bob_csv
        # The teacher's view follows the command line's write on either instance.
        teacher = requests.Session()
        assert teacher.post(first.url + "api/account/sign-in", json={"name": "tess", "password": PASSWORD},
                            timeout=30).status_code == 200
        students = complete_class_view(teacher, second.url, class_id)["students"]
        assert {s["name"]: s["trials"] for s in students} == {"ann": 3, "bob": 2}

        # The terminal's commands read one user's records too.
        for name, count in (("ann", 3), ("bob", 2)):
            summary = peach("profile", "--database", url, "--user", name)
            assert summary.stdout.startswith(f"comparisons: {count} ("), summary.stdout + summary.stderr
        assert peach("profile", "--database", url).stdout.startswith("comparisons: 0"), "the personal user has none"
        # The SQLite file beside has no class: no ann there, and nothing is created.
        assert "there is no user named ann" in peach("profile", "--user", "ann", "--data", tmp_path / "p.sqlite").stderr
        assert not (tmp_path / "class").exists()

        unknown = peach("export", "-o", tmp_path / "nobody.csv", "--database", url, "--user", "nobody")
        assert unknown.returncode != 0 and unknown.stderr.strip().splitlines() == [
            "Error: there is no user named nobody (peach users list shows them)"], unknown.stderr
        assert not (tmp_path / "nobody.csv").exists()
    finally:
        first.stop()
        second.stop()
