"""Scale Degrees (scaleDegree) as a user meets it: on Start under Harmony, trained in headless
Chromium with the buttons and the number keys, each answer stored and judged by the server, the
degrees named as Settings say; and the trials the API hands out play the key's I–IV–V–I and then
the degree asked, at the frequencies equal temperament gives it."""
import functools

import numpy as np
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import until

import offline_render

MAJOR = [0, 2, 4, 5, 7, 9, 11]
# The dominant of a minor key has the raised leading tone.
HARMONIC_MINOR = [0, 2, 3, 5, 7, 8, 11]


def triad(step, scale):
    return {scale[(step - 1 + offset) % 7] for offset in (0, 2, 4)}


def records(server):
    response = server.api("GET", "records?discipline=scaleDegree&limit=100")
    response.raise_for_status()
    return response.json()["records"]


def test_every_trial_plays_the_keys_cadence_and_then_the_degree(server):
    reference = server.api("GET", "settings").json()["settings"]["referencePitchHz"]
    hz = lambda midi: reference * 2 ** ((midi - 69) / 12)
    for mode, scale in (("major", MAJOR), ("minor", HARMONIC_MINOR)):
        assert server.api("PUT", "settings", json={
            "noteRangeLower": 40, "noteRangeUpper": 70, "scaleMode": mode, "chromaticDegrees": True}).status_code == 200
        for _ in range(40):
            trial = server.api("POST", "trials", json={"discipline": "scaleDegree"}).json()
            tonic = trial["tonic"]["midi"]
            assert trial["mode"] == mode and 40 <= tonic <= 59
            assert [chord["degree"] for chord in trial["cadence"]] == ["1", "4", "5", "1"]
            for chord, step in zip(trial["cadence"], (1, 4, 5, 1)):
                midis = [note["midi"] for note in chord["notes"]]
                assert {(midi - tonic) % 12 for midi in midis} == triad(step, scale), (mode, tonic, step, midis)
                assert (midis[0] - tonic) % 12 == scale[step - 1], "the bass is the chord's root"
                for note in chord["notes"]:
                    assert abs(note["frequencyHz"] / hz(note["midi"]) - 1) < 1e-12
            assert len(trial["choices"]) == 12 and trial["session"]["answersOpenSeconds"] == trial["noteStartSeconds"]
            # The note is a degree of the key, in the octave above the tonic, inside the note range.
            assert 0 <= trial["note"]["midi"] - tonic <= 11 and trial["note"]["midi"] <= 70
            assert abs(trial["note"]["frequencyHz"] / hz(trial["note"]["midi"]) - 1) < 1e-12
    # An answer the trial did not offer is refused and stores nothing.
    assert server.api("PUT", "settings", json={"scaleDegrees": [1, 5], "chromaticDegrees": False}).status_code == 200
    trial = server.api("POST", "trials", json={"discipline": "scaleDegree"}).json()
    assert [choice["degree"] for choice in trial["choices"]] == ["1", "5"]
    refused = server.api("POST", f"trials/{trial['id']}/answer", json={"answer": "3"})
    assert refused.status_code == 400 and records(server) == []


def test_scale_degrees_train_with_solfege_buttons_and_number_keys(server, browser):
    assert server.api("PUT", "settings", json={
        "language": "en", "scaleMode": "minor", "scaleDegrees": [1, 3, 5], "degreeLabels": "solfege"}).status_code == 200
    browser.get(server.url)
    harmony = browser.find_element(By.CSS_SELECTOR, '.discipline-group[data-group="harmony"]')
    harmony.find_element(By.ID, "start-scaleDegree").click()
    wait = WebDriverWait(browser, 15, poll_frequency=0.02)
    in_page = functools.partial(until, browser, timeout=15)
    wait.until(lambda b: b.execute_script("return location.hash") == "#/train/scaleDegree")
    screen = browser.find_element(By.ID, "screen-degree")
    feedback = browser.find_element(By.ID, "degree-feedback")
    buttons = lambda: browser.find_elements(By.CSS_SELECTOR, "#degree-buttons button")
    wait.until(lambda b: len(buttons()) == 3)
    assert [button.text for button in buttons()] == ["do", "me", "sol"]
    assert [button.get_attribute("aria-keyshortcuts") for button in buttons()] == ["1", "3", "5"]
    answers = [("button", "b3"), ("key", "5"), ("key", "1"), ("button", "1")]
    for how, which in answers:
        in_page("return [...document.querySelectorAll('#degree-buttons button')].every((b) => !b.matches(':disabled'))")
        assert browser.find_element(By.ID, "degree-key").text.endswith(" minor")
        # The note starts when the cadence's four chords and the rest are over: answers open then.
        start, note = float(screen.get_attribute("data-cadence-start")), float(screen.get_attribute("data-note-start"))
        assert abs(note - start - 3.2) < 1e-6
        if how == "button":
            browser.find_element(By.ID, f"answer-degree-{which}").click()
        else:
            browser.execute_script(
                "document.dispatchEvent(new KeyboardEvent('keydown', { key: arguments[0], bubbles: true }))", which)
        in_page("return arguments[0].className.includes('visible')", feedback)
        text = feedback.get_attribute("textContent")
        assert "Correct" in text or "Incorrect" in text
        last = browser.find_element(By.ID, "degree-last").text
        assert last.startswith("Last note: ") and last.split(": ")[1].split(",")[0] in {"do", "me", "sol"}, last
        in_page("return !arguments[0].className.includes('visible')", feedback)
    stored = records(server)
    assert len(stored) == len(answers)
    assert sorted(record["answeredDegree"] for record in stored) == sorted(["b3", "5", "1", "1"])
    for record in stored:
        assert record["mode"] == "minor" and record["degree"] in {"1", "b3", "5"}
        assert record["isCorrect"] == (record["answeredDegree"] == record["degree"])


