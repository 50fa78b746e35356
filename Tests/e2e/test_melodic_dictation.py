"""Play it Back (melodicDictation) as a user meets it at phone size: a 4-note dictation played back
on the on-screen piano by touch (with one wrong note undone), then one by the computer keyboard
alone (arrow keys and Enter on the piano's keys, then the letter rows), each stored as the record
of the melody heard and the notes played; every key at least 24 px wide at 390 px; and the melody
as the page's audio code sounds it."""
import functools

import numpy as np
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

import offline_render
from conftest import until
from viewport import SIZES, set_viewport

# The trials the page is handed, kept where the test can read the melody it must play back.
CAPTURE_TRIALS = """
window.__trials = [];
const originalFetch = window.fetch;
window.fetch = async (...args) => {
  const response = await originalFetch(...args);
  const address = String(args[0]);
  if (address.endsWith('/api/trials') || address.endsWith('/answer?next=true')) {
    // A trial comes alone, or as the next after an answer.
    response.clone().json().then((body) => {
      for (const trial of [body, body.next]) if (trial?.discipline === 'melodicDictation') window.__trials.push(trial);
    }).catch(() => {});
  }
  return response;
};
"""
# Computer keys by semitones above the keyboard's lowest C (physical positions, US layout).
LOWER_ROW = "zsxdcvgbhnjm,"
UPPER_ROW = "q2w3er5t6y7ui"


def records(server):
    response = server.api("GET", "records?discipline=melodicDictation&limit=10")
    response.raise_for_status()
    return response.json()["records"]


def test_a_four_note_dictation_by_touch_and_by_keyboard_stores_the_melody_and_the_answer(server, browser):
    assert server.api("PUT", "settings", json={
        "language": "en", "noteDurationSeconds": 0.3, "melodyShortest": 4, "melodyLongest": 4}).status_code == 200
    set_viewport(browser, *SIZES["phone-portrait"])
    browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": CAPTURE_TRIALS})
    browser.get(server.url)
    browser.find_element(By.ID, "start-melodicDictation").click()
    # What the page alone shows is waited for in the page; a wait that asks the server too polls less often.
    wait = WebDriverWait(browser, 15, poll_frequency=0.05)
    opened = functools.partial(until, browser, "const piano = document.getElementById('melody-piano');"
                               "return window.__trials.length >= arguments[0] && piano.children.length > 0"
                               " && !piano.classList.contains('closed')", timeout=15)
    opened(1)

    widths = browser.execute_script(
        "return [...document.querySelectorAll('#melody-piano .piano-key')].map((key) =>"
        " [key.classList.contains('black'), key.getBoundingClientRect().width, key.getBoundingClientRect().right])")
    whites = [width for black, width, _ in widths if not black]
    assert len(whites) >= 15, "two octaves and the C above"
    assert min(width for _, width, _ in widths) >= 24, widths
    assert max(right for _, _, right in widths) <= 390, "the keyboard fits the phone"

    trial = browser.execute_script("return window.__trials[window.__trials.length - 1]")
    melody = [note["note"]["midi"] for note in trial["melody"]]
    lowest = trial["keys"][0]["midi"]
    assert len(melody) == 4 and all(trial["keys"][0]["midi"] <= midi <= trial["keys"][-1]["midi"] for midi in melody)
    key = lambda midi: browser.find_element(By.CSS_SELECTOR, f'#melody-piano [data-midi="{midi}"]')

    # By touch: a wrong first note, undone, then the melody.
    def touch(midi):
        # A white key shows below the black keys: a finger lands on its lower part.
        element = key(midi)
        below = 0 if "black" in element.get_attribute("class") else int(element.rect["height"] * 0.35)
        actions = ActionBuilder(browser, mouse=PointerInput(interaction.POINTER_TOUCH, "finger"))
        actions.pointer_action.move_to(element, 0, below).pointer_down().pointer_up()
        actions.perform()

    wrong = melody[0] + 1 if melody[0] + 1 <= trial["keys"][-1]["midi"] else melody[0] - 1
    touch(wrong)
    wait.until(lambda b: b.find_element(By.ID, "melody-answer").text.startswith("Your notes: ") and
               "_ _ _" in b.find_element(By.ID, "melody-answer").text)
    browser.find_element(By.ID, "melody-undo").click()
    wait.until(lambda b: b.find_element(By.ID, "melody-answer").text.endswith("_ _ _ _"))
    for midi in melody:
        touch(midi)
    wait.until(lambda b: len(records(server)) == 1)
    record = records(server)[0]
    as_text = " ".join(map(str, melody))
    assert (record["melody"], record["answer"], record["correctNotes"], record["isCorrect"]) == (as_text, as_text, 4, True)
    assert record["tonicNote"] == trial["tonic"]["midi"] and record["mode"] == trial["mode"] == "major"
    wait.until(lambda b: b.find_element(By.ID, "melody-last").text == "Last melody: " + " ".join(
        f"{note['note']['name']}✓" for note in trial["melody"]))

    # By keyboard alone: the next trial's first note by arrows and Enter from the focused lowest C,
    # then the letter rows, with the last note wrong.
    opened(2)
    trial = browser.execute_script("return window.__trials[window.__trials.length - 1]")
    melody = [note["note"]["midi"] for note in trial["melody"]]
    lowest = trial["keys"][0]["midi"]
    browser.execute_script("document.querySelector('#melody-piano .piano-key[tabindex=\"0\"]').focus()")
    keys = ActionChains(browser)
    for _ in range(melody[0] - lowest):
        keys.send_keys(Keys.ARROW_RIGHT)
    keys.send_keys(Keys.ENTER).perform()
    wait.until(lambda b: b.find_element(By.ID, "melody-answer").text.endswith("_ _ _"))
    assert browser.execute_script("return document.activeElement.dataset.midi") == str(melody[0])
    played = melody[:3] + [melody[3] + (1 if melody[3] - lowest < 24 else -1)]
    rows = LOWER_ROW + UPPER_ROW[1:]
    ActionChains(browser).send_keys(*[rows[midi - lowest] for midi in played[1:]]).perform()
    wait.until(lambda b: len(records(server)) == 2)
    record = next(r for r in records(server) if r["melody"] == " ".join(map(str, melody)))
    assert record["answer"] == " ".join(map(str, played)) and record["correctNotes"] == 3 and not record["isCorrect"]
    wait.until(lambda b: b.find_element(By.ID, "melody-last").text.startswith("Last melody: ") and "you played" in b.find_element(By.ID, "melody-last").text)

    # The Profile's section for it, drawn by the kind's own module from the one profile-part route
    # (the original path answers the same): nothing mastered yet, each step size's share of right notes.
    browser.get(server.url + "#/profile")
    wait.until(lambda b: b.find_element(By.ID, "melody-longest-melodicDictation").text.startswith("No melody length mastered yet"))
    summary = server.api("GET", "profile/part?discipline=melodicDictation").json()
    assert server.api("GET", "profile/dictation").json() == summary
    assert summary["melodies"] == 2 and summary["longestMastered"] is None
    assert sum(step["notes"] for step in summary["steps"]) == 6 and sum(step["correct"] for step in summary["steps"]) == 5
    assert len(browser.find_elements(By.CSS_SELECTOR, "#melody-steps-melodicDictation tr")) == 1 + len(summary["steps"])


