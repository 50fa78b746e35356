"""The catalogue of disciplines (GET /api/disciplines) draws Start, the training addresses and the
Settings notes: a discipline the server declares appears with no edit to the page, one it does not
offer disappears, and each trains on the screen of its answer method at #/train/<id>."""
import http.server
import json
import threading

import subprocess

import pytest
import requests
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import PEACH, PeachServer

# Which screen each answer method trains on (the page's own table, seen from outside).
SCREENS = {"higherLower": "screen-comparison", "slider": "screen-pitch-matching", "voice": "screen-singing",
           "earlyLate": "screen-compare-timing", "taps": "screen-fill-the-gap",
           "chordVoice": "screen-chord-voice", "degree": "screen-degree", "quality": "screen-quality",
           "melody": "screen-melody", "numerals": "screen-numerals", "progression": "screen-progression"}
# The addresses of the training screens before #/train/<id>, which bookmarks may still hold.
FORMER = {"#/training": "screen-comparison", "#/interval-matching": "screen-pitch-matching",
          "#/singing": "screen-singing", "#/fill-the-gap": "screen-fill-the-gap"}


def catalogue(server):
    response = server.api("GET", "disciplines")
    assert response.status_code == 200, response.text
    return response.json()["disciplines"]


def visible_screen(browser):
    return browser.execute_script(
        "return [...document.querySelectorAll('.screen')].filter((s) => !s.hidden).map((s) => s.id)")


def start_buttons(browser):
    """Each group's discipline buttons, in page order: {group: [(id, text)]} (a dict keeps the order)."""
    return dict(browser.execute_script("""
        return [...document.querySelectorAll('#screen-start .discipline-group[data-group]')].map((section) => [
          section.dataset.group,
          [...section.querySelectorAll('button.training-row')]
            .map((b) => [b.id, b.querySelector('.training-name').textContent])]);"""))


def test_start_offers_each_discipline_of_the_catalogue_in_its_group_and_language(server, browser):
    entries = catalogue(server)
    assert {entry["id"] for entry in entries} >= {
        "pitchComparison", "pitchMatching", "pitchSinging", "intervalComparison", "intervalMatching",
        "rhythmComparison", "rhythmMatching", "chordIntonation"}
    for language in ("en", "de"):
        server.api("PUT", "settings", json={"language": language})
        browser.get(server.url)
        WebDriverWait(browser, 5).until(lambda b: b.execute_script("return document.documentElement.lang") == language)
        expected = {}
        # Each training in its group, by its name; the tests (the catalogue's "measures") apart, at the end.
        for entry in [*(e for e in entries if not e["measures"]), *(e for e in entries if e["measures"])]:
            group = "tests" if entry["measures"] else entry["group"]
            expected.setdefault(group, []).append((f"start-{entry['id']}", entry["names"][language]))
        assert start_buttons(browser) == {group: [list(pair) for pair in pairs] for group, pairs in expected.items()}
        assert list(expected)[-1] == "tests" and len(expected["tests"]) == 4
        # Each row says in a line what it trains, as the catalogue says it.
        summaries = browser.execute_script(
            "return Object.fromEntries([...document.querySelectorAll('#screen-start .training-row')]"
            ".map((b) => [b.id, b.querySelector('.training-summary').textContent]))")
        assert summaries == {f"start-{entry['id']}": entry["summary"][language] for entry in entries}


def test_each_discipline_trains_on_its_answer_methods_screen_at_its_own_address(server, browser):
    browser.get(server.url)
    for entry in catalogue(server):
        browser.find_element(By.ID, f"start-{entry['id']}").click()
        WebDriverWait(browser, 5).until(lambda b: visible_screen(b) == [SCREENS[entry["answerMethod"]]])
        assert browser.execute_script("return location.hash") == f"#/train/{entry['id']}"
        browser.execute_script("location.hash = '#/'")
        WebDriverWait(browser, 5).until(lambda b: visible_screen(b) == ["screen-start"])
    for address, screen in FORMER.items():
        browser.execute_script(f"location.hash = '{address}'")
        WebDriverWait(browser, 5).until(lambda b: visible_screen(b) == [screen])
        browser.execute_script("location.hash = '#/'")
        WebDriverWait(browser, 5).until(lambda b: visible_screen(b) == ["screen-start"])


