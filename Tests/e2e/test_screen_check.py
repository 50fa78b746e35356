"""The screen check (issue 26): every screen and state a new user meets — training and its feedback in
all eight disciplines, Sing It with a fake microphone, the Profile full and empty, Settings and its
dialogs, "Use Peach on your phone" (on loopback and on the network), the class server's sign-in (refused), a class list's student choosing their own password or following an invitation link, a student's account, a teacher's classes, class and a
student's profile, an assignment on the student's Start and its table on the teacher's (sorted too), the "answers waiting to be saved" note — at phone portrait, phone landscape,
tablet and desktop (and the note at 1000×800 and in a 1000×800 window), in English and German, light and dark, with eight
weeks of history in every discipline. Each (size, language, scheme) is one test that lists every
problem it saw (screen_check.CHECK says what is looked for) and saves every screen as
.build/screens/<size>-<language>-<scheme>-<screen>.png for a person to look at."""
import os
import pathlib
import re
import shutil
import subprocess
import sys

import pytest
import requests
from selenium import webdriver
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

from conftest import ClassStorage, LANPeach, PeachChrome, PeachServer, ROOT, chromium_options, spki_sha256, until
from screen_check import ANSWER_BOXES, CHECK, ENGLISH_WORDS, ERRORS, HELD, HOLD, PENDING, READ_ERRORS, RELEASE
from screen_history import history_csv, vague_csv
from viewport import SIZES, set_media, set_viewport

SHOTS = ROOT / ".build" / "screens"
# Where the note of waiting answers sat on Sign out (issue 26, item 5), looked at in the desktop runs:
# a 1000×800 viewport, and the viewport of a 1000×800 browser window (less ~80 px of tabs and toolbar).
SMALL_DESKTOPS = {"desktop-1000x800": (1000, 800), "desktop-1000x800-window": (1000, 720)}
TEACHER, TEACHER_PASSWORD = "tess", "teacher-pass-1"
CLASS = "Choir"
# name: (history seed, scale, training days or None for eight weeks)
STUDENTS = {
    "n.schneider-weber": (2, 1.0, None),   # much, and a long name
    "ann": (3, 0.35, None),                # some
    "tom": (4, 0.25, [1]),                 # little: one day
}
SIGNED_IN_STUDENT = "n.schneider-weber"
# A student made from a class list (issue 51, item 5), signed in with the printed one-time password,
# in a class of another teacher's (so the Choir's tables stay as they are).
HANDED_OUT_STUDENT = "lia"
# A student of the same class list's kind with an invitation link, whose page is looked at unused.
INVITED_STUDENT = "mia"
# The class's assignment (issue 51): a goal of answers and a threshold to reach, and how many answers
# each student gives inside its first task: done, in progress, not started.
ASSIGNMENT = {"title": f"{CLASS} 12", "due": "2099-01-16T12:00:00Z", "tasks": [
    {"discipline": "pitchComparison", "answers": 4}, {"discipline": "intervalComparison", "threshold": 20}]}
ASSIGNMENT_ANSWERS = {"ann": 4, "n.schneider-weber": 2, "tom": 0}
# Proper names a German page may show as they are.
NAMES = ["Peach", CLASS, TEACHER, *STUDENTS, HANDED_OUT_STUDENT, INVITED_STUDENT]
A3 = 220.0

ALL_COMBINATIONS = [(size, language, scheme)
                    for size in SIZES for language in ("en", "de") for scheme in ("light", "dark")]
# Eight of the sixteen cover every pair (size and language, size and scheme, language and scheme):
# each size in both languages and both schemes, the language/scheme pairing alternating from size to
# size. A layout bug needs one of those pairs to show; PEACH_SCREEN_CHECK=all runs the sixteen.
PAIRWISE = [(size, language, scheme)
            for index, size in enumerate(SIZES)
            for language, scheme in ((("en", "light"), ("de", "dark")) if index % 2 == 0
                                     else (("en", "dark"), ("de", "light")))]
COMBINATIONS = ALL_COMBINATIONS if os.environ.get("PEACH_SCREEN_CHECK") == "all" else PAIRWISE


def password(name):
    return f"{name}-password-1"


def imported(session, url, csv):
    response = session.post(url + "api/import?mode=merge", data=csv.encode(), headers={"Content-Type": "text/csv"},
                            timeout=120)
    assert response.status_code == 200, response.text
    return response.json()


