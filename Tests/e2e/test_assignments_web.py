"""Assignments in the browser (issue 51): a teacher sets one on the class screen, the student finds
it on Start above everything else, trains it to done with one tap, and the teacher's table says
done. On SQLite class files and through nginx to two instances on one PostgreSQL. And the teacher's
table sorts by any of its columns, both ways, and keeps its order while the screen asks again and
across a reload; a threshold task states the threshold of its own answers; an assignment is copied to
another class or kept as a template's file and set from it."""
import json

import requests
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from conftest import ClassStorage
from test_class_web import ClassSite, TEACHER_PASSWORD, new_browser, shown, short_notes, sign_in, sign_up, text_of
from test_comparison_training import wait_enabled
from viewport import screenshot, set_viewport

import pytest


@pytest.fixture
def class_site(class_storage):
    site = ClassSite(class_storage)
    yield site
    site.stop()


def teacher_session(site):
    """The class's teacher signed in through the API."""
    tess = requests.Session()
    signed_in = tess.post(site.url + "api/account/sign-in", json={"name": "tess", "password": TEACHER_PASSWORD}, timeout=10)
    assert signed_in.status_code == 200, signed_in.text
    return tess


def student_session(site, name):
    """A new student of the class, signed up through the API with the password `<name>-password-1`."""
    student = requests.Session()
    response = student.post(site.url + "api/account/sign-up", timeout=10, json={
        "name": name, "password": name + "-password-1", "invitation": site.invitation})
    assert response.status_code == 201, response.text
    return student


def open_class_screen(browser, site):
    """The teacher signs in in `browser` and opens the class screen."""
    sign_in(browser, site.url, "tess", TEACHER_PASSWORD)
    shown(browser, "screen-start")
    browser.get(site.url + f"#/classes/{site.class_id}")
    shown(browser, "screen-class")


def task_button(browser):
    WebDriverWait(browser, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, "#start-assignments .assignment-task"))
    return browser.find_element(By.CSS_SELECTOR, "#start-assignments .assignment-task")


