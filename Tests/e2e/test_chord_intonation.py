"""Which Voice (chordIntonation) as a user meets it: on Start under Harmony, trained in headless
Chromium with the buttons and the keys, each answer stored and judged by the server; and the chords
the API hands out are tuned as the issue asks — a just triad pure from every root 36–84."""
import functools
import math

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import until

JUST = {"major": (1200 * math.log2(5 / 4), 1200 * math.log2(3 / 2)),
        "minor": (1200 * math.log2(6 / 5), 1200 * math.log2(3 / 2))}
EQUAL = {"major": (400.0, 700.0), "minor": (300.0, 700.0)}


def cents(high, low):
    return 1200 * math.log2(high / low)


def records(server):
    response = server.api("GET", "records?discipline=chordIntonation&limit=100")
    response.raise_for_status()
    return response.json()["records"]


def test_every_root_and_triad_is_tuned_from_the_root_played(server):
    """Every root from MIDI 36 to 84, major and minor, in both tunings: each voice's distance from
    the root (its tempered frequency at the reference pitch) is the tuning's to within 1e-4 ¢ — in
    just intonation 5:4 or 6:5 and 3:2 — except the one detuned voice, off by the trial's offset.
    A chord sits around C4 (roots 53–68) where the note range reaches it: a range below that plays
    its highest root, one above its lowest, one across it the roots they share."""
    reference = server.api("GET", "settings").json()["settings"]["referencePitchHz"]
    windows = ([(root - 5, {root}) for root in range(36, 53)]
               + [(lower, set(range(lower, min(lower + 6, 69)))) for lower in (53, 59, 65)]
               + [(root, {root}) for root in range(69, 85)])
    for tuning, table in (("justIntonation", JUST), ("equalTemperament", EQUAL)):
        for lower, roots in windows:
            assert server.api("PUT", "settings", json={
                "noteRangeLower": lower, "noteRangeUpper": lower + 12, "chordTuningSystem": tuning}).status_code == 200
            wanted = {(root, triad) for root in roots for triad in table}
            while wanted:
                trial = server.api("POST", "trials", json={"discipline": "chordIntonation"}).json()
                root = trial["voices"][0]["note"]["midi"]
                assert trial["tuningSystem"] == tuning and root in roots, (lower, root)
                root_hz = reference * 2 ** ((root - 69) / 12)
                expected = (0.0, *table[trial["triad"]])
                deviations = [cents(voice["note"]["frequencyHz"], root_hz) - want
                              for voice, want in zip(trial["voices"], expected)]
                off = [index for index, value in enumerate(deviations) if abs(value) > 1e-4]
                assert len(off) == 1, (root, tuning, trial["triad"], deviations)
                assert abs(abs(deviations[off[0]]) - trial["centOffset"]) <= 1e-4, (root, deviations, trial["centOffset"])
                wanted.discard((root, trial["triad"]))


def test_which_voice_trains_with_buttons_and_keys_and_stores_each_answer(server, browser):
    assert server.api("PUT", "settings", json={"language": "en", "chordTuningSystem": "justIntonation"}).status_code == 200
    browser.get(server.url)
    harmony = browser.find_element(By.CSS_SELECTOR, '.discipline-group[data-group="harmony"]')
    assert "Harmony" in harmony.text
    harmony.find_element(By.ID, "start-chordIntonation").click()
    wait = WebDriverWait(browser, 10, poll_frequency=0.02)
    in_page = functools.partial(until, browser, timeout=10)
    wait.until(lambda b: b.execute_script("return location.hash") == "#/train/chordIntonation")
    screen = browser.find_element(By.ID, "screen-chord-voice")
    assert screen.is_displayed()
    feedback = browser.find_element(By.ID, "chord-voice-feedback")
    answers = [("button", "highest"), ("key", "2"), ("button", "lowest"), ("key", "3")]
    for how, which in answers:
        button = browser.find_element(By.ID, f"answer-voice-{ {'2': 'middle', '3': 'highest'}.get(which, which)}")
        in_page("return !arguments[0].matches(':disabled')", button)
        assert "just intonation" in browser.find_element(By.ID, "chord-voice-chord").text
        if how == "button":
            button.click()
        else:
            browser.execute_script(
                "document.dispatchEvent(new KeyboardEvent('keydown', { key: arguments[0], bubbles: true }))", which)
        in_page("return arguments[0].className.includes('visible')", feedback)
        text = feedback.get_attribute("textContent")
        assert "Correct" in text or "Incorrect" in text
        # Which voice it was stays on the page while the next chord plays.
        last = browser.find_element(By.ID, "chord-voice-last").text
        assert last.startswith("Last chord: the ") and " voice was " in last and "¢" in last, last
        in_page("return !arguments[0].className.includes('visible')", feedback)
    stored = records(server)
    assert len(stored) == len(answers)
    assert sorted(record["answeredVoice"] for record in stored) == sorted(["highest", "middle", "lowest", "highest"])
    for record in stored:
        assert record["discipline"] == "chordIntonation" and record["tuningSystem"] == "justIntonation"
        assert record["isCorrect"] == (record["answeredVoice"] == record["detunedVoice"])


