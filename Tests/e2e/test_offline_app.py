"""Peach without its server (issue 30): after one visit the page opens cold and trains with the
server stopped, in several disciplines, across a reload; every answer is stored once, with its time,
when the server is back. An upgraded server's scripts are used after one reload and replace the
kept copy. On a shared browser, answers stay their owner's and a sign-out given offline is real."""
import datetime
import os
import pathlib
import shutil
import time

import requests
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import PEACH, ClassStorage, PeachServer, until
from test_answer_queue import records_of, reserved, stored_at

# How each discipline is answered once its answers open: the screen, the test that they are open,
# and the answer (a click, or a key as a user would press it).
DISCIPLINES = {
    "pitchComparison": ("screen-comparison", "return !document.getElementById('answer-higher').disabled",
                        "document.getElementById('answer-lower').click()"),
    "pitchMatching": ("screen-pitch-matching",
                      "return document.getElementById('screen-pitch-matching').dataset.state === 'tuning'", "\n"),
    "rhythmComparison": ("screen-compare-timing", "return !document.getElementById('answer-early').disabled", "e"),
}
UPGRADED_TAGLINE = "Upgraded: the same Peach, new scripts."


def upgraded_build(directory):
    """The same peach beside web files of its own, one of them changed: to the page, a new version."""
    directory.mkdir()
    build = pathlib.Path(PEACH).parent
    binary = directory / "peach"
    os.link(PEACH, binary)
    for bundle in build.glob("*.resources"):
        if bundle.name == "Peach_PeachWeb.resources":
            shutil.copytree(bundle, directory / bundle.name)
        else:
            (directory / bundle.name).symlink_to(bundle)
    start = directory / "Peach_PeachWeb.resources" / "web" / "js" / "screens" / "start.js"
    start.write_text(start.read_text().replace("Train your ear for the smallest pitch differences.", UPGRADED_TAGLINE, 1))
    return str(binary)


def kept_copy(browser):
    """Waits until the page is controlled by a worker that keeps the app; returns its cache's names."""
    return browser.execute_async_script("""
        const done = arguments[0];
        (async () => {
          for (let tries = 0; tries < 200; tries += 1) {
            const names = await caches.keys();
            const cache = names.length === 1 ? await caches.open(names[0]) : null;
            const has = cache && await cache.match('/') && await cache.match('/js/app.js') && await cache.match('/api/disciplines');
            if (navigator.serviceWorker.controller && has) return done(names);
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
          done(await caches.keys());
        })();""")


def worker_state(browser):
    """The registration's workers (their version and state), the controller's, and each cache's entries."""
    return browser.execute_async_script("""
        const done = arguments[0];
        (async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          const describe = (worker) => worker && `${new URL(worker.scriptURL).search} ${worker.state}`;
          const kept = {};
          for (const name of await caches.keys()) kept[name] = (await (await caches.open(name)).keys()).length;
          done({ installing: describe(registration?.installing), waiting: describe(registration?.waiting),
                 active: describe(registration?.active), controller: describe(navigator.serviceWorker.controller),
                 caches: kept });
        })();""")


def status_text(browser):
    return browser.execute_script(
        "const element = document.getElementById('pending-answers'); return element.hidden ? '' : element.innerText")


def wait_status(browser, text, timeout=10):
    WebDriverWait(browser, timeout, poll_frequency=0.05).until(lambda _: status_text(browser) == text)


def train(browser, url, discipline, answers):
    """Answers `answers` trials of the discipline; returns when (wall clock) each was given."""
    screen_id, answerable, action = DISCIPLINES[discipline]
    browser.get(url + "#/train/" + discipline)
    screen = browser.find_element(By.ID, screen_id)
    given = []
    for _ in range(answers):
        until(browser, answerable)
        answered = screen.get_attribute("data-answered")
        if action.startswith("document"):
            browser.execute_script(action)
        else:
            ActionChains(browser).send_keys(action).perform()
        given.append(time.time())
        until(browser, "return arguments[0].getAttribute('data-answered') !== arguments[1]", screen, answered)
    browser.get(url + "#/")
    return given


