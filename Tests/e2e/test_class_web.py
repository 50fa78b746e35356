"""A class in the browser (issue 14): two students train at the same time in two browsers, through
nginx (the documented deploy/nginx/peach.conf) in front of two instances on one PostgreSQL, and
straight to a class server on SQLite files; each sees only their own profile; their teacher sees both and opens one's profile read-only. The new
screens fit every size, pass axe, and take every text from the tables."""
import csv
import io
import shutil
import subprocess
import time

import pytest
import requests
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import ClassStorage, PEACH, PeachChrome, chromium_options
from nginx import NginxProxy
from test_accessibility import run_axe
from test_comparison_training import wait_enabled
from test_i18n import DATA, DATE, GLYPH, TABLES, VISIBLE_TEXTS, matchers
from viewport import SIZES, screenshot, set_media, set_viewport

TEACHER_PASSWORD = "teacher-pass-1"


def new_browser():
    driver = PeachChrome(options=chromium_options(),
                              service=Service(executable_path=shutil.which("chromedriver") or "/usr/bin/chromedriver"))
    driver.set_script_timeout(60)
    return driver


def shown(browser, screen_id, timeout=10):
    WebDriverWait(browser, timeout).until(lambda b: b.find_element(By.ID, screen_id).is_displayed())


def fill(browser, values):
    for element_id, value in values.items():
        field = browser.find_element(By.ID, element_id)
        field.clear()
        field.send_keys(value)


def text_of(browser, element_id):
    return browser.find_element(By.ID, element_id).text


def sign_up(browser, url, name, invitation):
    browser.get(url)
    shown(browser, "screen-sign-in")
    fill(browser, {"sign-up-invitation": invitation, "sign-up-name": name, "sign-up-password": name + "-password-1"})
    browser.find_element(By.CSS_SELECTOR, "#sign-up-form button[type=submit]").click()
    shown(browser, "screen-start")
    WebDriverWait(browser, 5).until(lambda b: text_of(b, "open-account") == f"Signed in as {name}")


def sign_in(browser, url, name, password):
    browser.get(url + "#/sign-in")
    shown(browser, "screen-sign-in")
    fill(browser, {"sign-in-name": name, "sign-in-password": password})
    browser.find_element(By.CSS_SELECTOR, "#sign-in-form button[type=submit]").click()


def short_notes(browser):
    """Through the browser's own session: the settings are the signed-in user's."""
    status = browser.execute_async_script("""
        const done = arguments[0];
        fetch('/api/settings', { method: 'PUT', headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ noteDurationSeconds: 0.3 }) }).then((r) => done(r.status));""")
    assert status == 200


def wait_profile_count(browser, url, expected):
    """The Profile's comparison count, once it is `expected` (the last answers may still be on their way)."""
    def count(_):
        browser.get(url + "#/")
        browser.get(url + "#/profile")
        shown(browser, "screen-profile")
        WebDriverWait(browser, 10).until(lambda b: text_of(b, "profile-count") != "")
        return text_of(browser, "profile-count") == str(expected)
    WebDriverWait(browser, 20, poll_frequency=0.5).until(count)


class ClassSite:
    """A class server as its users reach it: through nginx to two instances on PostgreSQL, or
    straight to the one process serving SQLite class files. `serve`: more options of its instances."""

    def __init__(self, storage, *serve):
        storage.peach("users", "add", "tess", "--teacher", stdin=TEACHER_PASSWORD + "\n")
        class_id, _, self.invitation = storage.peach("classes", "add", "Choir", "--teacher", "tess").strip().split("\t")
        self.class_id = int(class_id)
        self.instances = storage.start_servers(*serve)
        self.proxy = NginxProxy([instance.port for instance in self.instances]).start() if len(self.instances) > 1 else None
        self.url = self.proxy.url if self.proxy else self.instances[0].url

    def stop(self):
        if self.proxy:
            self.proxy.stop()
        for instance in self.instances:
            instance.stop()


