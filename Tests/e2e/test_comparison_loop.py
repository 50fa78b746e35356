"""The comparison loop through the real UI: answers land in SQLite and survive a restart."""
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait


def button(browser, name):
    """Finds the visible button whose accessible name (as Chromium computes it) is `name`."""
    matches = [b for b in browser.find_elements(By.TAG_NAME, "button") if b.is_displayed() and b.accessible_name == name]
    assert len(matches) == 1, f"{len(matches)} visible buttons named {name!r}"
    return matches[0]


def test_start_screen_offers_compare_pitch_first(server, browser):
    browser.get(server.url)
    start = button(browser, "Compare Pitch")
    assert start.is_displayed() and start.is_enabled()


def test_five_comparisons_through_the_ui_are_stored_and_survive_a_restart(server, browser):
    browser.get(server.url)
    button(browser, "Compare Pitch").click()
    WebDriverWait(browser, 5).until(lambda _: browser.find_element(By.ID, "screen-comparison").is_displayed())
    higher, lower = button(browser, "Higher"), button(browser, "Lower")
    feedback = browser.find_element(By.ID, "comparison-feedback")
    wait = WebDriverWait(browser, 10, poll_frequency=0.01)

    answers = []
    for index in range(5):
        # Disabled while note 1 plays, enabled once note 2 starts: read on the audio clock, since a
        # loaded machine may look only after note 2 began (the precise gating is test_comparison_training's).
        wait.until(EC.element_to_be_clickable(higher))
        note2_start, enabled_at = browser.execute_script(
            "const s = document.getElementById('screen-comparison').dataset; return [+s.note2Start, +s.enabledAt];")
        assert enabled_at >= note2_start
        choice = "higher" if index % 2 == 0 else "lower"
        (higher if choice == "higher" else lower).click()
        answers.append(choice)
        # A tap disables both at once: no second answer is possible.
        assert not higher.is_enabled() and not lower.is_enabled()
        wait.until(lambda _: "visible" in feedback.get_attribute("class"))
        shown = feedback.get_attribute("textContent")
        assert shown.endswith(("Correct", "Incorrect"))
        announced = browser.find_element(By.ID, "announcer")
        wait.until(lambda _: announced.get_attribute("textContent") in ("Correct", "Incorrect"))
        assert shown.endswith(announced.get_attribute("textContent"))
        wait.until(lambda _: "visible" not in feedback.get_attribute("class"))

    records = list(reversed(server.records()))
    assert len(records) == 5
    for answer, record in zip(answers, records):
        assert record["isCorrect"] == ((answer == "higher") == (record["note2CentOffset"] > 0))
        assert record["note1"] == record["note2"]

    server.restart()
    assert server.records() == list(reversed(records))