def test_peach_opens_and_trains_offline_and_an_upgrade_replaces_its_copy(server, browser, tmp_path):
    upgraded = upgraded_build(tmp_path / "upgraded")
    # A page that never finishes loading fails the test instead of holding the run.
    browser.set_page_load_timeout(30)
    assert server.api("PUT", "settings", json={"noteDurationSeconds": 0.3, "tempoBPM": 200}).status_code == 200
    browser.get(server.url)
    first_version = server.api("GET", "health").json()["webVersion"]
    assert kept_copy(browser) == [f"peach-{first_version}"]
    # Chromium's own test of whether the app can be installed (manifest, icons, worker, secure context).
    assert browser.execute_cdp_cmd("Page.getInstallabilityErrors", {})["installabilityErrors"] == []

    # One visit: an answer in each discipline, which draws its reserve.
    online = {discipline: train(browser, server.url, discipline, 1) for discipline in DISCIPLINES}
    WebDriverWait(browser, 20, poll_frequency=0.2).until(
        lambda _: all(reserved(browser).get(f"|{discipline}", 0) >= 10 for discipline in DISCIPLINES))

    server.stop()
    browser.get("about:blank")
    browser.get(server.url)
    WebDriverWait(browser, 10).until(lambda b: b.find_element(By.ID, "screen-start").is_displayed())
    offline = {discipline: train(browser, server.url, discipline, 10) for discipline in DISCIPLINES}
    wait_status(browser, "Offline — 30 answers will be saved later")
    # A discipline never trained here has no reserve: training says so instead of stopping silently.
    browser.get(server.url + "#/train/intervalComparison")
    wait_status(browser, "No more trials until Peach can be reached\nOffline — 30 answers will be saved later")
    assert browser.find_element(By.ID, "screen-start").is_displayed()
    browser.refresh()
    WebDriverWait(browser, 10).until(lambda b: b.find_element(By.ID, "screen-start").is_displayed())
    wait_status(browser, "Offline — 30 answers will be saved later")

    # The upgraded server, on the same data: the page finds it on its own and delivers every answer.
    back = PeachServer(server.data_path, binary=upgraded).start(port=server.port)
    try:
        wait_status(browser, "", timeout=15)
        for discipline in DISCIPLINES:
            records = records_of(back, discipline)
            assert len(records) == 11, (discipline, records)
            given = online[discipline] + offline[discipline]
            for stored, answered in zip(sorted(stored_at(record) for record in records), given):
                assert abs(stored - answered) < 1.0, (discipline, stored, answered)

        # The new version's worker replaces the kept copy in the background; one reload shows the new scripts.
        second_version = back.api("GET", "health").json()["webVersion"]
        assert second_version != first_version
        try:
            WebDriverWait(browser, 90).until(lambda b: kept_copy(b) == [f"peach-{second_version}"])
        except TimeoutException:
            # CI run 23 of issue 47 timed out here once at 45 s: say where the worker stood.
            raise AssertionError(f"the worker of {second_version} never replaced the copy: {worker_state(browser)}")
        browser.refresh()
        tagline = browser.find_element(By.CSS_SELECTOR, "#screen-start .tagline")
        WebDriverWait(browser, 20).until(lambda _: tagline.text == UPGRADED_TAGLINE)
    finally:
        back.stop()
    browser.refresh()
    tagline = browser.find_element(By.CSS_SELECTOR, "#screen-start .tagline")
    WebDriverWait(browser, 10).until(lambda _: tagline.text == UPGRADED_TAGLINE)


def test_a_phone_that_only_opened_start_trains_its_first_discipline_offline(server, browser):
    """Issue 54, item 5: the first visit draws the reserve of Start's first discipline, not only a
    discipline trained here before, so a phone that was opened and never trained trains offline."""
    browser.set_page_load_timeout(30)
    assert server.api("PUT", "settings", json={"noteDurationSeconds": 0.3}).status_code == 200
    first = server.api("GET", "disciplines").json()["disciplines"][0]["id"]
    assert first in DISCIPLINES, first
    browser.get(server.url)
    WebDriverWait(browser, 10).until(lambda b: b.find_element(By.ID, "screen-start").is_displayed())
    version = server.api("GET", "health").json()["webVersion"]
    assert kept_copy(browser) == [f"peach-{version}"]
    # Only Start was opened: no answer given, yet the first discipline's reserve fills.
    WebDriverWait(browser, 20, poll_frequency=0.2).until(lambda _: reserved(browser).get(f"|{first}", 0) >= 10)
    assert records_of(server, first) == []

    server.stop()
    browser.get("about:blank")
    browser.get(server.url)
    WebDriverWait(browser, 10).until(lambda b: b.find_element(By.ID, "screen-start").is_displayed())
    given = train(browser, server.url, first, 10)
    wait_status(browser, "Offline — 10 answers will be saved later")

    server.start(port=server.port)
    wait_status(browser, "", timeout=15)
    records = records_of(server, first)
    assert len(records) == 10, records
    for stored, answered in zip(sorted(stored_at(record) for record in records), given):
        assert abs(stored - answered) < 1.0, (stored, answered)