class World:
    """What every combination looks at: one person's Peach with eight weeks of everything, twice — a
    reader (Start, Profile, Settings: never trained on, so its profile is worked out once) and a
    trainer (every training screen answers there) — and a class server (SQLite class files) with a
    teacher, the class and three students of their own histories, each imported through /api/import
    as that user."""

    def __init__(self, directory):
        reader = directory / "reader.sqlite"
        self.reader = PeachServer(reader).start()
        imported(requests.Session(), self.reader.url, history_csv(1))
        # The trainer starts from a copy of the same file (a stopped server leaves it whole).
        self.reader.stop()
        for suffix in ("", "-wal", "-shm"):
            if pathlib.Path(f"{reader}{suffix}").exists():
                shutil.copy(f"{reader}{suffix}", f"{directory / 'trainer.sqlite'}{suffix}")
        self.reader.start()
        self.trainer = PeachServer(directory / "trainer.sqlite").start()
        # Someone whose answers place their threshold only within more than ×10: the Profile says why
        # it states none (issue 49).
        self.vague = PeachServer(directory / "vague.sqlite").start()
        imported(requests.Session(), self.vague.url, vague_csv())

        (directory / "class").mkdir()
        storage = ClassStorage("sqlite", directory / "class")
        storage.peach("users", "add", TEACHER, "--teacher", stdin=TEACHER_PASSWORD + "\n")
        class_id, _, invitation = storage.peach("classes", "add", CLASS, "--teacher", TEACHER).strip().split("\t")
        self.class_id = int(class_id)
        self.site = storage.start_servers()[0]
        self.sessions = {}
        for name, (seed, scale, days) in STUDENTS.items():
            session = requests.Session()
            response = session.post(self.site.url + "api/account/sign-up", timeout=30,
                                    json={"name": name, "password": password(name), "invitation": invitation})
            assert response.status_code in (200, 201), response.text
            imported(session, self.site.url, history_csv(seed, scale=scale, training_days=days))
            self.sessions[name] = session
        # A second class of the same teacher: two students who do not have a password of their own yet.
        self.band_id = int(storage.peach("classes", "add", "Band", "--teacher", TEACHER).split("\t")[0])
        roster = directory / "roster.csv"
        roster.write_text(f"name\n{HANDED_OUT_STUDENT}\n")
        printed = storage.peach("classes", "import", roster, "--class", "Band").splitlines()[1].split("\t")[1]
        invited = directory / "invited.csv"
        invited.write_text(f"name\n{INVITED_STUDENT}\n")
        link = storage.peach("classes", "import", invited, "--class", "Band", "--invite",
                             "https://peach.school.example/").splitlines()[1].split("\t")[1]
        # Never followed here: the page it opens is looked at, the link stays unused.
        self.invitation_token = link.rsplit("/", 1)[1]
        # Kept apart from `sessions`: until the password is changed, the server refuses its settings.
        self.handed_out = requests.Session()
        response = self.handed_out.post(self.site.url + "api/account/sign-in", timeout=30,
                                        json={"name": HANDED_OUT_STUDENT, "password": printed})
        assert response.status_code == 200 and response.json()["user"]["mustChangePassword"], response.text
        teacher = requests.Session()
        response = teacher.post(self.site.url + "api/account/sign-in", timeout=30,
                                json={"name": TEACHER, "password": TEACHER_PASSWORD})
        assert response.status_code == 200, response.text
        self.sessions[TEACHER] = teacher
        students = teacher.get(self.site.url + f"api/classes/{self.class_id}", timeout=30).json()["students"]
        self.student_ids = {student["name"]: student["id"] for student in students}
        response = teacher.post(self.site.url + f"api/classes/{self.class_id}/assignments", json=ASSIGNMENT, timeout=30)
        assert response.status_code == 201, response.text
        task = response.json()["assignment"]["tasks"][0]["id"]
        for name, count in ASSIGNMENT_ANSWERS.items():
            for _ in range(count):
                trial = self.sessions[name].post(self.site.url + "api/trials", timeout=30,
                                                 json={"discipline": "pitchComparison", "task": task})
                assert trial.status_code == 201 and trial.json()["task"] == task, trial.text
                answer = self.sessions[name].post(self.site.url + f"api/trials/{trial.json()['id']}/answer",
                                                  json={"answer": "higher"}, timeout=30)
                assert answer.status_code == 200, answer.text

        # Peach serving the network, its name announced: the phone page with the whole guide.
        self.lan = LANPeach(directory / "lan")

        # A steady singer at the note Sing It asks for (A3), as the fake microphone.
        self.singer = str(directory / "singer-a3.wav")
        subprocess.run([sys.executable, str(ROOT / "scripts" / "make_voice_fixtures.py"), "--singer", str(A3), "30",
                        self.singer], check=True)

    def token(self, name):
        """`name`'s session on the class server: the browser takes it over instead of signing in again."""
        session = self.handed_out if name == HANDED_OUT_STUDENT else self.sessions[name]
        return session.cookies.get("peach_session")

    def speak(self, language):
        """Everyone's language; short notes and a fast tempo on the trainer, to stay quick."""
        for server, extra in ((self.reader, {}), (self.vague, {}), (self.lan, {}), (self.trainer, {
                "noteDurationSeconds": 0.3, "tempoBPM": 200, "soundSource": "sine", "pitchNeedle": True,
                "voiceRangeLower": 57, "voiceRangeUpper": 57, "melodyShortest": 2, "melodyLongest": 2})):
            response = server.api("PUT", "settings", json={"language": language, **extra})
            assert response.status_code == 200, response.text
        for name, session in self.sessions.items():
            response = session.put(self.site.url + "api/settings", json={"language": language}, timeout=30)
            assert response.status_code == 200, (name, response.text)

    def stop(self):
        self.lan.stop()
        self.site.stop()
        self.trainer.stop()
        self.vague.stop()
        self.reader.stop()


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    made = World(tmp_path_factory.mktemp("screen-check"))
    yield made
    made.stop()


