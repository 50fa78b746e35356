"""The Profile screen and the Start screen's sparkline through the real UI, on records written
straight into the SQLite file (as a restart would find them)."""
import datetime
import math
import re
import sqlite3
import statistics
import subprocess
import time
from urllib.parse import parse_qs, urlparse

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import PEACH
from million_records import write_comparisons

DAYS = 10
PER_DAY = 30


def stored_time(moment):
    """GRDB's text format for a Date: UTC, millisecond precision."""
    return moment.astimezone(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M:%S.%f")[:-3]


def truth(day):
    """The simulated listener's threshold on `day`: 30 ¢ on the first, 12 ¢ on the last."""
    return 30 * (12 / 30) ** (day / (DAYS - 1))


def day_rows(day):
    """(difference, correct) for the day's PER_DAY answers: five differences around the day's
    threshold in turn, the correct answers spread evenly at the rate a listener with that threshold
    (Φ model, 2 % lapses) gets right."""
    z = statistics.NormalDist().inv_cdf((0.75 - 0.01) / 0.98)
    levels = [round(factor * truth(day), 1) for factor in (0.5, 0.75, 1, 1.5, 2)]
    rows = []
    for index in range(PER_DAY):
        level, turn = levels[index % len(levels)], index // len(levels)
        p = 0.01 + 0.98 * statistics.NormalDist().cdf(z * level / truth(day))
        rows.append((level, math.floor((turn + 1) * p) > math.floor(turn * p)))
    return rows


def seed(server, matching_errors=(), sung_errors=(), days=DAYS):
    """Stops the server, writes DAYS days of comparisons (PER_DAY each, at noon) of a listener whose
    threshold improves from 30 to 12 ¢ (only the newest `days` of them when fewer), the given
    pitch-matching errors, and the given sung errors (`(day, cents)`, day 0 the oldest of the
    DAYS), and starts it again."""
    server.stop()
    noon = datetime.datetime.now().astimezone().replace(hour=12, minute=0, second=0, microsecond=0)
    rows = []
    for day in range(DAYS - days, DAYS):
        moment = noon - datetime.timedelta(days=DAYS - 1 - day)
        for index, (difference, correct) in enumerate(day_rows(day)):
            rows.append((60, 60, difference if index % 2 else -difference, correct,
                         stored_time(moment + datetime.timedelta(seconds=index))))
    with sqlite3.connect(server.data_path) as database:
        database.executemany(
            "INSERT INTO comparison (note1, note2, note2CentOffset, isCorrect, timestamp) VALUES (?, ?, ?, ?, ?)", rows)
        database.executemany(
            "INSERT INTO pitchMatching (referenceNote, initialCentOffset, userCentError, timestamp) VALUES (?, ?, ?, ?)",
            [(69, 50.0, error, stored_time(noon)) for error in matching_errors])
        database.executemany(
            "INSERT INTO pitchMatching (referenceNote, initialCentOffset, userCentError, timestamp, discipline, sungOctave)"
            " VALUES (?, 0, ?, ?, 'pitchSinging', 0)",
            [(57, error, stored_time(noon - datetime.timedelta(days=DAYS - 1 - day, seconds=-index)))
             for index, (day, error) in enumerate(sung_errors)])
    server.start()


def fitted_points(server, period="day"):
    return [point for point in server.api("GET", f"profile/timeline?period={period}").json()["points"] if point["threshold"]]


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
    note = browser.find_element(By.ID, "start-profile-note")
    WebDriverWait(browser, 5).until(lambda _: note.text == "Your progress will appear here")
    # A new user is told what Peach is and where to begin.
    assert visible(browser, "start-intro")
    for box in ("sparkline-pitchComparison", "sparkline-pitchMatching", "sparkline-pitchSinging",
                "sparkline-intervalComparison", "sparkline-intervalMatching"):
        assert browser.find_elements(By.CSS_SELECTOR, f"#{box} svg path.empty"), box
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
        lambda _: browser.find_elements(By.CSS_SELECTOR, "#sparkline-pitchComparison svg path.trace"))
    # Each discipline its own series: matching has data, the interval disciplines none yet.
    assert browser.find_elements(By.CSS_SELECTOR, "#sparkline-pitchMatching svg path.trace")
    assert browser.find_elements(By.CSS_SELECTOR, "#sparkline-intervalComparison svg path.empty")
    assert browser.find_elements(By.CSS_SELECTOR, "#sparkline-intervalMatching svg path.empty")
    preview = browser.find_element(By.ID, "start-profile")
    WebDriverWait(browser, 5).until(lambda _: browser.find_element(By.ID, "start-profile-note").text
                                    == "Your progress in every training: each line falls as you improve.")
    # Someone who has trained is no longer a new user: no first-run card.
    assert not visible(browser, "start-intro")
    # Each sparkline is drawn as it comes; the label waits for the profile's threshold.
    label = r"Your training progress: threshold \d+\.\d cents\. Tap to view details\."
    WebDriverWait(browser, 10).until(lambda _: re.fullmatch(label, preview.accessible_name))
    start_name = preview.accessible_name
    preview.click()
    WebDriverWait(browser, 5).until(lambda _: browser.find_elements(By.CSS_SELECTOR, "#profile-chart svg .dot"))

    threshold = browser.find_element(By.ID, "profile-threshold").text
    assert re.fullmatch(r"Your threshold: \d+\.\d ¢, likely between \d+\.\d and \d+\.\d ¢", threshold), threshold
    assert browser.find_element(By.ID, "profile-threshold-note").text == \
        f"The smallest difference you hear right 75 % of the time, from your newest {DAYS * PER_DAY} comparisons."
    assert "musicians heard about 10 ¢" in browser.find_element(By.ID, "profile-reference").text
    profile = server.api("GET", "profile").json()
    assert f"{profile['threshold']['threshold']:.1f} ¢" in threshold
    assert browser.find_element(By.ID, "profile-count").text == str(DAYS * PER_DAY)
    # Start, headline and chart speak of the same threshold.
    assert f"threshold {profile['threshold']['threshold']:.1f} cents" in start_name
    assert browser.find_element(By.ID, "profile-mean").text == f"{profile['comparisons']['meanThreshold']:.1f} ¢"
    # Issue 49: the trend is the change's direction over the change's span, and says that span, so
    # it cannot read as a second claim beside "no change you can be sure of".
    change = profile["change"]
    trend = profile["comparisons"]["trend"]
    assert trend == ("improving" if change["upper"] < 0 else "declining" if change["lower"] > 0 else "stable")
    words = {"improving": "↘ Improving", "stable": "→ Stable", "declining": "↗ Declining"}[trend]
    assert browser.find_element(By.ID, "profile-trend").text == f"{words}\nover your last {change['answers']} answers"
    if not change["sure"]:
        assert browser.find_element(By.ID, "profile-change").text == \
            f"No change you can be sure of over your last {change['answers']} answers"
    assert browser.find_element(By.ID, "matching-mean").text == "8.0 ¢"
    assert browser.find_element(By.ID, "matching-sd").text == "4.0 ¢"
    assert browser.find_element(By.ID, "matching-count").text == "3"
    assert not visible(browser, "profile-empty") and not visible(browser, "matching-empty")

    chart = browser.find_element(By.ID, "profile-chart")
    dots = chart.find_elements(By.CSS_SELECTOR, "svg .dot")
    fitted = fitted_points(server)
    # Every day is thin (30 answers, too few for a fit alone): its neighbours' answers place it.
    assert len(dots) == len(fitted) == DAYS
    assert all(point["threshold"]["trials"] == PER_DAY for point in fitted)
    assert chart.find_elements(By.CSS_SELECTOR, "svg .band") and chart.find_elements(By.CSS_SELECTOR, "svg .threshold")
    assert chart.find_elements(By.CSS_SELECTOR, "svg .played")
    summary = chart.get_attribute("aria-label")
    assert re.fullmatch(rf"Threshold timeline showing {DAYS * PER_DAY} comparisons from .+ to .+, latest threshold \d+\.\d cents\.",
                        summary), summary
    assert f"{fitted[-1]['threshold']['threshold']:.1f} cents" in summary
    # The help is two short lines; how the threshold is measured waits behind its summary.
    help_text = browser.find_element(By.ID, "profile-chart-help")
    line = float(browser.execute_script("return parseFloat(getComputedStyle(arguments[0]).lineHeight)", help_text))
    assert help_text.size["height"] <= 2 * line + 1, help_text.text
    details = browser.find_element(By.CSS_SELECTOR, "#screen-profile details.how-measured")
    assert not details.get_attribute("open")
    details.find_element(By.TAG_NAME, "summary").click()
    assert "read from the answers before and after it" in details.text
    assert "The newest point is the threshold above." in details.text

    # It opens at the most recent data: the view ends at the domain's end.
    svg = chart.find_element(By.CSS_SELECTOR, "svg.threshold-chart")
    end = float(svg.get_attribute("data-domain-end"))
    assert abs(float(chart.get_attribute("data-view-start")) + float(chart.get_attribute("data-view-width")) - end) < 1e-3

    # Tapping the newest dot opens its popup; tapping elsewhere dismisses it.
    popup = browser.find_element(By.ID, "profile-popup")
    tap_at_centre_of(browser, dots[-1])
    WebDriverWait(browser, 3).until(lambda _: popup.is_displayed())
    text = popup.text
    last = fitted[-1]
    fit = last["threshold"]
    assert f"Threshold: {fit['threshold']:.1f} ¢ ({fit['lower']:.1f}–{fit['upper']:.1f})" in text, text
    played = sum(difference for difference, _ in day_rows(DAYS - 1)) / PER_DAY
    assert f"Mean difference played: {played:.1f} ¢" in text, text
    assert f"Comparisons: {PER_DAY}" in text
    correct = sum(1 for _, right in day_rows(DAYS - 1) if right)
    assert f"Accuracy: {correct} of {PER_DAY} correct" in text
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
    weeks = len(fitted_points(server, "week"))
    assert weeks >= 2
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
    assert exported.read_text().count('data-index=') == DAYS