def password(name):
    return name + "-password-1"


def records_as(server, name, discipline="pitchComparison"):
    """The user's own records, read through a session of their own."""
    session = requests.Session()
    assert session.post(server.url + "api/account/sign-in", json={"name": name, "password": password(name)},
                        timeout=10).status_code == 200
    response = session.get(server.url + f"api/records?discipline={discipline}&limit=100", timeout=10)
    response.raise_for_status()
    return response.json()["records"]


def sign_in_as(browser, url, name):
    browser.get(url + "#/sign-in")
    WebDriverWait(browser, 10).until(lambda b: b.find_element(By.ID, "screen-sign-in").is_displayed())
    for field, value in (("sign-in-name", name), ("sign-in-password", password(name))):
        browser.find_element(By.ID, field).clear()
        browser.find_element(By.ID, field).send_keys(value)
    browser.find_element(By.CSS_SELECTOR, "#sign-in-form button[type=submit]").click()
    WebDriverWait(browser, 10).until(lambda b: b.find_element(By.ID, "open-account").text == f"Signed in as {name}")


def sign_out(browser, url):
    browser.get(url + "#/account")
    WebDriverWait(browser, 10).until(lambda b: b.find_element(By.ID, "screen-account").is_displayed())
    browser.find_element(By.ID, "sign-out").click()
    WebDriverWait(browser, 10).until(lambda b: b.find_element(By.ID, "screen-sign-in").is_displayed())


def names_shown(browser):
    """Every text of the page a user can see."""
    return browser.execute_script("return document.body.innerText")


def test_on_a_shared_browser_answers_stay_their_owners_and_an_offline_sign_out_is_real(tmp_path, browser):
    storage = ClassStorage("sqlite", tmp_path)
    for name in ("ann", "bob"):
        storage.peach("users", "add", name, stdin=password(name) + "\n")
    server = storage.start_servers()[0]
    try:
        sign_in_as(browser, server.url, "ann")
        browser.execute_async_script("""
            fetch('/api/settings', { method: 'PUT', headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify({ noteDurationSeconds: 0.3 }) }).then(() => arguments[0]());""")
        ann_given = train(browser, server.url, "pitchComparison", 1)
        WebDriverWait(browser, 20, poll_frequency=0.2).until(
            lambda _: any(count >= 4 for count in reserved(browser).values()))
        ann_cookie = browser.get_cookie("peach_session")["value"]

        server.stop()
        ann_given += train(browser, server.url, "pitchComparison", 4)
        wait_status(browser, "Offline — 4 answers will be saved later")
        # Signing out offline forgets Ann at once; her answers wait for her, and the sign-out survives a reload.
        sign_out(browser, server.url)
        wait_status(browser, "Offline\n4 answers of ann's are waiting for ann to sign in")
        assert "Signed in as" not in names_shown(browser)
        browser.refresh()
        WebDriverWait(browser, 10).until(lambda b: b.find_element(By.ID, "screen-sign-in").is_displayed())

        server.start("--accounts", port=server.port)
        # Back: the page finds the server, and the sign-out goes first — Ann's session is over.
        wait_status(browser, "4 answers of ann's are waiting for ann to sign in", timeout=15)
        old_session = requests.get(server.url + "api/account", cookies={"peach_session": ann_cookie}, timeout=10)
        assert old_session.json()["user"] is None, old_session.text

        sign_in_as(browser, server.url, "bob")
        bob_given = train(browser, server.url, "pitchComparison", 2)
        wait_status(browser, "4 answers of ann's are waiting for ann to sign in")
        assert "Signed in as ann" not in names_shown(browser)
        assert len(records_as(server, "ann")) == 1, "Ann's queued answers were not sent under Bob's session"
        WebDriverWait(None, 10, poll_frequency=0.2).until(lambda _: len(records_as(server, "bob")) == 2)
        sign_out(browser, server.url)

        sign_in_as(browser, server.url, "ann")
        wait_status(browser, "")
        assert "bob" not in names_shown(browser)
        for name, given in (("ann", ann_given), ("bob", bob_given)):
            records = records_as(server, name)
            assert len(records) == len(given), (name, records)
            for stored, answered in zip(sorted(stored_at(record) for record in records), given):
                assert abs(stored - answered) < 1.0, (name, stored, answered)
    finally:
        server.stop()


