"""Feedback at the tap, the next trial on time (issue 54): through a proxy adding a 300 ms round
trip, a comparison's feedback shows well within one round trip of the tap, the next trial played
is the one the answer's response carried, and every answer is stored once with the server's own
judgement — also one whose body claims another. Play it Back, the matching slider, Sing It and
Fill the Gap judge an answer at the tap (the commit, the trial's end) from what their trial serves
(`judging`), and show what the server then stores."""
import functools
import shutil
import statistics
import tempfile

from selenium.webdriver.common.by import By

from conftest import until
from delaying_proxy import TAP_TIMING, DelayingProxy
from test_melodic_dictation import CAPTURE_TRIALS
from test_rhythm import TAP_SCRIPT
from test_singing import A3, microphone_browser, singer_file, sung_records

# Each answer's response as the page received it (in a block of its own: it wraps fetch after
# CAPTURE_TRIALS did).
CAPTURE_ANSWERS = """
{
  window.__answers = [];
  const originalFetch = window.fetch;
  window.fetch = async (...args) => {
    const response = await originalFetch(...args);
    if (String(args[0]).includes('/answer')) response.clone().json().then((body) => window.__answers.push(body)).catch(() => {});
    return response;
  };
}
"""


def open_through_a_slow_network(server, browser, scripts, start):
    """A proxy adding 300 ms to every round trip between the page and `server`, the page opened
    through it with `scripts` run on each new document, and `start`'s training begun: the proxy
    (for the caller to close) and a wait that outlasts the delay."""
    proxy = DelayingProxy(int(server.url.rstrip("/").rsplit(":", 1)[1]))
    try:
        proxy.one_way = 0.150
        browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": scripts})
        browser.get(f"http://127.0.0.1:{proxy.port}/")
        browser.find_element(By.ID, start).click()
    except BaseException:
        proxy.close()
        raise
    return proxy, functools.partial(until, browser, timeout=30)


def test_feedback_shows_at_the_tap_and_the_next_trial_is_the_one_the_answer_carried(server, browser):
    assert server.api("PUT", "settings", json={"language": "en", "noteDurationSeconds": 0.3}).status_code == 200
    proxy, wait = open_through_a_slow_network(server, browser, TAP_TIMING + CAPTURE_ANSWERS, "start-pitchComparison")
    try:
        screen = "document.getElementById('screen-comparison').dataset"
        feedback, answered, lasted = [], [], []
        for count in range(1, 5):
            wait("return !document.getElementById('answer-higher').disabled")
            answered.append(browser.execute_script(f"return {screen}.answered ?? null"))
            browser.execute_script("return window.__tap('#answer-higher')")
            wait("return window.__timed.feedbackMs !== null")
            feedback.append(browser.execute_script("return window.__timed.feedbackMs"))
            # How long the feedback lasts as heard: from the tap to where the next sound may start.
            lasted.append(browser.execute_script(f"return +{screen}.feedbackEnd - window.__timed.tapAudio"))
            wait("return window.__answers.length >= arguments[0]", count)
        # The trial answered after each answer is the one that answer's response carried.
        answered.append(browser.execute_script(f"return {screen}.answered"))
        responses = browser.execute_script("return window.__answers")
        assert [response["next"]["id"] for response in responses[:3]] == answered[2:5], (responses, answered)
        # A round trip of 300 ms: the feedback did not wait for it.
        assert statistics.median(feedback) < 100, feedback
        # The feedback's time counts from what is heard at the tap, not from the audio clock, which
        # runs one output delay (42 ms in headless Chromium) ahead of it.
        feedback_seconds = responses[0]["next"]["session"]["feedbackSeconds"]
        assert abs(statistics.median(lasted) - feedback_seconds) < 0.02, (lasted, feedback_seconds)
        records = server.api("GET", "records?discipline=pitchComparison").json()["records"]
        assert len(records) == 4
        # The page showed what the server stored.
        assert [record["isCorrect"] for record in reversed(records)] == [r["isCorrect"] for r in responses]
    finally:
        proxy.close()
    # The page sent what it showed: the server judged every answer the same.
    assert disagreements(server) == []


