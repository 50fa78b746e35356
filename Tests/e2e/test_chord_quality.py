"""Chord Quality (chordQuality) as a user meets it: on Start under Harmony, trained in headless
Chromium with the buttons and the number keys, each answer stored and judged by the server, the
qualities chosen in Settings; the trials the API hands out are the quality's notes on the root
(inversions and arpeggios as set); and the page's own audio code, rendered offline, sounds every
note of the chord at its frequency and time."""
import functools
import re

import numpy as np
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import until

import offline_render

QUALITIES = {
    "major": [0, 4, 7], "minor": [0, 3, 7], "diminished": [0, 3, 6], "augmented": [0, 4, 8],
    "dominant7": [0, 4, 7, 10], "major7": [0, 4, 7, 11], "minor7": [0, 3, 7, 10], "halfDiminished7": [0, 3, 6, 10],
}
SAMPLE_RATE = 44100


def records(server):
    response = server.api("GET", "records?discipline=chordQuality&limit=100")
    response.raise_for_status()
    return response.json()["records"]


def test_every_trial_is_its_quality_on_the_root_in_the_inversion_and_voicing_set(server):
    reference = server.api("GET", "settings").json()["settings"]["referencePitchHz"]
    hz = lambda midi: reference * 2 ** ((midi - 69) / 12)
    assert server.api("PUT", "settings", json={
        "noteRangeLower": 40, "noteRangeUpper": 76, "chordQualities": list(QUALITIES), "chordInversions": True,
        "chordVoicing": "arpeggio"}).status_code == 200
    inversions = set()
    for _ in range(80):
        trial = server.api("POST", "trials", json={"discipline": "chordQuality"}).json()
        quality, inversion = trial["choices"][0]["quality"], trial["inversion"]
        midis = [note["note"]["midi"] for note in trial["notes"]]
        assert [choice["key"] for choice in trial["choices"]] == [str(n) for n in range(1, 9)]
        # Some quality's pitch classes with the inversion's chord tone in the bass, rising, inside the range.
        matches = [name for name, steps in QUALITIES.items()
                   if len(steps) == len(midis) and inversion < len(steps)
                   and {(midi - midis[0] + steps[inversion]) % 12 for midi in midis} == set(steps)]
        assert matches, (midis, inversion)
        assert midis == sorted(midis) and 43 <= midis[0] and midis[-1] <= 76 and midis[-1] - midis[0] < 12
        starts = [note["startSeconds"] for note in trial["notes"]]
        assert starts == sorted(starts) and starts[0] == 0 and len(set(starts)) == len(starts), "an arpeggio rises"
        ends = {round(note["startSeconds"] + note["durationSeconds"], 9) for note in trial["notes"]}
        assert len(ends) == 1, "every note stops together"
        assert trial["session"]["answersOpenSeconds"] > starts[-1]
        for note in trial["notes"]:
            assert abs(note["note"]["frequencyHz"] / hz(note["note"]["midi"]) - 1) < 1e-12
        inversions.add(inversion)
    assert inversions == {0, 1, 2, 3}
    # An answer the trial did not offer is refused and stores nothing.
    assert server.api("PUT", "settings", json={"chordQualities": ["major", "minor"], "chordInversions": False}).status_code == 200
    trial = server.api("POST", "trials", json={"discipline": "chordQuality"}).json()
    assert [choice["quality"] for choice in trial["choices"]] == ["major", "minor"] and trial["inversion"] == 0
    refused = server.api("POST", f"trials/{trial['id']}/answer", json={"answer": "diminished"})
    assert refused.status_code == 400 and records(server) == []
    assert server.api("PUT", "settings", json={"chordQualities": ["major"]}).status_code == 400


