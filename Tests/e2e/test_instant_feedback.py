"""Feedback at the tap, the next trial on time (issue 54): through a proxy adding a 300 ms round
trip, a comparison's feedback shows well within one round trip of the tap, the next trial played
is the one the answer's response carried, and every answer is stored once with the server's own
judgement — also one whose body claims another. Play it Back and the matching slider judge an
answer at the tap from what their trial serves (`judging`), and show what the server then stores."""
import functools
import statistics

from selenium.webdriver.common.by import By

from conftest import until
from delaying_proxy import TAP_TIMING, DelayingProxy
from test_melodic_dictation import CAPTURE_TRIALS

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
        feedback, answered = [], []
        for count in range(1, 5):
            wait("return !document.getElementById('answer-higher').disabled")
            answered.append(browser.execute_script(f"return {screen}.answered ?? null"))
            browser.execute_script("return window.__tap('#answer-higher')")
            wait("return window.__timed.feedbackMs !== null")
            feedback.append(browser.execute_script("return window.__timed.feedbackMs"))
            wait("return window.__answers.length >= arguments[0]", count)
        # The trial answered after each answer is the one that answer's response carried.
        answered.append(browser.execute_script(f"return {screen}.answered"))
        responses = browser.execute_script("return window.__answers")
        assert [response["next"]["id"] for response in responses[:3]] == answered[2:5], (responses, answered)
        # A round trip of 300 ms: the feedback did not wait for it.
        assert statistics.median(feedback) < 100, feedback
        records = server.api("GET", "records?discipline=pitchComparison").json()["records"]
        assert len(records) == 4
        # The page showed what the server stored.
        assert [record["isCorrect"] for record in reversed(records)] == [r["isCorrect"] for r in responses]
    finally:
        proxy.close()


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