def test_a_teacher_sets_an_assignment_and_the_student_trains_it_to_done(class_site):
    site = class_site
    ann, teacher = new_browser(), new_browser()
    try:
        sign_up(ann, site.url, "ann", site.invitation)
        short_notes(ann)
        # Nothing assigned yet: Start has no assignments section.
        assert not ann.find_element(By.ID, "start-assignments").is_displayed()

        open_class_screen(teacher, site)
        WebDriverWait(teacher, 10).until(lambda b: b.find_element(By.ID, "class-assignments-none").is_displayed())
        teacher.find_element(By.ID, "assignment-title").send_keys("Week 3")
        # A date input's typing order is the locale's: the value is set as the form holds it.
        teacher.execute_script("document.getElementById('assignment-due').value = '2099-01-16';")
        Select(teacher.find_element(By.CSS_SELECTOR, "#assignment-tasks .task-discipline")).select_by_value("pitchComparison")
        Select(teacher.find_element(By.CSS_SELECTOR, "#assignment-tasks .task-goal")).select_by_value("answers")
        goal = teacher.find_element(By.CSS_SELECTOR, "#assignment-tasks .task-value")
        goal.clear()
        goal.send_keys("3")
        teacher.find_element(By.ID, "assignment-create").click()
        WebDriverWait(teacher, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, ".assignment-table tbody td[data-status]"))
        cell = teacher.find_element(By.CSS_SELECTOR, ".assignment-table tbody td[data-status]")
        assert cell.get_attribute("data-status") == "notStarted" and cell.text == "not started"
        assert teacher.find_element(By.CSS_SELECTOR, ".assignment h3").text.startswith("Week 3 (due ")

        # The student's Start shows it first, with its progress from the server.
        ann.get(site.url + "#/profile")
        ann.get(site.url + "#/")
        shown(ann, "screen-start")
        button = task_button(ann)
        set_viewport(ann, 390, 844)
        screenshot(ann, "assignments-start-phone")
        button = task_button(ann)
        assert button.text.startswith("Week 3 — Compare Pitch\n0 / 3, due "), button.text
        section = ann.find_element(By.ID, "start-assignments")
        first = ann.execute_script("return document.querySelector('#screen-start > section:not([hidden]), #screen-start > div')")
        assert first == section
        button.click()
        shown(ann, "screen-comparison")
        assert ann.current_url.endswith("#/train/pitchComparison/task/" + button.get_attribute("id").split("-")[-1])
        for _ in range(3):
            wait_enabled(ann)
            ann.find_element(By.ID, "answer-higher").click()
        # The answers go in the background: leave once the server holds all three, or the page
        # left would send the last one only when it is opened again.
        stored = ("const done = arguments[0]; fetch('/api/records?discipline=pitchComparison')"
                  ".then((r) => r.json()).then((j) => done(j.records.length), () => done(0))")
        WebDriverWait(ann, 15, poll_frequency=0.2).until(lambda b: b.execute_async_script(stored) == 3)
        ann.get(site.url + "#/profile")
        ann.get(site.url + "#/")
        shown(ann, "screen-start")
        WebDriverWait(ann, 10).until(lambda b: task_button(b).get_attribute("data-status") == "done")
        assert "done" in task_button(ann).text

        # The teacher's table says done.
        teacher.refresh()
        shown(teacher, "screen-class")
        WebDriverWait(teacher, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, ".assignment-table tbody td[data-status='done']"))
        set_viewport(teacher, 390, 844)
        teacher.execute_script("document.getElementById('class-assignments').scrollIntoView()")
        screenshot(teacher, "assignments-class-phone")
        row = teacher.find_element(By.CSS_SELECTOR, ".assignment-table tbody tr")
        assert row.find_element(By.TAG_NAME, "th").text == "ann"
        assert [cell.text for cell in row.find_elements(By.TAG_NAME, "td")][0] == "done"
        # The same table downloads as CSV, with the teacher's session.
        link = teacher.find_element(By.CSS_SELECTOR, ".assignment .assignment-csv")
        csv = teacher.execute_script(
            "return fetch(arguments[0], { credentials: 'same-origin' }).then((r) => r.text())", link.get_attribute("href"))
        lines = csv.splitlines()
        assert lines[0] == "student,task1.pitchComparison.status,task1.pitchComparison.answers,task1.pitchComparison.reachedCents,lastActivity"
        assert lines[1].startswith("ann,done,3,"), csv
    finally:
        for browser in (ann, teacher):
            browser.quit()


# Two tasks, and how many answers each student gives inside each: in the first ann is done, bob is
# on his way, cy has not started; in the second only bob is done.
SORTED_TASKS = {"title": "Week 4", "due": "2099-01-23T12:00:00Z", "tasks": [
    {"discipline": "pitchComparison", "answers": 3}, {"discipline": "intervalComparison", "answers": 2}]}
SORTED_ANSWERS = {"ann": (3, 0), "bob": (1, 2), "cy": (0, 0)}


def answered_inside(url, session, task, discipline, count):
    for _ in range(count):
        trial = session.post(url + "api/trials", json={"discipline": discipline, "task": task}, timeout=10)
        assert trial.status_code == 201 and trial.json()["task"] == task, trial.text
        answer = session.post(url + f"api/trials/{trial.json()['id']}/answer", json={"answer": "higher"}, timeout=10)
        assert answer.status_code == 200, answer.text


def rows_and_sort(browser):
    """The table's names top to bottom, and the column its header says it is sorted by, which way."""
    return browser.execute_script("""
        const table = document.querySelector('.assignment-table');
        const sorted = [...table.tHead.querySelectorAll('th[aria-sort]')];
        return [[...table.tBodies[0].rows].map((row) => row.cells[0].textContent),
                sorted.map((th) => [th.querySelector('.sort-button').dataset.column, th.getAttribute('aria-sort')])];""")