def test_chord_quality_trains_with_buttons_and_number_keys(server, browser):
    assert server.api("PUT", "settings", json={
        "language": "en", "chordQualities": ["major", "minor", "dominant7"], "chordVoicing": "block"}).status_code == 200
    browser.get(server.url)
    harmony = browser.find_element(By.CSS_SELECTOR, '.discipline-group[data-group="harmony"]')
    harmony.find_element(By.ID, "start-chordQuality").click()
    wait = WebDriverWait(browser, 15, poll_frequency=0.02)
    in_page = functools.partial(until, browser, timeout=15)
    wait.until(lambda b: b.execute_script("return location.hash") == "#/train/chordQuality")
    feedback = browser.find_element(By.ID, "quality-feedback")
    labels = lambda: browser.execute_script(
        "return [...document.querySelectorAll('#quality-buttons button')].map((b) => [b.textContent, b.getAttribute('aria-keyshortcuts'), b.disabled])")
    wait.until(lambda b: len(labels()) == 3)
    assert [(text, key) for text, key, _ in labels()] == [("Major", "1"), ("Minor", "2"), ("Dominant 7th", "3")]
    answers = [("button", "minor"), ("key", "3"), ("key", "1"), ("button", "major")]
    for how, which in answers:
        in_page("return [...document.querySelectorAll('#quality-buttons button')].every((b) => !b.disabled)")
        assert browser.find_element(By.ID, "quality-voicing").text == "All notes at once"
        if how == "button":
            browser.execute_script(f"document.getElementById('answer-quality-{which}').click()")
        else:
            browser.execute_script(
                "document.dispatchEvent(new KeyboardEvent('keydown', { key: arguments[0], bubbles: true }))", which)
        in_page("return arguments[0].className.includes('visible')", feedback)
        text = feedback.get_attribute("textContent")
        assert "Correct" in text or "Incorrect" in text
        last = browser.find_element(By.ID, "quality-last").text
        assert last.startswith("Last chord: ") and "root position" in last, last
        # Qualities inside the sentence are words of it: "E+, augmented, root position; not minor".
        assert re.fullmatch(r"Last chord: [A-G][♭♯]?(m|7)?, (major|minor|dominant 7th), root position(; not (major|minor|dominant 7th))?",
                            last), last
        in_page("return !arguments[0].className.includes('visible')", feedback)
    stored = records(server)
    assert len(stored) == len(answers)
    assert sorted(record["answeredQuality"] for record in stored) == sorted(["minor", "dominant7", "major", "major"])
    for record in stored:
        assert record["quality"] in {"major", "minor", "dominant7"} and record["voicing"] == "block" and record["inversion"] == 0
        assert record["isCorrect"] == (record["answeredQuality"] == record["quality"])


def test_settings_choose_the_qualities_voicing_and_inversions(server, browser):
    assert server.api("PUT", "settings", json={"language": "en"}).status_code == 200
    browser.get(server.url + "#/settings")
    wait = WebDriverWait(browser, 10, poll_frequency=0.02)
    wait.until(lambda b: len(b.find_elements(By.CSS_SELECTOR, "#chordQualities-choices input")) == 8)
    checked = lambda: browser.execute_script(
        "return [...document.querySelectorAll('#chordQualities-choices input:checked')].map((box) => box.dataset.value)")
    assert checked() == ["major", "minor", "diminished", "augmented"]
    # Each answer from the server redraws the boxes: a click is one script, so it never lands on a box just replaced.
    click = lambda quality: browser.execute_script(f"document.getElementById('setting-chordQualities-{quality}').click()")
    click("minor7")
    wait.until(lambda b: "minor7" in server.api("GET", "settings").json()["settings"]["chordQualities"])
    for quality in ("diminished", "augmented", "minor"):
        click(quality)
        wait.until(lambda b: quality not in server.api("GET", "settings").json()["settings"]["chordQualities"])
    assert server.api("GET", "settings").json()["settings"]["chordQualities"] == ["major", "minor7"]
    # One left would be nothing to tell apart: refused, said, and the box set back.
    click("major")
    wait.until(lambda b: "at least two qualities" in b.find_element(By.ID, "reset-status").text)
    wait.until(lambda b: checked() == ["major", "minor7"])
    browser.execute_script("const s = document.getElementById('setting-chordVoicing'); s.value = 'arpeggio'; s.dispatchEvent(new Event('change', { bubbles: true }))")
    browser.execute_script("document.getElementById('setting-chordInversions').click()")
    wait.until(lambda b: (lambda s: s["chordVoicing"] == "arpeggio" and s["chordInversions"])(server.api("GET", "settings").json()["settings"]))