@pytest.fixture
def class_site(class_storage):
    site = ClassSite(class_storage)
    yield site
    site.stop()


@pytest.fixture
def class_server(postgres_cluster, tmp_path):
    site = ClassSite(ClassStorage("postgres", tmp_path, postgres_cluster.url(postgres_cluster.create_database())))
    yield site.proxy, site.class_id, site.invitation
    site.stop()


def test_two_students_train_at_once_and_their_teacher_sees_both(class_site):
    site, class_id, invitation = class_site, class_site.class_id, class_site.invitation
    ann, bob, teacher = new_browser(), new_browser(), new_browser()
    try:
        for browser, name in ((ann, "ann"), (bob, "bob")):
            sign_up(browser, site.url, name, invitation)
            short_notes(browser)
        # Both train at the same time: their trials interleave on the server.
        ann.find_element(By.ID, "start-pitchComparison").click()
        bob.find_element(By.ID, "start-pitchComparison").click()
        for browser in (ann, bob):
            shown(browser, "screen-comparison")
        for round_ in range(6):
            for browser in (ann, bob) if round_ < 3 else (ann,):
                wait_enabled(browser)
                browser.find_element(By.ID, "answer-higher").click()
        for browser in (ann, bob):
            browser.get(site.url + "#/")
            shown(browser, "screen-start")
        # Each sees their own answers only: 6 and 3.
        wait_profile_count(ann, site.url, 6)
        wait_profile_count(bob, site.url, 3)
        # Ann also names three scale degrees, two of them right, through her own session.
        assert ann.execute_async_script("""
            const done = arguments[0];
            const post = (path, body) => fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify(body) });
            const names = ['1', 'b2', '2', 'b3', '3', '4', '#4', '5', 'b6', '6', 'b7', '7'];
            (async () => {
              for (let index = 0; index < 3; index += 1) {
                const trial = await (await post('/api/trials', { discipline: 'scaleDegree' })).json();
                const right = names[(trial.note.midi - trial.tonic.midi) % 12];
                const answer = index < 2 ? right : trial.choices.map((choice) => choice.degree).find((degree) => degree !== right);
                const response = await post(`/api/trials/${trial.id}/answer`, { answer });
                if (!response.ok) return done(await response.text());
              }
              done('ok');
            })();""") == "ok"

        # A wrong password says so and keeps the user out; the right one lets the teacher in.
        sign_in(teacher, site.url, "tess", "not-the-password")
        WebDriverWait(teacher, 10).until(lambda b: text_of(b, "sign-in-status") != "")
        assert text_of(teacher, "sign-in-status") == "Wrong name or password."
        assert teacher.find_element(By.ID, "screen-sign-in").is_displayed()
        sign_in(teacher, site.url, "tess", TEACHER_PASSWORD)
        shown(teacher, "screen-start")
        teacher.find_element(By.ID, "open-classes").click()
        shown(teacher, "screen-classes")
        WebDriverWait(teacher, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, "#classes-list a"))
        teacher.find_element(By.CSS_SELECTOR, f"#classes-list a[href='#/classes/{class_id}']").click()
        shown(teacher, "screen-class")
        # Rows whose figures are still being fitted (a moment after the answers) fill in by themselves.
        WebDriverWait(teacher, 15).until(lambda b: len(b.find_elements(By.CSS_SELECTOR, "#class-students-body tr")) == 2
                                         and not b.find_elements(By.CSS_SELECTOR, "#class-students-body td.preparing"))
        columns = [header.text for header in teacher.find_elements(By.CSS_SELECTOR, "#class-students thead th")]
        # The disciplines with a figure of their own have a column each, between Trend and All answers.
        assert columns == ["Student", "Threshold (likely range)", "Trend", "Which Voice?", "Scale Degrees", "Chord Quality",
                           "Chord Progressions", "Common Progressions", "All answers", "Last activity"], columns
        rows = {row.find_element(By.TAG_NAME, "th").text: dict(zip(columns[1:], (cell.text for cell in row.find_elements(By.TAG_NAME, "td"))))
                for row in teacher.find_elements(By.CSS_SELECTOR, "#class-students-body tr")}
        assert rows["ann"]["All answers"] == "9" and rows["bob"]["All answers"] == "3", rows
        assert rows["ann"]["Scale Degrees"] == "67 % right (3 answers)", rows
        assert rows["bob"]["Scale Degrees"] == "Not enough data yet", rows
        # Issue 49: Which Voice? says why it has no threshold, as the student's Profile does.
        assert rows["bob"]["Which Voice?"] == rows["ann"]["Which Voice?"] == "No answers yet", rows
        # Issue 49: no threshold, and why, as the student's own Profile says it.
        assert rows["ann"]["Threshold (likely range)"] == "6 of the 20 answers needed", rows
        assert rows["bob"]["Threshold (likely range)"] == "3 of the 20 answers needed", rows
        assert text_of(teacher, "class-invitation") == f"Invitation code: {invitation}"
        WebDriverWait(teacher, 10).until(lambda b: b.execute_script(
            "return document.querySelector('#class-chart svg') !== null"))
        assert "0 of 2 students" in teacher.find_element(By.ID, "class-chart").get_attribute("aria-label")
        assert "ann, bob" in text_of(teacher, "class-chart")  # too few answers yet to place either
        assert teacher.find_element(By.ID, "class-csv").get_attribute("href").endswith(f"/api/classes/{class_id}/summary.csv")
        # The CSV says why a threshold's cells are empty, as the API's reason code (issue 49).
        summary = teacher.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            " fetch(arguments[0]).then((r) => r.text()).then(done, (e) => done(String(e)));",
            f"/api/classes/{class_id}/summary.csv")
        by_name = {row["student"]: row for row in csv.DictReader(io.StringIO(summary))}
        assert by_name["ann"]["missingThreshold"] == by_name["bob"]["missingThreshold"] == "tooFewAnswers", summary
        assert by_name["ann"]["thresholdCents"] == "" and by_name["bob"]["chordIntonationMissingThreshold"] == "noAnswers"

        # Ann's profile, read-only, from the class: her count, her name, back to the class.
        teacher.find_element(By.LINK_TEXT, "ann").click()
        shown(teacher, "screen-profile")
        assert text_of(teacher, "profile-title") == "ann’s profile (read-only)"
        WebDriverWait(teacher, 10).until(lambda b: text_of(b, "profile-count") == "6")
        back = teacher.find_element(By.CSS_SELECTOR, "#screen-profile .back")
        assert back.get_attribute("href").endswith(f"#/classes/{class_id}")

        # Both instances served: the documented proxy spreads users over them.
        if site.proxy:
            used = site.proxy.upstreams_used()
            assert all(count > 0 for count in used.values()), used

        # Ann leaves the class; the teacher no longer sees her. Signing out returns to sign-in.
        ann.get(site.url + "#/account")
        shown(ann, "screen-account")
        WebDriverWait(ann, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, "#account-classes button"))
        ann.find_element(By.CSS_SELECTOR, "#account-classes button").click()
        ann.switch_to.alert.accept()
        WebDriverWait(ann, 10).until(lambda b: text_of(b, "join-status") == "You left Choir.")
        teacher.get(site.url + f"#/classes/{class_id}")
        WebDriverWait(teacher, 10).until(lambda b: b.execute_script(
            "return [...document.querySelectorAll('#class-students-body th')].map((th) => th.textContent)") == ["bob"])
        ann.find_element(By.ID, "sign-out").click()
        shown(ann, "screen-sign-in")
        ann.get(site.url + "#/profile")
        shown(ann, "screen-sign-in")
    finally:
        for browser in (ann, bob, teacher):
            browser.quit()


