"""WCAG 2.2 AA: an automated axe-core audit of every screen in light and dark, text contrast computed
from the palette, names and roles, visible focus, live announcements."""
import pathlib
import re

import axe_playwright_python
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from viewport import SCREENS, SIZES, set_media, set_viewport

ROOT = pathlib.Path(__file__).resolve().parents[2]
STYLE = ROOT / "Sources" / "PeachWeb" / "web" / "style.css"
AXE = (pathlib.Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text()

RUN_AXE = """
const done = arguments[0];
axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } })
  .then((r) => done(r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) }))))
  .catch((e) => done([{ id: 'axe-error', nodes: [String(e)] }]));
"""


def run_axe(browser):
    """axe's violations on the page as it is. axe is put into a document once: the screens are reached
    by hash, in the same document, and evaluating its half megabyte again cost 0.12 CPU-s a screen
    (the audit itself 0.40)."""
    if not browser.execute_script("return typeof window.axe?.run === 'function'"):
        browser.execute_script(AXE)
    return browser.execute_async_script(RUN_AXE)


# Each scheme at one size: what axe checks (names, roles, contrast of what is drawn) does not change
# with the width, and the screen check already looks at every size in both schemes.
@pytest.mark.parametrize(("scheme", "size"), [("light", "phone-portrait"), ("dark", "desktop")])
def test_axe_finds_no_violations_on_any_screen(server, browser, scheme, size):
    server.api("PUT", "settings", json={"noteDurationSeconds": 0.3})
    set_media(browser, scheme)
    set_viewport(browser, *SIZES[size])
    for name, reach in SCREENS.items():
        reach(browser, server)
        violations = run_axe(browser)
        assert violations == [], f"{name} ({scheme}, {size}): {violations}"


def palette(scheme):
    css = STYLE.read_text()
    blocks = re.findall(r":root\s*\{([^}]*)\}", css)
    light = dict(re.findall(r"--([\w-]+):\s*(#[0-9a-fA-F]{6})", blocks[0]))
    dark = dict(light, **dict(re.findall(r"--([\w-]+):\s*(#[0-9a-fA-F]{6})", blocks[1])))
    return light if scheme == "light" else dark


def luminance(hex_colour):
    channels = [int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a, b):
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


# Every text colour on every background it is used on.
PAIRS = [("fg", "bg"), ("fg", "surface"), ("muted", "bg"), ("muted", "surface"), ("accent", "bg"),
         ("accent-fg", "accent"), ("correct", "bg"), ("incorrect", "bg"), ("incorrect", "surface"),
         ("focus", "bg"), ("close", "surface"), ("near", "surface"), ("far", "surface"), ("close", "bg"),
         ("near", "bg"), ("far", "bg")]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_text_contrast_is_at_least_4_5_to_1(scheme):
    colours = palette(scheme)
    for text, background in PAIRS:
        ratio = contrast(colours[text], colours[background])
        assert ratio >= 4.5, f"{scheme}: --{text} on --{background} is {ratio:.2f}:1"


def test_the_contrast_calculation_itself():
    assert round(contrast("#000000", "#ffffff"), 1) == 21.0
    assert round(contrast("#777777", "#ffffff"), 2) == 4.48


def test_keyboard_focus_is_visible_and_in_a_logical_order(server, browser):
    SCREENS["start"](browser, server)
    # Start puts the focus on its first discipline when shown: begin from the top only after that,
    # or a slow machine moves it there between the two tabs.
    WebDriverWait(browser, 10).until(lambda b: b.execute_script("return document.activeElement.id") == "start-pitchComparison")
    # A new user's first-run card comes before the trainings, its button first.
    WebDriverWait(browser, 10).until(lambda b: b.find_element(By.ID, "start-intro").is_displayed())
    browser.execute_script("document.getElementById('open-info').focus()")
    order = ["open-info"]
    for _ in range(3):
        ActionChains(browser).send_keys(Keys.TAB).perform()
        active = browser.switch_to.active_element
        order.append(active.get_attribute("id") or active.tag_name)
        outline = browser.execute_script("return getComputedStyle(document.activeElement).outlineStyle")
        assert outline != "none", f"{order} — the last has no visible focus"
    assert order == ["open-info", "open-settings", "start-intro-dismiss", "start-pitchComparison"]


def test_feedback_is_announced_to_screen_readers(server, browser):
    server.api("PUT", "settings", json={"noteDurationSeconds": 0.3})
    SCREENS["training-feedback"](browser, server)
    announcer = browser.find_element(By.ID, "announcer")
    assert announcer.get_attribute("role") == "status" and announcer.get_attribute("aria-live") == "assertive"
    assert announcer.get_attribute("textContent") in ("Correct", "Incorrect")
