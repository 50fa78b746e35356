"""Sing It through the real UI in headless Chromium with a fake microphone playing a synthetic
singer (scripts/make_voice_fixtures.py --singer: glottal pulses through the formants of "a", ±30 ¢
vibrato, jitter, breath): the AudioWorklet detector follows it, the held note is committed, and the
server stores the error measured to the nearest octave of the target, with the octave sung."""
import math
import shutil
import subprocess
import sys
import tempfile
import time
import wave

import numpy as np

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import PeachChrome, ROOT, chromium_options
from test_answer_queue import offline_text, reserved, wait_for_pending
from test_comparison_loop import button

A3 = 220.0


def singer_file(hertz, directory):
    path = f"{directory}/singer-{hertz:.3f}.wav"
    subprocess.run([sys.executable, str(ROOT / "scripts" / "make_voice_fixtures.py"), "--singer", str(hertz), "20", path],
                   check=True)
    return path


def microphone_browser(wav=None):
    options = chromium_options()
    options.add_argument("--use-fake-device-for-media-stream")
    if wav:
        options.add_argument("--use-fake-ui-for-media-stream")
        options.add_argument(f"--use-file-for-fake-audio-capture={wav}")
    driver = PeachChrome(
        options=options, service=Service(executable_path=shutil.which("chromedriver") or "/usr/bin/chromedriver"))
    driver.set_script_timeout(60)
    return driver


def sung_records(server, discipline="pitchSinging"):
    response = server.api("GET", f"records?discipline={discipline}&limit=100")
    response.raise_for_status()
    return response.json()["records"]


def read_wav(path):
    with wave.open(path, "rb") as source:
        return np.frombuffer(source.readframes(source.getnframes()), dtype="<i2")


