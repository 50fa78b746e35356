"""Sing It through the real UI in headless Chromium with a fake microphone playing a synthetic
singer (scripts/make_voice_fixtures.py --singer: glottal pulses through the formants of "a", ±30 ¢
vibrato, jitter, breath): the AudioWorklet detector follows it, the held note is committed, and the
server stores the error measured to the nearest octave of the target, with the octave sung."""
import math
import shutil
import subprocess
import sys
import tempfile

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import ROOT, chromium_options
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
    driver = webdriver.Chrome(
        options=options, service=Service(executable_path=shutil.which("chromedriver") or "/usr/bin/chromedriver"))
    driver.set_script_timeout(60)
    return driver


def sung_records(server):
    response = server.api("GET", "records?discipline=pitchSinging&limit=100")
    response.raise_for_status()
    return response.json()["records"]


def sing(server, hertz):
    """Sings `hertz` at a reference of A3 until the first attempt is stored; returns it and the page's feedback."""
    assert server.api("PUT", "settings", json={"voiceRangeLower": 57, "voiceRangeUpper": 57,
                                               "noteDurationSeconds": 0.5}).status_code == 200
    directory = tempfile.mkdtemp(prefix="peach-singer-")
    browser = microphone_browser(singer_file(hertz, directory))
    try:
        browser.get(server.url)
        button(browser, "Sing It").click()
        screen = browser.find_element(By.ID, "screen-singing")
        WebDriverWait(browser, 5).until(lambda _: screen.get_attribute("data-state") in ("permission", "reference", "singing"))
        if screen.get_attribute("data-state") == "permission":
            # The explanation comes first; only the button asks the browser.
            assert "microphone" in screen.text and "never leaves this device" in screen.text
            browser.find_element(By.ID, "singing-allow").click()
        WebDriverWait(browser, 30).until(lambda _: sung_records(server))
        feedback = browser.find_element(By.ID, "singing-feedback")
        WebDriverWait(browser, 5).until(lambda _: "visible" in feedback.get_attribute("class"))
        return sung_records(server)[-1], feedback.text
    finally:
        browser.quit()
        shutil.rmtree(directory, ignore_errors=True)


def test_a_singer_23_cents_sharp_is_stored_as_plus_23(server):
    record, feedback = sing(server, A3 * 2 ** (23 / 1200))
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