def test_rows_being_prepared_fill_in_without_a_reload(tmp_path):
    """After an upgrade or a bulk load, or just after answers, a student's figures are not kept: the
    view answers at once with their row marked as being prepared, and the page shows the figures
    once the server has fitted them, without a reload, then stops asking. `--class-view-wait 0`:
    the view never waits for a fit, so the answers below are always still being prepared."""
    refused = subprocess.run([PEACH, "serve", "--accounts", "--data", str(tmp_path / "peach.sqlite"), "--class-view-wait", "6000",
                              "--no-browser"], capture_output=True, text=True, timeout=60)
    assert refused.returncode != 0 and "--class-view-wait is in milliseconds, 0–5000; 6000 is not" in refused.stderr, refused.stderr
    site = ClassSite(ClassStorage("sqlite", tmp_path), "--class-view-wait", "0")
    teacher = new_browser()
    try:
        ann = requests.Session()
        assert ann.post(site.url + "api/account/sign-up", timeout=30, json={
            "name": "ann", "password": "ann-password-1", "invitation": site.invitation}).status_code == 201
        for _ in range(3):
            trial = ann.post(site.url + "api/trials", json={"discipline": "pitchComparison"}, timeout=10).json()
            assert ann.post(site.url + f"api/trials/{trial['id']}/answer", json={"answer": "higher"}, timeout=10).status_code == 200
        sign_in(teacher, site.url, "tess", TEACHER_PASSWORD)
        shown(teacher, "screen-start")
        teacher.get(site.url + f"#/classes/{site.class_id}")
        shown(teacher, "screen-class")
        WebDriverWait(teacher, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, "#class-students-body td.preparing"))
        assert teacher.find_element(By.CSS_SELECTOR, "#class-students-body td.preparing").text == "Preparing…"
        assert text_of(teacher, "class-preparing") == \
            "The figures of the class’s one student are still being prepared; this page updates itself."

        WebDriverWait(teacher, 10).until(lambda b: not b.find_elements(By.CSS_SELECTOR, "#class-students-body td.preparing"))
        columns = [header.text for header in teacher.find_elements(By.CSS_SELECTOR, "#class-students thead th")]
        cells = [cell.text for cell in teacher.find_elements(By.CSS_SELECTOR, "#class-students-body td")]
        assert dict(zip(columns[1:], cells))["All answers"] == "3", (columns, cells)
        assert not teacher.find_element(By.ID, "class-preparing").is_displayed()
        WebDriverWait(teacher, 10).until(lambda b: "ann" in text_of(b, "class-chart"))
        # Complete: the page asks no more.
        asked = "return performance.getEntriesByType('resource').filter((entry) => /api\\/classes\\/[0-9]+$/.test(entry.name)).length"
        before = teacher.execute_script(asked)
        time.sleep(3.5)
        assert teacher.execute_script(asked) == before

        # Ann answers again: the next view keeps her last figures, marked as being updated, not a blank.
        trial = ann.post(site.url + "api/trials", json={"discipline": "pitchComparison"}, timeout=10).json()
        assert ann.post(site.url + f"api/trials/{trial['id']}/answer", json={"answer": "higher"}, timeout=10).status_code == 200
        teacher.refresh()
        shown(teacher, "screen-class")
        WebDriverWait(teacher, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, "#class-students-body th .updating"))
        assert teacher.find_element(By.CSS_SELECTOR, "#class-students-body th .updating").text == "(updating…)"
        assert not teacher.find_elements(By.CSS_SELECTOR, "#class-students-body td.preparing")
        cells = [cell.text for cell in teacher.find_elements(By.CSS_SELECTOR, "#class-students-body td")]
        assert dict(zip(columns[1:], cells))["All answers"] == "3", cells
        WebDriverWait(teacher, 10).until(lambda b: not b.find_elements(By.CSS_SELECTOR, "#class-students-body th .updating"))
        cells = [cell.text for cell in teacher.find_elements(By.CSS_SELECTOR, "#class-students-body td")]
        assert dict(zip(columns[1:], cells))["All answers"] == "4", cells
    finally:
        teacher.quit()
        site.stop()


