"""Layout rules beyond the screen check (test_screen_check.py, which looks at every screen at every
size in both languages and schemes): training buttons stacked in portrait and side by side in
landscape, reduced motion, the way back from every spoke, the installable app."""
from selenium.webdriver.common.by import By

from viewport import SCREENS, SIZES, set_media, set_viewport


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