def test_settings_say_which_disciplines_read_a_group_of_settings(server, browser):
    readers = {}
    for entry in catalogue(server):
        for name in entry["settings"]:
            readers.setdefault(name, []).append(entry["names"]["en"])
    browser.get(server.url + "#/settings")
    rhythm = browser.find_element(By.XPATH, "//fieldset[.//*[@name='tempoBPM']]")
    WebDriverWait(browser, 5).until(lambda _: rhythm.find_elements(By.CLASS_NAME, "settings-readers"))
    assert rhythm.find_element(By.CLASS_NAME, "settings-readers").text == "For " + ", ".join(readers["tempoBPM"])
    voice = browser.find_element(By.XPATH, "//fieldset[.//*[@name='voiceRangeLower']]")
    assert voice.find_element(By.CLASS_NAME, "settings-readers").text == "For " + ", ".join(readers["voiceRangeLower"])
    assert voice.is_displayed()


class RewritingProxy:
    """Forwards every request to the real server, but answers GET /api/disciplines with `rewrite`
    applied to the server's own catalogue: a catalogue the page has never seen. `files` are
    served as they are (path → JavaScript), as if the page had them."""

    def __init__(self, upstream, rewrite, files=None):
        files = files or {}

        class Handler(http.server.BaseHTTPRequestHandler):
            def forward(self):
                if self.path in files:
                    body = files[self.path].encode()
                    self.send_response(200)
                    self.send_header("Content-Type", "text/javascript")
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                    return
                length = int(self.headers.get("Content-Length") or 0)
                headers = {k: v for k, v in self.headers.items() if k.lower() not in ("host", "connection")}
                # The server refuses requests from another origin: to it, the page is its own.
                if "Origin" in headers:
                    headers["Origin"] = upstream.rstrip("/")
                response = requests.request(self.command, upstream.rstrip("/") + self.path, headers=headers,
                                            data=self.rfile.read(length) if length else None, timeout=30)
                body = response.content
                if self.path.split("?")[0] == "/api/disciplines":
                    body = json.dumps({"disciplines": rewrite(response.json()["disciplines"])}).encode()
                self.send_response(response.status_code)
                for key, value in response.headers.items():
                    if key.lower() not in ("content-length", "connection", "transfer-encoding", "content-encoding"):
                        self.send_header(key, value)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            do_GET = do_POST = do_PUT = do_DELETE = forward

            def log_message(self, *args):
                pass

        self.http = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.http.server_address[1]}/"
        threading.Thread(target=self.http.serve_forever, daemon=True).start()

    def close(self):
        self.http.shutdown()


NEW = {"id": "rhythmDictation", "kind": "rhythmDictation", "names": {"en": "Tap It Back", "de": "Nachklopfen"},
       "group": "groove", "answerMethod": "pick", "usesIntervals": False,
       "settings": ["noteRangeLower", "noteRangeUpper"], "terminalCommand": None, "sparkline": "lowerIsBetter"}


# The screen of an answer method the page does not have: a module of its own, which makes its section.
PICK_SCREEN = """
export default function pickScreen() {
  const element = document.createElement('section');
  element.id = 'screen-answer-pick';
  element.className = 'screen';
  element.hidden = true;
  document.getElementById('app').append(element);
  return { element, show(discipline) { element.textContent = `answer ${discipline} by picking`; }, hide() {} };
}
"""


@pytest.fixture
def rewritten(server):
    proxy = RewritingProxy(server.url, lambda entries: [
        {**entry, "offered": entry["id"] not in ("pitchSinging", "intervalSinging")} for entry in entries] + [NEW],
        files={"/js/screens/answer-pick.js": PICK_SCREEN})
    yield proxy
    proxy.close()