def test_simulate_prints_the_table():
    result = subprocess.run([PEACH, "simulate", "--threshold", "10", "--trials", "200", "--runs", "20",
                             "--shape", "normal", "weibull:3.5", "--lapse", "0.05"],
                            check=True, capture_output=True, text=True)
    lines = result.stdout.strip().splitlines()
    assert "Kazez" in lines[1] and "covers" in lines[1]
    assert len(lines) == 4
    for line, shape in zip(lines[2:], ["normal", "weibull:3.5"]):
        listener, lapse, bias, trials, truth, median, ratio, coverage = line.split()[:8]
        assert (listener, float(lapse), float(bias), int(trials), float(truth)) == (shape, 0.05, 0, 200, 10)
        assert 0.7 < float(median) / 10 < 1.3
        assert float(ratio) == pytest.approx(float(median) / 10, abs=0.01)


def test_simulate_sets_a_placement_run_beside_the_chain():
    result = subprocess.run([PEACH, "simulate", "--procedure", "placement", "--threshold", "10", "--runs", "1",
                             "--shape", "logistic", "--lapse", "0.05"],
                            check=True, capture_output=True, text=True, timeout=120)
    lines = result.stdout.strip().splitlines()
    assert "P trials" in lines[1] and "K trials" in lines[1]
    assert len(lines) == 4
    listener, lapse, truth, trials = lines[2].split()[:4]
    assert (listener, float(lapse), float(truth)) == ("logistic", 0.05, 10)
    assert 1 <= float(trials) <= 40
    assert lines[3].startswith("placement time:")