def test_the_page_sounds_the_melody_note_by_note_after_the_cadence(server, browser):
    """The page's own audio code rendered offline from a trial as the server sends it: in each
    note's time only that note sounds, at its level, at the equal-tempered pitch of the MIDI note
    the record will store; between the cadence and the melody, silence."""
    rate = 44100
    # Low notes, whose attack and release (14 periods each) are the longest, and a cadence bass as
    # low as E1, whose release still ends inside the rest before the melody (a bass at C1 rings
    # 28 ms into it, leaving no silence to check); notes long enough that the lowest one's steady
    # part holds enough cycles to tell its frequency from that bass (at 0.4 s an E2 left 40 ms,
    # where the fit could not separate 33 from 82 Hz).
    assert server.api("PUT", "settings", json={"soundSource": "sine", "melodyShortest": 4, "melodyLongest": 4,
                                              "noteDurationSeconds": 0.8, "noteRangeLower": 40,
                                              "noteRangeUpper": 59}).status_code == 200
    trial = server.api("POST", "trials", json={"discipline": "melodicDictation"}).json()
    assert len(trial["melody"]) == 4
    browser.get(server.url)
    notes = [{"frequencyHz": note["frequencyHz"], "start": chord["startSeconds"], "duration": chord["durationSeconds"],
              "levelDB": chord["levelDB"]} for chord in trial["cadence"] for note in chord["notes"]]
    notes += [{"frequencyHz": note["note"]["frequencyHz"], "start": note["startSeconds"], "duration": note["durationSeconds"],
               "levelDB": 0} for note in trial["melody"]]
    last = trial["melody"][-1]
    samples = offline_render.render(browser, notes, trial["synthesis"], last["startSeconds"] + last["durationSeconds"] + 0.3, rate)
    melody = [note["note"]["frequencyHz"] for note in trial["melody"]]
    for note in trial["melody"]:
        assert abs(note["note"]["frequencyHz"] - 440 * 2 ** ((note["note"]["midi"] - 69) / 12)) < 1e-6, note
    every = sorted(set(melody) | {note["frequencyHz"] for chord in trial["cadence"] for note in chord["notes"]})
    synthesis = trial["synthesis"]
    ramp = lambda frequency: max(synthesis["rampSeconds"], synthesis["rampPeriods"] / frequency) + 0.01
    level = 10 ** (synthesis["levelDB"] / 20)
    for note in trial["melody"]:
        frequency = note["note"]["frequencyHz"]
        edge = ramp(frequency)
        segment = samples[int((note["startSeconds"] + edge) * rate):int((note["startSeconds"] + note["durationSeconds"] - edge) * rate)]
        assert len(segment) > 0.2 * rate, (note, "its steady part is too short to analyse")
        t = np.arange(len(segment)) / rate
        basis = np.column_stack([f(2 * np.pi * other * t) for other in every for f in (np.sin, np.cos)])
        coefficients, *_ = np.linalg.lstsq(basis, segment, rcond=None)
        heard = dict(zip(every, np.hypot(coefficients[0::2], coefficients[1::2])))
        for other, amplitude in heard.items():
            if other == frequency:
                assert abs(amplitude / level - 1) < 0.05, (note, amplitude, level)
            else:
                assert amplitude < 0.02 * level, (note, other, amplitude)
    end = trial["cadence"][-1]["startSeconds"] + trial["cadence"][-1]["durationSeconds"]
    rest = samples[int((end + ramp(min(note["frequencyHz"] for note in trial["cadence"][-1]["notes"]))) * rate):
                   int((trial["melody"][0]["startSeconds"] - 0.01) * rate)]
    assert len(rest) > 0 and np.max(np.abs(rest)) < 1e-3