def reach_class_screens(browser, url, class_id):
    """Each new screen, signed in as the teacher, ready to look at."""
    def sign_in_screen():
        browser.get(url + "#/sign-in")
        browser.execute_script("return fetch('/api/account/sign-out', { method: 'POST' })")
        browser.refresh()
        shown(browser, "screen-sign-in")

    def signed_in(hash_, screen, ready):
        def reach():
            if not browser.execute_script("return document.getElementById('start-account')?.hidden === false"):
                sign_in(browser, url, "tess", TEACHER_PASSWORD)
                shown(browser, "screen-start")
            # A fresh load each time: the language is read at load.
            browser.get(url + hash_)
            browser.refresh()
            shown(browser, screen)
            WebDriverWait(browser, 10).until(lambda b: b.execute_script(ready))
        return reach

    return {
        "sign-in": sign_in_screen,
        "class-start": signed_in("#/", "screen-start", "return document.getElementById('open-account').textContent !== ''"),
        "account": signed_in("#/account", "screen-account", "return document.getElementById('account-who').textContent !== ''"),
        "classes": signed_in("#/classes", "screen-classes", "return document.querySelectorAll('#classes-list a').length > 0"),
        "class": signed_in(f"#/classes/{class_id}", "screen-class",
                           "return document.querySelectorAll('#class-students-body tr').length > 0"
                           " && document.querySelector('#class-chart svg') !== null"),
    }


