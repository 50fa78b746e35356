"""The Profile screen and the Start screen's sparkline through the real UI, on records written
straight into the SQLite file (as a restart would find them)."""
import datetime
import re
import sqlite3
import subprocess

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import PEACH

DAYS = 10
PER_DAY = 30


def stored_time(moment):
    """GRDB's text format for a Date: UTC, millisecond precision."""
    return moment.astimezone(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M:%S.%f")[:-3]


def seed(server, matching_errors=()):
    """Stops the server, writes DAYS days of comparisons (30 each, at noon, the difference shrinking
    day by day from 40 to 13 ¢, all correct at 40 ¢ and 2 of 3 at 13 ¢, like a listener whose
    threshold lies in between) and the given pitch-matching errors, and starts it again."""
    server.stop()
    noon = datetime.datetime.now().astimezone().replace(hour=12, minute=0, second=0, microsecond=0)
    rows = []
    for day in range(DAYS):
        moment = noon - datetime.timedelta(days=DAYS - 1 - day)
        difference = 40.0 - 3 * day
        for index in range(PER_DAY):
            correct = index % 3 != 0 or index < round((difference - 13) / 27 * PER_DAY)
            rows.append((60, 60, difference if index % 2 else -difference, correct,
                         stored_time(moment + datetime.timedelta(seconds=index))))
    with sqlite3.connect(server.data_path) as database:
        database.executemany(
            "INSERT INTO comparison (note1, note2, note2CentOffset, isCorrect, timestamp) VALUES (?, ?, ?, ?, ?)", rows)
        database.executemany(
            "INSERT INTO pitchMatching (referenceNote, initialCentOffset, userCentError, timestamp) VALUES (?, ?, ?, ?)",
            [(69, 50.0, error, stored_time(noon)) for error in matching_errors])
    server.start()


def visible(browser, element_id):
    return browser.find_element(By.ID, element_id).is_displayed()


def tap_at_centre_of(browser, element):
    """Taps at the element's centre in viewport coordinates (an SVG dot has no box of its own)."""
    x, y = browser.execute_script("""
        arguments[0].scrollIntoView({block: 'center'});
        const box = arguments[0].getBoundingClientRect();
        return [Math.round(box.left + box.width / 2), Math.round(box.top + box.height / 2)];""", element)
    actions = ActionChains(browser)
    actions.w3c_actions.pointer_action.move_to_location(x, y).click()
    actions.perform()


def open_profile(server, browser):
    browser.get(server.url + "#/profile")
    WebDriverWait(browser, 5).until(lambda _: visible(browser, "screen-profile"))


def test_a_fresh_profile_shows_the_empty_states_and_no_numbers(server, browser):
    browser.get(server.url)
    preview = browser.find_element(By.ID, "start-profile")
    WebDriverWait(browser, 5).until(lambda _: "empty" in preview.get_attribute("class"))
    assert visible(browser, "start-profile-empty")
    assert browser.find_element(By.ID, "start-profile-empty").text == "Your progress will appear here"
    assert browser.find_elements(By.CSS_SELECTOR, "#start-sparkline svg path.empty")
    assert preview.accessible_name == "Your training progress. Tap to view details."

    preview.click()
    WebDriverWait(browser, 5).until(lambda _: visible(browser, "profile-empty"))
    assert browser.find_element(By.ID, "profile-empty").text == "Start training to build your profile"
    assert browser.find_element(By.ID, "matching-empty").text == "Start pitch matching to see your accuracy"
    assert not visible(browser, "profile-discrimination-data")
    assert not visible(browser, "matching-stats")
    shown = browser.find_element(By.ID, "screen-profile").text
    assert not re.search(r"\d", shown), f"numbers on an empty profile: {shown!r}"


def test_the_profile_shows_threshold_statistics_chart_and_matching(server, browser):
    seed(server, matching_errors=[-8.0, 12.0, 4.0])
    browser.get(server.url)
    WebDriverWait(browser, 5).until(
        lambda _: browser.find_elements(By.CSS_SELECTOR, "#start-sparkline svg path.trace"))
    preview = browser.find_element(By.ID, "start-profile")
    assert "empty" not in preview.get_attribute("class")
    assert re.fullmatch(r"Your training progress: current average \d+\.\d cents\. Tap to view details\.",
                        preview.accessible_name)
    preview.click()
    WebDriverWait(browser, 5).until(lambda _: browser.find_elements(By.CSS_SELECTOR, "#profile-chart svg .dot"))

    threshold = browser.find_element(By.ID, "profile-threshold").text
    assert re.fullmatch(r"Threshold \d+\.\d ¢ \(\d+\.\d–\d+\.\d\) at 75 % correct", threshold), threshold
    profile = server.api("GET", "profile").json()
    assert f"{profile['threshold']['threshold']:.1f} ¢" in threshold
    assert browser.find_element(By.ID, "profile-count").text == str(DAYS * PER_DAY)
    assert browser.find_element(By.ID, "profile-mean").text == f"{profile['comparisons']['meanThreshold']:.1f} ¢"
    assert browser.find_element(By.ID, "profile-trend").text == "↘ Improving"
    assert browser.find_element(By.ID, "matching-mean").text == "8.0 ¢"
    assert browser.find_element(By.ID, "matching-sd").text == "4.0 ¢"
    assert browser.find_element(By.ID, "matching-count").text == "3"
    assert not visible(browser, "profile-empty") and not visible(browser, "matching-empty")

    chart = browser.find_element(By.ID, "profile-chart")
    dots = chart.find_elements(By.CSS_SELECTOR, "svg .dot")
    assert len(dots) == DAYS
    assert chart.find_elements(By.CSS_SELECTOR, "svg .band") and chart.find_elements(By.CSS_SELECTOR, "svg .mean")
    summary = chart.get_attribute("aria-label")
    assert re.fullmatch(rf"Threshold timeline showing {DAYS * PER_DAY} comparisons from .+ to .+, current average \d+\.\d cents\.",
                        summary), summary

    # It opens at the most recent data: the view ends at the domain's end.
    svg = chart.find_element(By.CSS_SELECTOR, "svg.threshold-chart")
    end = float(svg.get_attribute("data-domain-end"))
    assert abs(float(chart.get_attribute("data-view-start")) + float(chart.get_attribute("data-view-width")) - end) < 1e-3

    # Tapping the newest dot opens its popup; tapping elsewhere dismisses it.
    popup = browser.find_element(By.ID, "profile-popup")
    tap_at_centre_of(browser, dots[-1])
    WebDriverWait(browser, 3).until(lambda _: popup.is_displayed())
    text = popup.text
    assert "Mean threshold: 13.0 ¢" in text, text
    assert f"Comparisons: {PER_DAY}" in text
    assert f"Accuracy: 20 of {PER_DAY} correct" in text
    assert "selected" in dots[-1].get_attribute("class")
    browser.find_element(By.ID, "profile-title").click()
    WebDriverWait(browser, 3).until(lambda _: not popup.is_displayed())


def test_the_chart_scrolls_and_zooms(server, browser):
    seed(server)
    open_profile(server, browser)
    chart = WebDriverWait(browser, 5).until(lambda _: browser.find_element(By.CSS_SELECTOR, "#profile-chart[data-view-width]"))
    view = lambda: (float(chart.get_attribute("data-view-start")), float(chart.get_attribute("data-view-width")))
    start, width = view()
    assert width == pytest.approx(DAYS, abs=1e-3)  # ten days fit in the opening window

    # The wheel zooms in around the pointer…
    browser.execute_script("""
        const chart = arguments[0], box = chart.getBoundingClientRect();
        chart.dispatchEvent(new WheelEvent('wheel', {deltaY: -300, clientX: box.left + box.width / 2,
            clientY: box.top + box.height / 2, bubbles: true, cancelable: true}));""", chart)
    zoomed_start, zoomed_width = view()
    assert zoomed_width < width * 0.7

    # …and a drag to the right scrolls back in time.
    ActionChains(browser).move_to_element(chart).click_and_hold().move_by_offset(150, 0).release().perform()
    dragged_start, dragged_width = view()
    assert dragged_start < zoomed_start
    assert dragged_width == pytest.approx(zoomed_width, abs=1e-3)

    # Two fingers spreading apart zoom in further (real touch events through Chromium's input layer).
    chart.location_once_scrolled_into_view
    left, top, width_px, height_px = browser.execute_script("""
        const box = arguments[0].getBoundingClientRect(); return [box.left, box.top, box.width, box.height];""", chart)
    middle_x, middle_y = left + width_px / 2, top + height_px / 2

    def touch(kind, spread):
        points = [] if kind == "touchEnd" else [
            {"x": middle_x - spread, "y": middle_y, "id": 1}, {"x": middle_x + spread, "y": middle_y, "id": 2}]
        browser.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    touch("touchStart", 100)
    for spread in (105, 110, 115, 120):
        touch("touchMove", spread)
    touch("touchEnd", 0)
    pinched_start, pinched_width = view()
    assert pinched_width == pytest.approx(dragged_width * 100 / 120, rel=0.03)


def test_period_selection_regroups_the_chart(server, browser):
    seed(server)
    open_profile(server, browser)
    WebDriverWait(browser, 5).until(lambda _: len(browser.find_elements(By.CSS_SELECTOR, "#profile-chart svg .dot")) == DAYS)
    browser.find_element(By.CSS_SELECTOR, ".period-picker [data-period=week]").click()
    weeks = len(server.api("GET", "profile/timeline?period=week").json()["points"])
    WebDriverWait(browser, 5).until(lambda _: len(browser.find_elements(By.CSS_SELECTOR, "#profile-chart svg .dot")) == weeks)
    assert browser.find_element(By.CSS_SELECTOR, ".period-picker [data-period=week]").get_attribute("aria-checked") == "true"


def test_the_export_is_the_chart_the_screen_shows(server, tmp_path):
    seed(server)
    shown = server.api("GET", "profile/chart.svg?period=day&width=800&height=320&lang=en")
    assert shown.status_code == 200
    exported = tmp_path / "chart.svg"
    subprocess.run([PEACH, "profile", "--data", str(server.data_path), "--output", str(exported)], check=True,
                   capture_output=True, text=True)
    assert exported.read_text() == shown.text
    assert exported.read_text().count('class="dot"') == DAYS


def test_simulate_prints_the_table():
    result = subprocess.run([PEACH, "simulate", "--threshold", "10", "--trials", "200", "--runs", "20"],
                            check=True, capture_output=True, text=True)
    lines = result.stdout.strip().splitlines()
    assert "Kazez" in lines[1]
    truth, median, ratio, coverage = lines[2].split()[:4]
    assert float(truth) == 10
    assert 0.7 < float(median) / 10 < 1.3
    assert float(ratio) == pytest.approx(float(median) / 10, abs=0.01)


def test_every_string_exists_in_english_and_german(server, browser):
    browser.get(server.url)
    english, german = browser.execute_async_script("""
        const done = arguments[arguments.length - 1];
        import('/js/i18n.js').then((m) => done([Object.keys(m._tables.en), Object.keys(m._tables.de)]));""")
    assert sorted(english) == sorted(german)
    assert "profile.empty" in english and "profile.matchingEmpty" in english


def test_a_profile_with_too_few_answers_shows_numbers_but_no_threshold(server, browser):
    for _ in range(3):
        comparison = server.api("POST", "comparisons").json()
        server.api("POST", f"comparisons/{comparison['id']}/answer", json={"answer": "higher"}).raise_for_status()
    open_profile(server, browser)
    WebDriverWait(browser, 5).until(lambda _: browser.find_element(By.ID, "profile-count").text == "3")
    assert not visible(browser, "profile-threshold")
    assert browser.find_element(By.ID, "profile-threshold-note").text == "Your threshold appears once your answers show where it lies."
    assert not visible(browser, "profile-trend")
    assert len(browser.find_elements(By.CSS_SELECTOR, "#profile-chart svg .dot")) == 1
