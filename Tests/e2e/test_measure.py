"""Measure my threshold in the browser (issue 33): a run answered by a simulated listener ends within
40 trials, says the threshold the server measured, keeps it through a kill -9 and an export/import,
draws it on the Profile chart, and pitch training goes on from it."""
import datetime
import math
import pathlib
import tempfile

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import PeachServer, until
from test_comparison_loop import button
from viewport import SIZES, screenshot, set_viewport

# The simulated listener: right at every difference from THRESHOLD up, a coin toss below it (answered
# alternately right and wrong) — 75 % correct exactly at THRESHOLD, the percent the measurement states.
THRESHOLD = 8.0

# Each trial the page fetches, as the server sent it (alone, or as the next after an answer): the
# listener reads the difference played.
RECORD_TRIALS = """
    window.trialsSeen = [];
    const original = window.fetch;
    window.fetch = async (...args) => {
      const response = await original(...args);
      if (/\\/api\\/trials$/.test(String(args[0]))) window.trialsSeen.push(await response.clone().json());
      if (/\\/answer\\?next=true$/.test(String(args[0])) && response.ok) {
        const { next } = await response.clone().json();
        if (next) window.trialsSeen.push(next);
      }
      return response;
    };"""


def measurements(server, scope="pitch"):
    response = server.api("GET", f"profile/timeline?period=day&scope={scope}")
    assert response.status_code == 200, response.text
    return response.json()["measurements"]


def same(kept, measurement):
    """The same measurement, its times as stored (to the millisecond; the live one is finer)."""
    [kept] = kept
    seconds = lambda text: datetime.datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()
    return kept["estimate"] == measurement["estimate"] and all(
        abs(seconds(kept[key]) - seconds(measurement[key])) < 0.002 for key in ("started", "finished"))


def run_to_its_result(browser, answer, result="measurement-result", button="answer-higher", progress="measurement-progress"):
    """Presses the button `answer(trial)` names for each trial of the run until the page shows the
    `result`; checks the `progress` line counted them; the number of answers and the trials answered."""
    answered, shown, trials = 0, [], []
    result = browser.find_element(By.ID, result)
    enabled = browser.find_element(By.ID, button)
    while answered <= 40:
        until(browser, "return arguments[0].checkVisibility() || !arguments[1].matches(':disabled')", result, enabled)
        if result.is_displayed():
            break
        trial = browser.execute_script("return window.trialsSeen.at(-1)")
        trials.append(trial)
        shown.append(browser.find_element(By.ID, progress).text)
        browser.find_element(By.ID, answer(trial)).click()
        answered += 1
        until(browser, "return arguments[0].matches(':disabled')", enabled, timeout=5)
    assert result.is_displayed(), f"no result after {answered} answers"
    assert answered <= 40
    assert shown[0] == "Trial 1 of at most 40" and shown[-1] == f"Trial {answered} of at most 40", shown
    return answered, trials


def shoot_the_result(browser, feedback, name):
    """The result at three sizes once the last answer's feedback has gone: it must not stay over it."""
    feedback = browser.find_element(By.ID, feedback)
    until(browser, "return !arguments[0].classList.contains('visible')", feedback, timeout=5)
    for size in ("phone-portrait", "phone-landscape", "desktop"):
        set_viewport(browser, *SIZES[size])
        screenshot(browser, f"{name}-{size}")


def listener(threshold, difference, right, wrong, choices=2):
    """A step listener: right from `threshold` up; below it right one guess in `choices` (chance),
    so 75 % correct there for two choices and for three. `difference`, `right` and `wrong` read a
    trial: its unsigned difference and the ids of a right and of a wrong button."""
    guesses = 0

    def answer(trial):
        nonlocal guesses
        if difference(trial) >= threshold:
            return right(trial)
        guesses += 1
        return right(trial) if guesses % choices == 0 else wrong(trial)
    return answer


def measure_through_the_api(server, discipline, threshold):
    """A whole run through the API by a `threshold` listener (right from it up, a coin toss below):
    how many answers it took. The run has ended when the server serves a run's first trial again."""
    answer = listener(threshold, lambda trial: abs(trial["note2"]["centOffset"]),
                      lambda trial: "higher" if trial["note2"]["centOffset"] > 0 else "lower",
                      lambda trial: "lower" if trial["note2"]["centOffset"] > 0 else "higher")
    for answered in range(41):
        trial = server.api("POST", "trials", json={"discipline": discipline}).json()
        if answered and trial["measurement"]["trial"] == 1:
            return answered
        response = server.api("POST", f"trials/{trial['id']}/answer", json={"answer": answer(trial)})
        assert response.status_code == 200, response.text
    raise AssertionError(f"{discipline}: no end after 40 answers")