def test_every_string_exists_in_english_and_german(server, browser):
    browser.get(server.url)
    english, german = browser.execute_async_script("""
        const done = arguments[arguments.length - 1];
        import('/js/i18n/i18n.js').then((m) => done([Object.keys(m._tables.en), Object.keys(m._tables.de)]));""")
    assert sorted(english) == sorted(german)
    assert "profile.empty" in english and "profile.matchingEmpty" in english


def test_a_profile_with_too_few_answers_shows_numbers_but_no_threshold(server, browser):
    for _ in range(3):
        comparison = server.api("POST", "comparisons").json()
        server.api("POST", f"comparisons/{comparison['id']}/answer", json={"answer": "higher"}).raise_for_status()
    open_profile(server, browser)
    WebDriverWait(browser, 5).until(lambda _: browser.find_element(By.ID, "profile-count").text == "3")
    assert not visible(browser, "profile-threshold")
    # Issue 49: the server's reason, in words.
    assert browser.find_element(By.ID, "profile-threshold-note").text == "No threshold yet: 3 of the 20 answers it needs."
    assert browser.find_element(By.ID, "profile-trend").text == "Not enough data"
    # Three answers: not even all periods together can place the threshold, so no dot, no made-up value.
    assert browser.find_elements(By.CSS_SELECTOR, "#profile-chart svg.threshold-chart")
    assert len(browser.find_elements(By.CSS_SELECTOR, "#profile-chart svg .dot")) == 0
    # Its period has a mark of its own, whose popup says why there is no threshold (issue 49).
    gap = browser.find_element(By.CSS_SELECTOR, "#profile-chart svg .gap")
    popup = browser.find_element(By.ID, "profile-popup")
    tap_at_centre_of(browser, gap)
    WebDriverWait(browser, 3).until(lambda _: popup.is_displayed())
    assert "No threshold: 3 of the 20 answers needed" in popup.text.splitlines(), popup.text