def test_settings_choose_the_modes_degrees_by_their_names(server, browser):
    assert server.api("PUT", "settings", json={"language": "en"}).status_code == 200
    browser.get(server.url + "#/settings")
    wait = WebDriverWait(browser, 10, poll_frequency=0.02)
    wait.until(lambda b: len(b.find_elements(By.CSS_SELECTOR, "#scaleDegrees-choices input")) == 7)
    # Read in one script: each answer from the server redraws the boxes.
    labels = lambda: browser.execute_script(
        "return [...document.querySelectorAll('#scaleDegrees-choices label')].map((label) => label.textContent)")
    assert labels() == ["1", "2", "3", "4", "5", "6", "7"]
    mode = browser.find_element(By.ID, "setting-scaleMode")
    mode.find_element(By.CSS_SELECTOR, "option[value=minor]").click()
    wait.until(lambda b: labels() == ["1", "2", "♭3", "4", "5", "♭6", "♭7"])
    browser.find_element(By.CSS_SELECTOR, "#setting-degreeLabels option[value=solfege]").click()
    wait.until(lambda b: labels() == ["do", "re", "me", "fa", "sol", "le", "te"])
    # Each answer from the server redraws the boxes: a click is one script, so it never lands on a box just replaced.
    click = lambda number: browser.execute_script(f"document.getElementById('setting-scaleDegrees-{number}').click()")
    for number in (2, 4, 6, 7):
        click(number)
        wait.until(lambda b: number not in server.api("GET", "settings").json()["settings"]["scaleDegrees"])
    assert server.api("GET", "settings").json()["settings"]["scaleDegrees"] == [1, 3, 5]
    # Two of three off would leave one degree: the server refuses, the page says so and shows what is kept.
    click(3)
    click(5)
    wait.until(lambda b: "at least two degrees" in b.find_element(By.ID, "reset-status").text)
    settings = server.api("GET", "settings").json()["settings"]
    assert settings["scaleDegrees"] == [1, 5] and settings["scaleMode"] == "minor" and settings["degreeLabels"] == "solfege"
    wait.until(lambda b: browser.find_element(By.ID, "setting-scaleDegrees-5").is_selected())


def test_the_profile_shows_what_was_named_for_each_degree_as_a_heat_map_and_a_table(server, browser):
    """Answers given through the API, every 4 named 6 and every other degree named right: the
    Profile's Scale Degrees section draws the heat map and its table says the same counts."""
    assert server.api("PUT", "settings", json={"language": "en", "scaleDegrees": [1, 4, 6]}).status_code == 200
    names = {0: "1", 5: "4", 9: "6"}
    played = {"1": 0, "4": 0, "6": 0}
    for _ in range(18):
        trial = server.api("POST", "trials", json={"discipline": "scaleDegree"}).json()
        degree = names[trial["note"]["midi"] - trial["tonic"]["midi"]]
        played[degree] += 1
        answer = "6" if degree == "4" else degree
        assert server.api("POST", f"trials/{trial['id']}/answer", json={"answer": answer}).status_code == 200
    browser.get(server.url + "#/profile")
    wait = WebDriverWait(browser, 10, poll_frequency=0.05)
    figure = wait.until(lambda b: (f := b.find_element(By.ID, "confusion-scaleDegree")).is_displayed() and f)
    cells = figure.find_elements(By.CSS_SELECTOR, "svg rect.cell")
    shown = [label for label in ("1", "4", "6") if played[label]]
    # One shaded cell per (played, named) pair that happened: 1→1, 4→6, 6→6.
    assert len(cells) == len(shown)
    figure.find_element(By.TAG_NAME, "summary").click()
    rows = [[cell.text for cell in row.find_elements(By.CSS_SELECTOR, "th, td")]
            for row in figure.find_elements(By.CSS_SELECTOR, "table tr")]
    assert rows[0] == ["Played", *shown, "Right"]
    for row in rows[1:]:
        label, counts, right = row[0], [int(count) for count in row[1:-1]], row[-1]
        named = "6" if label == "4" else label
        assert counts == [played[label] if column == named else 0 for column in shown], rows
        assert right.replace("\u00a0", " ").replace("\u202f", " ") == ("0 %" if label == "4" else "100 %"), rows