def test_a_melody_played_back_shows_its_judgement_at_the_last_note_as_the_server_stores_it(server, browser):
    assert server.api("PUT", "settings", json={
        "language": "en", "noteDurationSeconds": 0.3, "melodyShortest": 2, "melodyLongest": 2}).status_code == 200
    proxy, wait = open_through_a_slow_network(server, browser, TAP_TIMING + CAPTURE_TRIALS + CAPTURE_ANSWERS, "start-melodicDictation")
    try:
        opened = ("const piano = document.getElementById('melody-piano');"
                  "return piano.children.length > 0 && !piano.classList.contains('closed')")
        feedback, shown, meant = [], [], []
        for count in range(1, 5):
            wait(f"if (window.__trials.length < arguments[0]) return false; {opened}", count)
            trial = browser.execute_script("return window.__trials.at(-1)")
            melody = [note["note"]["midi"] for note in trial["melody"]]
            keys = {key["midi"] for key in trial["keys"]}
            # Every other melody with its first note a semitone off.
            right = count % 2 == 1
            played = melody if right else [melody[0] + 1 if melody[0] + 1 in keys else melody[0] - 1, *melody[1:]]
            meant.append(right)
            for midi in played[:-1]:
                browser.execute_script(f"document.querySelector('#melody-piano [data-midi=\"{midi}\"]').click()")
            browser.execute_script(f"return window.__tap('#melody-piano [data-midi=\"{played[-1]}\"]')")
            wait("return window.__timed.feedbackMs !== null")
            feedback.append(browser.execute_script("return window.__timed.feedbackMs"))
            shown.append("incorrect" not in browser.find_element(By.ID, "melody-feedback").get_attribute("class"))
            wait("return window.__answers.length >= arguments[0]", count)
        # A round trip of 300 ms: the judgement did not wait for it.
        assert statistics.median(feedback) < 100, feedback
        responses = browser.execute_script("return window.__answers")
        assert shown == meant == [response["isCorrect"] for response in responses], (shown, responses)
        stored = server.api("GET", "records?discipline=melodicDictation").json()["records"]
        assert [record["isCorrect"] for record in reversed(stored)] == meant
    finally:
        proxy.close()
    # The page sent what it showed: the server judged every answer the same.
    assert disagreements(server) == []


def test_a_slider_commit_shows_its_result_at_once_as_the_server_stores_it(server, browser):
    assert server.api("PUT", "settings", json={"language": "en", "noteDurationSeconds": 0.3}).status_code == 200
    proxy, wait = open_through_a_slow_network(server, browser, TAP_TIMING + CAPTURE_ANSWERS, "start-pitchMatching")
    try:
        screen = "document.getElementById('screen-pitch-matching')"
        key = "(element, key) => element.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }))"
        feedback, shown = [], []
        for count in range(1, 5):
            wait(f"return {screen}.dataset.state === 'tuning'")
            # Each commit somewhere else: a few fine steps up, then Enter.
            browser.execute_script(f"const press = {key}; const slider = document.getElementById('pitch-slider');"
                                   f"for (let step = 0; step < {count * 3}; step += 1) press(slider, 'ArrowUp');")
            browser.execute_script(f"return window.__tap('#pitch-slider', (slider) => ({key})(slider, 'Enter'))")
            wait("return window.__timed.feedbackMs !== null")
            feedback.append(browser.execute_script("return window.__timed.feedbackMs"))
            shown.append(browser.find_element(By.ID, "pitch-matching-feedback").get_attribute("class"))
            wait("return window.__answers.length >= arguments[0]", count)
        # A round trip of 300 ms: the result did not wait for it.
        assert statistics.median(feedback) < 100, feedback
        responses = browser.execute_script("return window.__answers")
        assert [f"band-{response['band']}" in names for response, names in zip(responses, shown)] == [True] * 4, (
            responses, shown)
        stored = server.api("GET", "records?discipline=pitchMatching").json()["records"]
        assert [record["userCentError"] for record in reversed(stored)] == [r["userCentError"] for r in responses]
    finally:
        proxy.close()
    # The page sent what it showed: the server judged every answer the same.
    assert disagreements(server) == []


