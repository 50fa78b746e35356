"""Comparison training in every detail (issue 3): audio-clock gating, double taps, interruptions,
keyboard-only training, vary loudness in the rendered audio, a chain that survives a restart."""
import base64

import numpy as np
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import until
from test_comparison_loop import button

SAMPLE_RATE = 44100


def start_training(server, browser, **settings):
    if settings:
        assert server.api("PUT", "settings", json=settings).status_code == 200
    browser.get(server.url)
    button(browser, "Compare Pitch").click()
    screen = browser.find_element(By.ID, "screen-comparison")
    WebDriverWait(browser, 5).until(lambda _: screen.is_displayed())
    return screen


def wait_enabled(browser, timeout=10):
    until(browser, "return !document.getElementById('answer-higher').disabled", timeout=timeout)


def wait_disabled(browser):
    """Until an answer closes the buttons: seen in the page, where a poll every half second missed
    the feedback and the next note 1 on a loaded machine and then waited on an open next trial."""
    until(browser, "return document.getElementById('answer-higher').disabled", timeout=5)


def audio_state(browser):
    return browser.execute_script("""
        const s = document.getElementById('screen-comparison').dataset;
        return { note1Start: +s.note1Start, note2Start: +s.note2Start, enabledAt: +s.enabledAt,
                 feedbackEnd: +s.feedbackEnd };""")


def test_answers_open_exactly_when_note_2_starts_on_the_audio_clock(server, browser):
    start_training(server, browser, noteDurationSeconds=0.6)
    watched = 0
    # Three trials watched through note 1; a trial during which the loaded machine stalled the page
    # (CI once saw one reading 322 ms before note 2, the next after it) shows nothing: it is
    # answered and another one watched, up to eight in all.
    for _ in range(8):
        # Sample the buttons against the audible time while note 1 plays, until they come on.
        samples = browser.execute_async_script("""
            const done = arguments[0];
            Promise.all([import('/js/audio/audio.js'), import('/js/audio/clock.js')]).then(([{ realtimeContext }, { audibleTime }]) => {
              const context = realtimeContext();
              const screen = document.getElementById('screen-comparison');
              const samples = [];
              const tick = () => {
                const note2 = +screen.dataset.note2Start;
                samples.push([audibleTime(context), note2, !document.getElementById('answer-higher').disabled]);
                if (samples.length < 1000 && !(samples.at(-1)[2])) setTimeout(tick, 2); else done(samples);
              };
              tick();
            });""")
        assert samples[-1][2], "the buttons came on"
        note2 = samples[-1][1]
        before = [s for s in samples if s[0] < note2]
        assert not any(s[2] for s in before), "an answer button was enabled during note 1"
        state = audio_state(browser)
        if len(before) <= 10:
            answer_and_wait_for_the_next(browser, state)
            continue
        # enabledAt is the audible time when the buttons came on. The audio clock advances in
        # steps (one render callback, ~9 ms here, longer when the machine is busy), so the buttons
        # can open no sooner than the first reading at or past note 2: they must open on that
        # reading, not on a later one.
        lag = state["enabledAt"] - note2
        step = min(s[0] for s in samples if s[0] >= note2) - before[-1][0]
        # No bound in milliseconds alone: on a loaded machine the clock itself once stepped 106 ms.
        assert 0 <= lag <= step + 0.002, f"enabled {lag * 1000:.1f} ms after note 2 became audible; the clock's step there was {step * 1000:.1f} ms"
        answer_and_wait_for_the_next(browser, state)
        watched += 1
        if watched == 3:
            break
    assert watched == 3, f"only {watched} of 8 trials could be watched through note 1: the page stalled"


def answer_and_wait_for_the_next(browser, state):
    browser.find_element(By.TAG_NAME, "body").send_keys("h")
    wait_disabled(browser)
    WebDriverWait(browser, 5).until(lambda _: audio_state(browser)["note2Start"] != state["note2Start"])


def test_a_double_tap_stores_one_record(server, browser):
    start_training(server, browser, noteDurationSeconds=0.5)
    wait_enabled(browser)
    browser.execute_script("""
        const higher = document.getElementById('answer-higher');
        higher.click(); higher.click();
        document.getElementById('answer-lower').click();""")
    WebDriverWait(browser, 5).until(lambda _: len(server.records()) >= 1)
    wait_enabled(browser)
    assert len(server.records()) == 1


def hide_page(browser):
    browser.execute_script("""
        Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
        document.dispatchEvent(new Event('visibilitychange'));""")


def test_hiding_the_page_mid_comparison_stores_nothing_and_returns_to_start(server, browser):
    start_training(server, browser, noteDurationSeconds=0.5)
    wait_enabled(browser)
    hide_page(browser)
    WebDriverWait(browser, 5).until(lambda _: browser.find_element(By.ID, "screen-start").is_displayed())
    assert not browser.find_element(By.ID, "screen-comparison").is_displayed()
    # Keys pressed now answer nothing.
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_UP)
    assert browser.execute_script("return location.hash") == "#/"
    assert server.records() == []