def sorted_by(browser, column):
    browser.execute_script("arguments[0].click()", browser.find_element(
        By.CSS_SELECTOR, f".assignment-table .sort-button[data-column='{column}']"))
    return rows_and_sort(browser)


def test_the_teachers_table_sorts_by_any_column_and_back_and_keeps_it(tmp_path):
    storage = ClassStorage("sqlite", tmp_path)
    site = ClassSite(storage)
    teacher = new_browser()
    try:
        tess = teacher_session(site)
        created = tess.post(site.url + f"api/classes/{site.class_id}/assignments", json=SORTED_TASKS, timeout=10)
        assert created.status_code == 201, created.text
        tasks = created.json()["assignment"]["tasks"]
        for name, counts in SORTED_ANSWERS.items():
            student = student_session(site, name)
            for task, count in zip(tasks, counts):
                answered_inside(site.url, student, task["id"], task["discipline"], count)

        open_class_screen(teacher, site)
        WebDriverWait(teacher, 10).until(lambda b: len(b.find_elements(By.CSS_SELECTOR, ".assignment-table tbody tr")) == 3)
        statuses = teacher.execute_script(
            "return [...document.querySelectorAll('.assignment-table tbody tr')].map((row) =>"
            " [...row.querySelectorAll('td[data-status]')].map((cell) => cell.dataset.status))")
        assert statuses == [["done", "notStarted"], ["inProgress", "done"], ["notStarted", "notStarted"]]

        # By name at first; a task's column puts the least far first, then the furthest; again by name.
        assert rows_and_sort(teacher) == [["ann", "bob", "cy"], [["student", "ascending"]]]
        assert sorted_by(teacher, "task-0") == [["cy", "bob", "ann"], [["task-0", "ascending"]]]
        assert sorted_by(teacher, "task-0") == [["ann", "bob", "cy"], [["task-0", "descending"]]]
        # The screen asks the server again (as it does when the language changes): the order stays.
        teacher.execute_script("document.querySelector('.assignment-table').dataset.before = 'yes';"
                               " document.dispatchEvent(new Event('languagechange'))")
        WebDriverWait(teacher, 10).until(lambda b: b.execute_script(
            "const table = document.querySelector('.assignment-table'); return table && !table.dataset.before"))
        assert rows_and_sort(teacher) == [["ann", "bob", "cy"], [["task-0", "descending"]]]
        # Equal in a task (ann and cy have not started the second): by name, A to Z either way.
        assert sorted_by(teacher, "task-1") == [["ann", "cy", "bob"], [["task-1", "ascending"]]]
        assert sorted_by(teacher, "task-1") == [["bob", "ann", "cy"], [["task-1", "descending"]]]
        assert sorted_by(teacher, "student") == [["ann", "bob", "cy"], [["student", "ascending"]]]
        assert sorted_by(teacher, "student") == [["cy", "bob", "ann"], [["student", "descending"]]]
        # Last activity: never (cy) first; ann and bob answered in that order, bob last.
        assert sorted_by(teacher, "lastActivity") == [["cy", "ann", "bob"], [["lastActivity", "ascending"]]]

        # On a phone: the column buttons stand above the cards, each a target of 44 px at least, and
        # nothing reaches past the screen's edge.
        for width, height in ((390, 844), (844, 390)):
            set_viewport(teacher, width, height)
            WebDriverWait(teacher, 5).until(lambda b: b.execute_script(f"return innerWidth === {width}"))
            teacher.execute_script("document.getElementById('class-assignments').scrollIntoView()")
            screenshot(teacher, f"assignments-sorted-{width}x{height}")
            layout = teacher.execute_script("""
                const buttons = [...document.querySelectorAll('.assignment-table .sort-button')];
                return { page: document.documentElement.scrollWidth,
                         buttons: buttons.map((b) => { const r = b.getBoundingClientRect();
                                                       return [r.width, r.height, r.right]; }) };""")
            assert layout["page"] <= width, layout
            assert len(layout["buttons"]) == 4 and all(
                w >= 44 and h >= 44 and right <= width for w, h, right in layout["buttons"]), layout
        assert sorted_by(teacher, "task-0") == [["cy", "bob", "ann"], [["task-0", "ascending"]]]
        # The page loaded again (the teacher comes back tomorrow): the table is sorted as they left it.
        teacher.refresh()
        shown(teacher, "screen-class")
        WebDriverWait(teacher, 10).until(lambda b: len(b.find_elements(By.CSS_SELECTOR, ".assignment-table tbody tr")) == 3)
        assert rows_and_sort(teacher) == [["cy", "bob", "ann"], [["task-0", "ascending"]]]
    finally:
        teacher.quit()
        site.stop()


