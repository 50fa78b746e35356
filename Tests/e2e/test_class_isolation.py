"""A class server keeps each user to their own data: every route that takes an id answers 404 for
another user's ids (not 403: an id that is not yours does not exist for you) and changes nothing."""
import requests

PASSWORD = "isolation-pass-1"


def signed_up(server, name, invitation):
    session = requests.Session()
    response = session.post(server.url + "api/account/sign-up", timeout=30,
                            json={"name": name, "password": PASSWORD, "invitation": invitation})
    assert response.status_code == 201, response.text
    session.user_id = response.json()["user"]["id"]
    return session


def signed_in(server, name):
    session = requests.Session()
    assert session.post(server.url + "api/account/sign-in", json={"name": name, "password": PASSWORD},
                        timeout=30).status_code == 200
    return session


def required_query(operation):
    """The operation's required query parameters, each with the first value its schema allows."""
    required = [parameter for parameter in operation.get("parameters", [])
                if parameter.get("in") == "query" and parameter.get("required")]
    return "".join(("&" if index else "?") + f"{parameter['name']}={parameter['schema']['enum'][0]}"
                   for index, parameter in enumerate(required))


# The body each trial route takes, by the kind of trial it answers.
ANSWERS = {
    "/api/trials/{id}/answer": ("pitchComparison", {"answer": "higher"}),
    "/api/comparisons/{id}/answer": ("pitchComparison", {"answer": "higher"}),
    "/api/pitch-matching/{id}/result": ("pitchMatching", {"normalizedValue": 0.1}),
}
# Ids that are not a user's: the sounds every visitor may fetch.
SHARED = {"/api/sounds/{id}/notes/{key}"}
# A student leaving a class: tried with a class the student is not in.
LEAVE = "/api/account/classes/{id}"
# A class's assignments: written and read by its teacher only.
ASSIGNMENTS = {"/api/classes/{id}/assignments", "/api/classes/{id}/assignments/{assignment}",
               "/api/classes/{id}/assignments/{assignment}/table.csv",
               "/api/classes/{id}/assignments/{assignment}/template.json", "/api/classes/{id}/assignments/from-template"}
ASSIGNMENT = {"title": "Week 3", "due": "2099-01-16T12:00:00Z", "tasks": [{"discipline": "pitchComparison", "answers": 3}]}


