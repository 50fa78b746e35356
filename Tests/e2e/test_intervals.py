"""Interval disciplines end to end (issue 11): intervals chosen in Settings through the UI, interval
comparisons and interval matches trained through the UI and stored with their interval and tuning,
the profile per interval, and the client's own audio playing each interval within 0.01 cent."""
import numpy as np
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import until
from test_audio_rendering import cents, measured_frequency, render
from test_comparison_loop import button

JUST_SIZES = {"M3": 1200 * np.log2(5 / 4), "P5": 1200 * np.log2(3 / 2)}


def records(server, discipline):
    response = server.api("GET", f"records?discipline={discipline}&limit=100")
    response.raise_for_status()
    return response.json()["records"]


def choose_m3_up_and_p5_down_in_just_intonation(server, browser):
    browser.get(server.url + "#/settings")
    WebDriverWait(browser, 5).until(lambda _: browser.find_element(By.ID, "interval-P5-up").is_displayed())
    def chosen():
        return {(i["name"], i["direction"]) for i in server.api("GET", "settings").json()["settings"]["intervals"]}

    for box, wanted in (("interval-M3-up", {("P5", "up"), ("M3", "up")}),
                        ("interval-P5-down", {("P5", "up"), ("M3", "up"), ("P5", "down")}),
                        ("interval-P5-up", {("M3", "up"), ("P5", "down")})):
        element = browser.find_element(By.ID, box)
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
        element.click()
        WebDriverWait(browser, 5).until(lambda _: chosen() == wanted)
        # The grid is drawn anew from the server's answer; wait for it before the next click.
        # A box read while the grid is being drawn anew is stale: read it again.
        WebDriverWait(browser, 5).until(
            lambda _: browser.find_element(By.ID, box).is_selected() == (box != "interval-P5-up"))
    tuning = browser.find_element(By.ID, "setting-tuningSystem")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", tuning)
    tuning.find_element(By.CSS_SELECTOR, "option[value=justIntonation]").click()
    WebDriverWait(browser, 5).until(
        lambda _: server.api("GET", "settings").json()["settings"]["tuningSystem"] == "justIntonation")
    settings = server.api("GET", "settings").json()["settings"]
    assert sorted((i["name"], i["direction"]) for i in settings["intervals"]) == [("M3", "up"), ("P5", "down")]
    assert browser.find_element(By.ID, "interval-P5-up").is_enabled()


def test_interval_comparisons_and_matches_through_the_ui(server, browser):
    assert server.api("PUT", "settings", json={"noteDurationSeconds": 0.3}).status_code == 200
    choose_m3_up_and_p5_down_in_just_intonation(server, browser)

    browser.get(server.url)
    button(browser, "Compare Intervals").click()
    screen = browser.find_element(By.ID, "screen-comparison")
    WebDriverWait(browser, 5).until(lambda _: screen.is_displayed())
    assert browser.find_element(By.ID, "comparison-title").text == "Compare Intervals"
    labels = set()
    for answered in range(1, 11):
        until(browser, "return !document.getElementById('answer-higher').disabled")
        labels.add(browser.find_element(By.ID, "comparison-interval").text)
        browser.find_element(By.TAG_NAME, "body").send_keys("h" if answered % 2 else "l")
        WebDriverWait(browser, 5).until(lambda _: len(records(server, "intervalComparison")) == answered)
    stored = records(server, "intervalComparison")
    assert len(stored) == 10
    assert {(r["interval"]["name"], r["interval"]["direction"]) for r in stored} <= {("M3", "up"), ("P5", "down")}
    assert all(r["tuningSystem"] == "justIntonation" for r in stored)
    for record in stored:
        step = {"M3": 4, "P5": -7}[record["interval"]["name"]]
        assert record["note2"] - record["note1"] == step
    assert labels <= {"Major third up · just intonation", "Perfect fifth down · just intonation"}, labels
    assert records(server, "pitchComparison") == []

    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE)
    WebDriverWait(browser, 5).until(lambda _: browser.find_element(By.ID, "screen-start").is_displayed())
    button(browser, "Match Intervals").click()
    pitch_screen = browser.find_element(By.ID, "screen-pitch-matching")
    WebDriverWait(browser, 5).until(lambda _: pitch_screen.is_displayed())
    assert browser.find_element(By.ID, "pitch-matching-title").text == "Match Intervals"
    for done in range(1, 4):
        until(browser, "return arguments[0].dataset.state === 'tuning'", pitch_screen)
        assert browser.find_element(By.ID, "pitch-matching-interval").text in {
            "Major third up · just intonation", "Perfect fifth down · just intonation"}
        ActionChains(browser).send_keys(*([Keys.ARROW_UP] * done), Keys.ENTER).perform()
        WebDriverWait(browser, 5).until(lambda _: len(records(server, "intervalMatching")) == done)
        record = records(server, "intervalMatching")[0]
        # ±20 ¢ around the tuned interval: the start offset plus the slider's value × 20 ¢.
        assert abs(record["initialCentOffset"]) <= 20
        assert abs(record["userCentError"] - (record["initialCentOffset"] + done * 0.05 * 20)) < 1e-6
    assert records(server, "pitchMatching") == []

    profile = server.api("GET", "profile/intervals").json()["intervals"]
    assert sum(entry["comparisons"] for entry in profile) == 10
    assert sum(entry["matchings"] for entry in profile) == 3
    assert server.api("GET", "profile?scope=intervals").json()["comparisons"]["count"] == 10
    assert server.api("GET", "profile?scope=pitch").json()["comparisons"]["count"] == 0


def test_the_client_plays_just_intervals_within_a_hundredth_of_a_cent(server, browser):
    assert server.api("PUT", "settings", json={
        "intervals": [{"name": "M3", "direction": "up"}, {"name": "P5", "direction": "down"}],
        "tuningSystem": "justIntonation", "noteRangeLower": 40, "noteRangeUpper": 90}).status_code == 200
    for _ in range(4):
        trial = server.api("POST", "trials", json={"discipline": "intervalComparison"}).json()
        samples, plan = render(browser, server, trial)
        duration = trial["noteDurationSeconds"]
        note1 = measured_frequency(samples, plan["note1Start"], plan["note1Start"] + duration)
        note2 = measured_frequency(samples, plan["note2Start"], plan["note2Start"] + duration)
        assert abs(cents(note1, trial["note1"]["frequencyHz"])) <= 0.01
        assert abs(cents(note2, trial["note2"]["frequencyHz"])) <= 0.01
        interval = trial["interval"]
        size = JUST_SIZES[interval["name"]] * (1 if interval["direction"] == "up" else -1)
        played = 1200 * np.log2(note2 / note1)
        assert abs(played - (size + trial["note2"]["centOffset"])) <= 0.01, f"{interval}: {played:.4f} ¢"