def test_an_interval_without_a_threshold_says_why(server, browser):
    """Issue 49: an interval's row states why it has no threshold, as the server judged it, not a dash."""
    for _ in range(3):
        trial = server.api("POST", "trials", json={"discipline": "intervalComparison"}).json()
        server.api("POST", f"trials/{trial['id']}/answer", json={"answer": "higher"}).raise_for_status()
    entry = next(entry for entry in server.api("GET", "profile/intervals").json()["intervals"] if entry["comparisons"])
    assert entry["threshold"] is None and entry["missingThreshold"]["reason"] == "tooFewAnswers", entry
    open_profile(server, browser)
    cell = "#interval-profile-body td"
    WebDriverWait(browser, 5).until(lambda _: browser.find_elements(By.CSS_SELECTOR, cell))
    lines = browser.find_element(By.CSS_SELECTOR, cell).text.splitlines()
    assert lines[0] == f"{entry['comparisons']} of the 20 answers needed", lines
    assert lines[1] == f"mean difference played {entry['meanDifference']:.1f} ¢", lines


def test_sung_accuracy_has_its_own_section_with_trend_and_timeline(server, browser):
    # Ten days of singing: 20 ¢ off at first, 5 ¢ by the end, sharp and flat in turn.
    sung = [(day, (1 if index % 2 else -1) * (20 - 15 * day / (DAYS - 1) + (index % 3) - 1))
            for day in range(DAYS) for index in range(6)]
    seed(server, matching_errors=[-8.0, 12.0, 4.0], sung_errors=sung)
    browser.get(server.url + "#/profile")
    WebDriverWait(browser, 5).until(lambda _: visible(browser, "sung-stats"))
    errors = [abs(error) for _, error in sung]
    assert browser.find_element(By.ID, "sung-title").text == "Sing It"
    assert browser.find_element(By.ID, "sung-mean").text == f"{statistics.mean(errors):.1f} ¢"
    assert browser.find_element(By.ID, "sung-sd").text == f"{statistics.stdev(errors):.1f} ¢"
    assert browser.find_element(By.ID, "sung-count").text == str(len(sung))
    assert server.api("GET", "profile?scope=singing").json()["pitchMatching"]["trend"] == "improving"
    assert browser.find_element(By.ID, "sung-trend").text == "↘ Improving"
    # One point a day, newest lowest.
    trace = browser.find_element(By.CSS_SELECTOR, "#sung-timeline svg path.trace").get_attribute("d")
    points = [tuple(map(float, point.split(","))) for point in re.findall(r"[\d.]+,[\d.]+", trace)]
    assert len(points) == DAYS and points[-1][1] > points[0][1]
    assert "Mean absolute error per day" in browser.find_element(By.ID, "sung-timeline").accessible_name
    # The slider's section keeps its own numbers: the voice does not count there.
    assert browser.find_element(By.ID, "matching-count").text == "3"
    assert browser.find_element(By.ID, "matching-trend").text == "Not enough data"
    assert not visible(browser, "sung-empty")


