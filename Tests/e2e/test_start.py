"""Start as a beginner reads it (issue 48, item 3): a first-run card that says what Peach is and where
to begin, put away and brought back from Info; the trainings in their groups with a line each, the
tests apart; every training named the same on Start, on its screen and in the Profile; on a phone
with eight weeks of history at most 1.5 screens tall; every sparkline at least 60 px wide at every size."""
import requests
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from screen_history import history_csv
from test_catalogue import SCREENS, catalogue, visible_screen
from viewport import SIZES, set_viewport


def shown(browser, element_id):
    return browser.find_element(By.ID, element_id).is_displayed()


def lines_drawn(browser):
    return browser.execute_script(
        "const boxes = [...document.querySelectorAll('#screen-start .sparkline-box')];"
        " return boxes.length > 0 && boxes.every((box) => box.querySelector('svg'))")


def test_a_new_user_is_told_what_peach_is_until_they_put_it_away(server, browser):
    browser.get(server.url)
    WebDriverWait(browser, 5).until(lambda b: shown(b, "start-intro"))
    intro = browser.find_element(By.ID, "start-intro").text
    assert "New to Peach?" in intro and "Begin with Compare Pitch" in intro
    browser.find_element(By.ID, "start-intro-dismiss").click()
    assert not shown(browser, "start-intro")
    # Put away, it stays away…
    browser.refresh()
    WebDriverWait(browser, 5).until(lambda b: lines_drawn(b))
    assert not shown(browser, "start-intro")
    # …until Info brings it back.
    browser.find_element(By.ID, "open-info").click()
    WebDriverWait(browser, 5).until(lambda b: shown(b, "info-intro"))
    browser.find_element(By.ID, "info-intro").click()
    assert shown(browser, "start-intro") and not shown(browser, "info-dialog")


def test_the_tests_stand_apart_and_every_training_says_what_it_trains(server, browser):
    entries = catalogue(server)
    browser.get(server.url)
    WebDriverWait(browser, 5).until(lambda b: lines_drawn(b))
    tests = browser.execute_script(
        "return [...document.querySelectorAll('#screen-start .test-group .training-row')].map((b) => b.id)")
    assert tests == [f"start-{entry['id']}" for entry in entries if entry["measures"]]
    assert browser.find_element(By.ID, "start-tests-title").text == "Test yourself"
    for entry in entries:
        summary = browser.find_element(By.ID, f"start-{entry['id']}-summary").text
        assert summary == entry["summary"]["en"] and 10 < len(summary) < 60, entry["id"]


def test_every_training_is_named_the_same_on_start_on_its_screen_and_in_the_profile(server, browser):
    for language in ("en", "de"):
        server.api("PUT", "settings", json={"language": language})
        browser.get(server.url)
        WebDriverWait(browser, 5).until(lambda b: b.execute_script("return document.documentElement.lang") == language)
        for entry in catalogue(server):
            name = entry["names"][language]
            assert browser.find_element(By.ID, f"start-{entry['id']}-name").text == name
            browser.find_element(By.ID, f"start-{entry['id']}").click()
            screen = SCREENS[entry["answerMethod"]]
            WebDriverWait(browser, 5).until(lambda b: visible_screen(b) == [screen])
            title = browser.execute_script(
                "const s = document.getElementById(arguments[0]); return document.getElementById(s.getAttribute('aria-labelledby')).textContent",
                screen)
            assert title == name, (entry["id"], language)
            browser.execute_script("location.hash = '#/'")
            WebDriverWait(browser, 5).until(lambda b: visible_screen(b) == ["screen-start"])
        # A Profile section of one training is headed by its name.
        browser.execute_script("location.hash = '#/profile'")
        WebDriverWait(browser, 5).until(lambda b: visible_screen(b) == ["screen-profile"])
        headings = browser.execute_script("""
            return [...document.querySelectorAll('#screen-profile .profile-section[data-discipline]')]
              .map((s) => [s.dataset.discipline, s.querySelector('h2').textContent]);""")
        names = {entry["id"]: entry["names"][language] for entry in catalogue(server)}
        assert headings and all(heading == names[discipline] for discipline, heading in headings), headings


def test_start_with_history_is_compact_on_a_phone_and_its_sparklines_readable_at_every_size(server, browser):
    response = requests.post(server.url + "api/import?mode=merge", data=history_csv(1).encode(),
                             headers={"Content-Type": "text/csv"}, timeout=120)
    assert response.status_code == 200, response.text
    for size, (width, height) in SIZES.items():
        set_viewport(browser, width, height)
        browser.get("about:blank")
        browser.get(server.url)
        WebDriverWait(browser, 30).until(lambda b: lines_drawn(b))
        widths = browser.execute_script(
            "return [...document.querySelectorAll('#screen-start .sparkline-box svg')].map((s) => s.getBoundingClientRect().width)")
        assert len(widths) >= 10 and min(widths) >= 60, (size, widths)
        if size == "phone-portrait":
            # Someone with history is no newcomer: no first-run card, and the whole of Start in 1.5 screens.
            assert not shown(browser, "start-intro")
            page = browser.execute_script("return document.documentElement.scrollHeight")
            assert page <= 1.5 * height, f"Start is {page} px tall on a {height} px phone"
