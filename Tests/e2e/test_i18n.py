"""English and German: both tables have every key, every visible text comes from a table, the
language follows the browser and the Settings override."""
import re

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import ROOT
from viewport import SCREENS

TABLES = "const done = arguments[0]; import('/js/i18n/i18n.js').then((m) => done(m._tables));"

VISIBLE_TEXTS = """
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
const texts = [];
for (let node = walker.nextNode(); node; node = walker.nextNode()) {
  const text = node.textContent.trim();
  const parent = node.parentElement;
  if (!text || !parent || parent.closest('script, template, [aria-hidden=true] svg')) continue;
  if (!parent.getClientRects().length || getComputedStyle(parent).visibility === 'hidden') continue;
  texts.push(text);
}
for (const element of document.querySelectorAll('[aria-label]')) {
  if (element.getClientRects().length) texts.push(element.getAttribute('aria-label'));
}
for (const option of document.querySelectorAll('select option')) texts.push(option.textContent.trim());
return texts;
"""

# Data, not language: note names (spelled in their key: E♭4, in German Es4 or H3), plain numbers, the version, glyphs, and the chart's dates and
# times (formatted for the language by the renderer, not looked up).
DATA = re.compile(r"^([A-H](is|es|s)*[♯♭𝄪𝄫]?-?\d|[\d.,:−+-]+|[▲▼◀▶]|Peach)$")
DATE = re.compile(r"^(\d{1,2}\.?\s)?(Jan|Feb|Mar|Mär|Apr|May|Mai|Jun|Jul|Aug|Sep|Oct|Okt|Nov|Dec|Dez)\w*\.?"
                  r"(\s\d{1,2}\.?)?(,?\s\d{1,2}:\d{2})?$")
# A direction glyph may stand before a string from the table (the trend arrow).
GLYPH = re.compile(r"^[↗↘→↑↓•]\s*")


def matchers(table):
    patterns = []
    for value in table.values():
        parts = re.split(r"\{\w+\}", value)
        patterns.append(re.compile("^" + ".+".join(re.escape(p) for p in parts) + "$"))
    return patterns


def test_both_languages_have_exactly_the_same_keys(server, browser):
    browser.get(server.url)
    tables = browser.execute_async_script(TABLES)
    assert set(tables) == {"en", "de"}
    assert set(tables["en"]) == set(tables["de"]), set(tables["en"]) ^ set(tables["de"])
    for key in tables["en"]:
        assert tables["en"][key].strip() and tables["de"][key].strip(), key
        assert re.findall(r"\{\w+\}", tables["en"][key]) == re.findall(r"\{\w+\}", tables["de"][key]), key


def test_no_shared_web_file_names_a_kind(server):
    """A kind's strings and code live in its own modules (screens/), so a new kind edits no shared one."""
    catalogue = server.api("GET", "disciplines").json()["disciplines"]
    # A one-word kind (comparison, matching) is an ordinary word too: the compound names are looked for.
    names = {name for entry in catalogue for name in (entry["id"], entry["kind"]) if re.search("[A-Z]", name)}
    assert {"pitchComparison", "rhythmComparison", "melodicDictation"} <= names, names
    web = ROOT / "Sources" / "PeachWeb" / "web"
    shared = [path for folder in ("js", "js/i18n", "js/loop", "js/offline", "js/audio", "js/input", "js/profile")
              for path in sorted((web / folder).glob("*.js"))]
    assert len(shared) > 20, shared
    naming = {str(path.relative_to(web)): sorted(name for name in names if name in path.read_text())
              for path in shared}
    assert not {path: found for path, found in naming.items() if found}


@pytest.mark.parametrize("language", ["en", "de"])
def test_every_visible_text_comes_from_the_table(server, browser, language):
    server.api("PUT", "settings", json={"language": language, "noteDurationSeconds": 0.3})
    browser.get(server.url)
    tables = browser.execute_async_script(TABLES)
    # The disciplines' names come from the server's catalogue, in each language.
    names = {entry["names"][language] for entry in server.api("GET", "disciplines").json()["disciplines"]}
    patterns = matchers({**tables[language], **{f"discipline.{name}": name for name in names}})
    for name, reach in SCREENS.items():
        reach(browser, server)
        WebDriverWait(browser, 5).until(lambda b: b.execute_script("return document.documentElement.lang") == language)
        stray = [text for text in browser.execute_script(VISIBLE_TEXTS)
                 if not DATA.match(text) and not DATE.match(text)
                 and not any(p.match(GLYPH.sub("", text)) for p in patterns)]
        assert not stray, f"{name} in {language}: texts not from the {language} table: {stray}"


def test_the_language_follows_the_browser_unless_overridden(server, browser):
    browser.get(server.url)
    start = browser.find_element(By.ID, "start-pitchComparison-name")
    assert browser.execute_script("return document.documentElement.lang") == "en"
    assert start.text == "Compare Pitch"
    server.api("PUT", "settings", json={"language": "de"})
    browser.refresh()
    start = browser.find_element(By.ID, "start-pitchComparison-name")
    WebDriverWait(browser, 5).until(lambda _: start.text == "Tonhöhe vergleichen")
    server.api("PUT", "settings", json={"language": "auto"})
    browser.refresh()
    WebDriverWait(browser, 5).until(lambda b: b.find_element(By.ID, "start-pitchComparison-name").text == "Compare Pitch")


def test_choosing_a_language_in_settings_switches_at_once(server, browser):
    SCREENS["settings"](browser, server)
    browser.execute_script("""
        const select = document.getElementById('setting-language');
        select.value = 'de'; select.dispatchEvent(new Event('change', { bubbles: true }));""")
    WebDriverWait(browser, 5).until(lambda b: b.find_element(By.ID, "settings-title").text == "Einstellungen")
    assert server.api("GET", "settings").json()["settings"]["language"] == "de"