def test_an_interval_threshold_names_the_percentage_it_means(server, browser):
    """The API sends the fraction (0.75); the page prints it as a percentage, through one formatter."""
    server.stop()
    noon = datetime.datetime.now().astimezone().replace(hour=12, minute=0, second=0, microsecond=0)
    rows = [(60, 67, difference if index % 2 else -difference, correct, stored_time(noon + datetime.timedelta(seconds=index)),
             "intervalComparison", "P5", "up", "equalTemperament")
            for index, (difference, correct) in enumerate(day_rows(DAYS - 1) * 8)]
    with sqlite3.connect(server.data_path) as database:
        database.executemany(
            "INSERT INTO comparison (note1, note2, note2CentOffset, isCorrect, timestamp, discipline, interval, direction,"
            " tuningSystem) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
    server.start()
    entry = server.api("GET", "profile/intervals").json()["intervals"][0]
    assert entry["threshold"] is not None and entry["percentCorrect"] == 0.75
    # Issue 49: the interval's own change over its newest answers, worded as the server judged it.
    change = entry["change"]
    assert change is not None and change["lower"] <= change["change"] <= change["upper"], entry
    moved = f"{round(change['change'] * 100):+d} %".replace("-", "\u2212").replace("+0 %", "0 %")
    said = (f"{moved} over the last {change['answers']}" if change["sure"]
            else f"no sure change over the last {change['answers']}")
    open_profile(server, browser)
    WebDriverWait(browser, 5).until(
        lambda _: re.match(r"\d+\.\d ¢ \(75 % right\)", browser.find_element(By.CSS_SELECTOR, "#interval-profile-body td").text))
    cell = browser.find_element(By.CSS_SELECTOR, "#interval-profile-body td").text.replace("\u00a0", " ")
    assert cell.splitlines()[-1] == said, cell
    for language, correct in (("de", "75 % richtig"),):
        server.api("PUT", "settings", json={"language": language})
        browser.get(server.url + "#/")
        browser.refresh()
        open_profile(server, browser)
        # A reload under load (the page, its service worker, the profile) can take more than a few
        # seconds, and each drawing of the profile builds the table's rows anew.
        WebDriverWait(browser, 20).until(
            lambda _: correct in browser.find_element(By.CSS_SELECTOR, "#interval-profile-body td").text)
        last = browser.find_element(By.CSS_SELECTOR, "#interval-profile-body td").text.splitlines()[-1]
        assert last.endswith(f"über die letzten {change['answers']}") and (
            change["sure"] or last.startswith("keine sichere Veränderung")), last


def test_the_chart_keeps_one_view_across_the_charts_it_fetches(server, browser):
    """Dragged past what the server drew, the chart is fetched again for the new view, twice; then a
    drag moves the view by the distance dragged and nothing else happens. Each fetched chart used to
    add its listeners beside the ones before, whose stale views jumped the view (to the first day)."""
    server.stop()
    snapshot = server.data_path.parent / "cache" / f"{server.data_path.name}.profile.json"
    snapshot.unlink(missing_ok=True)
    write_comparisons(server.data_path, 4000, per_day=20)
    server.start()
    open_profile(server, browser)
    chart = WebDriverWait(browser, 10).until(lambda _: browser.find_element(By.CSS_SELECTOR, "#profile-chart[data-view-width]"))
    view_start = lambda: float(chart.get_attribute("data-view-start"))
    drawn = lambda: browser.execute_script("return arguments[0].querySelector('svg').dataset.renderedStart", chart)
    drag = lambda: ActionChains(browser).move_to_element(chart).click_and_hold().move_by_offset(200, 0).release().perform()
    beyond = lambda: browser.execute_script(
        "const [c, d] = [arguments[0].dataset, arguments[0].querySelector('svg').dataset];"
        "return Number(c.viewStart) < Number(d.renderedStart) - 1e-6"
        " || Number(c.viewStart) + Number(c.viewWidth) > Number(d.renderedEnd) + 1e-6", chart)
    drags = []
    for _ in range(2):
        first_drawn = drawn()
        while drawn() == first_drawn:
            before = view_start()
            drag()
            drags.append(before - view_start())
            # A view beyond what was drawn has its chart fetched and drawn before the next drag (a
            # loaded machine can take seconds); one within it is dragged on at once.
            if beyond():
                WebDriverWait(browser, 20, poll_frequency=0.05).until(lambda _: drawn() != first_drawn)
    assert 2 <= len(drags) <= 12, drags
    before = view_start()
    assert before > 30, "room left for the drag"
    drag()
    time.sleep(1.0)
    assert before - view_start() == pytest.approx(drags[0], rel=0.05), (drags, before, view_start())


# A period's nominal length: the chart's x counts periods of it from the first period's start.
PERIOD_SECONDS = {"day": 86_400, "week": 604_800, "month": 2_629_746}


def test_zoomed_out_the_chart_draws_weeks_then_months_over_the_same_dates(server, browser):
    """Zoomed out past what its plot can show as dots, the chart (and the timeline beside it) draws
    weeks, then months, for the same dates, in responses a fraction of the size; zoomed back in, days."""
    server.stop()
    (server.data_path.parent / "cache" / f"{server.data_path.name}.profile.json").unlink(missing_ok=True)
    write_comparisons(server.data_path, 20_000, per_day=20)
    server.start()
    origins = {period: datetime.datetime.fromisoformat(server.api(
        "GET", f"profile/timeline?period={period}&viewStart=0&viewWidth=1").json()["points"][0]["start"])
        for period in PERIOD_SECONDS}

    def dates(period, start, width):
        """The first and last moment of a view, in days since the first day's start."""
        seconds = PERIOD_SECONDS[period]
        offset = (origins[period] - origins["day"]).total_seconds()
        return tuple((offset + x * seconds) / 86_400 for x in (start, start + width))

    open_profile(server, browser)
    chart = WebDriverWait(browser, 10).until(lambda _: browser.find_element(By.CSS_SELECTOR, "#profile-chart[data-view-width]"))
    state = lambda: browser.execute_script("""
        const chart = arguments[0];
        return [chart.querySelector('svg.threshold-chart').dataset.period, Number(chart.dataset.viewStart),
                Number(chart.dataset.viewWidth)];""", chart)
    assert state()[0] == "day"

    def wheel(delta_y):
        """Zooms around the chart's centre: out for a positive delta."""
        browser.execute_script("""
            const chart = arguments[0], box = chart.getBoundingClientRect();
            chart.dispatchEvent(new WheelEvent('wheel', {deltaY: arguments[1], clientX: box.left + box.width / 2,
                clientY: box.top + box.height / 2, bubbles: true, cancelable: true}));""", chart, delta_y)

    def settled():
        """Whether the chart shown is the one for its view: within what it drew, and between the
        widths at which another period would be drawn (else a new chart is on its way)."""
        return browser.execute_script("""
            const chart = arguments[0], drawn = chart.querySelector('svg.threshold-chart').dataset;
            const start = Number(chart.dataset.viewStart), width = Number(chart.dataset.viewWidth);
            return start >= Number(drawn.renderedStart) - 0.01 && start + width <= Number(drawn.renderedEnd) + 0.01
                && width >= Number(drawn.finerBelow ?? -Infinity) - 0.01 && width <= Number(drawn.coarserAbove ?? Infinity) + 0.01;
            """, chart)

    def zoom_until(period, delta_y):
        """Wheels the chart (zooming around its centre) until it is drawn in `period`, each time
        waiting for the chart of the new view; returns the view the chart it replaced asked for, the
        timeline request and the view shown now."""
        browser.execute_script("performance.clearResourceTimings()")
        for _ in range(12):
            if state()[0] == period:
                break
            wheel(delta_y)
            WebDriverWait(browser, 20).until(lambda _: settled())
        assert state()[0] == period
        requests_made = browser.execute_script(
            "return performance.getEntriesByType('resource').map((entry) => entry.name).filter((name) => name.includes('/api/profile/'))")
        asked = [name for name in requests_made if "/chart.svg?" in name][-1]
        timeline = [name for name in requests_made if "/timeline?" in name][-1]
        return parse_qs(urlparse(asked).query), timeline.split("/api/")[1], state()

    def assert_same_dates(asked, shown):
        before = dates(asked["viewPeriod"][0], float(asked["viewStart"][0]), float(asked["viewWidth"][0]))
        after = dates(*shown)
        # The chart writes its view to a hundredth of its period.
        assert after == pytest.approx(before, abs=0.01 * PERIOD_SECONDS[shown[0]] / 86_400), (asked, shown)

    asked, timeline, shown = zoom_until("week", 300)
    assert asked["viewPeriod"] == ["day"] and asked["coarsen"] == ["true"]
    assert_same_dates(asked, shown)
    weekly = server.api("GET", timeline)
    assert weekly.json()["period"] == "week"
    daily = server.api("GET", f"profile/timeline?period=day&viewStart={asked['viewStart'][0]}&viewWidth={asked['viewWidth'][0]}")
    assert len(weekly.content) * 4 < len(daily.content), (len(weekly.content), len(daily.content))

    # In small steps, so that the view is not yet all the weeks, more than all the months.
    asked, timeline, shown = zoom_until("month", 150)
    assert asked["viewPeriod"] == ["week"]
    assert_same_dates(asked, shown)
    # Zoomed out as far as it goes: the whole history, every month of it in one small response.
    for _ in range(4):
        wheel(600)
    WebDriverWait(browser, 20).until(lambda _: settled())
    period, start, width = state()
    assert period == "month" and start == pytest.approx(0, abs=0.01)
    assert width == pytest.approx(float(browser.execute_script(
        "return arguments[0].querySelector('svg.threshold-chart').dataset.domainEnd", chart)), abs=0.01)
    whole = server.api("GET", f"profile/timeline?period=day&coarsen=true&width={asked['width'][0]}"
                              f"&viewPeriod=month&viewStart=0&viewWidth={width}")
    assert whole.json()["period"] == "month" and len(whole.json()["points"]) == whole.json()["periods"]
    assert len(whole.content) < 20_000, len(whole.content)

    asked, timeline, shown = zoom_until("day", -300)
    assert asked["viewPeriod"][0] in ("week", "month")
    assert_same_dates(asked, shown)


def test_a_threshold_with_too_few_answers_for_a_change_says_so_in_english_and_german(server, browser):
    """Issue 49: where the API states a threshold but no change yet, the Profile says why it states
    none, rather than nothing, which would read as no change."""
    seed(server, days=2)
    profile = server.api("GET", "profile").json()
    assert profile["threshold"] is not None and profile["change"] is None, profile
    expected = {"en": "Too few answers yet to tell how your threshold changes",
                "de": "Noch zu wenige Antworten, um zu sagen, wie sich deine Schwelle verändert"}
    for language in ("en", "de"):
        assert server.api("PUT", "settings", json={"language": language}).status_code == 200
        browser.get("about:blank")
        browser.get(server.url + "#/profile")
        WebDriverWait(browser, 10).until(
            lambda _: browser.find_element(By.ID, "profile-change").text == expected[language],
            f"{language}: expected {expected[language]!r}")
        assert browser.find_element(By.ID, "profile-threshold").is_displayed()


def test_the_profile_says_how_far_the_threshold_moved_in_english_and_german(server, browser):
    """Issue 49: the change of the threshold over the newest answers, as the API states it, in words."""
    seed(server)
    change = server.api("GET", "profile").json()["change"]
    # 300 answers: the span is the newest half.
    assert change is not None and change["answers"] == DAYS * PER_DAY // 2
    assert change["lower"] <= change["change"] <= change["upper"]
    assert change["sure"] == (change["upper"] < 0 or change["lower"] > 0)

    def percent(fraction):
        return f"{round(fraction * 100):+d} %".replace("-", "\u2212").replace("+0 %", "0 %")

    expected = {
        "en": (f"Over your last {change['answers']} answers your threshold changed by {percent(change['change'])},"
               f" likely between {percent(change['lower'])} and {percent(change['upper'])}.")
        if change["sure"] else f"No change you can be sure of over your last {change['answers']} answers",
        "de": (f"Über deine letzten {change['answers']} Antworten hat sich deine Schwelle um {percent(change['change'])}"
               f" verändert, wahrscheinlich zwischen {percent(change['lower'])} und {percent(change['upper'])}.")
        if change["sure"] else f"Keine sichere Veränderung über deine letzten {change['answers']} Antworten",
    }
    for language in ("en", "de"):
        assert server.api("PUT", "settings", json={"language": language}).status_code == 200
        browser.get("about:blank")
        browser.get(server.url + "#/profile")
        WebDriverWait(browser, 10).until(
            lambda _: browser.find_element(By.ID, "profile-change").text.replace("\u00a0", " ") == expected[language],
            f"{language}: expected {expected[language]!r}")


def seed_vague(server):
    """Stops the server, writes 20 answers a listener at chance at 20 and 40 ¢ and always right at
    160 ¢ gives (the tracker places their threshold only within more than ×10), and starts it again."""
    server.stop()
    start = datetime.datetime.now().astimezone() - datetime.timedelta(hours=1)
    rows = []
    for index in range(20):
        offset = (20.0, 40.0, 160.0)[index % 3]
        rows.append((60, 60, offset if index % 2 else -offset, offset > 100 or index % 2 == 0,
                     stored_time(start + datetime.timedelta(seconds=index))))
    with sqlite3.connect(server.data_path) as database:
        database.executemany(
            "INSERT INTO comparison (note1, note2, note2CentOffset, isCorrect, timestamp) VALUES (?, ?, ?, ?, ?)", rows)
    server.start()


def test_a_threshold_placed_only_within_more_than_tenfold_says_so_in_english_and_german(server, browser):
    """Issue 49: where the answers place the threshold only within more than ×10, the Profile says so
    with the bounds the server sends, instead of a bare "appears once your answers show where it lies"."""
    seed_vague(server)
    profile = server.api("GET", "profile").json()
    missing = profile["missingThreshold"]
    assert profile["threshold"] is None and missing["reason"] == "tooWide" and missing["answers"] == 20, profile

    def cents(value, german):
        text = f"{value:,.1f}"
        return text.translate(str.maketrans(",.", ".,")) if german else text

    expected = {
        "en": (f"No threshold yet: the newest 20 answers place it only between {cents(missing['lower'], False)}"
               f" and {cents(missing['upper'], False)} ¢, too wide a range to state."),
        "de": (f"Noch keine Schwelle: Die neuesten 20 Antworten legen sie nur zwischen {cents(missing['lower'], True)}"
               f" und {cents(missing['upper'], True)} ¢ fest, ein zu weiter Bereich für eine Angabe."),
    }
    for language in ("en", "de"):
        assert server.api("PUT", "settings", json={"language": language}).status_code == 200
        browser.get("about:blank")
        browser.get(server.url + "#/profile")
        note = browser.find_element(By.ID, "profile-threshold-note")
        WebDriverWait(browser, 10).until(
            lambda _: note.text.replace("\u00a0", " ") == expected[language],
            f"{language}: expected {expected[language]!r}, saw {note.text!r}")
        assert not visible(browser, "profile-threshold")
    # The terminal says the same.
    printed = subprocess.run([PEACH, "profile", "--data", str(server.data_path)], check=True, capture_output=True,
                             text=True, timeout=60).stdout
    assert (f"threshold: none yet, the newest 20 answers place it only between {missing['lower']:.1f}"
            f" and {missing['upper']:.1f} ¢ (95 %), too wide to state") in printed.splitlines(), printed