def write_wav(path, samples):
    with wave.open(path, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(48_000)
        out.writeframes(samples.astype("<i2").tobytes())
    return path


def start_singing(server, wav, settings=None, name="Sing It"):
    """Opens Sing It (or the discipline named `name`) with `wav` as the microphone at a reference of A3;
    returns the browser and the screen."""
    assert server.api("PUT", "settings", json={"voiceRangeLower": 57, "voiceRangeUpper": 57,
                                               "noteDurationSeconds": 0.5, **(settings or {})}).status_code == 200
    browser = microphone_browser(wav)
    browser.get(server.url)
    button(browser, name).click()
    screen = browser.find_element(By.ID, "screen-singing")
    WebDriverWait(browser, 5).until(lambda _: screen.get_attribute("data-state") in ("permission", "reference", "singing"))
    if screen.get_attribute("data-state") == "permission":
        # The explanation comes first; only the button asks the browser.
        assert "microphone" in screen.text and "never leaves this device" in screen.text
        browser.find_element(By.ID, "singing-allow").click()
    return browser, screen


def sing(server, hertz, needle=False, seen=None):
    """Sings `hertz` at a reference of A3 until the first attempt is stored; returns it and the page's feedback.
    `needle`: the live pitch needle setting, checked to show (on) or stay away (off) while singing.
    `seen`: filled with what the singer saw: the status line and how full the hold ring got."""
    directory = tempfile.mkdtemp(prefix="peach-singer-")
    browser, screen = start_singing(server, singer_file(hertz, directory), {"pitchNeedle": needle})
    try:
        # The feedback shows for 400 ms only, then the next trial hides it, and on a busy machine the
        # ring may fill before the checks below are done: page-side observers, set before singing
        # begins, keep the feedback's first text and the ring's fullest, so a slow poll misses neither.
        browser.execute_script("""
            const feedback = document.getElementById('singing-feedback');
            new MutationObserver(() => {
              if (feedback.classList.contains('visible') && window.peachFeedbackSeen === undefined) {
                window.peachFeedbackSeen = feedback.innerText;
              }
            }).observe(feedback, {attributes: true, childList: true, subtree: true, characterData: true});
            const hold = document.getElementById('singing-hold');
            window.peachHeldMax = 0;
            new MutationObserver(() => {
              window.peachHeldMax = Math.max(window.peachHeldMax, +hold.style.getPropertyValue('--held') || 0);
            }).observe(hold, {attributes: true});""")
        WebDriverWait(browser, 10).until(lambda _: screen.get_attribute("data-state") == "singing")
        if seen is not None:
            seen["status"] = browser.find_element(By.ID, "singing-status").text
        marker = browser.find_element(By.ID, "singing-needle")
        if needle:
            WebDriverWait(browser, 5).until(lambda _: marker.get_attribute("data-cents"))
            assert marker.is_displayed()
            assert int(marker.get_attribute("data-cents")) == pytest.approx(1200 * math.log2(hertz / A3) % 1200, abs=40)
        else:
            assert not marker.is_displayed()
        WebDriverWait(browser, 30).until(lambda _: sung_records(server))
        text = WebDriverWait(browser, 5).until(lambda _: browser.execute_script("return window.peachFeedbackSeen"))
        if seen is not None:
            seen["held"] = browser.execute_script("return window.peachHeldMax")
        return sung_records(server)[-1], text
    finally:
        browser.quit()
        shutil.rmtree(directory, ignore_errors=True)


def test_a_singer_23_cents_sharp_is_stored_as_plus_23_with_the_needle_on(server):
    seen = {}
    record, feedback = sing(server, A3 * 2 ** (23 / 1200), needle=True, seen=seen)
    # The screen names the note to sing, and the ring fills as the note is held.
    assert seen["status"] == "Now sing A3"
    assert seen["held"] == pytest.approx(1)
    assert record["discipline"] == "pitchSinging" and record["referenceNote"] == 57
    assert record["userCentError"] == pytest.approx(23, abs=3)
    assert record["sungOctave"] == 0
    assert record["initialCentOffset"] == 0
    assert "+2" in feedback


def test_a_singer_an_octave_below_is_stored_with_the_octave_and_the_cents(server):
    record, feedback = sing(server, A3 / 2 * 2 ** (-7 / 1200))
    assert record["userCentError"] == pytest.approx(-7, abs=3)
    assert record["sungOctave"] == -1
    assert "octave lower" in feedback


def test_an_equal_tempered_third_sung_to_a_just_major_third_is_stored_14_cents_sharp(server, tmp_path):
    # The note sung is C#4 (the voice range's one note), so the reference is A3; a just major third
    # above it is 5:4 (386.3 ¢), and the singer sings the equal-tempered C#4 (400 ¢): 13.7 ¢ sharp.
    settings = {"voiceRangeLower": 61, "voiceRangeUpper": 61, "intervals": [{"name": "M3", "direction": "up"}],
                "tuningSystem": "justIntonation"}
    browser, screen = start_singing(server, singer_file(A3 * 2 ** (400 / 1200), str(tmp_path)), settings, name="Sing Intervals")
    try:
        WebDriverWait(browser, 10).until(lambda _: screen.get_attribute("data-state") == "singing")
        assert browser.find_element(By.ID, "singing-title").text == "Sing Intervals"
        assert browser.find_element(By.ID, "singing-interval").text == "Major third up · just intonation"
        assert browser.find_element(By.ID, "singing-status").text == "Now sing the interval from A3"
        WebDriverWait(browser, 30).until(lambda _: sung_records(server, "intervalSinging"))
    finally:
        browser.quit()
    record = sung_records(server, "intervalSinging")[0]
    assert record["referenceNote"] == 57 and record["sungOctave"] == 0
    assert (record["interval"]["name"], record["interval"]["direction"], record["tuningSystem"]) == ("M3", "up", "justIntonation")
    assert record["userCentError"] == pytest.approx(1200 * math.log2(2 ** (400 / 1200) / 1.25), abs=3)
    assert sung_records(server) == []
    summary = server.api("GET", "profile?scope=intervalSinging").json()["pitchMatching"]
    assert summary["count"] == 1 and summary["meanAbsoluteError"] == pytest.approx(abs(record["userCentError"]))


def test_silence_gets_the_friendly_prompt_after_8_seconds_and_stores_nothing(server, tmp_path):
    browser, screen = start_singing(server, write_wav(str(tmp_path / "silence.wav"), np.zeros(48_000 * 20)))
    try:
        status = browser.find_element(By.ID, "singing-status")
        WebDriverWait(browser, 10).until(lambda _: screen.get_attribute("data-state") == "singing")
        began = time.monotonic()
        time.sleep(5)
        assert status.text == "Now sing A3"
        WebDriverWait(browser, 10, poll_frequency=0.1).until(lambda _: "can't hear you" in status.text)
        assert time.monotonic() - began >= 7.5
        assert "can't hear you" in browser.find_element(By.ID, "announcer").get_attribute("textContent")
        # Not an error: still singing, Done still there, and Done with nothing heard stores nothing.
        assert screen.get_attribute("data-state") == "singing"
        browser.find_element(By.ID, "singing-done").click()
        time.sleep(1)
        assert screen.get_attribute("data-state") == "singing" and sung_records(server) == []
    finally:
        browser.quit()


@pytest.mark.parametrize("how", ["Enter", "Done"])
def test_enter_or_done_commits_a_note_that_is_never_held_steady(server, tmp_path, how):
    # Alternating 0.3 s of the target and of 100 ¢ sharp: every 0.4 s average swings far beyond ±15 ¢.
    on, sharp = (read_wav(singer_file(hertz, str(tmp_path))) for hertz in (A3, A3 * 2 ** (100 / 1200)))
    chunk = int(0.3 * 48_000)
    wobbly = np.concatenate([(on if index % 2 == 0 else sharp)[start:start + chunk]
                             for index, start in enumerate(range(0, min(len(on), len(sharp)), chunk))])
    browser, screen = start_singing(server, write_wav(str(tmp_path / "wobbly.wav"), wobbly))
    try:
        WebDriverWait(browser, 10).until(lambda _: screen.get_attribute("data-state") == "singing")
        time.sleep(3)
        assert screen.get_attribute("data-state") == "singing" and sung_records(server) == []
        if how == "Enter":
            browser.switch_to.active_element.send_keys(Keys.ENTER)
        else:
            browser.find_element(By.ID, "singing-done").click()
        WebDriverWait(browser, 10).until(lambda _: sung_records(server))
        record = sung_records(server)[0]
        assert -10 <= record["userCentError"] <= 110 and record["sungOctave"] == 0
    finally:
        browser.quit()


def test_a_denied_microphone_says_so_and_leads_back(server):
    browser = microphone_browser()
    try:
        browser.get(server.url)
        browser.execute_cdp_cmd("Browser.setPermission", {
            "permission": {"name": "microphone"}, "setting": "denied", "origin": server.url.rstrip("/")})
        button(browser, "Sing It").click()
        screen = browser.find_element(By.ID, "screen-singing")
        WebDriverWait(browser, 5).until(lambda _: screen.get_attribute("data-state") == "permission")
        browser.find_element(By.ID, "singing-allow").click()
        WebDriverWait(browser, 10).until(lambda _: screen.get_attribute("data-state") == "denied")
        denied = browser.find_element(By.ID, "singing-denied")
        assert denied.is_displayed() and "may not use the microphone" in denied.text
        assert not browser.find_element(By.ID, "singing-done").is_displayed()
        denied.find_element(By.TAG_NAME, "a").click()
        WebDriverWait(browser, 5).until(lambda _: browser.find_element(By.ID, "screen-start").is_displayed())
        assert sung_records(server) == []
    finally:
        browser.quit()


def test_a_sung_answer_out_of_reach_or_to_a_slider_trial_is_refused(server):
    trial = server.api("POST", "trials", json={"discipline": "pitchSinging"}).json()
    assert trial["centRange"] == 0 and trial["initialCentOffset"] == 0
    assert server.api("POST", f"trials/{trial['id']}/answer", json={"normalizedValue": 0}).status_code == 400
    refused = server.api("POST", f"trials/{trial['id']}/answer", json={"sungCents": 99999})
    assert refused.status_code == 400 and "sungCents" in refused.json()["error"]["message"]
    answered = server.api("POST", f"trials/{trial['id']}/answer", json={"sungCents": -1177.5})
    assert answered.status_code == 200
    assert answered.json()["sungOctave"] == -1 and math.isclose(answered.json()["userCentError"], 22.5)
    slider = server.api("POST", "trials", json={"discipline": "pitchMatching"}).json()
    wrong = server.api("POST", f"trials/{slider['id']}/answer", json={"sungCents": 10})
    assert wrong.status_code == 400 and "normalizedValue" in wrong.json()["error"]["message"]


def test_singing_goes_on_offline_from_its_reserve_and_every_answer_is_stored_once(server, tmp_path):
    """Sing It plays its trials from the reserve it drew at the start while the network is gone; the
    notes sung offline wait in the queue and are stored, once each, when the network is back."""
    browser, screen = start_singing(server, singer_file(A3, str(tmp_path)))
    try:
        WebDriverWait(browser, 30).until(lambda _: len(sung_records(server)) == 1)
        WebDriverWait(browser, 20, poll_frequency=0.2).until(lambda _: reserved(browser).get("|pitchSinging", 0) >= 2)
        browser.execute_cdp_cmd("Network.enable", {})
        offline = {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
        browser.execute_cdp_cmd("Network.emulateNetworkConditions", offline)
        for count in (1, 2):
            wait_for_pending(browser, offline_text(count), timeout=30)
        assert screen.is_displayed() and len(sung_records(server)) == 1
        browser.execute_cdp_cmd("Network.emulateNetworkConditions", {**offline, "offline": False})
        browser.get(server.url)
        # The two queued notes, and any the singer committed before the page was left.
        WebDriverWait(None, 15, poll_frequency=0.2).until(lambda _: len(sung_records(server)) >= 3)
        wait_for_pending(browser, "")
    finally:
        browser.quit()
    records = sung_records(server)
    assert len({record["timestamp"] for record in records}) == len(records), "each answer stored once"
    assert all(abs(record["userCentError"]) < 5 for record in records), records