def test_a_catalogue_the_page_has_never_seen_draws_start_and_settings(rewritten, browser):
    browser.get(rewritten.url)
    groups = start_buttons(browser)
    # A discipline of a group the page has no section for gets a section of its own, after the others
    # (before the tests)…
    assert list(groups)[-2:] == ["groove", "tests"] and groups["groove"] == [["start-rhythmDictation", "Tap It Back"]]
    # …and one the server does not offer is gone, from Start and from the addresses.
    assert {"start-pitchSinging", "start-intervalSinging"}.isdisjoint(button for pairs in groups.values() for button, _ in pairs)
    # Each row whose line falls as the user improves has its sparkline: the new one too (the real
    # server cannot draw it, and the other lines are drawn all the same).
    lines = browser.execute_script(
        "return [...document.querySelectorAll('#screen-start .training-row .sparkline-box')].map((box) => box.id)")
    assert lines == ["sparkline-pitchComparison", "sparkline-pitchMatching", "sparkline-intervalComparison",
                     "sparkline-intervalMatching", "sparkline-rhythmComparison", "sparkline-chordIntonation",
                     "sparkline-scaleDegree", "sparkline-chordQuality", "sparkline-chordProgression",
                     "sparkline-commonProgression", "sparkline-melodicDictation", "sparkline-rhythmDictation", "sparkline-pitchMeasurement", "sparkline-intervalMeasurement",
                     "sparkline-timingMeasurement", "sparkline-chordIntonationMeasurement"]
    WebDriverWait(browser, 5).until(lambda b: b.find_elements(By.CSS_SELECTOR, "#sparkline-pitchComparison svg"))
    # It trains at its own address, on the screen its answer method's module made.
    browser.find_element(By.ID, "start-rhythmDictation").click()
    WebDriverWait(browser, 5).until(lambda b: visible_screen(b) == ["screen-answer-pick"])
    assert browser.execute_script("return location.hash") == "#/train/rhythmDictation"
    assert browser.find_element(By.ID, "screen-answer-pick").text == "answer rhythmDictation by picking"
    browser.execute_script("location.hash = '#/train/pitchSinging'")
    WebDriverWait(browser, 5).until(lambda b: visible_screen(b) == ["screen-start"])
    # The Profile: the discipline no section of the page summarises gets one of its own, and the
    # section of the one not offered is hidden.
    browser.execute_script("location.hash = '#/profile'")
    WebDriverWait(browser, 5).until(lambda b: visible_screen(b) == ["screen-profile"])
    own = browser.find_element(By.CSS_SELECTOR, '#screen-profile .profile-section[data-discipline="rhythmDictation"]')
    assert own.is_displayed() and own.find_element(By.TAG_NAME, "h2").text == "Tap It Back"
    assert not browser.find_element(By.CSS_SELECTOR, '#screen-profile [data-discipline="pitchSinging"]').is_displayed()
    assert not browser.find_element(By.CSS_SELECTOR, '#screen-profile [data-discipline="intervalSinging"]').is_displayed()
    assert browser.find_element(By.CSS_SELECTOR, '#screen-profile [data-discipline="pitchMatching"]').is_displayed()
    # Settings: no discipline offered reads the voice range, so it is not shown.
    browser.execute_script("location.hash = '#/settings'")
    WebDriverWait(browser, 5).until(lambda b: visible_screen(b) == ["screen-settings"])
    voice = browser.find_element(By.XPATH, "//fieldset[.//*[@name='voiceRangeLower']]")
    WebDriverWait(browser, 5).until(lambda _: not voice.is_displayed())
    assert browser.find_element(By.XPATH, "//fieldset[.//*[@name='tempoBPM']]").is_displayed()


def test_a_server_that_trains_a_few_disciplines_offers_only_those(tmp_path, browser):
    server = PeachServer(tmp_path / "few.sqlite").start("--disciplines", "intervalComparison, rhythmMatching")
    try:
        offered = [entry["id"] for entry in catalogue(server) if entry["offered"]]
        assert offered == ["intervalComparison", "rhythmMatching"]
        refused = server.api("POST", "trials", json={"discipline": "pitchComparison"})
        assert refused.status_code == 400 and "not offered on this server" in refused.text
        browser.get(server.url)
        WebDriverWait(browser, 5).until(lambda b: start_buttons(b))
        assert start_buttons(browser) == {"intervals": [["start-intervalComparison", "Compare Intervals"]],
                                          "rhythm": [["start-rhythmMatching", "Fill the Gap"]]}
    finally:
        server.stop()


def test_an_unknown_discipline_to_offer_is_a_clear_error(tmp_path):
    result = subprocess.run([PEACH, "serve", "--data", str(tmp_path / "x.sqlite"), "--no-browser", "--disciplines", "pitchComparison,harmony"],
                            capture_output=True, text=True, timeout=30)
    assert result.returncode != 0
    assert "--disciplines: no discipline harmony; the disciplines are pitchComparison, intervalComparison" in result.stderr
    assert not (tmp_path / "x.sqlite").exists()

