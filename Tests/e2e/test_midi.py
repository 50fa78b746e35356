"""A MIDI keyboard as the answer, in headless Chromium: a test shim stands in for
`navigator.requestMIDIAccess` (installed before the page's scripts run) and fires MIDI messages from
the test — keys answering a comparison session, the pitch-bend wheel committing a match, a key
naming a scale degree, a timestamped note-on as a Fill the Gap tap, a chord in any octave naming a
progression's numeral — and a keyboard plugged in after MIDI was turned on, a refused permission and
a browser without Web MIDI, as Settings shows them."""
import functools

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import until
from test_melodic_dictation import CAPTURE_TRIALS

# The shim. `localStorage['test.midi']` chooses the browser it plays: 'refuse' (permission
# refused), 'unsupported' (no Web MIDI at all), otherwise a MIDIAccess with no inputs until the test
# plugs one in (`__midi.plug`), which fires statechange as a real one does.
SHIM = """
(() => {
  const mode = localStorage.getItem('test.midi');
  if (mode === 'unsupported') { delete Navigator.prototype.requestMIDIAccess; return; }
  const access = new EventTarget();
  Object.assign(access, { inputs: new Map(), outputs: new Map(), sysexEnabled: false, onstatechange: null });
  const stateChange = (port) => {
    const event = new Event('statechange');
    event.port = port;
    access.dispatchEvent(event);
    access.onstatechange?.(event);
  };
  window.__midi = {
    asked: 0,
    plug(id, name) {
      const input = new EventTarget();
      Object.assign(input, { id, name, type: 'input', state: 'connected', connection: 'open', onmidimessage: null });
      access.inputs.set(id, input);
      stateChange(input);
    },
    unplug(id) {
      const input = access.inputs.get(id);
      access.inputs.delete(id);
      input.state = 'disconnected';
      stateChange(input);
    },
    /** One message from input `id`; `timeStamp` on performance.now()'s clock (now when absent). */
    send(id, data, timeStamp) {
      const input = access.inputs.get(id);
      const event = new Event('midimessage');
      Object.defineProperty(event, 'data', { value: new Uint8Array(data) });
      Object.defineProperty(event, 'timeStamp', { value: timeStamp ?? performance.now() });
      input.dispatchEvent(event);
      input.onmidimessage?.(event);
    },
  };
  Object.defineProperty(Navigator.prototype, 'requestMIDIAccess', {
    configurable: true,
    value() {
      window.__midi.asked += 1;
      return mode === 'refuse'
        ? Promise.reject(new DOMException('Permission denied', 'NotAllowedError'))
        : Promise.resolve(access);
    },
  });
})();
"""


# Chord Progressions' trials as the page receives them, kept beside Play it Back's.
CAPTURE_PROGRESSIONS = """
window.__progressions = [];
const fetchBefore = window.fetch;
window.fetch = async (...args) => {
  const response = await fetchBefore(...args);
  if (/\\/api\\/trials$|\\/answer\\?next=true$/.test(String(args[0]))) {
    response.clone().json().then((body) => {
      for (const trial of [body, body.next]) if (trial?.discipline === 'chordProgression') window.__progressions.push(trial);
    }).catch(() => {});
  }
  return response;
};
"""


def install_shim(browser):
    browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": SHIM})


def records(server, discipline):
    response = server.api("GET", f"records?discipline={discipline}&limit=100")
    response.raise_for_status()
    return list(reversed(response.json()["records"]))


def send(browser, data, time_stamp=None):
    browser.execute_script("window.__midi.send('keys-1', arguments[0], arguments[1] ?? undefined)", data, time_stamp)


def go(browser, hash):
    """A hash change, not a load: the shim's keyboard stays plugged in."""
    browser.execute_script("location.hash = arguments[0]", hash)


def midi_status(browser):
    return browser.find_element(By.ID, "midi-status").text


def bend(value):
    return [0xE0, value & 0x7F, value >> 7]