def test_twenty_keyboard_only_answers(server, browser):
    start_training(server, browser, noteDurationSeconds=0.3)
    body = browser.find_element(By.TAG_NAME, "body")
    keys = [Keys.ARROW_UP, "h", Keys.ARROW_DOWN, "l"]
    for index in range(20):
        wait_enabled(browser)
        body.send_keys(keys[index % 4])
        wait_disabled(browser)
    WebDriverWait(browser, 5).until(lambda _: len(server.records()) == 20)
    records = list(reversed(server.records()))
    for index, record in enumerate(records):
        said_higher = index % 4 < 2
        assert record["isCorrect"] == (said_higher == (record["note2CentOffset"] > 0))
    body.send_keys(Keys.ESCAPE)
    WebDriverWait(browser, 5).until(lambda _: browser.find_element(By.ID, "screen-start").is_displayed())


def test_a_lost_response_is_retried_under_the_same_key_and_stored_once(server, browser):
    start_training(server, browser, noteDurationSeconds=0.4)
    browser.execute_script(r"""
        window.answerAttempts = 0;
        const realFetch = window.fetch;
        window.fetch = async (url, options) => {
          if (/\/answer(\?|$)/.test(String(url)) && ++window.answerAttempts === 1) {
            await realFetch(url, options);  // stored by the server, but the response never arrives
            throw new TypeError('network connection lost');
          }
          return realFetch(url, options);
        };""")
    wait_enabled(browser)
    browser.find_element(By.ID, "answer-lower").click()
    # The feedback shows for the session's feedback time only: polled often enough not to miss it.
    WebDriverWait(browser, 5, poll_frequency=0.02).until(
        lambda _: "visible" in browser.find_element(By.ID, "comparison-feedback").get_attribute("class"))
    # The answer goes in the background: retried once at once, under the same key.
    WebDriverWait(browser, 5).until(lambda _: browser.execute_script("return window.answerAttempts") >= 2)
    wait_enabled(browser)
    assert browser.execute_script("return window.answerAttempts") == 2
    records = server.records()
    assert len(records) == 1, records


RENDER = """
const [comparison, done] = arguments;
import('/js/audio/audio.js').then(async (audio) => {
  const rate = 44100;
  const context = new OfflineAudioContext(1, Math.ceil((comparison.noteDurationSeconds * 2 + 0.2) * rate), rate);
  const plan = audio.scheduleComparison(context, comparison, 0.05);
  const data = (await context.startRendering()).getChannelData(0);
  const bytes = new Uint8Array(data.buffer);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  done({ samples: btoa(binary), note2Start: plan.note2Start });
});
"""


def test_vary_loudness_is_audible_in_the_rendered_audio_and_bounded(server, browser):
    assert server.api("PUT", "settings", json={"varyLoudness": 0.5, "noteDurationSeconds": 0.5}).status_code == 200
    browser.get(server.url)
    offsets = []
    for _ in range(8):
        comparison = server.api("POST", "comparisons").json()
        offset = comparison["note2"]["levelOffsetDB"]
        assert abs(offset) <= 0.5 * 2.0
        result = browser.execute_async_script(RENDER, comparison)
        samples = np.frombuffer(base64.b64decode(result["samples"]), dtype=np.float32).astype(np.float64)
        d = comparison["noteDurationSeconds"]

        def level(start, frequency):
            # The sine's peak between its ramps (raised cosines of the longer of rampSeconds and rampPeriods periods).
            synthesis = comparison["synthesis"]
            ramp = max(synthesis["rampSeconds"], synthesis["rampPeriods"] / frequency)
            return np.max(np.abs(samples[int((start + ramp) * SAMPLE_RATE):int((start + d - ramp) * SAMPLE_RATE)]))

        measured = 20 * np.log10(level(result["note2Start"], comparison["note2"]["frequencyHz"])
                                 / level(0.05, comparison["note1"]["frequencyHz"]))
        assert abs(measured - offset) < 0.05, f"note 2 measured {measured:+.3f} dB, API said {offset:+.3f} dB"
        offsets.append(offset)
    assert len(set(offsets)) > 1 and any(abs(o) > 0.1 for o in offsets)


def test_a_restart_in_the_middle_of_a_chain_continues_it(server, browser):
    start_training(server, browser, noteDurationSeconds=0.3)
    body = browser.find_element(By.TAG_NAME, "body")
    for _ in range(4):
        wait_enabled(browser)
        body.send_keys(Keys.ARROW_UP)
        wait_disabled(browser)
    WebDriverWait(browser, 5).until(lambda _: len(server.records()) == 4)
    last = server.records(limit=1)[0]
    server.restart()
    magnitude = abs(last["note2CentOffset"])
    expected = magnitude * (1 - 0.05 * magnitude ** 0.5) if last["isCorrect"] else magnitude * (1 + 0.09 * magnitude ** 0.5)
    expected = min(100.0, max(0.1, round(expected, 1)))
    following = server.api("POST", "comparisons").json()
    assert abs(abs(following["note2"]["centOffset"]) - expected) < 1e-9
