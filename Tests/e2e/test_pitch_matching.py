"""Pitch matching through the real UI in headless Chromium: drags with pointer actions and keyboard
steps commit the slider's value, the server stores exactly its mapping of that value, and leaving or
hiding the page mid-tuning stores nothing and silences the note."""
import base64
import math
import time

import numpy as np
import pytest
from scipy.optimize import least_squares
from scipy.signal import hilbert
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import until
from test_comparison_loop import button

# Records every oscillator's start/stop and every frequency it is retuned to, and counts vibration requests,
# without changing what the page does.
INSTRUMENT = """
window.__peach = { oscillators: [], targets: [], vibrations: 0 };
const start = OscillatorNode.prototype.start;
OscillatorNode.prototype.start = function (when) {
  this.__entry = { node: this, startAt: when, stopAt: null };
  window.__peach.oscillators.push(this.__entry);
  return start.apply(this, arguments);
};
const stop = OscillatorNode.prototype.stop;
OscillatorNode.prototype.stop = function (when) {
  if (this.__entry) this.__entry.stopAt = when;
  return stop.apply(this, arguments);
};
// A retune glides the oscillator's detune (cents from its start) to the curve's last value.
const setCurve = AudioParam.prototype.setValueCurveAtTime;
AudioParam.prototype.setValueCurveAtTime = function (values) {
  const oscillator = window.__peach.oscillators.find((o) => o.node.detune === this);
  if (oscillator) window.__peach.targets.push(oscillator.node.frequency.value * 2 ** (values.at(-1) / 1200));
  return setCurve.apply(this, arguments);
};
navigator.vibrate = () => { window.__peach.vibrations += 1; return true; };
"""


def records(server):
    response = server.api("GET", "records/pitch-matching?limit=100")
    response.raise_for_status()
    return response.json()["records"]


def newest_record(server, count):
    """The newest record once `count` are stored: the feedback shows at the commit, and the answer
    reaches the server in the background."""
    deadline = time.monotonic() + 5
    while len(stored := records(server)) < count and time.monotonic() < deadline:
        time.sleep(0.02)
    assert len(stored) == count, stored
    return stored[0]


def reference_hz(midi):
    return 440 * 2 ** ((midi - 69) / 12)


def open_pitch_matching(browser, server):
    browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": INSTRUMENT})
    browser.get(server.url)
    button(browser, "Pitch Matching").click()
    WebDriverWait(browser, 5).until(lambda _: browser.find_element(By.ID, "screen-pitch-matching").is_displayed())


def long_first_reference(server):
    """The first trial's reference lasts 3 s, so input sent during it lands in it even on a busy machine."""
    assert server.api("PUT", "settings", json={"noteDurationSeconds": 3.0}).status_code == 200


def normal_references(server):
    """From the next trial on, the default 1 s reference."""
    assert server.api("PUT", "settings", json={"noteDurationSeconds": 1.0}).status_code == 200


def state(browser):
    return browser.find_element(By.ID, "screen-pitch-matching").get_attribute("data-state")


def wait_for_state(browser, wanted, timeout=10):
    # Checked by the page itself: a feedback state lasts 400 ms, shorter than a loaded machine's round trips.
    until(browser, "return document.getElementById('screen-pitch-matching').dataset.state === arguments[0]",
          wanted, timeout=timeout)


def slider_geometry(browser):
    """The slider's travel (pixels for a value of 1) and the thumb's offset from the centre."""
    return browser.execute_script("""
        const slider = document.getElementById('pitch-slider');
        const thumb = slider.querySelector('.pitch-slider-thumb');
        const track = slider.getBoundingClientRect(), box = thumb.getBoundingClientRect();
        return { travel: (slider.clientHeight - thumb.offsetHeight) / 2,
                 offset: (box.top + box.height / 2) - (track.top + track.height / 2),
                 height: track.height, thumbHeight: box.height, thumbWidth: box.width };
    """)


