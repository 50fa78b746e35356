"""Viewport, colour-scheme and motion emulation for headless Chromium (through the DevTools protocol),
and the list of screens the layout tests visit."""
import os
import pathlib

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import until

SIZES = {
    "phone-portrait": (390, 844),
    "phone-landscape": (844, 390),
    "tablet": (820, 1180),
    "desktop": (1440, 900),
}

SCREENSHOTS = pathlib.Path(os.environ.get("PEACH_SCREENSHOTS", "/tmp/peach-screens"))


def set_viewport(browser, width, height):
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 900,
    })


def set_media(browser, scheme="light", reduced_motion=False):
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
        {"name": "prefers-color-scheme", "value": scheme},
        {"name": "prefers-reduced-motion", "value": "reduce" if reduced_motion else "no-preference"},
    ]})


def screenshot(browser, name):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    browser.save_screenshot(str(path))
    return path


def visible(browser, element_id):
    return browser.find_element(By.ID, element_id).is_displayed()


def feedback_shown(browser, element_id):
    """Waits until the result has faded in: axe computes contrast through the opacity, so a result
    caught in its 80 ms fade reads as too faint."""
    until(browser, f"const f = document.getElementById('{element_id}'); "
                   "return f.className.includes('visible') && getComputedStyle(f).opacity === '1'", timeout=5)


def open_hash(browser, server, hash_, shown):
    if browser.current_url == server.url + hash_:
        # The same URL would not reload: go through Start so the screen shows afresh.
        browser.get(server.url + "#/")
    browser.get(server.url + hash_)
    WebDriverWait(browser, 5).until(lambda _: visible(browser, shown))


def start(browser, server):
    open_hash(browser, server, "#/", "screen-start")


def info(browser, server):
    start(browser, server)
    browser.find_element(By.ID, "open-info").click()
    WebDriverWait(browser, 5).until(lambda _: browser.find_element(By.ID, "info-version").text != "")


def settings(browser, server):
    open_hash(browser, server, "#/settings", "screen-settings")
    WebDriverWait(browser, 5).until(lambda _: browser.find_element(By.ID, "value-noteRangeLower").text != "")


def reset_dialog(browser, server):
    settings(browser, server)
    browser.find_element(By.ID, "reset-training-data").click()
    WebDriverWait(browser, 5).until(lambda _: visible(browser, "reset-dialog"))


def training(browser, server):
    start(browser, server)
    browser.find_element(By.ID, "start-pitchComparison").click()
    until(browser, "return !document.getElementById('answer-higher').disabled", timeout=10)


def training_feedback(browser, server):
    training(browser, server)
    browser.execute_script("document.getElementById('answer-higher').click()")
    feedback_shown(browser, 'comparison-feedback')


def pitch_matching(browser, server):
    start(browser, server)
    browser.find_element(By.ID, "start-pitchMatching").click()
    until(browser, "return document.getElementById('screen-pitch-matching').dataset.state === 'tuning'", timeout=10)


def pitch_matching_piano(browser, server):
    """Pitch matching with the piano chosen: the sine plays, and the screen says why."""
    server.api("PUT", "settings", json={"soundSource": "piano"})
    try:
        pitch_matching(browser, server)
        WebDriverWait(browser, 5).until(lambda _: visible(browser, "pitch-matching-sound"))
    finally:
        server.api("PUT", "settings", json={"soundSource": "sine"})


def interval_training(browser, server):
    start(browser, server)
    browser.find_element(By.ID, "start-intervalComparison").click()
    until(browser, "return !document.getElementById('answer-higher').disabled", timeout=10)
    WebDriverWait(browser, 5).until(lambda _: browser.find_element(By.ID, "comparison-interval").text != "")


def interval_matching(browser, server):
    start(browser, server)
    browser.find_element(By.ID, "start-intervalMatching").click()
    until(browser, "return document.getElementById('screen-pitch-matching').dataset.state === 'tuning'", timeout=10)


def pitch_matching_feedback(browser, server):
    pitch_matching(browser, server)
    browser.find_element(By.ID, "pitch-slider").send_keys(Keys.PAGE_UP, Keys.ENTER)
    feedback_shown(browser, 'pitch-matching-feedback')


def singing(browser, server):
    """Sing It before the microphone is asked for: the explanation and its button."""
    start(browser, server)
    browser.find_element(By.ID, "start-pitchSinging").click()
    WebDriverWait(browser, 10).until(
        lambda _: browser.find_element(By.ID, "screen-singing").get_attribute("data-state") == "permission")