# Two threshold tasks of Compare Pitch: one still short of its 20 ¢, one met at its 300 ¢.
THRESHOLD_TASKS = {"title": "Fine ears", "due": "2099-01-30T12:00:00Z", "tasks": [
    {"discipline": "pitchComparison", "threshold": 20}, {"discipline": "pitchComparison", "threshold": 300}]}


def answered_as_hearing(url, session, heard, count, task=None):
    """Answers `count` Compare Pitch trials as a listener who hears `heard` ¢ and more and is wrong below."""
    for _ in range(count):
        body = {"discipline": "pitchComparison", **({"task": task} if task else {})}
        trial = session.post(url + "api/trials", json=body, timeout=10)
        assert trial.status_code == 201, trial.text
        offset = trial.json()["note2"]["centOffset"]
        right = abs(offset) >= heard
        answer = "higher" if (offset > 0) == right else "lower"
        judged = session.post(url + f"api/trials/{trial.json()['id']}/answer", json={"answer": answer}, timeout=10)
        assert judged.status_code == 200 and judged.json()["isCorrect"] == right, judged.text


def test_a_threshold_task_states_the_threshold_of_its_own_answers(tmp_path):
    """A threshold goal is read from the answers given inside the task alone: ann hears 3 ¢ in her
    own training but answers both tasks as one who hears 40 ¢, so the first is "now 4x ¢, goal ≤ 20.0 ¢"
    and the second is done at what it reached, on her Start and in the teacher's table."""
    site = ClassSite(ClassStorage("sqlite", tmp_path))
    browser = new_browser()
    try:
        tess = teacher_session(site)
        ann = student_session(site, "ann")
        answered_as_hearing(site.url, ann, 3, 40)
        created = tess.post(site.url + f"api/classes/{site.class_id}/assignments", json=THRESHOLD_TASKS, timeout=10)
        assert created.status_code == 201, created.text
        tasks = [task["id"] for task in created.json()["assignment"]["tasks"]]
        for task in tasks:
            answered_as_hearing(site.url, ann, 40, 60, task)
        [listed] = ann.get(site.url + "api/assignments", timeout=10).json()["assignments"]
        short, met = listed["progress"]
        assert short["status"] == "inProgress" and short["answers"] == 60 and short["reached"] > 20, short
        assert met["status"] == "done" and met["reached"] <= 300, met
        texts = [f"now {short['reached']:.1f} ¢, goal ≤ 20.0 ¢", f"reached {met['reached']:.1f} ¢"]

        sign_in(browser, site.url, "ann", "ann-password-1")
        shown(browser, "screen-start")
        WebDriverWait(browser, 10).until(
            lambda b: len(b.find_elements(By.CSS_SELECTOR, "#start-assignments .assignment-task")) == 2)
        buttons = [button.text for button in browser.find_elements(By.CSS_SELECTOR, "#start-assignments .assignment-task")]
        assert all(text in button for text, button in zip(texts, buttons)), buttons

        browser.delete_all_cookies()
        browser.get("about:blank")
        open_class_screen(browser, site)
        WebDriverWait(browser, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, ".assignment-table tbody td[data-status]"))
        cells = [cell.text for cell in browser.find_elements(By.CSS_SELECTOR, ".assignment-table tbody td[data-status]")]
        assert cells == texts, cells
        csv = tess.get(site.url + f"api/classes/{site.class_id}/assignments/{created.json()['assignment']['id']}/table.csv",
                       timeout=10).text.splitlines()
        assert csv[1].startswith("ann,inProgress,60,") and ",done,60," in csv[1], csv
    finally:
        browser.quit()
        site.stop()