# Each commit of a sung note (the screen leaves `singing`) to its feedback's first frame on screen,
# and the feedback's text and classes then.
TIME_COMMITS = """
window.__commits = [];
const screen = document.getElementById('screen-singing');
const feedback = document.getElementById('singing-feedback');
let committed = null;
const observer = new MutationObserver((records) => {
  if (records.some((record) => record.target === screen && record.oldValue === 'singing')) committed = performance.now();
  if (committed === null || !feedback.classList.contains('visible')) return;
  const from = committed;
  committed = null;
  const seen = { names: feedback.className, text: feedback.innerText };
  requestAnimationFrame(() => window.__commits.push({ ms: performance.now() - from, ...seen }));
});
observer.observe(screen, { attributes: true, attributeFilter: ['data-state'], attributeOldValue: true });
observer.observe(feedback, { attributes: true, attributeFilter: ['class'] });
"""


def test_a_sung_note_shows_its_result_at_the_commit_as_the_server_stores_it(server):
    assert server.api("PUT", "settings", json={"language": "en", "voiceRangeLower": 57, "voiceRangeUpper": 57,
                                               "noteDurationSeconds": 0.5}).status_code == 200
    # An octave below and 12 ¢ flat: the page folds the octave as the server does.
    directory = tempfile.mkdtemp(prefix="peach-singer-")
    browser = microphone_browser(singer_file(A3 / 2 * 2 ** (-12 / 1200), directory))
    proxy, wait = open_through_a_slow_network(server, browser, CAPTURE_ANSWERS, "start-pitchSinging")
    try:
        screen = browser.find_element(By.ID, "screen-singing")
        wait("return ['permission', 'reference', 'singing'].includes(arguments[0].dataset.state)", screen)
        if screen.get_attribute("data-state") == "permission":
            browser.find_element(By.ID, "singing-allow").click()
        browser.execute_script(TIME_COMMITS)
        wait("return window.__answers.length >= 3")
        commits = browser.execute_script("return window.__commits")[:3]
        responses = browser.execute_script("return window.__answers")[:3]
        # A round trip of 300 ms: the result did not wait for it.
        assert len(commits) == 3 and statistics.median(commit["ms"] for commit in commits) < 100, commits
        # The page showed what the server judged: its band, its cents, the octave sung.
        for commit, response in zip(commits, responses):
            assert response["sungOctave"] == -1
            assert f"band-{response['band']}" in commit["names"], (commits, responses)
            assert f"{round(abs(response['userCentError']))} cent" in commit["text"], (commits, responses)
            assert "octave lower" in commit["text"]
        stored = sung_records(server)
        assert [record["userCentError"] for record in reversed(stored)][:3] == [r["userCentError"] for r in responses]
    finally:
        proxy.close()
        browser.quit()
        shutil.rmtree(directory, ignore_errors=True)
    assert disagreements(server) == []


# When each answer left for the server, and each time Fill the Gap's figures were written, with them.
TIME_FIGURES = """
window.__sent = [];
const originalFetch = window.fetch;
window.fetch = (...args) => {
  if (String(args[0]).includes('/answer')) window.__sent.push(performance.now());
  return originalFetch(...args);
};
"""
WATCH_FIGURES = """
window.__figures = [];
const $ = (part) => document.getElementById(`fill-the-gap-${part}`);
new MutationObserver(() => window.__figures.push({
  at: performance.now(), hits: $('hits').textContent, sd: $('sd').textContent,
})).observe($('hits'), { childList: true });
"""