def test_the_page_sounds_the_cadence_chord_by_chord_and_then_the_note(server, browser):
    """The page's own audio code rendered offline: while each chord of the cadence sounds, its four
    notes are there at the level the server set and the other chords' notes are not; in the rest
    there is silence; then the note alone. A high key (the question from C4 up) still has its
    cadence where a pianist plays one: measured from the rendered audio, the bass in C2–C3 and the
    chords around C4."""
    rate = 44100
    assert server.api("PUT", "settings", json={"soundSource": "sine", "noteRangeLower": 60, "noteRangeUpper": 84}).status_code == 200
    trial = server.api("POST", "trials", json={"discipline": "scaleDegree"}).json()
    browser.get(server.url)
    notes = [{"frequencyHz": note["frequencyHz"], "start": chord["startSeconds"], "duration": chord["durationSeconds"],
              "levelDB": chord["levelDB"]} for chord in trial["cadence"] for note in chord["notes"]]
    notes.append({"frequencyHz": trial["note"]["frequencyHz"], "start": trial["noteStartSeconds"],
                  "duration": trial["noteDurationSeconds"], "levelDB": 0})
    samples = offline_render.render(browser, notes, trial["synthesis"], trial["noteStartSeconds"] + trial["noteDurationSeconds"] + 0.3, rate)
    every = sorted({note["frequencyHz"] for chord in trial["cadence"] for note in chord["notes"]} | {trial["note"]["frequencyHz"]})

    def amplitudes(start, end):
        segment = samples[int(start * rate):int(end * rate)]
        t = np.arange(len(segment)) / rate
        basis = np.column_stack([f(2 * np.pi * frequency * t) for frequency in every for f in (np.sin, np.cos)])
        coefficients, *_ = np.linalg.lstsq(basis, segment, rcond=None)
        return dict(zip(every, np.hypot(coefficients[0::2], coefficients[1::2])))

    synthesis = trial["synthesis"]
    # Each note rises and falls over at least `rampPeriods` of its own period: measured between.
    ramp = lambda frequency: max(synthesis["rampSeconds"], synthesis["rampPeriods"] / frequency) + 0.01
    voice = 10 ** ((synthesis["levelDB"] + trial["cadence"][0]["levelDB"]) / 20)
    for chord in trial["cadence"]:
        edge = ramp(min(note["frequencyHz"] for note in chord["notes"]))
        heard = amplitudes(chord["startSeconds"] + edge, chord["startSeconds"] + chord["durationSeconds"] - edge)
        playing = {note["frequencyHz"] for note in chord["notes"]}
        for frequency, amplitude in heard.items():
            if frequency in playing:
                assert abs(amplitude / voice - 1) < 0.05, (chord["degree"], frequency, amplitude, voice)
            else:
                assert amplitude < 0.02 * voice, (chord["degree"], frequency, amplitude)
        # What sounds, read from the audio alone: the spectrum's peaks over a tenth of the loudest.
        segment = samples[int((chord["startSeconds"] + edge) * rate):int((chord["startSeconds"] + chord["durationSeconds"] - edge) * rate)]
        spectrum = np.abs(np.fft.rfft(segment * np.hanning(len(segment)), 8 * len(segment)))
        bins = np.fft.rfftfreq(8 * len(segment), 1 / rate)
        peaks = [bins[i] for i in range(1, len(spectrum) - 1)
                 if spectrum[i] > 0.1 * spectrum.max() and spectrum[i - 1] < spectrum[i] >= spectrum[i + 1]]
        c2, c3, f_sharp3, g3, e5 = (440 * 2 ** ((midi - 69) / 12) for midi in (36, 48, 54, 55, 76))
        bass, upper = min(peaks), sorted(peaks)[1:]
        if chord["degree"] == "1":
            assert c2 * 0.99 < bass < c3 * 0.99, (trial["tonic"], bass)
        assert bass < g3 and all(f_sharp3 * 0.99 < frequency < e5 * 1.01 for frequency in upper), (chord["degree"], peaks)
    end = trial["cadence"][-1]["startSeconds"] + trial["cadence"][-1]["durationSeconds"]
    rest = samples[int((end + ramp(min(note["frequencyHz"] for note in trial["cadence"][-1]["notes"]))) * rate):
                   int((trial["noteStartSeconds"] - 0.01) * rate)]
    assert np.max(np.abs(rest)) < 1e-3
    edge = ramp(trial["note"]["frequencyHz"])
    heard = amplitudes(trial["noteStartSeconds"] + edge, trial["noteStartSeconds"] + trial["noteDurationSeconds"] - edge)
    note_level = 10 ** (trial["synthesis"]["levelDB"] / 20)
    for frequency, amplitude in heard.items():
        if frequency == trial["note"]["frequencyHz"]:
            assert abs(amplitude / note_level - 1) < 0.05
        else:
            assert amplitude < 0.02 * note_level, (frequency, amplitude)