@pytest.fixture(scope="module")
def shared_browser(world):
    """One Chromium per worker for every combination (each test sets its language, scheme and size),
    with a fake microphone singing A3, allowed or refused per origin as the test needs."""
    options = chromium_options()
    # The LAN Peach's certificate is trusted as a phone that installed Peach's CA trusts it.
    for argument in ("--use-fake-device-for-media-stream", f"--use-file-for-fake-audio-capture={world.singer}",
                     f"--ignore-certificate-errors-spki-list={spki_sha256(world.lan.certificate)}"):
        options.add_argument(argument)
    driver = PeachChrome(options=options,
                              service=Service(executable_path=shutil.which("chromedriver") or "/usr/bin/chromedriver"))
    driver.set_script_timeout(60)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": ERRORS})
    yield driver
    driver.quit()


class Run:
    """One combination: walks every screen, saves it, and collects what the check finds."""

    def __init__(self, world, browser, size, language, scheme):
        self.world, self.browser = world, browser
        self.size, self.language, self.scheme = size, language, scheme
        self.width, self.height = SIZES[size]
        self.problems = []

    # Looking.

    def look(self, name, size=None, scroll_end=False):
        """Saves the screen and runs the check on it; `size`: one of SMALL_DESKTOPS, set by the caller."""
        width, height = SMALL_DESKTOPS[size] if size else (self.width, self.height)
        label = f"{name} at {size}" if size else name
        size = size or self.size
        lang = "return document.documentElement.lang"
        try:
            WebDriverWait(self.browser, 3).until(lambda b: b.execute_script(lang) == self.language)
        except Exception:  # noqa: BLE001 - reported, and the screen is still looked at
            self.problems.append(f"{name}: the page never turned {self.language} (lang={self.browser.execute_script(lang)})")
        if scroll_end:
            self.browser.execute_script("window.scrollTo(0, document.documentElement.scrollHeight)")
        SHOTS.mkdir(parents=True, exist_ok=True)
        self.browser.save_screenshot(str(SHOTS / f"{size}-{self.language}-{self.scheme}-{name}.png"))
        found = self.browser.execute_async_script(
            CHECK, width, height, {"language": self.language, "englishWords": ENGLISH_WORDS, "names": NAMES})
        self.problems.extend(f"{label}: {problem}" for problem in found)
        # (i) What the page logged as an error since the last look (a fresh load starts a new list).
        errors = self.browser.execute_script(READ_ERRORS)
        if errors:
            self.problems.append(f"{label}: (i) errors in the console: " + "; ".join(dict.fromkeys(errors)))

    def answers_stay(self, name, before):
        """(j) The answer controls where they were when the trial opened them: feedback moves none."""
        after = self.browser.execute_script(ANSWER_BOXES)
        moved = [f"{key} {before[key]} → {after[key]}" for key in before if key in after and before[key] != after[key]]
        if moved:
            self.problems.append(f"{name}-feedback: (j) answer controls moved between the trial and its feedback: "
                                 + "; ".join(moved[:5]))

    def step(self, name, reach):
        """Runs one screen's steps; a screen that cannot be reached is a problem too, and the walk goes on."""
        try:
            reach()
        except Exception as error:  # noqa: BLE001 - every failure is reported, none stops the walk
            message = str(error).strip().splitlines()[0] if str(error).strip() else ""
            self.problems.append(f"{name}: could not be reached or looked at: {type(error).__name__} {message}"[:300])
            try:
                self.browser.execute_script(RELEASE)
            except Exception:  # noqa: BLE001
                pass

    # Page helpers.

    def wait(self, script, timeout=10):
        until(self.browser, script, timeout=timeout)

    def shown(self, screen_id, timeout=10):
        self.wait(f"const e = document.getElementById('{screen_id}'); return e && !e.hidden", timeout)

    def load(self, server, hash_):
        """A fresh load straight at `hash_` (who is signed in and their language are read at load)."""
        self.browser.get("about:blank")
        self.browser.get(server.url + hash_)

    def go(self, hash_, screen_id):
        """To `hash_` in the page as it is, through Settings (a training screen left and entered afresh)."""
        self.browser.execute_script("location.hash = '#/settings'")
        self.shown("screen-settings")
        self.browser.execute_script("location.hash = arguments[0]", hash_)
        self.shown(screen_id)

    def enabled(self, element_id, timeout=10):
        # A screen may build its buttons with its first trial (Scale Degrees): absent is not yet enabled.
        self.wait(f"const element = document.getElementById('{element_id}'); return !!element && !element.disabled", timeout)

    def state(self, screen_id, value, timeout=10):
        self.wait(f"return document.getElementById('{screen_id}').dataset.state === '{value}'", timeout)

    def visible(self, element_id):
        return self.browser.find_element(By.ID, element_id).is_displayed()

    def hold(self, what, element_id, value, suspend=False):
        """From when `element_id`'s class has `value` (what='class') or its data-`what` is `value`, the
        page's audio clock stands still (screen_check.HOLD)."""
        self.browser.execute_async_script(HOLD, what, element_id, value, suspend)

    def held(self, timeout=10):
        until(self.browser, HELD, timeout=timeout)

    def release(self):
        self.browser.execute_script(RELEASE)

    def tap(self, element):
        """Taps the element's centre (an SVG dot has no box of its own). Pointer actions take visual-viewport
        coordinates: where the page is wider than the screen, the visual viewport is moved within the layout's."""
        x, y = self.browser.execute_script("""
            arguments[0].scrollIntoView({block: 'center'});
            const box = arguments[0].getBoundingClientRect(), view = visualViewport;
            return [(box.left + box.width / 2 - view.offsetLeft) * view.scale, (box.top + box.height / 2 - view.offsetTop) * view.scale];""",
                                           element)
        actions = ActionChains(self.browser)
        actions.w3c_actions.pointer_action.move_to_location(round(x), round(y)).click()
        actions.perform()

    def microphone(self, server, setting):
        self.browser.execute_cdp_cmd("Browser.setPermission", {
            "permission": {"name": "microphone"}, "setting": setting, "origin": server.url.rstrip("/")})

    def signed_in(self, name):
        """The browser's session on the class server: `name`'s, or none."""
        url = self.world.site.url
        self.browser.execute_cdp_cmd("Network.deleteCookies", {"name": "peach_session", "url": url})
        if name:
            self.browser.execute_cdp_cmd("Network.setCookie", {"name": "peach_session", "value": self.world.token(name),
                                                                "url": url, "path": "/"})

    def fetch_json(self, path):
        return self.browser.execute_async_script("""
            const [path, done] = arguments;
            fetch(path).then(async (r) => done({ status: r.status, body: await r.json().catch(() => null) }),
                             (e) => done({ status: 0, body: String(e) }));""", path)

    def check_interval_percentages(self, name, api_base):
        """(e) The interval table prints the fitted level as the API states it: 0.75 is "75 %"."""
        answer = self.fetch_json(f"/api/{api_base}/intervals")
        entries = answer["body"]["intervals"] if answer["status"] == 200 else []
        fitted = [(index, entry) for index, entry in enumerate(entries) if entry.get("threshold") is not None]
        if not fitted:
            self.problems.append(f"{name}: (e) no interval has a fitted threshold, so its percentage goes unchecked "
                                 f"(GET {api_base}/intervals: {answer['status']})")
            return
        rows = self.browser.execute_script(
            "return [...document.querySelectorAll('#interval-profile-body tr')].map((row) => row.innerText)")
        wrong = []
        for index, entry in fitted:
            fraction = entry["percentCorrect"]
            expected = round(fraction * 100) if fraction <= 1 else round(fraction)
            text = " ".join(rows[index].split()) if index < len(rows) else "(no row)"
            if not re.search(rf"(?<![\d.,]){expected}\s?%", text):
                wrong.append(f"{text!r} should say {expected} % (percentCorrect {fraction})")
        if wrong:
            self.problems.append(f"{name}: (e) the interval table's fitted level is wrong in {len(wrong)} of "
                                 f"{len(fitted)} rows: " + "; ".join(wrong))

    # The walk.

    def run(self):
        browser = self.browser
        set_media(browser, self.scheme)
        set_viewport(browser, self.width, self.height)
        user_agent = browser.execute_script("return navigator.userAgent")
        tag = "de-DE" if self.language == "de" else "en-US"
        # The browser's own language: what a page without a signed-in user follows.
        browser.execute_cdp_cmd("Emulation.setUserAgentOverride", {"userAgent": user_agent, "acceptLanguage": f"{tag},{self.language}"})
        browser.execute_cdp_cmd("Emulation.setLocaleOverride", {"locale": tag})
        self.world.speak(self.language)
        for name, reach in [*self.reader_screens(), *self.trainer_screens(), *self.class_screens()]:
            self.step(name, reach)
        self.signed_in(None)
        return self.problems

    def reader_screens(self):
        browser, server = self.browser, self.world.reader

        def start():
            self.load(server, "#/")
            self.shown("screen-start")
            # Every profile card's sparklines drawn (the reader's profile is worked out on its first visit).
            self.wait("const boxes = [...document.querySelectorAll('.sparkline-box')].filter((b) => b.getClientRects().length);"
                      " return boxes.length > 0 && boxes.every((b) => b.querySelector('svg'))", timeout=30)
            self.look("start")

        def info():
            browser.find_element(By.ID, "open-info").click()
            self.wait("return document.getElementById('info-version').textContent !== ''")
            self.look("info")
            browser.find_element(By.ID, "info-close").click()

        def settings():
            browser.execute_script("location.hash = '#/settings'")
            self.shown("screen-settings")
            self.wait("return document.getElementById('value-noteRangeLower').textContent !== ''")
            self.look("settings")
            browser.find_element(By.ID, "reset-training-data").click()
            WebDriverWait(browser, 5).until(lambda _: self.visible("reset-dialog"))
            self.look("reset-dialog")
            browser.find_element(By.ID, "reset-cancel").click()

        def profile():
            browser.execute_script("location.hash = '#/profile'")
            self.shown("screen-profile")
            self.wait("return document.querySelector('#profile-chart svg .dot') !== null"
                      " && document.querySelectorAll('#interval-profile-body tr').length > 0"
                      " && !document.getElementById('matching-stats').hidden"
                      " && !document.getElementById('rhythm-comparison').hidden", timeout=30)
            self.look("profile")
            self.check_interval_percentages("profile", "profile")
            # How far the threshold moved (issue 49), in the screen's language.
            change = browser.find_element(By.ID, "profile-change").text
            assert self.visible("profile-change") and change, f"{self.language}: no change sentence"
            assert ("answers" in change) == (self.language == "en"), f"{self.language}: {change!r}"
            # The trend is that change's direction, over its span (issue 49): the statistics, and the
            # intervals table with its reasons, in the screen's language.
            browser.execute_script("document.getElementById('profile-stats').scrollIntoView({block: 'center'})")
            self.look("profile-stats")
            trend = browser.find_element(By.ID, "profile-trend").text
            assert trend.endswith({"en": " answers", "de": " Antworten"}[self.language]), f"{self.language}: {trend!r}"

        def popup():
            dots = browser.find_elements(By.CSS_SELECTOR, "#profile-chart svg .dot")
            self.tap(dots[-1])
            WebDriverWait(browser, 3).until(lambda _: self.visible("profile-popup"))
            self.look("profile-popup")

        def no_threshold():
            # Answers that place the threshold only within more than ×10: the reason, in the language.
            self.load(self.world.vague, "#/profile")
            self.shown("screen-profile")
            self.wait("return document.getElementById('profile-threshold-note').textContent !== ''"
                      " && document.querySelector('#profile-chart svg') !== null")
            self.look("profile-no-threshold")
            note = browser.find_element(By.ID, "profile-threshold-note").text
            assert not self.visible("profile-threshold"), f"{self.language}: a threshold shown"
            assert note.startswith({"en": "No threshold yet: the newest 20 answers place it only between ",
                                    "de": "Noch keine Schwelle: Die neuesten 20 Antworten legen sie nur zwischen "}
                                   [self.language]), f"{self.language}: {note!r}"
            # The period without a threshold has a mark whose popup says why (issue 49).
            self.tap(browser.find_element(By.CSS_SELECTOR, "#profile-chart svg .gap"))
            WebDriverWait(browser, 3).until(lambda _: self.visible("profile-popup"))
            self.look("profile-no-threshold-popup")
            popup = browser.find_element(By.ID, "profile-popup").text
            assert {"en": "No threshold: ", "de": "Keine Schwelle: "}[self.language] in popup, f"{self.language}: {popup!r}"

        def phone_loopback():
            # This Peach serves loopback only: the page says so, and how to serve the network.
            browser.execute_script("location.hash = '#/phone'")
            self.shown("screen-phone")
            WebDriverWait(browser, 5).until(lambda _: self.visible("phone-loopback"))
            self.look("phone-loopback")

        def phone():
            # On the network: the address as a QR code and as text, trusting the CA, the home screen.
            self.load(self.world.lan, "#/phone")
            self.shown("screen-phone")
            self.wait("return document.querySelector('#phone-code svg') !== null"
                      " && !document.getElementById('phone-trust').hidden")
            self.look("phone")
            browser.execute_script("document.getElementById('phone-trust').scrollIntoView()")
            self.look("phone-trust")
            self.look("phone-end", scroll_end=True)

        return [("start", start), ("info", info), ("settings", settings), ("phone-loopback", phone_loopback),
                ("profile", profile), ("profile-popup", popup), ("profile-no-threshold", no_threshold),
                ("phone", phone)]

    def trainer_screens(self):
        browser, server = self.browser, self.world.trainer

        def two_buttons(name, hash_, screen_id, first, answer, feedback, label=None):
            def walk():
                self.go(hash_, screen_id)
                self.enabled(first)
                if label:
                    self.wait(f"return document.getElementById('{label}').textContent !== ''")
                self.look(name)
                before = browser.execute_script(ANSWER_BOXES)
                self.hold("class", feedback, "visible")
                browser.execute_script(f"document.getElementById('{answer}').click()")
                self.held()
                self.look(f"{name}-feedback")
                self.answers_stay(name, before)
                self.release()
            return walk

        def pitch_matching():
            self.go("#/pitch-matching", "screen-pitch-matching")
            self.state("screen-pitch-matching", "tuning")
            self.look("pitch-matching")
            self.hold("class", "pitch-matching-feedback", "visible")
            browser.find_element(By.ID, "pitch-slider").send_keys(Keys.PAGE_UP, Keys.ENTER)
            self.held()
            self.look("pitch-matching-feedback")
            self.release()

        def piano():
            server.api("PUT", "settings", json={"soundSource": "piano"})
            try:
                self.go("#/pitch-matching", "screen-pitch-matching")
                self.state("screen-pitch-matching", "tuning")
                WebDriverWait(browser, 5).until(lambda _: self.visible("pitch-matching-sound"))
                self.look("pitch-matching-piano")
            finally:
                server.api("PUT", "settings", json={"soundSource": "sine"})

        def interval_matching():
            self.go("#/interval-matching", "screen-pitch-matching")
            self.state("screen-pitch-matching", "tuning")
            self.look("interval-matching")

        def singing():
            self.microphone(server, "prompt")
            self.go("#/singing", "screen-singing")
            self.state("screen-singing", "permission")
            self.look("singing-permission")
            self.microphone(server, "granted")
            # Held while it listens: the clock stands still, but the context runs (a suspended context
            # ends training, as a phone call would), so the look is taken before the note is held long enough…
            self.hold("state", "screen-singing", "singing")
            browser.find_element(By.ID, "singing-allow").click()
            self.held(15)
            self.look("singing")
            # …then the singer is heard, holds the note, and the feedback is held.
            self.hold("class", "singing-feedback", "visible")
            self.held(20)
            self.look("singing-feedback")
            self.release()

        def interval_singing():
            # Sing Intervals is Sing It's screen with the interval shown (the microphone is allowed by now).
            self.microphone(server, "granted")
            self.hold("state", "screen-singing", "singing")
            self.go("#/train/intervalSinging", "screen-singing")
            self.held(15)
            self.look("interval-singing")
            self.release()

        def singing_denied():
            self.microphone(server, "denied")
            self.go("#/singing", "screen-singing")
            self.state("screen-singing", "permission")
            browser.find_element(By.ID, "singing-allow").click()
            self.state("screen-singing", "denied")
            self.look("singing-denied")
            self.microphone(server, "prompt")

        def fill_the_gap():
            self.go("#/fill-the-gap", "screen-fill-the-gap")
            self.state("screen-fill-the-gap", "playing")
            self.look("fill-the-gap")
            WebDriverWait(browser, 20, poll_frequency=0.1).until(lambda _: self.visible("fill-the-gap-result"))
            self.look("fill-the-gap-result")

        def play_it_back():
            # Two-note melodies (speak() sets them): the walk waits for the cadence and the melody.
            press = ("document.querySelector('#melody-piano .piano-key').dispatchEvent("
                     "new PointerEvent('pointerdown', { bubbles: true, button: 0 }))")
            self.go("#/train/melodicDictation", "screen-melody")
            self.wait("const piano = document.getElementById('melody-piano');"
                      " return piano.children.length > 0 && !piano.classList.contains('closed')")
            browser.execute_script(press)
            self.wait("return !document.getElementById('melody-undo').disabled")
            self.look("play-it-back")
            self.hold("class", "melody-feedback", "visible")
            browser.execute_script(press)
            self.held()
            self.look("play-it-back-feedback")
            self.release()

        def chord_progressions():
            # The first trial offers I, IV and V, three chords long: the walk names the first, looks,
            # then names the other two and looks at the feedback.
            tap = "document.getElementById('answer-numerals-I').click()"
            self.go("#/train/chordProgression", "screen-numerals")
            self.wait("const button = document.getElementById('answer-numerals-I');"
                      " return button !== null && !button.disabled")
            browser.execute_script(tap)
            self.wait("return !document.getElementById('numerals-undo').disabled")
            self.look("chord-progressions")
            self.hold("class", "numerals-feedback", "visible")
            browser.execute_script(tap + ";" + tap)
            self.held()
            self.look("chord-progressions-feedback")
            self.release()

        def calibration():
            self.go("#/calibration", "screen-calibration")
            self.look("calibration")

        def begin():
            self.load(server, "#/settings")
            self.shown("screen-settings")

        return [
            ("trainer", begin),
            ("training", two_buttons("training", "#/training", "screen-comparison", "answer-higher", "answer-higher",
                                     "comparison-feedback")),
            ("interval-training", two_buttons("interval-training", "#/interval-training", "screen-comparison",
                                              "answer-higher", "answer-higher", "comparison-feedback",
                                              label="comparison-interval")),
            ("measure", two_buttons("measure", "#/train/pitchMeasurement", "screen-comparison", "answer-higher",
                                    "answer-higher", "comparison-feedback", label="measurement-progress")),
            ("pitch-matching", pitch_matching), ("pitch-matching-piano", piano), ("interval-matching", interval_matching),
            ("singing", singing), ("interval-singing", interval_singing), ("singing-denied", singing_denied),
            ("compare-timing", two_buttons("compare-timing", "#/compare-timing", "screen-compare-timing", "answer-early",
                                           "answer-late", "compare-timing-feedback")),
            ("measure-timing", two_buttons("measure-timing", "#/train/timingMeasurement", "screen-compare-timing",
                                           "answer-early", "answer-late", "compare-timing-feedback",
                                           label="timing-measurement-progress")),
            ("fill-the-gap", fill_the_gap), ("calibration", calibration),
            ("which-voice", two_buttons("which-voice", "#/train/chordIntonation", "screen-chord-voice", "answer-voice-middle",
                                        "answer-voice-middle", "chord-voice-feedback", label="chord-voice-chord")),
            ("scale-degrees", two_buttons("scale-degrees", "#/train/scaleDegree", "screen-degree", "answer-degree-1",
                                          "answer-degree-1", "degree-feedback", label="degree-key")),
            ("chord-quality", two_buttons("chord-quality", "#/train/chordQuality", "screen-quality", "answer-quality-major",
                                          "answer-quality-major", "quality-feedback", label="quality-voicing")),
            ("play-it-back", play_it_back), ("chord-progressions", chord_progressions),
            ("common-progressions", two_buttons("common-progressions", "#/train/commonProgression", "screen-progression",
                                                "answer-progression-I-IV-V-I", "answer-progression-I-IV-V-I",
                                                "progression-feedback", label="progression-key")),
        ]

    def class_screens(self):
        browser, site = self.browser, self.world.site
        class_id = self.world.class_id

        def sign_in_refused():
            self.signed_in(None)
            self.load(site, "#/sign-in")
            self.shown("screen-sign-in")
            for element_id, value in (("sign-in-name", f"guest-{self.size}-{self.language}-{self.scheme}"),
                                      ("sign-in-password", "not-the-password")):
                browser.find_element(By.ID, element_id).send_keys(value)
            browser.find_element(By.CSS_SELECTOR, "#sign-in-form button[type=submit]").click()
            self.wait("return document.getElementById('sign-in-status').textContent !== ''")
            self.look("sign-in-refused")

        def own_password():
            # After a reload the page no longer holds the printed password: it asks for it too.
            self.signed_in(HANDED_OUT_STUDENT)
            self.load(site, "#/")
            self.shown("screen-own-password")
            self.wait("return !document.getElementById('own-password-given-field').hidden")
            self.look("own-password")

        def invitation():
            self.signed_in(None)
            self.load(site, f"#/invitation/{self.world.invitation_token}")
            self.shown("screen-invitation")
            self.wait("return !document.getElementById('invitation-form').hidden")
            self.look("invitation")

        def student():
            self.signed_in(SIGNED_IN_STUDENT)
            self.load(site, "#/")
            self.shown("screen-start")
            self.wait("return document.getElementById('open-account').textContent !== ''"
                      " && document.querySelectorAll('#sparkline-pitchComparison svg').length === 1"
                      f" && document.querySelectorAll('#start-assignments .assignment-task').length === {len(ASSIGNMENT['tasks'])}")
            self.look("student-start")
            browser.execute_script("document.getElementById('start-assignments').scrollIntoView()")
            self.look("student-start-assignments")
            browser.execute_script("location.hash = '#/account'")
            self.shown("screen-account")
            self.wait("return document.querySelectorAll('#account-classes li').length > 0")
            self.look("student-account")
            # A mistyped class code: the server's refusal, in the page's language.
            browser.find_element(By.ID, "join-invitation").send_keys("NO-SUCH-CODE")
            browser.find_element(By.CSS_SELECTOR, "#join-form button[type=submit]").click()
            self.wait("return document.getElementById('join-status').textContent !== ''")
            self.look("student-account-join-refused")

        def pending():
            # Three answers that cannot reach the server (the trial routes are blocked) wait in the queue.
            browser.execute_cdp_cmd("Network.enable", {})
            browser.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/api/trials/*"]})
            note = "!document.getElementById('pending-answers').hidden"
            try:
                assert browser.execute_async_script(PENDING, 3) is True
                self.load(site, "#/")
                self.shown("screen-start")
                self.wait(f"return {note} && document.querySelectorAll('#sparkline-pitchComparison svg').length === 1")
                self.look("pending-start")
                browser.execute_script("location.hash = '#/account'")
                self.shown("screen-account")
                self.wait(f"return {note} && document.querySelectorAll('#account-classes li').length > 0")
                self.look("pending-account")
                if self.size == "desktop":
                    try:
                        for size, (width, height) in SMALL_DESKTOPS.items():
                            set_viewport(browser, width, height)
                            self.wait(f"return {note} && window.innerWidth === {width} && window.innerHeight === {height}")
                            self.look("pending-account", size=size)
                    finally:
                        set_viewport(browser, self.width, self.height)
            finally:
                browser.execute_async_script(PENDING, 0)
                browser.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})

        def teacher():
            self.signed_in(TEACHER)
            self.load(site, "#/classes")
            # The device keeps a table's sort (an earlier combination sorted this one): by name again.
            browser.execute_script("localStorage.removeItem('peach.assignmentSorts')")
            browser.refresh()
            self.shown("screen-classes")
            self.wait("return document.querySelectorAll('#classes-list a').length > 0")
            self.look("classes")
            browser.find_element(By.CSS_SELECTOR, f"#classes-list a[href='#/classes/{class_id}']").click()
            self.shown("screen-class")
            # The rows with their figures (a row still being prepared fills in by itself within seconds).
            self.wait(f"return document.querySelectorAll('#class-students-body tr').length === {len(STUDENTS)}"
                      " && !document.querySelector('#class-students-body td.preparing, #class-students-body .updating')"
                      " && document.querySelector('#class-chart svg') !== null")
            self.look("class")
            # The assignment's table, by name at first, then by its first task (least far first).
            self.wait(f"return document.querySelectorAll('.assignment-table tbody tr').length === {len(ASSIGNMENT_ANSWERS)}")
            browser.execute_script("document.getElementById('class-assignments').scrollIntoView()")
            self.look("class-assignments")
            browser.execute_script("document.querySelector('.assignment-table .sort-button[data-column=\"task-0\"]').click()")
            self.wait("return document.querySelector('.assignment-table th[aria-sort=\"ascending\"] [data-column=\"task-0\"]') !== null")
            browser.execute_script("document.getElementById('class-assignments').scrollIntoView()")
            self.look("class-assignments-sorted")
            order = browser.execute_script(
                "return [...document.querySelectorAll('.assignment-table tbody th')].map((th) => th.textContent)")
            expected = sorted(ASSIGNMENT_ANSWERS, key=lambda name: (ASSIGNMENT_ANSWERS[name], name))
            if order != expected:
                self.problems.append(f"class-assignments-sorted: rows {order}, by the first task {expected}")
            # A new assignment with a task of its own settings, refused for a note range too narrow:
            # the form's fields, and the server's reason said in the page's language.
            browser.find_element(By.ID, "assignment-title").send_keys("Week 7")
            browser.execute_script("document.getElementById('assignment-due').value = '2099-03-06';")
            task = browser.find_element(By.CSS_SELECTOR, "#assignment-tasks li")
            Select(task.find_element(By.CSS_SELECTOR, ".task-discipline")).select_by_value("intervalComparison")
            task.find_element(By.CSS_SELECTOR, ".task-with-settings").click()
            self.wait("return document.querySelector('#assignment-tasks .task-setting[data-setting=noteRangeLower]') !== null")
            Select(task.find_element(By.CSS_SELECTOR, ".task-setting[data-setting=noteRangeLower]")).select_by_value("100")
            browser.execute_script("document.getElementById('assignment-tasks').scrollIntoView()")
            self.look("class-assignment-form")
            browser.find_element(By.ID, "assignment-create").click()
            self.wait("return document.getElementById('assignment-status').textContent !== ''")
            browser.execute_script("document.getElementById('assignment-status').scrollIntoView({block: 'center'})")
            self.look("class-assignment-refused")

        def band():
            # Who has not chosen a password of their own yet is marked under their name.
            browser.execute_script(f"location.hash = '#/classes/{self.world.band_id}'")
            self.shown("screen-class")
            self.wait("return document.querySelectorAll('#class-students-body .password-mark').length === 2"
                      " && !document.querySelector('#class-students-body td.preparing, #class-students-body .updating')"
                      " && document.querySelector('#class-chart svg') !== null")
            self.look("class-password-marks")

        def student_profile():
            student_id = self.world.student_ids[SIGNED_IN_STUDENT]
            browser.execute_script(f"location.hash = '#/classes/{class_id}'")
            link = f"#class-students-body a[href$='/students/{student_id}']"
            self.wait(f"return document.querySelector(\"{link}\") !== null")
            browser.find_element(By.CSS_SELECTOR, link).click()
            self.shown("screen-profile")
            self.wait("return document.querySelector('#profile-chart svg .dot') !== null"
                      " && document.querySelectorAll('#interval-profile-body tr').length > 0")
            self.look("student-profile")
            self.check_interval_percentages("student-profile", f"classes/{class_id}/students/{student_id}/profile")

        def profile_empty():
            # The teacher has trained nothing: their own Profile is the empty one.
            browser.execute_script("location.hash = '#/profile'")
            self.wait("return !document.getElementById('profile-empty').hidden")
            self.look("profile-empty")

        return [("sign-in-refused", sign_in_refused), ("own-password", own_password), ("invitation", invitation),
                ("student", student),
                ("pending", pending),
                ("teacher", teacher), ("band", band), ("student-profile", student_profile), ("profile-empty", profile_empty)]


@pytest.mark.parametrize("size,language,scheme", COMBINATIONS, ids=["-".join(c) for c in COMBINATIONS])
def test_every_screen_reads_right(world, shared_browser, size, language, scheme):
    problems = Run(world, shared_browser, size, language, scheme).run()
    assert not problems, (f"{len(problems)} problems at {size}, {language}, {scheme} "
                          f"(screens in {SHOTS}/{size}-{language}-{scheme}-*.png):\n" + "\n".join(problems))


def test_the_check_finds_each_new_kind_it_looks_for(world, shared_browser):
    """The four kinds added for issue 48 can fail: a squeezed sparkline, a key the tables lack, an error
    in the console and an answer button moved by a line that wrapped, each planted in a real screen."""
    browser = shared_browser
    set_media(browser, "light")
    set_viewport(browser, 390, 844)
    world.speak("en")
    run = Run(world, browser, "phone-portrait", "en", "light")
    run.load(world.reader, "#/")
    run.shown("screen-start")
    run.wait("return [...document.querySelectorAll('.sparkline-box')].some((b) => b.querySelector('svg'))", timeout=30)
    browser.execute_script("""
        const box = [...document.querySelectorAll('.sparkline-box')].find((b) => b.querySelector('svg'));
        box.style.width = '20px';
        document.getElementById('start-title').dataset.i18n = 'start.noSuchKey';
        console.error('planted error');""")
    run.look("planted")
    found = "\n".join(run.problems)
    assert "(g) sparklines under 60 px wide" in found and "20 px" in found, found
    assert "(h) string keys missing from the tables: start.noSuchKey" in found, found
    assert "(i) errors in the console: planted error" in found, found

    run.problems = []
    run.go("#/train/chordQuality", "screen-quality")
    run.enabled("answer-quality-major")
    before = browser.execute_script(ANSWER_BOXES)
    browser.execute_script("document.getElementById('quality-last').textContent = 'a line ' .repeat(30)")
    run.answers_stay("planted", before)
    assert len(run.problems) == 1 and "(j) answer controls moved" in run.problems[0], run.problems
    browser.execute_script("location.hash = '#/'")