def test_an_assignment_task_trains_offline_and_counts_when_its_answers_arrive(tmp_path, browser):
    """Issue 51, item 2: Start draws an open task's own reserve online; offline it still lists the
    assignment, its task trains from that reserve with the task's settings, and the answers count for
    the task once they arrive, at the time they were given."""
    storage = ClassStorage("sqlite", tmp_path)
    storage.peach("users", "add", "tess", "--teacher", stdin=password("tess") + "\n")
    storage.peach("users", "add", "ann", stdin=password("ann") + "\n")
    invitation = storage.peach("classes", "add", "Choir", "--teacher", "tess").strip().split("\t")[2]
    server = storage.start_servers()[0]
    try:
        ann = requests.Session()
        assert ann.post(server.url + "api/account/sign-in", json={"name": "ann", "password": password("ann")},
                        timeout=10).status_code == 200
        assert ann.post(server.url + "api/account/classes", json={"invitation": invitation},
                        timeout=10).status_code == 201
        storage.peach("assignments", "add", "--class", "Choir", "--title", "Week 1", "--due", "2099-01-09",
                      "--task", "pitchComparison:answers=3:noteDurationSeconds=0.3")
        [entry] = ann.get(server.url + "api/assignments", timeout=10).json()["assignments"]
        task_id = entry["assignment"]["tasks"][0]["id"]
        user_id = ann.get(server.url + "api/account", timeout=10).json()["user"]["id"]

        sign_in_as(browser, server.url, "ann")
        browser.get(server.url + "#/")
        button = f"assignment-task-{task_id}"
        WebDriverWait(browser, 10).until(lambda b: b.find_element(By.ID, button).is_displayed())
        WebDriverWait(browser, 30, poll_frequency=0.2).until(
            lambda _: reserved(browser).get(f"{user_id}|pitchComparison|{task_id}", 0) >= 3)

        server.stop()
        browser.get("about:blank")
        browser.get(server.url)
        WebDriverWait(browser, 10).until(lambda b: b.find_element(By.ID, button).is_displayed())
        assert browser.find_element(By.ID, button).text.startswith("Week 1 — Compare Pitch\n0 / 3, due ")
        browser.find_element(By.ID, button).click()
        screen = browser.find_element(By.ID, "screen-comparison")
        WebDriverWait(browser, 10).until(lambda _: screen.is_displayed())
        given = []
        for _ in range(3):
            until(browser, "return !document.getElementById('answer-higher').disabled")
            answered = screen.get_attribute("data-answered")
            browser.execute_script("document.getElementById('answer-lower').click()")
            given.append(time.time())
            until(browser, "return arguments[0].getAttribute('data-answered') !== arguments[1]", screen, answered)
        browser.get(server.url + "#/")
        wait_status(browser, "Offline — 3 answers will be saved later")

        server.start("--accounts", port=server.port)
        wait_status(browser, "", timeout=15)
        [entry] = ann.get(server.url + "api/assignments", timeout=10).json()["assignments"]
        progress = entry["progress"][0]
        assert (progress["status"], progress["answers"], entry["done"]) == ("done", 3, True), entry
        last = datetime.datetime.fromisoformat(progress["lastActivity"].replace("Z", "+00:00")).timestamp()
        assert abs(last - given[-1]) < 1.0, (progress["lastActivity"], given)
        records = records_as(server, "ann")
        assert len(records) == 3 and all(abs(stored_at(r) - g) < 1.0 for r, g in
                                         zip(sorted(records, key=stored_at), given)), records
    finally:
        server.stop()