def answer_as_the_listener(browser):
    """The pitch or interval run, answered by the THRESHOLD listener."""
    higher_or_lower = lambda sign: "answer-higher" if sign > 0 else "answer-lower"
    return run_to_its_result(browser, listener(
        THRESHOLD, lambda trial: abs(trial["note2"]["centOffset"]),
        lambda trial: higher_or_lower(trial["note2"]["centOffset"]), lambda trial: higher_or_lower(-trial["note2"]["centOffset"])))


def test_a_measurement_run_in_the_browser_is_kept_drawn_and_trained_on(server, browser):
    assert server.api("PUT", "settings", json={"noteDurationSeconds": 0.3}).status_code == 200
    browser.get(server.url)
    browser.execute_script(RECORD_TRIALS)
    button(browser, "Measure my threshold").click()
    WebDriverWait(browser, 5).until(lambda _: browser.find_element(By.ID, "screen-comparison").is_displayed())
    assert browser.find_element(By.ID, "comparison-title").text == "Measure my threshold"

    answered, _ = answer_as_the_listener(browser)

    [measurement] = measurements(server)
    estimate = measurement["estimate"]
    assert estimate["trials"] == answered
    assert THRESHOLD / 1.5 <= estimate["threshold"] <= THRESHOLD * 1.5, estimate
    print(f"measured {estimate['threshold']:.2f} ¢ ({estimate['lower']:.2f}–{estimate['upper']:.2f}) "
          f"in {answered} trials; the listener's threshold is {THRESHOLD} ¢")
    text = browser.find_element(By.ID, "measurement-result-text").text
    # In words a musician reads, beside where the literature places listeners.
    assert text == (f"Your threshold: {estimate['threshold']:.1f} ¢, likely between {estimate['lower']:.1f} and "
                    f"{estimate['upper']:.1f} ¢, measured in {answered} comparisons. For comparison: in one study near "
                    "528 Hz, musicians heard about 10 ¢ and listeners without musical training about 38 ¢ "
                    "(Arndt et al. 2020; see Info)."), text
    stored = server.api("GET", "records?discipline=pitchMeasurement&limit=100").json()["records"]
    assert len(stored) == answered
    # The last answer's feedback goes at its time: it does not stay over the result.
    shoot_the_result(browser, "comparison-feedback", "measure-result")

    # The answers are the measurement: it survives a kill -9, and an export imported elsewhere.
    server.stop(kill=True)
    server.start()
    assert same(measurements(server), measurement)
    exported = server.api("GET", "export")
    assert exported.status_code == 200
    with tempfile.TemporaryDirectory(prefix="peach-e2e-") as directory:
        elsewhere = PeachServer(pathlib.Path(directory) / "peach.sqlite").start()
        try:
            imported = elsewhere.api("POST", "import?mode=merge", data=exported.content, headers={"Content-Type": "text/csv"})
            assert imported.status_code == 200, imported.text
            assert same(measurements(elsewhere), measurement)
        finally:
            elsewhere.stop()

    # The Profile's chart draws it as a measurement marker at its threshold.
    browser.get(server.url + "#/profile")
    marker = WebDriverWait(browser, 10).until(
        lambda _: browser.find_elements(By.CSS_SELECTOR, ".threshold-chart path.measurement[data-threshold]"))
    assert abs(float(marker[0].get_attribute("data-threshold")) - estimate["threshold"]) < 0.01
    legend = browser.find_element(By.CSS_SELECTOR, ".threshold-chart .legend").get_attribute("textContent")
    assert "Measured threshold" in legend, legend
    for size in ("phone-portrait", "desktop"):
        set_viewport(browser, *SIZES[size])
        screenshot(browser, f"measure-profile-{size}")

    # Pitch training goes on from the measured threshold.
    trial = server.api("POST", "trials", json={"discipline": "pitchComparison"}).json()
    assert abs(abs(trial["note2"]["centOffset"]) - estimate["threshold"]) <= 0.05 + 1e-9, trial