def fitted(segment, frequencies):
    """Each sine's amplitude and the residual, all fitted together by least squares."""
    t = np.arange(len(segment)) / SAMPLE_RATE
    basis = np.column_stack([f(2 * np.pi * frequency * t) for frequency in frequencies for f in (np.sin, np.cos)])
    coefficients, residual, *_ = np.linalg.lstsq(basis, segment, rcond=None)
    return np.hypot(coefficients[0::2], coefficients[1::2]), float(residual[0]) if len(residual) else 0.0


def test_the_page_sounds_every_note_of_an_arpeggio_at_its_frequency_and_time(server, browser):
    assert server.api("PUT", "settings", json={
        "chordQualities": ["dominant7", "halfDiminished7"], "chordVoicing": "arpeggio", "chordInversions": True,
        "soundSource": "sine"}).status_code == 200
    trial = server.api("POST", "trials", json={"discipline": "chordQuality"}).json()
    browser.get(server.url)
    notes = trial["notes"]
    seconds = max(note["startSeconds"] + note["durationSeconds"] for note in notes) + 0.2
    samples = offline_render.render(browser, [
        {"frequencyHz": note["note"]["frequencyHz"], "start": note["startSeconds"], "duration": note["durationSeconds"],
         "levelDB": note["levelDB"]} for note in notes], trial["synthesis"], seconds, SAMPLE_RATE)
    frequencies = [note["note"]["frequencyHz"] for note in notes]
    starts = [note["startSeconds"] for note in notes]
    end = starts[-1] + notes[-1]["durationSeconds"]
    synthesis = trial["synthesis"]
    # Each note rises and falls over at least `rampPeriods` of its own period: measured between.
    ramp = lambda frequency: max(synthesis["rampSeconds"], synthesis["rampPeriods"] / frequency) + 0.01
    slowest = ramp(min(frequencies))
    # While all four ring, each sounds at the level the server set, the same for all.
    whole = samples[int((starts[-1] + slowest) * SAMPLE_RATE):int((end - slowest) * SAMPLE_RATE)]
    amplitudes, _ = fitted(whole, frequencies)
    expected = 10 ** ((trial["synthesis"]["levelDB"] + notes[0]["levelDB"]) / 20)
    assert np.all(np.abs(amplitudes / expected - 1) < 0.02), (amplitudes, expected)
    # Each note's frequency: the fit is best at the served frequency, to a tenth of a cent.
    for index in range(len(notes)):
        offsets = np.arange(-1.0, 1.0001, 0.05)
        residuals = []
        for offset in offsets:
            trying = list(frequencies)
            trying[index] *= 2 ** (offset / 1200)
            residuals.append(fitted(whole, trying)[1])
        assert abs(offsets[int(np.argmin(residuals))]) <= 0.1, (index, offsets[int(np.argmin(residuals))])
    # Before a note's start it is silent; after it, it sounds: the arpeggio rises in time.
    for index in range(1, len(notes)):
        before = samples[int((starts[index - 1] + ramp(frequencies[index - 1])) * SAMPLE_RATE):int((starts[index] - 0.01) * SAMPLE_RATE)]
        after = samples[int((starts[index] + ramp(frequencies[index])) * SAMPLE_RATE):int((starts[index] + 0.34) * SAMPLE_RATE)]
        assert fitted(before, frequencies)[0][index] < 0.01 * expected
        assert fitted(after, frequencies)[0][index] > 0.9 * expected
    # After the end, silence.
    assert np.max(np.abs(samples[int((end + 0.05) * SAMPLE_RATE):])) < 1e-4


def test_in_german_the_chord_settings_say_whom_they_are_for_in_german(server, browser):
    """Settings opened straight from its address: the page learns the language after the screen is
    drawn, and the line naming the discipline that reads the group follows it."""
    assert server.api("PUT", "settings", json={"language": "de"}).status_code == 200
    browser.get(server.url + "#/settings")
    wait = WebDriverWait(browser, 10, poll_frequency=0.05)
    read = lambda: browser.execute_script(
        "const line = document.querySelector('#settings-chords .settings-readers'); return line && line.textContent")
    wait.until(lambda b: read() == "Für Akkordtyp")
    assert browser.find_element(By.CSS_SELECTOR, "#settings-chords legend").text.lower() == "akkordtyp"