def drag(browser, kind, dy, release=True):
    """Presses on the thumb, moves `dy` pixels in 8 steps (a real gesture, many pointermoves), releases."""
    pointer = PointerInput(kind, "pointer")
    actions = ActionBuilder(browser, mouse=pointer, duration=10)
    thumb = browser.find_element(By.CSS_SELECTOR, "#pitch-slider .pitch-slider-thumb")
    actions.pointer_action.move_to(thumb).pointer_down()
    moved = 0
    for step in range(1, 9):
        target = round(dy * step / 8)
        actions.pointer_action.move_by(0, target - moved)
        moved = target
    if release:
        actions.pointer_action.pointer_up()
    actions.perform()
    return pointer


def expected_feedback(error):
    cents = round(abs(error))
    if abs(error) < 0.5:
        return "0 cents", "Dead center", "deadCenter"
    sign = "+" if error > 0 else "\u2212"
    unit = "cent" if cents == 1 else "cents"
    band = "close" if abs(error) < 10 else "near" if abs(error) <= 30 else "far"
    return f"{sign}{cents} {unit}", f"{cents} {unit} {'sharp' if error > 0 else 'flat'}", band


def wait_for_feedback(browser, timeout=10):
    """The feedback card as it shows, read by the page in the moment its state turns to feedback: on a
    loaded machine the card (400 ms) may be gone before a later read, while its record is on its way."""
    return until(browser, """
        const screen = document.getElementById('screen-pitch-matching');
        const card = document.getElementById('pitch-matching-feedback');
        if (screen.dataset.state !== 'feedback' || !card.classList.contains('visible')) return null;
        return { text: card.textContent, names: card.className,
                 circles: card.querySelectorAll('circle').length, paths: card.querySelectorAll('path').length };
    """, timeout=timeout)


def assert_feedback_matches(browser, shown, error):
    text, announcement, band = expected_feedback(error)
    assert shown["text"] == text
    assert f"band-{band}" in shown["names"]
    assert shown["circles" if band == "deadCenter" else "paths"]
    WebDriverWait(browser, 2).until(
        lambda _: browser.find_element(By.ID, "announcer").get_attribute("textContent") == announcement)


@pytest.mark.parametrize("kind", [interaction.POINTER_MOUSE, interaction.POINTER_TOUCH])
def test_a_drag_commits_the_slider_value_and_the_server_stores_its_mapping(server, browser, kind):
    long_first_reference(server)
    open_pitch_matching(browser, server)
    slider = browser.find_element(By.ID, "pitch-slider")
    geometry = slider_geometry(browser)
    assert geometry["height"] > 0.6 * browser.execute_script("return innerHeight"), "the slider fills most of the height"
    assert geometry["thumbHeight"] >= 88 and geometry["thumbWidth"] >= 88, "the thumb is far larger than 44 px"

    # During the reference the slider is dimmed and inert: a drag moves nothing and commits nothing.
    wait_for_state(browser, "reference")
    assert slider.get_attribute("aria-disabled") == "true"
    assert float(slider.value_of_css_property("opacity")) < 0.5
    drag(browser, kind, -60)
    assert state(browser) == "reference", "the drag outlasted the reference: the check proves nothing"
    assert slider.get_attribute("aria-valuenow") == "0.000"
    assert abs(slider_geometry(browser)["offset"]) < 0.5
    normal_references(server)

    wait_for_state(browser, "tuning")
    assert slider.get_attribute("aria-disabled") == "false"
    assert float(slider.value_of_css_property("opacity")) == 1
    committed = []
    for dy in (-57, 83, 0):
        geometry = slider_geometry(browser)
        assert abs(geometry["offset"]) < 0.5, "every challenge starts at the centre"
        value = max(-1.0, min(1.0, -dy / geometry["travel"]))
        drag(browser, kind, dy)
        shown = wait_for_feedback(browser)
        record = newest_record(server, len(committed) + 1)
        # Exactly the server's mapping of where the slider was let go: initial offset + v × 100 ¢.
        expected = record["initialCentOffset"] + value * 100
        assert abs(record["userCentError"] - expected) < 1e-9, (record, value)
        # …and the pitch the user last heard is that same error from the reference.
        heard = browser.execute_script("return window.__peach.targets.at(-1)") if dy else None
        if heard is not None:
            # (to a thousandth of a cent: Web Audio holds frequencies and detune curves as 32-bit floats)
            assert abs(1200 * math.log2(heard / reference_hz(record["referenceNote"])) - expected) < 1e-3
        assert_feedback_matches(browser, shown, record["userCentError"])
        committed.append(record)
        wait_for_state(browser, "tuning")
    assert len(records(server)) == 3
    assert len({r["initialCentOffset"] for r in committed}) == 3
    assert browser.execute_script("return window.__peach.vibrations") == 0