def test_an_interval_measurement_plays_the_chosen_intervals_and_interval_training_goes_on_from_it(server, browser):
    """"Measure my interval threshold": the run plays the intervals chosen in their tuning, is kept
    as the intervals scope's measurement (not pitch's), the Profile's interval section says it, and
    interval training starts from it."""
    chosen = [{"name": "P5", "direction": "up"}, {"name": "M3", "direction": "down"}]
    assert server.api("PUT", "settings", json={
        "noteDurationSeconds": 0.3, "intervals": chosen, "tuningSystem": "justIntonation"}).status_code == 200
    # A run before this one, through the API by a listener twice as coarse: the result says how it moved.
    earlier = measure_through_the_api(server, "intervalMeasurement", 2 * THRESHOLD)
    browser.get(server.url)
    browser.execute_script(RECORD_TRIALS)
    button(browser, "Measure my interval threshold").click()
    WebDriverWait(browser, 5).until(lambda _: browser.find_element(By.ID, "screen-comparison").is_displayed())
    assert browser.find_element(By.ID, "comparison-title").text == "Measure my interval threshold"
    interval = browser.find_element(By.ID, "comparison-interval")
    WebDriverWait(browser, 5).until(lambda _: interval.is_displayed() and interval.text)
    answered, trials = answer_as_the_listener(browser)
    assert {(trial["interval"]["name"], trial["interval"]["direction"]) for trial in trials} == {("P5", "up"), ("M3", "down")}
    assert {trial["tuningSystem"] for trial in trials} == {"justIntonation"}

    assert measurements(server) == []
    before, measurement = measurements(server, "intervals")
    assert before["estimate"]["trials"] == earlier
    estimate = measurement["estimate"]
    assert estimate["trials"] == answered
    assert THRESHOLD / 1.5 <= estimate["threshold"] <= THRESHOLD * 1.5, estimate
    print(f"intervals: measured {estimate['threshold']:.2f} ¢ ({estimate['lower']:.2f}–{estimate['upper']:.2f}) "
          f"in {answered} trials; the listener's threshold is {THRESHOLD} ¢")
    assert len(server.api("GET", "records?discipline=intervalMeasurement&limit=100").json()["records"]) == earlier + answered
    text = browser.find_element(By.ID, "measurement-result-text").text
    assert text.startswith(f"Your threshold: {estimate['threshold']:.1f} ¢"), text
    last_time = before["estimate"]
    last_time = (f"at least {last_time['lower']:.1f} ¢" if last_time["upperIsOpen"] else f"{last_time['threshold']:.1f} ¢")
    day = datetime.datetime.fromisoformat(before["finished"].replace("Z", "+00:00")).astimezone()
    assert text.endswith(f" Last time, on {day.strftime('%b')} {day.day}, {day.year}: {last_time}."), text
    # An interval threshold is not set beside the literature's pitch figures.
    assert "528 Hz" not in text
    # The result is over every interval of the run: the last trial's interval is no longer shown above it.
    assert not interval.is_displayed()

    browser.get(server.url + "#/profile")
    line = browser.find_element(By.ID, "interval-measured")
    WebDriverWait(browser, 10).until(lambda _: line.is_displayed())
    assert f"{estimate['threshold']:.1f} ¢, likely between {estimate['lower']:.1f} and {estimate['upper']:.1f} ¢, in {answered} comparisons." in line.text, line.text
    for size in ("phone-portrait", "desktop"):
        set_viewport(browser, *SIZES[size])
        screenshot(browser, f"measure-intervals-profile-{size}")
    # Start's Compare Intervals line marks it, a square on its interval.
    browser.get(server.url)
    marks = WebDriverWait(browser, 10).until(lambda _: browser.find_elements(By.CSS_SELECTOR, "#sparkline-intervalComparison path.measured"))
    assert len(marks) == 2 and abs(float(marks[-1].get_attribute("data-threshold")) - estimate["threshold"]) < 0.01
    screenshot(browser, "measure-intervals-start-desktop")

    trial = server.api("POST", "trials", json={"discipline": "intervalComparison"}).json()
    assert abs(abs(trial["note2"]["centOffset"]) - estimate["threshold"]) <= 0.05 + 1e-9, trial
    pitch = server.api("POST", "trials", json={"discipline": "pitchComparison"}).json()
    assert abs(pitch["note2"]["centOffset"]) == 100, pitch


