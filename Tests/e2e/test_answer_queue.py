"""No answer is lost: each is kept in IndexedDB under its idempotency key until the server
acknowledges it, and delivered later (with the time it was given) after a server error, a lost
network, a server killed with -9 and restarted, or a page reload. The server stores each once."""
import datetime
import re
import time

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import until
from test_comparison_training import start_training, wait_enabled


def pending_text(browser):
    element = browser.find_element(By.ID, "pending-answers")
    return element.text if element.is_displayed() else ""


def wait_for_pending(browser, text, timeout=10):
    WebDriverWait(browser, timeout, poll_frequency=0.05).until(lambda _: pending_text(browser) == text)


def answer(browser):
    """Answers the current comparison; returns when (wall clock) it was answered."""
    wait_enabled(browser)
    browser.find_element(By.ID, "answer-lower").click()
    return time.time()


def answer_and_wait_for_the_next(browser):
    answered_at = answer(browser)
    until(browser, "return !document.getElementById('answer-higher').disabled")
    return answered_at


def wait_for_records(server, count, timeout=15):
    WebDriverWait(None, timeout, poll_frequency=0.1).until(lambda _: len(server.records()) >= count)
    records = server.records()
    assert len(records) == count, records
    return records


def offline_text(count):
    return "Offline — 1 answer will be saved later" if count == 1 else f"Offline — {count} answers will be saved later"


def reserved(browser):
    """How many trials the page keeps per reserve (`owner|discipline`)."""
    return browser.execute_async_script("""
        const done = arguments[0];
        const request = indexedDB.open('peach');
        request.onsuccess = () => {
          const all = request.result.transaction('reservedTrials').objectStore('reservedTrials').getAll();
          all.onsuccess = () => {
            const counts = {};
            for (const entry of all.result) counts[entry.reserve] = (counts[entry.reserve] ?? 0) + 1;
            done(counts);
          };
        };""")


def stored_at(record):
    return datetime.datetime.fromisoformat(record["timestamp"].replace("Z", "+00:00")).timestamp()


def test_an_unacknowledged_answer_is_kept_and_delivered_once_the_server_accepts_it(server, browser):
    start_training(server, browser, noteDurationSeconds=0.4)
    browser.execute_script(r"""
        window.answerKeys = [];
        window.serverBack = false;
        const realFetch = window.fetch;
        window.fetch = (url, options) => {
          if (/\/answer(\?|$)/.test(String(url))) {
            window.answerKeys.push(options.headers['Idempotency-Key']);
            if (!window.serverBack) {
              return Promise.resolve(new Response('{"error":{"message":"disk full"}}', { status: 503 }));
            }
          }
          return realFetch(url, options);
        };
        window.feedbackShown = false;
        const feedback = document.getElementById('comparison-feedback');
        new MutationObserver(() => { window.feedbackShown ||= feedback.classList.contains('visible'); })
          .observe(feedback, { attributes: true, attributeFilter: ['class'] });""")
    wait_enabled(browser)
    first = browser.find_element(By.ID, "screen-comparison").get_attribute("data-note1-start")
    answered_at = answer(browser)
    # Training goes on, with the feedback the trial carried (judged by the server when it drew the
    # trial), and says unobtrusively that an answer waits.
    WebDriverWait(browser, 5).until(
        lambda _: browser.find_element(By.ID, "screen-comparison").get_attribute("data-note1-start") != first)
    assert browser.execute_script("return window.feedbackShown")
    wait_for_pending(browser, "1 answer waiting to be saved")
    assert server.records() == []

    # Retried with backoff under one key, then delivered once the server takes it.
    time.sleep(2.5)
    keys = browser.execute_script("return window.answerKeys")
    assert len(keys) >= 3 and len(set(keys)) == 1 and re.fullmatch(r"[0-9a-f]{32}", keys[0])
    browser.execute_script("window.serverBack = true")
    records = wait_for_records(server, 1)
    wait_for_pending(browser, "")
    assert abs(stored_at(records[0]) - answered_at) < 1.0, "stored with the time it was given, not delivered"