def test_a_match_with_the_keyboard_alone(server, browser):
    long_first_reference(server)
    browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": INSTRUMENT})
    browser.get(server.url)
    keys = ActionChains(browser)
    # Start focuses "Compare Pitch" once the catalogue has drawn it; Tab then reaches "Pitch Matching"
    # below it (the tests, "Measure my threshold" among them, are apart at the end).
    WebDriverWait(browser, 10).until(lambda b: b.switch_to.active_element.accessible_name == "Compare Pitch")
    keys.send_keys(Keys.TAB).perform()
    assert browser.switch_to.active_element.accessible_name == "Pitch Matching"
    keys.send_keys(Keys.ENTER).perform()
    wait_for_state(browser, "reference")
    slider = browser.switch_to.active_element
    assert slider.get_attribute("id") == "pitch-slider"
    assert slider.aria_role == "slider" and slider.accessible_name == "Pitch adjustment slider"
    ActionChains(browser).send_keys(Keys.ARROW_UP, Keys.PAGE_UP).perform()
    assert state(browser) == "reference", "the keys outlasted the reference: the check proves nothing"
    assert slider.get_attribute("aria-valuenow") == "0.000", "inert during the reference"
    normal_references(server)

    for presses, commit_key, value in (
        ([Keys.ARROW_UP] * 7 + [Keys.PAGE_DOWN] * 2 + [Keys.ARROW_DOWN], Keys.ENTER, -0.14),
        ([Keys.PAGE_UP] * 3 + [Keys.ARROW_DOWN] * 2, Keys.SPACE, 0.28),
    ):
        wait_for_state(browser, "tuning")
        assert slider.get_attribute("aria-valuetext") == "Centre"
        ActionChains(browser).send_keys(*presses).perform()
        assert abs(float(slider.get_attribute("aria-valuenow")) - value) < 1e-3
        text = slider.get_attribute("aria-valuetext")
        # The announced value is a position, never the error.
        assert text == f"{round(abs(value) * 100)} % {'up' if value > 0 else 'down'}"
        assert "cent" not in text.lower()
        before = len(records(server))
        ActionChains(browser).send_keys(commit_key).perform()
        shown = wait_for_feedback(browser)
        record = newest_record(server, before + 1)
        assert abs(record["userCentError"] - (record["initialCentOffset"] + value * 100)) < 1e-9
        assert_feedback_matches(browser, shown, record["userCentError"])

    # Aim for dead centre: undo the start offset (heard as the two oscillators' frequencies) in 10 ¢
    # and 1 ¢ steps; what is left is under half a cent.
    wait_for_state(browser, "tuning")
    offset = browser.execute_script("""
        const [reference, tunable] = window.__peach.oscillators.slice(-2).map((o) => o.node.frequency.value);
        return 1200 * Math.log2(tunable / reference);""")
    correction = -round(offset)
    tens, ones = int(correction / 10), correction - 10 * int(correction / 10)
    presses = [Keys.PAGE_UP if tens > 0 else Keys.PAGE_DOWN] * abs(tens) + [Keys.ARROW_UP if ones > 0 else Keys.ARROW_DOWN] * abs(ones)
    ActionChains(browser).send_keys(*presses, Keys.ENTER).perform()
    shown = wait_for_feedback(browser)
    record = newest_record(server, 3)
    assert abs(record["initialCentOffset"] - offset) < 1e-3
    assert abs(record["userCentError"] - (offset + correction)) < 1e-3
    assert abs(record["userCentError"]) <= 0.5
    assert_feedback_matches(browser, shown, record["userCentError"])
    if abs(record["userCentError"]) < 0.5:
        assert shown["text"] == "0 cents"
    assert len(records(server)) == 3