def test_every_id_bearing_route_answers_404_for_another_users_ids(class_storage):
    classes = {}
    for teacher, name in (("tess", "Choir"), ("tom", "Band")):
        class_storage.peach("users", "add", teacher, "--teacher", stdin=PASSWORD + "\n")
        class_id, _, invitation = class_storage.peach("classes", "add", name, "--teacher", teacher).strip().split("\t")
        classes[teacher] = (int(class_id), invitation)
    # On PostgreSQL two instances, each request of the test alternating between them; on SQLite one.
    servers = class_storage.start_servers()
    first, second = servers[0], servers[-1]
    try:
        ann = signed_up(first, "ann", classes["tess"][1])
        bob = signed_up(second, "bob", classes["tom"][1])

        # Every route of the API document that takes an id of the user's own data is tried here.
        document = requests.get(first.url + "api/openapi.json", timeout=10).json()
        with_ids = {path for path in document["paths"] if "{" in path}
        # A teacher's reads of a class and its students: each is tried below for another teacher.
        teachers = {path for path in with_ids if path.startswith("/api/classes/{id}")
                    and set(document["paths"][path]) == {"get"} and path not in ASSIGNMENTS}
        assert len(teachers) >= 8, teachers
        assert with_ids - SHARED == set(ANSWERS) | teachers | {LEAVE} | ASSIGNMENTS, \
            "a new route with an id needs its isolation case here"

        for path, (discipline, body) in ANSWERS.items():
            trial = ann.post(first.url + "api/trials", json={"discipline": discipline}, timeout=10).json()
            target = path.replace("{id}", trial["id"]).lstrip("/")
            for server in (first, second):
                stolen = bob.post(server.url + target, json=body, timeout=10)
                assert stolen.status_code == 404, f"{path}: {stolen.status_code} {stolen.text}"
            # Nothing changed: the trial is still ann's to answer, once.
            assert ann.post(second.url + target, json=body, timeout=10).status_code == 200, path
        assert len(bob.get(first.url + "api/records", timeout=10).json()["records"]) == 0
        assert len(ann.get(first.url + "api/records", timeout=10).json()["records"]) == len(ANSWERS)

        tess, tom = signed_in(first, "tess"), signed_in(second, "tom")
        choir, band = classes["tess"][0], classes["tom"][0]
        teacher_routes = sorted(path.lstrip("/").replace("{id}", str(choir)).replace("{student}", str(ann.user_id))
                                + required_query(document["paths"][path]["get"]) for path in teachers)
        for route in teacher_routes:
            assert tess.get(first.url + route, timeout=10).status_code == 200, route
            assert tom.get(second.url + route, timeout=10).status_code == 404, route
            # A student is not a teacher at all: that is about the role, not an id.
            assert bob.get(first.url + route, timeout=10).status_code in (403, 404), route
        # The chart speaks the teacher's language; an unknown one is refused.
        assert "Schwelle in Cent und wo sie wahrscheinlich liegt" in tess.get(first.url + f"api/classes/{choir}/distribution.svg?lang=de", timeout=10).text
        assert tess.get(first.url + f"api/classes/{choir}/distribution.svg?lang=xx", timeout=10).status_code == 400
        # A teacher's own class with a student who is not in it.
        assert tom.get(first.url + f"api/classes/{band}/students/{ann.user_id}/profile", timeout=10).status_code == 404
        assert tess.get(first.url + f"api/classes/{choir}/students/{bob.user_id}/profile", timeout=10).status_code == 404
        # A student's profile through a class is read-only.
        assert tess.post(first.url + f"api/classes/{choir}/students/{ann.user_id}/profile", timeout=10).status_code == 405

        # A class's assignments: another teacher finds none of them, in tess's class or his own; a
        # student of the class or of another is not a teacher; a task of another class trains nothing.
        created = tess.post(first.url + f"api/classes/{choir}/assignments", json=ASSIGNMENT, timeout=10)
        assert created.status_code == 201, created.text
        assignment = created.json()["assignment"]
        task = assignment["tasks"][0]["id"]
        for class_id in (choir, band):
            one = f"api/classes/{class_id}/assignments/{assignment['id']}"
            assert tom.get(second.url + one, timeout=10).status_code == 404
            assert tom.put(second.url + one, json=ASSIGNMENT, timeout=10).status_code == 404
            assert tom.delete(second.url + one, timeout=10).status_code == 404
            assert tom.get(second.url + one + "/table.csv", timeout=10).status_code == 404
            assert tom.get(second.url + one + "/template.json", timeout=10).status_code == 404
        assert tom.get(second.url + f"api/classes/{choir}/assignments", timeout=10).status_code == 404
        assert tom.post(second.url + f"api/classes/{choir}/assignments", json=ASSIGNMENT, timeout=10).status_code == 404
        # A template sets nothing in another teacher's class, nor for a student.
        template = tess.get(first.url + f"api/classes/{choir}/assignments/{assignment['id']}/template.json", timeout=10)
        assert template.status_code == 200, template.text
        from_template = {"template": template.json(), "due": "2099-01-23T12:00:00Z"}
        assert tom.post(second.url + f"api/classes/{choir}/assignments/from-template", json=from_template,
                        timeout=10).status_code == 404
        for student in (ann, bob):
            assert student.get(first.url + f"api/classes/{choir}/assignments", timeout=10).status_code == 403
            assert student.delete(first.url + f"api/classes/{choir}/assignments/{assignment['id']}",
                                  timeout=10).status_code == 403
            assert student.get(first.url + f"api/classes/{choir}/assignments/{assignment['id']}/table.csv",
                               timeout=10).status_code == 403
            assert student.get(first.url + f"api/classes/{choir}/assignments/{assignment['id']}/template.json",
                               timeout=10).status_code == 403
            assert student.post(first.url + f"api/classes/{choir}/assignments/from-template", json=from_template,
                                timeout=10).status_code == 403
        assert tess.get(first.url + f"api/classes/{choir}/assignments/{assignment['id']}/table.csv",
                        timeout=10).text.startswith("student,task1.pitchComparison.status,")
        assert bob.post(first.url + "api/trials", json={"discipline": "pitchComparison", "task": task},
                        timeout=10).status_code == 404
        assert bob.get(first.url + "api/assignments", timeout=10).json()["assignments"] == []
        assert [entry["assignment"]["id"] for entry in ann.get(second.url + "api/assignments", timeout=10).json()["assignments"]] \
            == [assignment["id"]]
        assert tess.get(first.url + f"api/classes/{choir}/assignments/{assignment['id']}",
                        timeout=10).json()["assignment"] == assignment

        # Leaving a class one is not in changes nothing.
        assert bob.delete(first.url + LEAVE.lstrip("/").replace("{id}", str(choir)), timeout=10).status_code == 404
        assert [c["id"] for c in ann.get(second.url + "api/account/classes", timeout=10).json()["classes"]] == [choir]
        assert [s["name"] for s in tess.get(first.url + f"api/classes/{choir}", timeout=10).json()["students"]] == ["ann"]
    finally:
        for server in servers:
            server.stop()