# A timing listener: right from TIMING_THRESHOLD percent of a sixteenth up, a coin toss below it
# (answered alternately right and wrong), so 75 % correct there; at 200 BPM a trial's four clicks
# take under a quarter of a second.
TIMING_THRESHOLD = 6.0


def test_a_timing_measurement_run_ends_with_its_result_and_compare_timing_goes_on_from_it(server, browser):
    assert server.api("PUT", "settings", json={"tempoBPM": 200}).status_code == 200
    browser.get(server.url)
    browser.execute_script(RECORD_TRIALS)
    button(browser, "Measure my timing threshold").click()
    WebDriverWait(browser, 5).until(lambda _: browser.find_element(By.ID, "screen-compare-timing").is_displayed())
    assert browser.find_element(By.ID, "compare-timing-title").text == "Measure my timing threshold"

    early_or_late = lambda offset: "answer-early" if offset < 0 else "answer-late"
    answered, trials = run_to_its_result(browser, listener(
        TIMING_THRESHOLD, lambda trial: trial["offsetPercent"], lambda trial: early_or_late(trial["offsetMs"]),
        lambda trial: early_or_late(-trial["offsetMs"])),
        result="timing-measurement-result", button="answer-early", progress="timing-measurement-progress")
    assert all(trial["discipline"] == "timingMeasurement" and trial["tempoBPM"] == 200 for trial in trials), trials
    assert not browser.find_element(By.ID, "answer-early").is_displayed()

    band = server.api("GET", "profile/rhythm?band=160-200").json()
    [measurement] = band["measurements"]
    estimate = measurement["estimate"]
    assert estimate["trials"] == answered and measurement["tempoBPM"] == 200
    assert TIMING_THRESHOLD / 1.5 <= estimate["threshold"] <= TIMING_THRESHOLD * 1.5, estimate
    # 200 BPM: a sixteenth is 75 ms.
    assert abs(measurement["thresholdMs"] - estimate["threshold"] * 0.75) < 1e-9, measurement
    print(f"measured {estimate['threshold']:.2f} % ({estimate['lower']:.2f}–{estimate['upper']:.2f}) "
          f"in {answered} trials; the listener's threshold is {TIMING_THRESHOLD} %")
    text = browser.find_element(By.ID, "timing-measurement-result-text").text
    assert text == (f"Your timing threshold: {estimate['threshold']:.1f} % of a sixteenth, {measurement['thresholdMs']:.1f} ms "
                    f"at 200 BPM, likely between {estimate['lower']:.1f} and {estimate['upper']:.1f} %, measured in {answered} trials."), text
    stored = server.api("GET", "records?discipline=timingMeasurement&limit=100").json()["records"]
    assert len(stored) == answered
    shoot_the_result(browser, "compare-timing-feedback", "measure-timing-result")

    # The Profile's rhythm section draws it on the band's timeline, a square on its interval, and
    # states it under it.
    browser.get(server.url + "#/profile")
    line = WebDriverWait(browser, 10).until(lambda _: browser.find_elements(By.CSS_SELECTOR, ".rhythm-measured"))
    assert line[0].text == (f"Measured: {estimate['threshold']:.1f} % of a sixteenth ({measurement['thresholdMs']:.1f} ms "
                            f"at 200 BPM); measurements: 1"), line[0].text
    [mark] = browser.find_elements(By.CSS_SELECTOR, ".rhythm-timeline path.measured")
    assert abs(float(mark.get_attribute("data-threshold")) - estimate["threshold"]) < 0.01
    assert len(browser.find_elements(By.CSS_SELECTOR, ".rhythm-timeline path.measured-interval")) == 1
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", line[0])
    screenshot(browser, "measure-timing-profile-desktop")

    # Compare Timing goes on from the measured threshold.
    trial = server.api("POST", "trials", json={"discipline": "rhythmComparison"}).json()
    assert trial["measurement"] is None
    assert abs(trial["offsetPercent"] - estimate["threshold"]) <= 0.05 + 1e-9, trial


