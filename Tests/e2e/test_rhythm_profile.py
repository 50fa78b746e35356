"""The Profile screen's rhythm section with its timelines per tempo band, on records written
straight into the SQLite file (as a restart would find them)."""
import datetime
import sqlite3

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from test_profile import open_profile, stored_time
from viewport import SIZES, screenshot, set_viewport

DAYS = 3


def seed(server, tempo=90):
    """Compare Timing at `tempo` BPM on DAYS days (40 answers a day, the offset narrowing day by day)
    and Fill the Gap at 85 BPM on two days."""
    server.stop()
    noon = datetime.datetime.now().astimezone().replace(hour=12, minute=0, second=0, microsecond=0)
    comparisons = []
    for day in range(DAYS):
        moment = noon - datetime.timedelta(days=DAYS - 1 - day)
        for index in range(40):
            percent = (4 + index % 12) * (1 if index % 2 else -1)
            correct = abs(percent) > 8 - 2 * day or index % 3 == 0
            comparisons.append((tempo, float(percent), correct, stored_time(moment + datetime.timedelta(seconds=index))))
    matchings = [(85, -14.0, 5.0, 0.75, -14.0, stored_time(noon - datetime.timedelta(days=1))),
                 (85, -6.0, 4.0, 1.0, -6.0, stored_time(noon))]
    with sqlite3.connect(server.data_path) as database:
        database.executemany(
            "INSERT INTO rhythmComparison (tempoBPM, offsetPercent, isCorrect, timestamp) VALUES (?, ?, ?, ?)", comparisons)
        database.executemany(
            "INSERT INTO rhythmMatching (tempoBPM, meanOffsetMs, offsetSDMs, hitRate, meanOffsetMsPosition0, timestamp)"
            " VALUES (?, ?, ?, ?, ?, ?)", matchings)
    server.start()


def timeline_labels(browser, body_id):
    """The section's timelines once the profile has drawn them (it loads after the screen shows)."""
    def drawn(_):
        figures = browser.find_elements(By.CSS_SELECTOR, f"#{body_id} .rhythm-timeline")
        return figures if figures and all(figure.get_attribute("aria-label") for figure in figures) else False
    figures = WebDriverWait(browser, 10).until(drawn)
    return [figure.get_attribute("aria-label") for figure in figures], figures


def test_each_tempo_band_shows_its_timeline_per_day(server, browser):
    seed(server)
    days = server.api("GET", "profile/rhythm?band=80-99").json()
    thresholds = [point["threshold"]["threshold"] for point in days["comparison"] if point["threshold"]]
    assert [point["count"] for point in days["comparison"]] == [40] * DAYS
    assert len(thresholds) >= 2, days

    open_profile(server, browser)
    labels, figures = timeline_labels(browser, "rhythm-comparison-body")
    assert labels == [f"Threshold per day over {DAYS} days: from {thresholds[0]:.1f} % to {thresholds[-1]:.1f} % of a sixteenth"]
    assert figures[0].find_element(By.CSS_SELECTOR, "svg path.trace").is_displayed()
    # The row above it is the band's headline row.
    rows = browser.find_elements(By.CSS_SELECTOR, "#rhythm-comparison-body tr")
    assert rows[0].find_element(By.TAG_NAME, "th").text == "80–99 BPM"

    labels, figures = timeline_labels(browser, "rhythm-matching-body")
    assert labels == ["Mean offset per day over 2 days: from 14 ms early to 6 ms early"]
    assert figures[0].find_element(By.CSS_SELECTOR, "svg path.trace").is_displayed()

    for name, (width, height) in SIZES.items():
        set_viewport(browser, width, height)
        browser.execute_script("document.getElementById('rhythm-comparison').scrollIntoView()")
        box = browser.execute_script(
            "const r = document.querySelector('.rhythm-timeline').getBoundingClientRect();"
            "return [r.width, r.height, document.documentElement.scrollWidth, innerWidth];")
        assert box[0] > 100 and box[1] > 20, (name, box)
        assert box[2] <= box[3], f"{name}: the page scrolls sideways"
        screenshot(browser, f"profile-rhythm-{name}")


def test_starts_rhythm_card_traces_the_band_trained_most(server, browser):
    # 150 BPM is in the fast band, not the band a new user's tempo lies in: the server picks it.
    seed(server, tempo=150)
    browser.get(server.url)
    row = browser.find_element(By.ID, "start-rhythmComparison")
    WebDriverWait(browser, 5).until(lambda _: row.find_elements(By.CSS_SELECTOR, "#sparkline-rhythmComparison svg path"))
    assert row.find_elements(By.CSS_SELECTOR, "#sparkline-rhythmComparison svg path.trace")
    browser.find_element(By.ID, "start-profile").click()
    WebDriverWait(browser, 5).until(lambda b: b.execute_script("return location.hash") == "#/profile")