def test_answers_given_while_the_server_is_killed_survive_its_restart_and_a_reload(server, browser):
    start_training(server, browser, noteDurationSeconds=0.3)
    before = [answer_and_wait_for_the_next(browser) for _ in range(2)]
    server.stop(kill=True)
    # Training goes on with the reserve; the answer waits.
    answered_at = answer_and_wait_for_the_next(browser)
    wait_for_pending(browser, "Offline — 1 answer will be saved later")
    # Failed retries after 1, 2 and 4 s put the next one 8 s away: the reload below delivers it.
    time.sleep(7.5)
    server.start(port=server.port)
    browser.refresh()
    records = wait_for_records(server, 3)
    wait_for_pending(browser, "")
    times = sorted(stored_at(record) for record in records)
    for stored, given in zip(times, before + [answered_at]):
        assert abs(stored - given) < 1.0, (stored, given)


def test_training_goes_on_offline_and_every_answer_is_stored_once_with_its_time(server, browser):
    start_training(server, browser, noteDurationSeconds=0.3)
    given = [answer_and_wait_for_the_next(browser)]
    browser.execute_cdp_cmd("Network.enable", {})
    offline = {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
    browser.execute_cdp_cmd("Network.emulateNetworkConditions", offline)
    cut_at = time.time()
    # Ten comparisons from the reserve the server drew when training started.
    for count in range(1, 11):
        given.append(answer_and_wait_for_the_next(browser))
        wait_for_pending(browser, offline_text(count))
    assert browser.find_element(By.ID, "screen-comparison").is_displayed()
    time.sleep(max(0.0, 30 - (time.time() - cut_at)))
    assert len(server.records()) == 1
    browser.execute_cdp_cmd("Network.emulateNetworkConditions", {**offline, "offline": False})
    browser.refresh()
    records = wait_for_records(server, 11)
    wait_for_pending(browser, "")
    for stored, answered in zip(sorted(stored_at(record) for record in records), given):
        assert abs(stored - answered) < 1.0, (stored, answered)


# Each discipline's screen, how a trial of it is answered from the keyboard once answers are open,
# and the mark that moves when the next trial is scheduled.
OFFLINE_DISCIPLINES = {
    "pitchMatching": ("#/pitch-matching", "screen-pitch-matching",
                      "return document.getElementById('screen-pitch-matching').dataset.state === 'tuning'", "\n"),
    "intervalMatching": ("#/train/intervalMatching", "screen-pitch-matching",
                         "return document.getElementById('screen-pitch-matching').dataset.state === 'tuning'", "\n"),
    "rhythmComparison": ("#/compare-timing", "screen-compare-timing",
                         "return !document.getElementById('answer-early').disabled", "e"),
    # Fill the Gap answers itself when its clicks end: the key is one tap along.
    "rhythmMatching": ("#/train/rhythmMatching", "screen-fill-the-gap",
                       "return document.getElementById('screen-fill-the-gap').dataset.state === 'playing'", " "),
    # A kind answered by naming, after a cadence: the screens every harmony kind shares.
    "scaleDegree": ("#/train/scaleDegree", "screen-degree",
                    "const buttons = [...document.querySelectorAll('#degree-buttons button')];"
                    "return buttons.length > 0 && buttons.every((button) => !button.disabled)", "1"),
}


@pytest.mark.parametrize("discipline", OFFLINE_DISCIPLINES)
def test_every_discipline_trains_on_offline_from_its_reserve(server, browser, discipline):
    hash_, screen_id, answerable, key = OFFLINE_DISCIPLINES[discipline]
    server.api("PUT", "settings", json={"noteDurationSeconds": 0.3, "tempoBPM": 200})
    browser.get(server.url)
    browser.get(server.url + hash_)
    # A naming kind's screen is made when its module first loads.
    screen = WebDriverWait(browser, 10).until(lambda _: browser.find_elements(By.ID, screen_id))[0]

    def answer_one():
        until(browser, answerable)
        answered = screen.get_attribute("data-answered")
        ActionChains(browser).send_keys(key).perform()
        until(browser, "return arguments[0].getAttribute('data-answered') !== arguments[1]", screen, answered)

    answer_one()
    # The reserve is drawn when training starts: wait until the page keeps it.
    WebDriverWait(None, 10).until(lambda _: len(records_of(server, discipline)) == 1)
    WebDriverWait(browser, 20, poll_frequency=0.2).until(lambda _: reserved(browser).get(f"|{discipline}", 0) >= 3)
    browser.execute_cdp_cmd("Network.enable", {})
    offline = {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
    browser.execute_cdp_cmd("Network.emulateNetworkConditions", offline)
    for count in range(1, 4):
        answer_one()
        wait_for_pending(browser, offline_text(count))
    assert screen.is_displayed(), "training went on offline"
    browser.execute_cdp_cmd("Network.emulateNetworkConditions", {**offline, "offline": False})
    browser.refresh()
    WebDriverWait(None, 15, poll_frequency=0.2).until(lambda _: len(records_of(server, discipline)) == 4)
    wait_for_pending(browser, "")


def records_of(server, discipline):
    response = server.api("GET", f"records?discipline={discipline}&limit=100")
    response.raise_for_status()
    return response.json()["records"]


# A reserve as the last version (IndexedDB version 2) kept it: one array per reserve.
VERSION_2_RESERVE = """
const done = arguments[arguments.length - 1];
const request = indexedDB.open('peach', 2);
request.onupgradeneeded = () => {
  for (const [name, keyPath] of [['pendingAnswers', 'key'], ['reserves', 'id'], ['state', 'name']]) {
    request.result.createObjectStore(name, { keyPath });
  }
};
request.onsuccess = () => {
  const db = request.result;
  const transaction = db.transaction('reserves', 'readwrite');
  const now = Date.now();
  transaction.objectStore('reserves').put({ id: '|pitchComparison', sessionSize: 6, trials: [
    { trial: { id: 'expired' }, validUntil: now - 1000 },
    { trial: { id: 'first' }, validUntil: now + 600000 },
    { trial: { id: 'second' }, validUntil: now + 600000 },
  ] });
  transaction.oncomplete = () => { db.close(); done(true); };
};
"""

TAKE_ALL = """
const done = arguments[arguments.length - 1];
(async () => {
  const reserve = await import('/js/offline/reserve.js');
  const taken = [];
  for (let i = 0; i < 3; i += 1) taken.push((await reserve.take(null, 'pitchComparison'))?.id ?? null);
  done(taken);
})().catch((error) => done(String(error)));
"""


def test_a_reserve_kept_by_the_last_version_is_moved_and_taken_one_trial_at_a_time(server, browser):
    """The reserve was one array rewritten whole on every trial taken (1.5 MB for 900 comparisons,
    174 ms a take on a loaded machine); now each trial is an entry of its own. A version-2 reserve
    is moved on upgrade: its trials are taken oldest first, the expired one dropped unplayed."""
    # The origin's storage, before any of the page's scripts has opened it.
    browser.get(server.url + "api/health")
    assert browser.execute_async_script(VERSION_2_RESERVE) is True
    browser.get(server.url + "#/settings")
    WebDriverWait(browser, 10).until(lambda _: browser.find_element(By.ID, "screen-settings").is_displayed())
    assert browser.execute_async_script(TAKE_ALL) == ["first", "second", None]
    assert reserved(browser) == {}


def test_an_answer_on_its_way_is_said_to_wait_only_after_two_seconds(server, browser):
    """On a slow network every answer is on its way for a while. The line saying an answer waits (the
    screen makes room for it) shows only once one has waited 2 s: it does not come and go with each
    answer, moving the buttons under the finger."""
    start_training(server, browser, noteDurationSeconds=0.3)
    browser.execute_script(r"""
        window.answerDelay = 500;
        const realFetch = window.fetch;
        window.fetch = async (url, options) => {
          if (/\/answer(\?|$)/.test(String(url))) await new Promise((resolve) => setTimeout(resolve, window.answerDelay));
          return realFetch(url, options);
        };
        const line = document.getElementById('pending-answers');
        window.pendingShown = !line.hidden;
        new MutationObserver(() => { window.pendingShown ||= !line.hidden; })
          .observe(line, { attributes: true, attributeFilter: ['hidden'] });""")
    for _ in range(4):
        answer_and_wait_for_the_next(browser)
    wait_for_records(server, 4)
    assert browser.execute_script("return window.pendingShown") is False

    # One that waits longer is said to wait, and the line goes once it is saved.
    browser.execute_script("window.answerDelay = 4000")
    answer(browser)
    wait_for_pending(browser, "1 answer waiting to be saved")
    wait_for_records(server, 5)
    wait_for_pending(browser, "")