# A listener of chords: names the detuned voice from CHORD_THRESHOLD cents up; below it, right one
# guess in three (chance for three voices), so 75 % correct there.
CHORD_THRESHOLD = 12.0
JUST = {"major": (0.0, 1200 * math.log2(5 / 4), 1200 * math.log2(3 / 2)),
        "minor": (0.0, 1200 * math.log2(6 / 5), 1200 * math.log2(3 / 2))}


def detuned(trial):
    """Which voice of a just triad is off (0 lowest … 2 highest), read from the chord as tuned: for
    the listener to hear, not to be told. The root's detuning moves both distances from it alike."""
    root, *upper = [voice["note"]["frequencyHz"] for voice in trial["voices"]]
    off = [abs(1200 * math.log2(high / root) - want) > 1e-3 for high, want in zip(upper, JUST[trial["triad"]][1:])]
    return 0 if all(off) else (1 if off[0] else 2)


def test_a_chord_measurement_is_placed_for_a_choice_of_three_and_which_voice_goes_on_from_it(server, browser):
    assert server.api("PUT", "settings", json={"chordTuningSystem": "justIntonation"}).status_code == 200
    browser.get(server.url)
    browser.execute_script(RECORD_TRIALS)
    button(browser, "Measure my threshold in chords").click()
    WebDriverWait(browser, 5).until(lambda _: browser.find_element(By.ID, "screen-chord-voice").is_displayed())
    assert browser.find_element(By.ID, "chord-voice-title").text == "Measure my threshold in chords"

    voices = ["lowest", "middle", "highest"]
    answered, trials = run_to_its_result(browser, listener(
        CHORD_THRESHOLD, lambda trial: trial["centOffset"], lambda trial: f"answer-voice-{voices[detuned(trial)]}",
        lambda trial: f"answer-voice-{voices[(detuned(trial) + 1) % 3]}", choices=3),
        result="chord-voice-result", button="answer-voice-middle", progress="chord-voice-progress")
    assert all(trial["discipline"] == "chordIntonationMeasurement" and trial["tuningSystem"] == "justIntonation"
               for trial in trials), trials

    threshold = server.api("GET", "profile/threshold?discipline=chordIntonationMeasurement").json()["threshold"]
    assert threshold["trials"] == answered
    assert CHORD_THRESHOLD / 1.5 <= threshold["threshold"] <= CHORD_THRESHOLD * 1.5, threshold
    print(f"chords: measured {threshold['threshold']:.2f} ¢ ({threshold['lower']:.2f}–{threshold['upper']:.2f}) "
          f"in {answered} trials; the listener's threshold is {CHORD_THRESHOLD} ¢ (a choice of three)")
    text = browser.find_element(By.ID, "chord-voice-result-text").text
    assert text == (f"Your threshold in chords: {threshold['threshold']:.1f} ¢, likely between {threshold['lower']:.1f} and "
                    f"{threshold['upper']:.1f} ¢, measured in {answered} chords."), text
    stored = server.api("GET", "records?discipline=chordIntonationMeasurement&limit=100").json()["records"]
    assert len(stored) == answered
    shoot_the_result(browser, "chord-voice-feedback", "measure-chords-result")

    # The Profile states it as the newest measurement.
    browser.get(server.url + "#/profile")
    value = browser.find_element(By.ID, "threshold-chordIntonationMeasurement")
    WebDriverWait(browser, 10).until(lambda _: value.is_displayed() and value.text)
    assert value.text.startswith(f"Your threshold: {threshold['threshold']:.1f} ¢, likely between {threshold['lower']:.1f} and "), value.text
    note = browser.find_element(By.ID, "threshold-chordIntonationMeasurement-note").text
    assert note == f"The newest measurement, in {answered} trials.", note
    # Which Voice?'s own line marks it, a square on its interval.
    marks = WebDriverWait(browser, 10).until(lambda _: browser.find_elements(
        By.CSS_SELECTOR, '.profile-section[data-discipline="chordIntonation"] .accuracy-timeline path.measured'))
    assert len(marks) == 1 and abs(float(marks[0].get_attribute("data-threshold")) - threshold["threshold"]) < 0.01
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", value)
    screenshot(browser, "measure-chords-profile-desktop")

    # Which Voice? goes on from the measured threshold.
    trial = server.api("POST", "trials", json={"discipline": "chordIntonation"}).json()
    assert trial["measurement"] is None
    assert abs(trial["centOffset"] - threshold["threshold"]) <= 0.05 + 1e-9, trial
