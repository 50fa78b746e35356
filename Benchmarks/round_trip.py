"""Issue 54's figures: from the tap on an answer to its feedback becoming visible, and to the next
trial's first sound, in Chromium through a loopback proxy that adds a round trip (every chunk
delayed by half of it in each direction, as Wi-Fi with power saving or a server across the
internet would), for pitch comparison, Which Voice?, Play it Back, the pitch-matching slider and
Sing It (a fake microphone singing a note that never holds steady, committed by Done), and Fill
the Gap (from the trial's end, when its taps are sent, to its figures and to the next trial's first
click). PEACH_ROUND_TRIP_KINDS (disciplines, comma-separated) measures only those."""
import os
import pathlib
import shutil
import statistics
import sys

import requests

from harness import E2E, load, start_server, stop

DELAYS_MS = (0, 50, 150, 300)

# The slider answers by a key, not a click.
SLIDER_ENTER = "(slider) => slider.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }))"

# Per discipline: the screen, the mark of a trial's first sound, whether answers are open, the
# taps that answer (the last one timed), and what a tap does (a click unless said).
KINDS = {
    "pitchComparison": ("screen-comparison", "note1Start",
                        "return !document.getElementById('answer-higher').disabled",
                        lambda browser: ["#answer-higher"]),
    # A measurement run ("Measure my threshold"): each trial placed from the answers before it.
    "pitchMeasurement": ("screen-comparison", "note1Start",
                         "return !document.getElementById('answer-higher').disabled",
                         lambda browser: ["#answer-higher"]),
    "chordIntonation": ("screen-chord-voice", "chordStart",
                        "return !document.getElementById('answer-voice-lowest').disabled",
                        lambda browser: ["#answer-voice-lowest"]),
    # Harmony named by a row of buttons, and early or late: choices whose results the trial carries.
    "chordQuality": ("screen-quality", "chordStart",
                     "const first = document.querySelector('#quality-buttons button');"
                     "return !!first && !first.disabled",
                     lambda browser: ["#quality-buttons button"]),
    "scaleDegree": ("screen-degree", "cadenceStart",
                    "const first = document.querySelector('#degree-buttons button');"
                    "return !!first && !first.disabled",
                    lambda browser: ["#degree-buttons button"]),
    "rhythmComparison": ("screen-compare-timing", "trialStart",
                         "return !document.getElementById('answer-early').disabled",
                         lambda browser: ["#answer-early"]),
    "melodicDictation": ("screen-melody", "cadenceStart",
                         "const piano = document.getElementById('melody-piano');"
                         "return piano.children.length > 0 && !piano.classList.contains('closed')",
                         lambda browser: [f'#melody-piano [data-midi="{note["note"]["midi"]}"]' for note in
                                          browser.execute_script("return window.__trials.at(-1).melody")]),
    "pitchMatching": ("screen-pitch-matching", "referenceStart",
                      "return document.getElementById('screen-pitch-matching').dataset.state === 'tuning'",
                      lambda browser: ["#pitch-slider"], SLIDER_ENTER),
    # Open once the needle shows the voice was heard: Done then commits what was sung.
    "pitchSinging": ("screen-singing", "referenceStart",
                     "return document.getElementById('screen-singing').dataset.state === 'singing'"
                     " && !!document.getElementById('singing-needle').dataset.cents",
                     lambda browser: ["#singing-done"]),
}


def wobbly_singer(directory):
    """A fake microphone's file: 0.3 s of A3 and of 100 ¢ sharp in turn, never held steady, so that
    only Done commits (as in test_singing)."""
    import numpy as np
    from test_singing import A3, read_wav, singer_file, write_wav

    on, sharp = (read_wav(singer_file(hertz, directory)) for hertz in (A3, A3 * 2 ** (100 / 1200)))
    chunk = int(0.3 * 48_000)
    return write_wav(f"{directory}/wobbly.wav", np.concatenate([
        (on if index % 2 == 0 else sharp)[start:start + chunk]
        for index, start in enumerate(range(0, min(len(on), len(sharp)), chunk))]))


# Fill the Gap's figures written: when, on the audio clock as heard, and when the trial answered ended
# (its 64th sixteenth's end, as the page sends its taps).
WATCH_FIGURES = """
const screen = document.getElementById('screen-fill-the-gap');
window.__shown = [];
Promise.all([import('/js/audio/clock.js'), import('/js/audio/audio.js')]).then(([clock, audio]) => {
  new MutationObserver(() => window.__shown.push({
    heard: clock.audibleTime(audio.realtimeContext()),
    end: +screen.dataset.trialStart + 64 * +screen.dataset.sixteenthSeconds,
  })).observe(document.getElementById('fill-the-gap-hits'), { childList: true });
});
"""