def test_fill_the_gap_shows_its_figures_as_the_trial_ends_as_the_server_stores_them(server, browser):
    assert server.api("PUT", "settings", json={"language": "en", "tempoBPM": 200}).status_code == 200
    proxy, wait = open_through_a_slow_network(server, browser, CAPTURE_ANSWERS + TIME_FIGURES, "start-rhythmMatching")
    try:
        screen = browser.find_element(By.ID, "screen-fill-the-gap")
        browser.execute_script(WATCH_FIGURES)
        previous = None
        for count in (1, 2):
            wait("const start = arguments[0].dataset.trialStart; return start && start !== arguments[1]", screen, previous)
            before, previous = previous, screen.get_attribute("data-trial-start")
            gaps = [float(value) for value in screen.get_attribute("data-gap-seconds").split()]
            # Gaps 2–15, each a little late (the first ones could be gone by the time the taps are set).
            tapped = [gap + 0.004 * (index % 5) for index, gap in enumerate(gaps) if index >= 2]
            result = browser.execute_async_script(TAP_SCRIPT, "screen-fill-the-gap", "trialStart", tapped, before)
            assert "error" not in result, result
            wait("return window.__answers.length >= arguments[0]", count)
        figures = browser.execute_script("return window.__figures")
        sent = browser.execute_script("return window.__sent")
        responses = browser.execute_script("return window.__answers")
        assert len(figures) >= 2 and len(sent) >= 2, (figures, sent)
        # A round trip of 300 ms: the figures did not wait for the response.
        assert [figure["at"] - at < 100 for figure, at in zip(figures, sent)] == [True, True], (figures, sent)
        # The page showed what the server judged.
        for figure, response in zip(figures, responses):
            assert figure["hits"].startswith(f"{round(response['hitRate'] * 16)} of 16 gaps"), (figures, responses)
            assert figure["sd"] == f"{round(response['offsetSDMs'])} ms", (figures, responses)
        stored = server.api("GET", "records?discipline=rhythmMatching").json()["records"]
        assert [record["hitRate"] for record in reversed(stored)] == [r["hitRate"] for r in responses[:2]]
    finally:
        proxy.close()
    # Each tap as the server judged it too: the page sent what it showed, and no judgement differed.
    assert disagreements(server) == []


def disagreements(server):
    """The server's log lines of answers whose shown result differed from its own judgement (the
    server is stopped to read them)."""
    server.stop()
    return [line for line in server.process.stdout.read().splitlines() if "another judgement" in line]


def test_a_shown_result_that_differs_from_the_servers_is_logged_with_both(server):
    assert server.api("GET", "trials/disagreements").json() == {"disagreements": 0}
    trial = server.api("POST", "trials", json={"discipline": "pitchComparison"}).json()
    right = next(outcome for outcome in trial["outcomes"] if outcome["result"]["isCorrect"])
    claimed = {"isCorrect": False}
    response = server.api("POST", f"trials/{trial['id']}/answer", json={"answer": right["answer"], "shown": claimed})
    assert response.status_code == 200 and response.json()["isCorrect"] is True
    agreeing = server.api("POST", "trials", json={"discipline": "pitchComparison"}).json()
    outcome = agreeing["outcomes"][0]
    assert server.api("POST", f"trials/{agreeing['id']}/answer",
                      json={"answer": outcome["answer"], "shown": outcome["result"]}).status_code == 200
    assert server.api("GET", "trials/disagreements").json() == {"disagreements": 1}
    [line] = disagreements(server)
    assert f"trial={trial['id']}" in line and "discipline=pitchComparison" in line, line
    assert 'page={"isCorrect":false}' in line and '"isCorrect":true' in line, line


def test_an_answer_claiming_another_judgement_is_stored_with_the_servers(server):
    trial = server.api("POST", "trials", json={"discipline": "pitchComparison"}).json()
    wrong = next(outcome["answer"] for outcome in trial["outcomes"] if not outcome["result"]["isCorrect"])
    response = server.api("POST", f"trials/{trial['id']}/answer", json={"answer": wrong, "isCorrect": True})
    assert response.status_code == 200 and response.json()["isCorrect"] is False
    records = server.api("GET", "records?discipline=pitchComparison").json()["records"]
    assert [record["isCorrect"] for record in records] == [False]


def test_an_answer_to_a_trial_never_served_is_refused_and_nothing_is_stored(server):
    response = server.api("POST", "trials/never-served/answer?next=true", json={"answer": "higher"},
                          headers={"Idempotency-Key": "never-served-0001"})
    assert response.status_code == 404
    assert server.api("GET", "records").json()["records"] == []