def compare_timing(browser, server):
    start(browser, server)
    browser.find_element(By.ID, "start-rhythmComparison").click()
    until(browser, "return !document.getElementById('answer-early').disabled", timeout=10)


def compare_timing_feedback(browser, server):
    compare_timing(browser, server)
    browser.execute_script("document.getElementById('answer-late').click()")
    feedback_shown(browser, 'compare-timing-feedback')


def fill_the_gap(browser, server):
    start(browser, server)
    browser.find_element(By.ID, "start-rhythmMatching").click()
    until(browser, "return document.getElementById('screen-fill-the-gap').dataset.state === 'playing'", timeout=10)


def scale_degrees(browser, server):
    start(browser, server)
    browser.find_element(By.ID, "start-scaleDegree").click()
    until(browser, "const one = document.getElementById('answer-degree-1'); return !!one && !one.disabled", timeout=10)


def chord_quality(browser, server):
    start(browser, server)
    browser.find_element(By.ID, "start-chordQuality").click()
    until(browser, "const one = document.getElementById('answer-quality-major'); return !!one && !one.disabled", timeout=10)


def play_it_back(browser, server):
    start(browser, server)
    browser.find_element(By.ID, "start-melodicDictation").click()
    # The keys are drawn as the cadence starts: the screen is whole then, answers open later.
    until(browser, "const piano = document.getElementById('melody-piano'); return !!piano && piano.children.length > 0", timeout=10)


def calibration(browser, server):
    open_hash(browser, server, "#/calibration", "screen-calibration")


def answer_some(server, comparisons=30, matches=5):
    for index in range(comparisons):
        comparison = server.api("POST", "comparisons").json()
        server.api("POST", f"comparisons/{comparison['id']}/answer", json={"answer": "higher" if index % 3 else "lower"})
    for index in range(matches):
        challenge = server.api("POST", "pitch-matching").json()
        server.api("POST", f"pitch-matching/{challenge['id']}/result", json={"normalizedValue": (index - 2) / 10})
    # A few interval trials, so the profile's interval table has rows.
    for index in range(6):
        trial = server.api("POST", "trials", json={"discipline": "intervalComparison"}).json()
        server.api("POST", f"trials/{trial['id']}/answer", json={"answer": "higher" if index % 2 else "lower"})
        trial = server.api("POST", "trials", json={"discipline": "intervalMatching"}).json()
        server.api("POST", f"trials/{trial['id']}/answer", json={"normalizedValue": 0.1})
    # And rhythm, so the profile's rhythm tables have rows.
    for index in range(4):
        trial = server.api("POST", "trials", json={"discipline": "rhythmComparison"}).json()
        server.api("POST", f"trials/{trial['id']}/answer", json={"answer": "early" if index % 2 else "late"})
    trial = server.api("POST", "trials", json={"discipline": "rhythmMatching"}).json()
    server.api("POST", f"trials/{trial['id']}/answer", json={"tapSeconds": [gap + 0.012 for gap in trial["gapSeconds"][1:]]})


def profile_empty(browser, server):
    server.api("DELETE", "records")
    open_hash(browser, server, "#/profile", "screen-profile")
    WebDriverWait(browser, 5).until(lambda _: visible(browser, "profile-empty"))


def profile(browser, server):
    if not server.records(limit=1):
        answer_some(server)
    open_hash(browser, server, "#/profile", "screen-profile")
    WebDriverWait(browser, 5).until(lambda _: visible(browser, "profile-chart"))


# Every screen and dialog, by name, with how to get there.
SCREENS = {
    "start": start,
    "info": info,
    "settings": settings,
    "reset-dialog": reset_dialog,
    "training": training,
    "training-feedback": training_feedback,
    "pitch-matching": pitch_matching,
    "pitch-matching-feedback": pitch_matching_feedback,
    "pitch-matching-piano": pitch_matching_piano,
    "interval-training": interval_training,
    "interval-matching": interval_matching,
    "singing": singing,
    "compare-timing": compare_timing,
    "compare-timing-feedback": compare_timing_feedback,
    "fill-the-gap": fill_the_gap,
    "calibration": calibration,
    "scale-degrees": scale_degrees,
    "chord-quality": chord_quality,
    "play-it-back": play_it_back,
    "profile-empty": profile_empty,
    "profile": profile,
}