# The class chart's text: its size on screen, and the contrast of its colour with the chart's background.
CHART_LABEL = """
const svg = document.querySelector('#class-chart svg');
const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
const channels = (color) => color.match(/[0-9.]+/g).slice(0, 3).map(Number);
const luminance = (color) => {
  const [r, g, b] = channels(color).map((c) => c / 255).map((c) => c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const background = luminance(getComputedStyle(document.getElementById('class-chart')).backgroundColor);
const texts = [...svg.querySelectorAll('text')];
const contrasts = texts.map((text) => {
  const l = luminance(getComputedStyle(text).fill);
  return (Math.max(l, background) + 0.05) / (Math.min(l, background) + 0.05);
});
return { fontPx: Math.min(...texts.map((text) => parseFloat(getComputedStyle(text).fontSize))) * scale,
         contrast: Math.min(...contrasts) };
"""


# The width the class chart was drawn for, the width it is shown at, and the widths it was asked for.
CHART_WIDTHS = """
const chart = document.getElementById('class-chart');
return { drawn: Number(chart.querySelector('svg').getAttribute('width')), shown: chart.clientWidth,
         asked: performance.getEntriesByType('resource').filter((entry) => entry.name.includes('/distribution.svg'))
           .map((entry) => Number(new URL(entry.name).searchParams.get('width'))) };
"""