def fill_the_gap(browser, url, answers):
    """Fill the Gap sends its taps (none here) as the trial ends: from then to its figures and to
    the next trial's first click."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    browser.get(url + "#/train/rhythmMatching")
    if not browser.execute_script("return !document.getElementById('screen-fill-the-gap').hidden"):
        browser.find_element(By.ID, "start-rhythmMatching").click()
    browser.execute_script(WATCH_FIGURES)
    wait = WebDriverWait(browser, 30, poll_frequency=0.005)
    start = "return +document.getElementById('screen-fill-the-gap').dataset.trialStart || 0"
    feedback, next_sound = [], []
    for count in range(1, answers + 2):
        wait.until(lambda b: b.execute_script("return window.__shown.length") >= count)
        shown = browser.execute_script("return window.__shown.at(-1)")
        wait.until(lambda b: b.execute_script(start) > shown["end"])
        feedback.append((shown["heard"] - shown["end"]) * 1000)
        next_sound.append((browser.execute_script(start) - shown["end"]) * 1000)
    return statistics.median(feedback[1:]), statistics.median(next_sound[1:])


def measure(browser, url, discipline, answers):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    screen, first_sound, opened, taps, *act = KINDS[discipline]
    browser.get(url + f"#/train/{discipline}")
    if not browser.find_elements(By.ID, screen) or not browser.execute_script(
            f"return !document.getElementById('{screen}').hidden"):
        browser.find_element(By.ID, f"start-{discipline}").click()
    wait = WebDriverWait(browser, 30, poll_frequency=0.005)
    if discipline == "pitchSinging":
        # Sing It explains why before the browser asks for the microphone.
        state = "return document.getElementById('screen-singing').dataset.state"
        wait.until(lambda b: b.execute_script(state) in ("permission", "reference", "singing"))
        if browser.execute_script(state) == "permission":
            browser.find_element(By.ID, "singing-allow").click()
    mark = f"return +document.getElementById('{screen}').dataset.{first_sound} || 0"
    feedback, next_sound = [], []
    for _ in range(answers + 1):
        wait.until(lambda b: b.execute_script(opened))
        before = browser.execute_script(mark)
        *leading, timed = taps(browser)
        for selector in leading:
            browser.execute_script(f"document.querySelector('{selector}').click()")
        browser.execute_script(f"return window.__tap('{timed}'{''.join(', ' + a for a in act)})")
        wait.until(lambda b: b.execute_script(mark) != before and b.execute_script(
            "return window.__timed.feedbackMs !== null"))
        timed_marks = browser.execute_script("return window.__timed")
        feedback.append(timed_marks["feedbackMs"])
        next_sound.append((browser.execute_script(mark) - timed_marks["tapAudio"]) * 1000)
    # The first answer's figures include the page's first fetches of the next trial's sound.
    return statistics.median(feedback[1:]), statistics.median(next_sound[1:])


def round_trip(directory, answers=8):
    sys.path.insert(0, str(E2E))
    from conftest import PeachChrome, chromium_options
    from delaying_proxy import TAP_TIMING, DelayingProxy
    # The page's trials, so that Play it Back's bench can play the melody back.
    from test_melodic_dictation import CAPTURE_TRIALS
    from selenium.webdriver.chrome.service import Service

    kinds = [kind for kind in os.environ.get("PEACH_ROUND_TRIP_KINDS", ",".join([*KINDS, "rhythmMatching"])).split(",")
             if kind]
    process, url = start_server(pathlib.Path(directory) / "round-trip.sqlite")
    settings = requests.put(url + "api/settings", json={
        "language": "en", "noteDurationSeconds": 0.3, "melodyShortest": 2, "melodyLongest": 2,
        "voiceRangeLower": 57, "voiceRangeUpper": 57, "pitchNeedle": True, "tempoBPM": 200})
    settings.raise_for_status()
    feedback_seconds = {discipline: requests.post(url + "api/trials", json={"discipline": discipline})
                        .json()["session"]["feedbackSeconds"] for discipline in kinds}
    proxy = DelayingProxy(int(url.rstrip("/").rsplit(":", 1)[1]))
    proxied = f"http://127.0.0.1:{proxy.port}/"
    options = chromium_options()
    if "pitchSinging" in kinds:
        for argument in ("--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream",
                         f"--use-file-for-fake-audio-capture={wobbly_singer(directory)}"):
            options.add_argument(argument)
    browser = PeachChrome(options=options,
                          service=Service(executable_path=shutil.which("chromedriver") or "/usr/bin/chromedriver"))
    try:
        browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": TAP_TIMING + CAPTURE_TRIALS})
        print(f"tap → feedback visible, tap → next trial's first sound (median of {answers} answers; Fill the Gap: "
              f"of 3, from the trial's end; goal: feedback ≤ 20 ms, next sound ≤ feedback time + 30 ms); {load()}")
        print("| discipline | round trip added | feedback after the tap | next first sound after the tap | "
              "next first sound − feedback time |")
        print("|---|---|---|---|---|")
        for discipline in kinds:
            for delay in DELAYS_MS:
                proxy.one_way = delay / 2000
                feedback, next_sound = (fill_the_gap(browser, proxied, 3) if discipline == "rhythmMatching"
                                        else measure(browser, proxied, discipline, answers))
                late = next_sound - feedback_seconds[discipline] * 1000
                print(f"| {discipline} | {delay} ms | {feedback:.0f} ms | {next_sound:.0f} ms | {late:.0f} ms |",
                      flush=True)
    finally:
        browser.quit()
        proxy.close()
        stop(process)