# A note-on at a known moment of the trial, stamped with that moment and delivered 20 ms after it
# (as a keyboard's event arrives after the key was struck): the output timestamp maps the context
# time the listener heard then onto performance.now(), the clock of a MIDI event's timeStamp.
TIMED_TAP = """
const [gapIndex, offsetSeconds, done] = arguments;
const screen = document.getElementById('screen-fill-the-gap');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
import('/js/audio/audio.js').then(async ({ realtimeContext }) => {
  const context = realtimeContext();
  while (!screen.dataset.trialStart) await sleep(1);
  const gaps = screen.dataset.gapSeconds.split(' ').map(Number);
  const moment = Number(screen.dataset.trialStart) + gaps[gapIndex] + offsetSeconds;
  const performanceAt = (time) => {
    const output = context.getOutputTimestamp();
    return output.performanceTime + (time - output.contextTime) * 1000;
  };
  while (performance.now() < performanceAt(moment) + 20) await sleep(5);
  window.__midi.send('keys-1', [0x90, 60, 100], performanceAt(moment));
  done({ moment });
}).catch((error) => done({ error: String(error) }));
"""


# Calibration by a MIDI keyboard: a note-on `latency` seconds after each click, stamped with that
# moment and delivered 5 ms after it.
CALIBRATION_KEYS = """
const [latency, done] = arguments;
const screen = document.getElementById('screen-calibration');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
import('/js/audio/audio.js').then(async ({ realtimeContext }) => {
  const context = realtimeContext();
  while (!screen.dataset.clickStart || screen.dataset.state !== 'tapping') await sleep(1);
  const start = Number(screen.dataset.clickStart);
  const beat = Number(screen.dataset.beatSeconds);
  const performanceAt = (time) => {
    const output = context.getOutputTimestamp();
    return output.performanceTime + (time - output.contextTime) * 1000;
  };
  for (let click = 0; click < 16; click += 1) {
    const moment = start + click * beat + latency;
    while (performance.now() < performanceAt(moment) + 5) await sleep(2);
    window.__midi.send('keys-1', [0x90, 60, 100], performanceAt(moment));
  }
  done({});
}).catch((error) => done({ error: String(error) }));
"""