TEMPLATE_TASKS = {"title": "Week 5", "due": "2099-02-06T12:00:00Z", "tasks": [
    {"discipline": "intervalComparison", "answers": 20, "settings": {"intervals": [{"name": "m6", "direction": "up"}]}},
    {"discipline": "pitchComparison", "threshold": 20}, {"discipline": "intervalMeasurement", "measure": True}]}


def tasks_of(session, url, class_id):
    """Each assignment of the class: its title, due date and tasks as the API sends them, less their ids."""
    response = session.get(url + f"api/classes/{class_id}/assignments", timeout=10)
    assert response.status_code == 200, response.text
    return [(entry["assignment"]["title"], entry["assignment"]["due"],
             [{key: value for key, value in task.items() if key != "id"} for task in entry["assignment"]["tasks"]])
            for entry in response.json()["assignments"]]


def test_a_teacher_copies_an_assignment_to_another_class_and_sets_one_from_a_template_file(tmp_path):
    """Workbooks (issue 51, item 4): copied to another class of the teacher's with its settings and
    goals, kept as a template's file, and set from one in German; a damaged file is refused with where
    it is wrong, a file that is no JSON in the page's language, and neither adds anything."""
    site = ClassSite(ClassStorage("sqlite", tmp_path))
    teacher = new_browser()
    try:
        tess = teacher_session(site)
        basses = tess.post(site.url + "api/classes", json={"name": "Basses"}, timeout=10).json()["id"]
        created = tess.post(site.url + f"api/classes/{site.class_id}/assignments", json=TEMPLATE_TASKS, timeout=10)
        assert created.status_code == 201, created.text
        assignment = created.json()["assignment"]["id"]
        original = tasks_of(tess, site.url, site.class_id)
        assert original[0][2][2]["measure"] and original[0][2][2]["unit"] == "cent"
        # A student two answers into the measurement: under way, nothing measured yet.
        ann = student_session(site, "ann")
        answered_inside(site.url, ann, created.json()["assignment"]["tasks"][2]["id"], "intervalMeasurement", 2)

        open_class_screen(teacher, site)
        WebDriverWait(teacher, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, ".assignment-copy-class"))
        cells = [cell.text for cell in teacher.find_elements(By.CSS_SELECTOR, ".assignment-table tbody td[data-status]")]
        assert cells == ["not started", "not started", "measuring: 2 answered"], cells
        Select(teacher.find_element(By.CSS_SELECTOR, ".assignment-copy-class")).select_by_visible_text("Basses")
        teacher.find_element(By.CSS_SELECTOR, ".assignment-copy button[type=submit]").click()
        WebDriverWait(teacher, 10).until(
            lambda b: b.find_element(By.ID, "assignment-status").text == "Copied to Basses, due the same day.")
        assert tasks_of(tess, site.url, basses) == original

        # The template's file, where the page's link leads: title and tasks, no dates.
        link = teacher.find_element(By.CSS_SELECTOR, ".assignment-template")
        assert link.get_attribute("download") == "" and link.text == "Save as a template (JSON)"
        template = tess.get(link.get_attribute("href"), timeout=10)
        assert template.status_code == 200 and template.headers["Content-Disposition"] == (
            f'attachment; filename="peach-template-{assignment}.json"')
        assert template.json()["peachAssignmentTemplate"] == 1 and "due" not in template.json()
        good = tmp_path / "week-5.json"
        good.write_bytes(template.content)
        damaged = tmp_path / "damaged.json"
        broken = template.json()
        broken["tasks"][1]["discipline"] = "humming"
        damaged.write_text(json.dumps(broken))
        not_json = tmp_path / "notes.json"
        not_json.write_text("Week 5: intervals, then pitch\n")

        # In German now: the language is the teacher's setting, read when the page loads.
        assert tess.put(site.url + "api/settings", json={"language": "de"}, timeout=10).status_code == 200
        teacher.get(site.url + f"#/classes/{basses}")
        teacher.refresh()
        shown(teacher, "screen-class")
        WebDriverWait(teacher, 10).until(lambda b: len(b.find_elements(By.CSS_SELECTOR, ".assignment-table")) == 1)
        assert teacher.find_element(By.CSS_SELECTOR, ".assignment-template").text == "Als Vorlage speichern (JSON)"
        teacher.execute_script("document.getElementById('assignment-due').value = '2099-02-13';")
        upload = teacher.find_element(By.ID, "assignment-template-file")
        status = teacher.find_element(By.ID, "assignment-status")
        upload.send_keys(str(not_json))
        WebDriverWait(teacher, 10).until(lambda b: status.text == "notes.json ist keine Vorlage: Sie enthält kein JSON.")
        upload.send_keys(str(damaged))
        # The server says why (a code and the task), the page says it in German.
        WebDriverWait(teacher, 10).until(
            lambda b: status.text == "Teilaufgabe 2: Ein Training „humming“ gibt es in Peach nicht.")
        assert len(tasks_of(tess, site.url, basses)) == 1
        upload.send_keys(str(good))
        WebDriverWait(teacher, 10).until(lambda b: len(b.find_elements(By.CSS_SELECTOR, ".assignment-table")) == 2)
        assert status.text == ""
        titles = [(title, due[:10], tasks) for title, due, tasks in tasks_of(tess, site.url, basses)]
        assert sorted(titles, key=lambda entry: entry[1]) == [
            ("Week 5", "2099-02-06", original[0][2]), ("Week 5", "2099-02-13", original[0][2])]
        # Two tasks in the form: the first with the teacher's own settings for it (those its training
        # reads, as set in Settings), the second a finished measurement, which has no number to give.
        assert tess.put(site.url + "api/settings", json={"tempoBPM": 90, "intervals": [
            {"name": "P5", "direction": "up"}]}, timeout=10).status_code == 200
        teacher.find_element(By.ID, "assignment-title").send_keys("Woche 6")
        teacher.execute_script("document.getElementById('assignment-due').value = '2099-02-20';")
        first = teacher.find_element(By.CSS_SELECTOR, "#assignment-tasks li")
        assert not first.find_element(By.CSS_SELECTOR, ".task-remove").is_displayed()
        Select(first.find_element(By.CSS_SELECTOR, ".task-discipline")).select_by_value("intervalComparison")
        # The form offers the bounds the server checks a goal and a title against, as the server states them.
        limits = tess.get(site.url + f"api/classes/{basses}/assignments", timeout=10).json()["limits"]
        bounds = lambda element: [element.get_attribute(name) for name in ("min", "max", "step")]
        assert bounds(first.find_element(By.CSS_SELECTOR, ".task-value")) == [*map(str, limits["answers"]), "1"]
        Select(first.find_element(By.CSS_SELECTOR, ".task-goal")).select_by_value("threshold")
        assert bounds(first.find_element(By.CSS_SELECTOR, ".task-value")) == [*map(str, limits["threshold"]), "any"]
        assert limits["threshold"][0] < 1 and limits["answers"][0] == 1, limits
        Select(first.find_element(By.CSS_SELECTOR, ".task-goal")).select_by_value("answers")
        title = teacher.find_element(By.ID, "assignment-title")
        assert [title.get_attribute("minlength"), title.get_attribute("maxlength")] == [*map(str, limits["titleLength"])]
        first.find_element(By.CSS_SELECTOR, ".task-value").clear()
        first.find_element(By.CSS_SELECTOR, ".task-value").send_keys("30")
        first.find_element(By.CSS_SELECTOR, ".task-with-settings").click()
        # Its own fields, for the settings its training reads, go over the teacher's: a just tuning,
        # and a lowest note above the highest, which only the server can judge.
        own_field = lambda name: first.find_elements(By.CSS_SELECTOR, f".task-setting[data-setting={name}]")
        assert [len(own_field(name)) for name in ("intervals", "tuningSystem", "tempoBPM", "noteRangeLower")] == [1, 1, 0, 1]
        tuning = Select(own_field("tuningSystem")[0])
        assert tuning.first_selected_option.text == "Die eigene der Schüler:innen"
        tuning.select_by_value("justIntonation")
        Select(own_field("noteRangeLower")[0]).select_by_value("100")
        teacher.find_element(By.ID, "assignment-add-task").click()
        second = teacher.find_elements(By.CSS_SELECTOR, "#assignment-tasks li")[1]
        assert second.find_element(By.TAG_NAME, "legend").get_attribute("textContent") == "Teilaufgabe 2"
        goal = Select(second.find_element(By.CSS_SELECTOR, ".task-goal"))
        value = second.find_element(By.CSS_SELECTOR, ".task-value-field")
        Select(second.find_element(By.CSS_SELECTOR, ".task-discipline")).select_by_value("pitchComparison")
        assert not second.find_element(By.CSS_SELECTOR, ".task-goal option[value=measure]").is_enabled()
        Select(second.find_element(By.CSS_SELECTOR, ".task-discipline")).select_by_value("intervalMeasurement")
        goal.select_by_value("measure")
        assert goal.first_selected_option.text == "Eine abgeschlossene Messung" and not value.is_displayed()
        set_viewport(teacher, 390, 844)
        teacher.execute_script("document.getElementById('assignment-tasks').scrollIntoView()")
        screenshot(teacher, "assignments-form-two-tasks-phone-de")
        teacher.find_element(By.ID, "assignment-create").click()
        WebDriverWait(teacher, 10).until(lambda b: status.text == (
            "Teilaufgabe 1: Der höchste Ton muss mindestens 12 Halbtöne über dem tiefsten liegen."))
        assert len(tasks_of(tess, site.url, basses)) == 2
        Select(own_field("noteRangeLower")[0]).select_by_value("")
        teacher.find_element(By.ID, "assignment-create").click()
        WebDriverWait(teacher, 10).until(lambda b: len(b.find_elements(By.CSS_SELECTOR, ".assignment-table")) == 3)
        [(_, _, tasks)] = [entry for entry in tasks_of(tess, site.url, basses) if entry[0] == "Woche 6"]
        own = tess.get(site.url + "api/settings", timeout=10).json()["settings"]
        reads = next(entry["settings"] for entry in tess.get(site.url + "api/disciplines", timeout=10).json()[
            "disciplines"] if entry["id"] == "intervalComparison")
        assert tasks[0]["discipline"] == "intervalComparison" and tasks[0]["answers"] == 30
        assert tasks[0]["settings"] == {**{name: own[name] for name in reads if name in own}, "tuningSystem": "justIntonation"}
        assert tasks[0]["settings"]["intervals"] == [{"name": "P5", "direction": "up"}]
        assert "tempoBPM" not in tasks[0]["settings"], tasks[0]["settings"]
        assert (tasks[1]["discipline"], tasks[1]["measure"], tasks[1]["settings"]) == ("intervalMeasurement", True, {})
        # Set: the form is a fresh one again, with one task.
        assert len(teacher.find_elements(By.CSS_SELECTOR, "#assignment-tasks li")) == 1
        set_viewport(teacher, 390, 844)
        # On a phone the copy's controls are targets of 44 px at least.
        heights = teacher.execute_script(
            "return ['.assignment-copy select', '.assignment-copy button']"
            ".map((part) => document.querySelector(part).getBoundingClientRect().height)")
        assert all(height >= 44 for height in heights), heights
        for part in (".assignment-copy", "#assignment-template-file"):
            teacher.execute_script(f"document.querySelector('{part}').scrollIntoView({{block: 'center'}})")
            screenshot(teacher, f"assignments-template-phone-de{part.replace('#', '-').replace('.', '-')}")
    finally:
        teacher.quit()
        site.stop()
