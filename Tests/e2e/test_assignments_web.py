"""Assignments in the browser (issue 51): a teacher sets one on the class screen, the student finds
it on Start above everything else, trains it to done with one tap, and the teacher's table says
done. On SQLite class files and through nginx to two instances on one PostgreSQL."""
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from test_class_web import ClassSite, TEACHER_PASSWORD, new_browser, shown, short_notes, sign_in, sign_up, text_of
from test_comparison_training import wait_enabled
from viewport import screenshot, set_viewport

import pytest


@pytest.fixture
def class_site(class_storage):
    site = ClassSite(class_storage)
    yield site
    site.stop()


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

        sign_in(teacher, site.url, "tess", TEACHER_PASSWORD)
        shown(teacher, "screen-start")
        teacher.get(site.url + f"#/classes/{site.class_id}")
        shown(teacher, "screen-class")
        WebDriverWait(teacher, 10).until(lambda b: b.find_element(By.ID, "class-assignments-none").is_displayed())
        teacher.find_element(By.ID, "assignment-title").send_keys("Week 3")
        # A date input's typing order is the locale's: the value is set as the form holds it.
        teacher.execute_script("document.getElementById('assignment-due').value = '2099-01-16';")
        Select(teacher.find_element(By.ID, "assignment-discipline")).select_by_value("pitchComparison")
        Select(teacher.find_element(By.ID, "assignment-goal")).select_by_value("answers")
        goal = teacher.find_element(By.ID, "assignment-goal-value")
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