def every_note_is_silenced(browser, server):
    # Silenced: released within 50 ms plus its own release ramp (the sound definition every trial
    # carries: a low note ramps for longer), or stopped at its start so it never sounds.
    synthesis = server.api("POST", "pitch-matching").json()["synthesis"]
    return browser.execute_async_script("""
        const [synthesis, done] = arguments;
        import('/js/audio/audio.js').then((audio) => done(window.__peach.oscillators.length > 0 && window.__peach.oscillators.every(
            (o) => o.stopAt !== null && o.stopAt <= Math.max(
                o.startAt, o.node.context.currentTime + 0.05 + audio.rampSeconds(synthesis, o.node.frequency.value)))));
    """, synthesis)


def test_hiding_the_page_mid_tuning_stops_the_note_and_stores_nothing(server, browser):
    open_pitch_matching(browser, server)
    wait_for_state(browser, "tuning")
    pointer = drag(browser, interaction.POINTER_MOUSE, -40, release=False)
    assert float(browser.find_element(By.ID, "pitch-slider").get_attribute("aria-valuenow")) > 0
    browser.execute_script("""
        Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
        document.dispatchEvent(new Event('visibilitychange'));
    """)
    WebDriverWait(browser, 2).until(lambda _: browser.find_element(By.ID, "screen-start").is_displayed())
    assert browser.execute_script("return location.hash") == "#/"
    assert state(browser) == "idle"
    assert every_note_is_silenced(browser, server)
    # Letting go afterwards is not a commit.
    release = ActionBuilder(browser, mouse=pointer)
    release.pointer_action.pointer_up()
    release.perform()
    browser.execute_script("return new Promise((r) => setTimeout(r, 1500))")
    assert records(server) == []
    assert every_note_is_silenced(browser, server)


def test_leaving_during_the_reference_stops_it_and_stores_nothing(server, browser):
    open_pitch_matching(browser, server)
    wait_for_state(browser, "reference")
    browser.find_element(By.ID, "pitch-matching-back").click()
    WebDriverWait(browser, 2).until(lambda _: browser.find_element(By.ID, "screen-start").is_displayed())
    assert every_note_is_silenced(browser, server)
    browser.execute_script("return new Promise((r) => setTimeout(r, 1500))")
    assert records(server) == []
    assert state(browser) == "idle"


RETUNE_SCRIPT = """
const [challenge, sampleRate, plan, done] = arguments;
Promise.all([import('/js/audio/audio.js'), import('/js/screens/answer-slider.js')]).then(async ([audio, screen]) => {
  const context = new OfflineAudioContext(1, Math.ceil(plan.seconds * sampleRate), sampleRate);
  const note = audio.scheduleNote(context, {
    frequencyHz: challenge.tunableNote.startFrequencyHz, start: plan.start, synthesis: challenge.synthesis,
  });
  const targets = plan.changes.map(([at, value]) => {
    const frequencyHz = screen.tunableFrequencyHz(challenge, value);
    note.setFrequency(frequencyHz, at);
    return frequencyHz;
  });
  note.stop(plan.stop);
  const buffer = await context.startRendering();
  const bytes = new Uint8Array(buffer.getChannelData(0).buffer);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  done({ samples: btoa(binary), targets, peak: 10 ** (challenge.synthesis.levelDB / 20) });
}).catch((error) => done({ error: String(error) }));
"""


def frequency_at(samples, time, half_window=0.0025):
    """The frequency of the sine around `time`: a least-squares sine fit over ±2.5 ms. (A global
    Hilbert transform is not local enough: a pitch change 10 ms away bends its phase by ~0.2 ¢.)"""
    from test_audio_rendering import SAMPLE_RATE
    first, last = int(round((time - half_window) * SAMPLE_RATE)), int(round((time + half_window) * SAMPLE_RATE))
    t = np.arange(first, last) / SAMPLE_RATE - time
    x = samples[first:last]

    def linear_fit(f):
        basis = np.column_stack([np.sin(2 * np.pi * f * t), np.cos(2 * np.pi * f * t)])
        coefficients, *_ = np.linalg.lstsq(basis, x, rcond=None)
        return basis @ coefficients - x

    # Zero crossings give a first estimate; the fit refines the frequency with the amplitude and phase
    # solved exactly at each step.
    crossings = np.flatnonzero(np.diff(np.signbit(samples[first - 2000:last + 2000])))
    guess = SAMPLE_RATE / np.median(np.diff(crossings)) / 2
    return least_squares(lambda p: linear_fit(p[0]), [guess], x_scale=[guess * 1e-3], xtol=1e-15, ftol=1e-15).x[0]