def chart_redrawn_for_its_width(browser, url, class_id):
    """Opened on a phone and then widened, the class chart is asked again for its new width (before,
    the phone's chart was stretched, its text and lines drawn 2.7 times too large); a change of
    height or of a few pixels asks nothing, nor does a resize once the screen is left."""
    set_viewport(browser, *SIZES["phone-portrait"])
    reach_class_screens(browser, url, class_id)["class"]()
    WebDriverWait(browser, 10).until(lambda b: not b.find_element(By.ID, "class-preparing").is_displayed())
    phone = browser.execute_script(CHART_WIDTHS)
    assert abs(phone["drawn"] - phone["shown"]) <= 16 and phone["shown"] < 400, phone
    screenshot(browser, "phone-portrait-light-class-chart-before-widening")

    set_viewport(browser, 1280, 900)
    WebDriverWait(browser, 5).until(lambda b: abs(b.execute_script(CHART_WIDTHS)["drawn"] - b.execute_script(CHART_WIDTHS)["shown"]) <= 16)
    wide = browser.execute_script(CHART_WIDTHS)
    assert wide["shown"] > 2 * phone["shown"] and wide["asked"][-1] == wide["drawn"], wide
    label = browser.execute_script(CHART_LABEL)
    assert label["fontPx"] < 13, f"the widened chart's text is {label['fontPx']:.1f} px: stretched"
    screenshot(browser, "desktop-1280-light-class-chart-widened")

    set_viewport(browser, 1280, 700)
    set_viewport(browser, 1274, 700)
    time.sleep(0.5)
    assert browser.execute_script(CHART_WIDTHS)["asked"] == wide["asked"], "asked again for a change of height or of 6 px"
    browser.get(url + "#/classes")
    shown(browser, "screen-classes")
    set_viewport(browser, *SIZES["phone-portrait"])
    time.sleep(0.5)
    assert browser.execute_script(CHART_WIDTHS)["asked"] == wide["asked"], "asked for the chart of a screen left"


def test_the_class_screens_fit_pass_axe_and_speak_both_languages(class_server):
    proxy, class_id, invitation = class_server
    student = new_browser()
    browser = new_browser()
    try:
        sign_up(student, proxy.url, "ann", invitation)
        screens = reach_class_screens(browser, proxy.url, class_id)
        # The screen check (test_screen_check.py) fits these screens at every size in both languages
        # and schemes; here axe runs once per scheme, as for the training screens (test_accessibility.py).
        for scheme, size in (("light", "phone-portrait"), ("dark", "desktop")):
            set_viewport(browser, *SIZES[size])
            set_media(browser, scheme)
            for name, reach in screens.items():
                reach()
                screenshot(browser, f"{size}-{scheme}-{name}")
                overflow = browser.execute_script(
                    "return document.documentElement.scrollWidth - document.documentElement.clientWidth")
                assert overflow <= 0, f"{name} overflows by {overflow}px at {size}"
                if name == "class":
                    # The chart is drawn as wide as it is shown, in the page's colours.
                    label = browser.execute_script(CHART_LABEL)
                    assert label["fontPx"] >= 11, f"the class chart's text is {label['fontPx']:.1f} px at {size}"
                    assert label["contrast"] >= 4.5, f"the class chart's text has contrast {label['contrast']:.1f} ({scheme})"
                violations = run_axe(browser)
                assert violations == [], f"{name} ({scheme}, {size}): {violations}"
        set_media(browser, "light")
        chart_redrawn_for_its_width(browser, proxy.url, class_id)
        set_viewport(browser, *SIZES["desktop"])
        for language in ("de", "en"):
            browser.execute_script(f"""return fetch('/api/settings', {{ method: 'PUT',
                headers: {{ 'Content-Type': 'application/json' }}, body: JSON.stringify({{ language: '{language}' }}) }})""")
            # The disciplines' names come from the server's catalogue, in each language.
            names = {f"discipline.{entry['names'][language]}": entry["names"][language]
                     for entry in browser.execute_script("return fetch('/api/disciplines').then((r) => r.json())")["disciplines"]}
            patterns = matchers({**browser.execute_async_script(TABLES)[language], **names})
            for name, reach in screens.items():
                if name == "sign-in":
                    continue  # no user, so the browser's language (English) rules there
                reach()
                WebDriverWait(browser, 5).until(lambda b: b.execute_script("return document.documentElement.lang") == language)
                # The invitation code and the class's and people's names are data.
                data = {invitation, "Choir", "tess", "ann"}
                stray = [text for text in browser.execute_script(VISIBLE_TEXTS)
                         if text not in data and not DATA.match(text) and not DATE.match(text)
                         and not any(p.match(GLYPH.sub("", text)) for p in patterns)]
                assert not stray, f"{name} in {language}: texts not from the {language} table: {stray}"
    finally:
        student.quit()
        browser.quit()