def test_the_profile_states_the_threshold_fitted_for_a_choice_of_three(server, browser):
    """Before any answer the Profile's Which Voice? section says there is no threshold yet, and why; after a
    listener who hears a voice off by more than 10 ¢ (and guesses below) answers through the API,
    it states the threshold, where it likely lies and how many answers it rests on — the figures the
    API gives."""
    assert server.api("PUT", "settings", json={"language": "en", "chordTuningSystem": "equalTemperament"}).status_code == 200
    browser.get(server.url + "#/profile")
    wait = WebDriverWait(browser, 10, poll_frequency=0.05)
    note = wait.until(lambda b: b.find_element(By.ID, "threshold-chordIntonation-note"))
    wait.until(lambda b: note.text == "No threshold yet: no answers yet.")
    assert not browser.find_element(By.ID, "threshold-chordIntonation").is_displayed()

    reference = server.api("GET", "settings").json()["settings"]["referencePitchHz"]
    voices = ["lowest", "middle", "highest"]
    for index in range(90):
        trial = server.api("POST", "trials", json={"discipline": "chordIntonation"}).json()
        root_hz = reference * 2 ** ((trial["voices"][0]["note"]["midi"] - 69) / 12)
        deviations = [abs(cents(voice["note"]["frequencyHz"], root_hz) - want)
                      for voice, want in zip(trial["voices"], (0.0, *EQUAL[trial["triad"]]))]
        detuned = voices[deviations.index(max(deviations))]
        answer = detuned if trial["centOffset"] > 10 else voices[index % 3]
        assert server.api("POST", f"trials/{trial['id']}/answer", json={"answer": answer}).status_code == 200
    answered = server.api("GET", "profile/threshold?discipline=chordIntonation").json()
    fitted = answered["threshold"]
    assert fitted is not None and fitted["trials"] == 90
    # Issue 49: how far it moved over the newest answers, as the pitch section says it.
    change = answered["change"]
    assert change is not None and change["answers"] == 45, answered
    signed = lambda fraction: f"{round(fraction * 100):+d} %".replace("-", "\u2212").replace("+0 %", "0 %")
    said = (f"Over your last 45 answers your threshold changed by {signed(change['change'])}, likely between "
            f"{signed(change['lower'])} and {signed(change['upper'])}." if change["sure"]
            else "No change you can be sure of over your last 45 answers")

    # The same address: a reload reads the profile afresh.
    browser.refresh()
    line = wait.until(lambda b: (element := b.find_element(By.ID, "threshold-chordIntonation")).is_displayed() and element)
    text = line.text
    assert text.startswith("Your threshold: ") and "likely between" in text, text
    assert f"{fitted['threshold']:.1f}" in text, (text, fitted)
    assert browser.find_element(By.ID, "threshold-chordIntonation-note").text == \
        f"The smallest detuning heard right {round(fitted['percentCorrect'] * 100)} % of the time, from the newest 90 answers."
    assert browser.find_element(By.ID, "threshold-chordIntonation-change").text.replace("\u00a0", " ") == said


def test_which_voice_starts_in_just_intonation_and_settings_say_what_equal_temperament_means(server, browser):
    """A new user's chords are pure (only the detuned voice is off); the shared tuning of the interval
    disciplines stays as it was; and Settings names equal temperament with what it does to the thirds."""
    settings = server.api("GET", "settings").json()["settings"]
    assert settings["chordTuningSystem"] == "justIntonation" and settings["tuningSystem"] == "equalTemperament"
    trial = server.api("POST", "trials", json={"discipline": "chordIntonation"}).json()
    assert trial["tuningSystem"] == "justIntonation"
    entry = next(e for e in server.api("GET", "disciplines").json()["disciplines"] if e["id"] == "chordIntonation")
    assert "chordTuningSystem" in entry["settings"] and "tuningSystem" not in entry["settings"]
    browser.get(server.url + "#/settings")
    # Not always there the moment the screens are drawn: twice not found at once at load 30.
    select = WebDriverWait(browser, 5).until(
        lambda _: browser.find_element(By.CSS_SELECTOR, "select[name='chordTuningSystem']"))
    WebDriverWait(browser, 5).until(lambda _: select.is_displayed())
    options = {o.get_attribute("value"): o.text for o in select.find_elements(By.TAG_NAME, "option")}
    assert options == {"justIntonation": "Just intonation: pure thirds and fifths",
                       "equalTemperament": "Equal temperament, as on a piano: thirds about 14 ¢ wider than pure"}
    assert select.get_attribute("value") == "justIntonation"
