"""Every screen at every size: screenshots, no horizontal overflow, targets of at least 44×44 px,
training buttons stacked in portrait and side by side in landscape, light and dark."""
import pytest
from selenium.webdriver.common.by import By

from viewport import SCREENS, SIZES, screenshot, set_media, set_viewport

TARGETS = """
return [...document.querySelectorAll('button, a[href], input, select, [role=slider], [tabindex]')]
  .filter((e) => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')
  .map((e) => { const r = e.getBoundingClientRect();
    return { id: e.id || e.className || e.tagName, w: r.width, h: r.height }; });
"""


@pytest.mark.parametrize("size", SIZES)
def test_every_screen_fits_and_has_large_targets(server, browser, size):
    # A short note keeps the training screens quick to reach.
    server.api("PUT", "settings", json={"noteDurationSeconds": 0.3})
    width, height = SIZES[size]
    for scheme in ("light", "dark"):
        set_media(browser, scheme)
        set_viewport(browser, width, height)
        for name, reach in SCREENS.items():
            reach(browser, server)
            screenshot(browser, f"{size}-{scheme}-{name}")
            overflow = browser.execute_script(
                "return document.documentElement.scrollWidth - document.documentElement.clientWidth")
            assert overflow <= 0, f"{name} overflows by {overflow}px at {size}"
            small = [t for t in browser.execute_script(TARGETS) if t["w"] < 44 or t["h"] < 44]
            assert not small, f"{name} at {size}: targets under 44×44 px: {small}"


def test_training_buttons_stack_in_portrait_and_sit_side_by_side_in_landscape(server, browser):
    server.api("PUT", "settings", json={"noteDurationSeconds": 0.3})
    for size, side_by_side in (("phone-portrait", False), ("phone-landscape", True), ("desktop", True), ("tablet", False)):
        set_viewport(browser, *SIZES[size])
        SCREENS["training"](browser, server)
        higher = browser.find_element(By.ID, "answer-higher").rect
        lower = browser.find_element(By.ID, "answer-lower").rect
        if side_by_side:
            assert abs(higher["y"] - lower["y"]) < 1 and higher["x"] + higher["width"] <= lower["x"], size
        else:
            assert abs(higher["x"] - lower["x"]) < 1 and higher["y"] + higher["height"] <= lower["y"], size


def test_reduced_motion_turns_off_transitions(server, browser):
    set_media(browser, "light", reduced_motion=True)
    SCREENS["start"](browser, server)
    duration = browser.execute_script(
        "return getComputedStyle(document.getElementById('comparison-feedback')).transitionDuration")
    assert duration == "0s"
    set_media(browser, "light", reduced_motion=False)
    browser.refresh()
    duration = browser.execute_script(
        "return getComputedStyle(document.getElementById('comparison-feedback')).transitionDuration")
    assert duration != "0s"


def test_every_spoke_returns_to_start_and_the_back_button_works(server, browser):
    SCREENS["start"](browser, server)
    browser.find_element(By.ID, "open-settings").click()
    assert browser.find_element(By.ID, "screen-settings").is_displayed()
    browser.back()
    assert browser.find_element(By.ID, "screen-start").is_displayed()
    browser.forward()
    assert browser.find_element(By.ID, "screen-settings").is_displayed()
    browser.find_element(By.CSS_SELECTOR, "#screen-settings .back").click()
    assert browser.find_element(By.ID, "screen-start").is_displayed()
    SCREENS["info"](browser, server)
    browser.find_element(By.ID, "info-close").click()
    assert not browser.find_element(By.ID, "info-dialog").is_displayed()
    assert browser.find_element(By.ID, "screen-start").is_displayed()


def test_the_app_can_be_installed_on_a_home_screen(server):
    manifest = server.api("GET", "../manifest.webmanifest").json()
    assert manifest["name"] == "Peach" and manifest["display"] == "standalone"
    for icon in manifest["icons"]:
        response = server.api("GET", ".." + icon["src"])
        assert response.status_code == 200 and len(response.content) > 200, icon["src"]