def test_a_midi_keyboard_answers_every_kind_and_is_read_when_plugged_in_later(server, browser):
    assert server.api("PUT", "settings", json={
        "noteDurationSeconds": 0.3, "tempoBPM": 200, "scaleDegrees": [1, 3, 5], "scaleMode": "minor",
        "chromaticDegrees": False, "melodyShortest": 4, "melodyLongest": 4}).status_code == 200
    install_shim(browser)
    browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": CAPTURE_TRIALS})
    browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": CAPTURE_PROGRESSIONS})
    # What the page alone shows is waited for in the page; a wait that asks the server too polls less often.
    wait = WebDriverWait(browser, 15, poll_frequency=0.05)
    in_page = functools.partial(until, browser, timeout=15)

    # Off until turned on; on asks the browser; a keyboard plugged in afterwards appears at once.
    browser.get(server.url + "#/settings")
    enabled = browser.find_element(By.ID, "midi-enabled")
    wait.until(lambda _: midi_status(browser).startswith("Off."))
    assert not enabled.is_selected() and browser.execute_script("return window.__midi.asked") == 0
    enabled.click()
    wait.until(lambda _: midi_status(browser).startswith("On. No MIDI keyboard"))
    assert browser.execute_script("return window.__midi.asked") == 1
    browser.execute_script("window.__midi.plug('keys-1', 'Test Keys')")
    wait.until(lambda _: midi_status(browser) == "On. Inputs found: 1.")
    options = [option.text for option in browser.find_elements(By.CSS_SELECTOR, "#midi-input option")]
    assert options == ["All inputs", "Test Keys"]

    # A comparison session by keys: far above note 2 is Higher, far below Lower.
    go(browser, "#/train/pitchComparison")
    higher = browser.find_element(By.ID, "answer-higher")
    feedback = browser.find_element(By.ID, "comparison-feedback")
    keys = [100, 20, 20, 100, 100, 20]
    for key in keys:
        in_page("return !arguments[0].matches(':disabled')", higher)
        send(browser, [0x90, key, 90])
        send(browser, [0x80, key, 0])
        in_page("return arguments[0].className.includes('visible')", feedback)
        in_page("return !arguments[0].className.includes('visible')", feedback)
    stored = records(server, "pitchComparison")
    assert len(stored) == len(keys)
    for key, record in zip(keys, stored):
        answered_higher = record["isCorrect"] == (record["note2CentOffset"] > 0)
        assert answered_higher == (key == 100), record

    # Matching: the wheel at rest commits nothing; half way up, then back to centre, commits +50 ¢ of 100.
    go(browser, "#/train/pitchMatching")
    screen = browser.find_element(By.ID, "screen-pitch-matching")
    in_page("return arguments[0].dataset.state === 'tuning'", screen)
    send(browser, bend(8192))
    send(browser, bend(8192 + 4096))
    assert screen.get_attribute("data-state") == "tuning"
    assert abs(float(browser.find_element(By.ID, "pitch-slider").get_attribute("aria-valuenow")) - 0.5) < 1e-3
    send(browser, bend(8192 + 200))
    wait.until(lambda _: len(records(server, "pitchMatching")) == 1)
    record = records(server, "pitchMatching")[0]
    assert abs(record["userCentError"] - (record["initialCentOffset"] + 50)) < 0.01, record
    # The next match: a quarter down by the wheel, held there, committed by a key.
    in_page("return arguments[0].dataset.state === 'tuning'", screen)
    send(browser, bend(8192 - 2048))
    send(browser, [0x90, 64, 70])
    wait.until(lambda _: len(records(server, "pitchMatching")) == 2)
    record = records(server, "pitchMatching")[1]
    assert abs(record["userCentError"] - (record["initialCentOffset"] - 25)) < 0.01, record

    # Scale degrees: the pitch class of the key names the degree; the first key whose class is a
    # choice (1, ♭3, 5 of the minor key) answers, the ones before it answer nothing.
    go(browser, "#/train/scaleDegree")
    in_page("const buttons = [...document.querySelectorAll('#degree-buttons button')];"
            " return buttons.length === 3 && buttons.every((b) => !b.matches(':disabled'))")
    for key in range(60, 72):
        send(browser, [0x90, key, 80])
    wait.until(lambda _: len(records(server, "scaleDegree")) == 1)
    record = records(server, "scaleDegree")[0]
    degrees = {0: "1", 3: "b3", 7: "5"}
    first = next(key for key in range(60, 72) if (key - record["tonicNote"]) % 12 in degrees)
    assert record["answeredDegree"] == degrees[(first - record["tonicNote"]) % 12], record

    # The keyboard gets a tap calibration of its own (12 ms); this device's, for the pad and the
    # keys (40 ms), stays as it was.
    browser.execute_script("localStorage.setItem('peach.rhythm.latencyMs', '40')")
    go(browser, "#/calibration")
    browser.find_element(By.ID, "calibration-start").click()
    result = browser.execute_async_script(CALIBRATION_KEYS, 0.012)
    assert "error" not in result, result
    status = browser.find_element(By.ID, "calibration-status")
    wait.until(lambda _: status.text.startswith("Calibrated for Test Keys: "))
    own = browser.execute_script("return Number(localStorage.getItem('peach.rhythm.latencyMs.midi.Test Keys'))")
    assert abs(own - 12) <= 1, own
    assert status.text == f"Calibrated for Test Keys: {own:.1f} ms, from 16 taps"
    assert browser.execute_script("return localStorage.getItem('peach.rhythm.latencyMs')") == "40"
    assert browser.find_element(By.ID, "calibration-current").text == f"Calibrated: 40.0 ms · Test Keys: {own:.1f} ms"

    # Fill the Gap: one note-on 7 ms after the fourth gap plus the keyboard's own calibration,
    # stamped with its moment and delivered late: stored 7 ms late.
    go(browser, "#/train/rhythmMatching")
    result = browser.execute_async_script(TIMED_TAP, 3, 0.007 + own / 1000)
    assert "error" not in result, result
    wait.until(lambda _: records(server, "rhythmMatching"))
    record = records(server, "rhythmMatching")[0]
    assert record["hitRate"] == 1 / 16, record
    assert abs(record["meanOffsetMs"] - 7) <= 1, record

    # Play it Back: the melody's four keys played on the keyboard are the answer, note by note.
    go(browser, "#/train/melodicDictation")
    in_page("const piano = document.getElementById('melody-piano');"
            "return window.__trials.length > 0 && piano.children.length > 0 && !piano.classList.contains('closed')")
    trial = browser.execute_script("return window.__trials[window.__trials.length - 1]")
    melody = [note["note"]["midi"] for note in trial["melody"]]
    for key in melody:
        send(browser, [0x90, key, 80])
        send(browser, [0x80, key, 0])
    wait.until(lambda _: records(server, "melodicDictation"))
    record = records(server, "melodicDictation")[0]
    as_text = " ".join(map(str, melody))
    assert (record["melody"], record["answer"], record["correctNotes"]) == (as_text, as_text, 4), record

    # Chord Progressions: each chord played, in another octave and voicing, rolled, names its numeral;
    # a chord that is no numeral's names nothing.
    go(browser, "#/train/chordProgression")
    in_page("const buttons = [...document.querySelectorAll('#numerals-buttons button')];"
            " return window.__progressions.length > 0 && buttons.length > 0"
            " && buttons.every((b) => !b.matches(':disabled'))")
    trial = browser.execute_script("return window.__progressions.at(-1)")
    # Served: each choice's pitch classes, the ones the trial's own chords sound.
    served = {chord["answer"]: chord["pitchClasses"] for chord in trial["session"]["midi"]["chords"]}
    assert sorted(served) == sorted(choice["numeral"] for choice in trial["choices"])
    for chord in trial["chords"]:
        assert served[chord["numeral"]] == sorted({note["midi"] % 12 for note in chord["notes"]}), chord

    def play(keys):
        for key in keys:
            send(browser, [0x90, key, 80])
        for key in keys:
            send(browser, [0x80, key, 0])

    play([61, 62])
    assert browser.find_element(By.ID, "numerals-answer").text.startswith("Your chords: _")
    for chord in trial["chords"]:
        bass, *upper = [note["midi"] for note in chord["notes"]]
        # The root an octave up on top, the others in the bass's octave and two up: another voicing.
        play([bass + 36, *[key - 12 for key in upper], bass + 12])
    wait.until(lambda _: records(server, "chordProgression"))
    record = records(server, "chordProgression")[0]
    numerals = " ".join(chord["numeral"] for chord in trial["chords"])
    assert (record["progression"], record["answer"], record["isCorrect"]) == (numerals, numerals, True), record

    # Unplugged: gone from the list.
    go(browser, "#/settings")
    browser.execute_script("window.__midi.unplug('keys-1')")
    wait.until(lambda _: midi_status(browser) == "On. Inputs found: 0." or midi_status(browser).startswith("On. No MIDI"))
    assert [option.text for option in browser.find_elements(By.CSS_SELECTOR, "#midi-input option")] == ["All inputs"]


def test_settings_say_when_midi_is_refused_or_the_browser_has_none(server, browser):
    install_shim(browser)
    wait = WebDriverWait(browser, 10, poll_frequency=0.02)
    browser.get(server.url + "#/settings")
    browser.execute_script("localStorage.setItem('test.midi', 'refuse')")
    browser.refresh()
    enabled = browser.find_element(By.ID, "midi-enabled")
    wait.until(lambda _: midi_status(browser).startswith("Off."))
    enabled.click()
    wait.until(lambda _: midi_status(browser).startswith("The browser refused MIDI"))
    assert not enabled.is_selected()
    assert browser.find_element(By.ID, "midi-input").get_attribute("disabled") is not None

    browser.execute_script("localStorage.setItem('test.midi', 'unsupported')")
    assert server.api("PUT", "settings", json={"language": "de"}).status_code == 200
    browser.refresh()
    wait.until(lambda _: midi_status(browser).startswith("Dieser Browser kann kein Web MIDI"))
    assert browser.find_element(By.ID, "midi-enabled").get_attribute("disabled") is not None