def instantaneous_frequency(samples, first, last):
    """The mean frequency between two times, from the unwrapped phase of the analytic signal."""
    from test_audio_rendering import SAMPLE_RATE
    phase = np.unwrap(np.angle(hilbert(samples)))
    a, b = int(round(first * SAMPLE_RATE)), int(round(last * SAMPLE_RATE))
    return (phase[b] - phase[a]) / (2 * np.pi) / ((b - a) / SAMPLE_RATE)


def test_a_retuned_note_reaches_its_new_pitch_within_20_ms_without_clicks(server, browser):
    from test_audio_rendering import SAMPLE_RATE, cents
    browser.get(server.url)
    for _ in range(3):
        challenge = server.api("POST", "pitch-matching").json()
        # The slider's widest moves: from the start to the bottom, then the whole 200 ¢ to the top.
        plan = {"start": 0.05, "changes": [[0.4, -1.0], [0.8, 1.0]], "stop": 1.2, "seconds": 1.3}
        result = browser.execute_async_script(RETUNE_SCRIPT, challenge, SAMPLE_RATE, plan)
        assert "error" not in result, result.get("error")
        samples = np.frombuffer(base64.b64decode(result["samples"]), dtype=np.float32).astype(np.float64)

        before = challenge["tunableNote"]["startFrequencyHz"]
        for (at, value), target in zip(plan["changes"], result["targets"]):
            # Python's own mapping of the slider value agrees with the client's.
            assert abs(cents(target, challenge["referenceNote"]["frequencyHz"])
                       - (challenge["initialCentOffset"] + value * challenge["centRange"])) < 1e-6
            assert abs(cents(frequency_at(samples, at - 0.01), before)) < 0.01, "steady before the change"
            late = cents(frequency_at(samples, at + 0.020), target)
            assert abs(late) <= 0.1, f"{late:+.4f} ¢ from the target 20 ms after the change"
            # A glide, not a step: 1 ms in, the pitch has gone less than half the way. (A sine fit over so
            # short a window is ill-posed for a low note, a fraction of one period; the analytic signal's
            # phase gives the instantaneous frequency at any pitch.)
            jump = cents(target, before)
            early = cents(instantaneous_frequency(samples, at + 0.0005, at + 0.0015), target)
            assert abs(early) > abs(jump) / 2 and np.sign(early) == -np.sign(jump), (early, jump)
            before = target

        # A sine of amplitude A at f moves at most 2·A·sin(π f / rate) between samples; retuning adds no
        # jump beyond the tone's own at its highest pitch.
        steepest = 2 * result["peak"] * np.sin(np.pi * max(result["targets"] + [before]) / SAMPLE_RATE)
        # Between the onset and release ramps (tested with the comparison notes), so only retuning counts.
        steady = samples[int((plan["start"] + 0.006) * SAMPLE_RATE):int(plan["stop"] * SAMPLE_RATE)]
        jumps = np.abs(np.diff(steady))
        assert np.max(jumps) <= steepest * 1.001, (np.max(jumps), steepest)
        assert np.max(np.abs(samples)) > 0.9 * result["peak"]


def test_start_offers_pitch_matching_below_compare_pitch_as_the_secondary_action(server, browser):
    browser.get(server.url)
    primary, secondary = button(browser, "Compare Pitch"), button(browser, "Pitch Matching")
    assert secondary.rect["y"] >= primary.rect["y"] + primary.rect["height"]
    assert secondary.value_of_css_property("background-color") != primary.value_of_css_property("background-color")
    assert secondary.rect["height"] >= 44


@pytest.mark.parametrize("width,height", [(390, 844), (844, 390), (1440, 900)])
def test_the_slider_is_vertical_and_fills_most_of_the_height_in_every_orientation(server, browser, width, height):
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 900})
    open_pitch_matching(browser, server)
    geometry = slider_geometry(browser)
    slider = browser.find_element(By.ID, "pitch-slider").rect
    assert slider["height"] > slider["width"], "up = sharper, whatever the orientation"
    assert geometry["height"] >= 0.7 * height
    assert geometry["thumbHeight"] >= 64 and geometry["thumbWidth"] >= 88
    assert slider["y"] + slider["height"] <= height, "nothing scrolls off-screen"
