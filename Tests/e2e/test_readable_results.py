"""Defects a musician met in the results (issue 48, item 5), each looked at where it was seen: Play it
Back's step table with repeated notes and leaps wider than a fifth, in both languages and with no
error in the console; the confusion map's counts readable in the dark; the Scale Degrees map that
scrolls sideways on a phone says so; a Profile section with nothing trained says so in words; the
German trend keeps its arrow with its word."""
import requests
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from screen_check import ERRORS, READ_ERRORS
from screen_history import history_csv
from viewport import screenshot, set_media, set_viewport

HEADER = ("discipline,timestamp,interval,direction,tuningSystem,note1,note2,note2CentOffset,isCorrect,referenceNote,"
          "initialCentOffset,userCentError,sungOctave,tempoBPM,offsetPercent,offsetMs,meanOffsetMs,offsetSDMs,hitRate,"
          "meanOffsetMsPosition0,meanOffsetMsPosition1,meanOffsetMsPosition2,meanOffsetMsPosition3,rootNote,triad,"
          "detunedVoice,detuneCents,answeredVoice,tonicNote,mode,degree,answeredDegree,quality,inversion,voicing,"
          "answeredQuality,melody,answer,correctNotes")
# In C major: a repeated note (a step of 1), a sixth, a seventh and an octave (wider than a fifth).
MELODIES = [("60 60 62 64", "60 60 62 64", 4), ("60 69 67 72", "60 69 65 72", 3), ("72 60 71 72", "72 60 71 72", 4)]


def melodies_csv():
    columns = HEADER.split(",")
    rows = []
    for index, (melody, answer, correct) in enumerate(MELODIES):
        cells = {"discipline": "melodicDictation", "timestamp": f"2026-11-27T08:2{index}:00.000Z", "interval": "P1",
                 "direction": "up", "tuningSystem": "equalTemperament", "isCorrect": str(correct == 4).lower(),
                 "tonicNote": "60", "mode": "major", "melody": melody, "answer": answer, "correctNotes": str(correct)}
        rows.append(",".join(cells.get(column, "") for column in columns))
    return "\n".join(["# peach-records-format:7", HEADER, *rows]) + "\n"


def imported(server, csv):
    response = requests.post(server.url + "api/import?mode=merge", data=csv.encode(),
                             headers={"Content-Type": "text/csv"}, timeout=120)
    assert response.status_code == 200, response.text


def open_profile(server, browser):
    browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": ERRORS})
    browser.get("about:blank")
    browser.get(server.url + "#/profile")
    WebDriverWait(browser, 10).until(lambda b: b.find_element(By.ID, "screen-profile").is_displayed())


def test_play_it_backs_step_table_names_every_step_without_an_error(server, browser):
    imported(server, melodies_csv())
    steps = {step["step"] for step in server.api("GET", "profile/part?discipline=melodicDictation").json()["steps"]}
    assert {1, 6, 7, 8} <= steps, steps
    for language, names in (("en", ["Repeated notes", "Sixths", "Sevenths", "Octaves"]),
                            ("de", ["Tonwiederholungen", "Sexten", "Septimen", "Oktaven"])):
        server.api("PUT", "settings", json={"language": language})
        open_profile(server, browser)
        table = browser.find_element(By.ID, "melody-steps-melodicDictation")
        WebDriverWait(browser, 10).until(lambda _: table.is_displayed())
        rows = [row.text for row in table.find_elements(By.CSS_SELECTOR, "tbody th, tr > th[scope=row]")]
        for name in names:
            assert any(row.startswith(name) for row in rows), (language, name, rows)
        assert browser.execute_script(READ_ERRORS) == []


def test_confusion_counts_read_in_the_dark_and_a_wide_map_says_to_swipe(server, browser):
    imported(server, history_csv(1))
    set_media(browser, "dark")
    # The narrowest phone (320 px): the degrees of major and minor keys are wider than it.
    set_viewport(browser, 320, 640)
    try:
        open_profile(server, browser)
        chart = "#confusion-scaleDegree .confusion-chart"
        WebDriverWait(browser, 30).until(lambda b: b.find_elements(By.CSS_SELECTOR, f"{chart} svg .count"))
        # Each count's colour against the page's: far apart in lightness (the page is black in the dark).
        colours = browser.execute_script(f"""
            const lightness = (c) => {{ const [r, g, b] = c.match(/\\d+/g).map(Number); return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255; }};
            return [...document.querySelectorAll('{chart} svg .count:not(.strong)')].map((e) => lightness(getComputedStyle(e).fill));""")
        assert colours and min(colours) > 0.6, colours
        # The map and its table (opened) scroll sideways where they are wider than the phone: each that
        # does says so underneath; on a desktop both fit and no hint stands there.
        browser.find_element(By.CSS_SELECTOR, "#confusion-scaleDegree summary").click()
        state = """
            return [...document.querySelectorAll('#confusion-scaleDegree .confusion-chart, #confusion-scaleDegree .confusion-scroll')]
              .map((box) => [box.scrollWidth > box.clientWidth + 1, !box.nextElementSibling.hidden,
                             box.nextElementSibling.textContent]);"""
        WebDriverWait(browser, 5).until(lambda b: all(wide == shown for wide, shown, _ in b.execute_script(state)))
        boxes = browser.execute_script(state)
        assert any(wide for wide, _, _ in boxes), f"nothing of the degrees is wider than a 320 px phone: {boxes}"
        assert all(text == "Swipe sideways to see all of it →" for _, _, text in boxes)
        set_viewport(browser, 1440, 900)
        WebDriverWait(browser, 5).until(lambda b: not any(shown for _, shown, _ in b.execute_script(state)))
        assert browser.execute_script(READ_ERRORS) == []
    finally:
        set_media(browser, "light")
        set_viewport(browser, 1440, 900)


def test_a_profile_section_with_nothing_trained_says_so_in_words(server, browser):
    server.api("PUT", "settings", json={"language": "de"})
    open_profile(server, browser)
    for discipline, name in (("scaleDegree", "Tonstufen"), ("chordQuality", "Akkordtyp")):
        empty = browser.find_element(By.ID, f"profile-{discipline}-empty")
        WebDriverWait(browser, 10).until(lambda _: empty.is_displayed())
        assert empty.text == "Hier noch nichts trainiert: Dein Fortschritt erscheint hier."
        assert browser.find_element(By.ID, f"profile-{discipline}-title").text == name
        line = browser.find_element(By.CSS_SELECTOR, f'.profile-section[data-discipline="{discipline}"] .accuracy-timeline')
        assert not line.is_displayed()


def test_every_german_settings_card_is_as_wide_as_the_others_on_a_phone(server, browser):
    # "Dominantseptakkord" made the chord quality card wider than its column: it breaks now.
    server.api("PUT", "settings", json={"language": "de"})
    set_viewport(browser, 390, 844)
    try:
        browser.get(server.url + "#/settings")
        WebDriverWait(browser, 10).until(lambda b: b.find_element(By.ID, "settings-chords").is_displayed())
        widths = browser.execute_script(
            "return Object.fromEntries([...document.querySelectorAll('#screen-settings fieldset')]"
            ".filter((f) => f.getClientRects().length).map((f, i) => [f.id || i, f.getBoundingClientRect().width]))")
        assert len(set(widths.values())) == 1, widths
    finally:
        set_viewport(browser, 1440, 900)


def test_info_names_the_studies_a_pitch_threshold_is_set_beside(server, browser):
    """Issue 48, item 4: the Profile sets a pitch threshold beside the literature's figures and says
    "see Info"; Info names the studies, in English and in German, and fits a phone."""
    expected = {"en": ("Sources", "50 musicians and 50 non-musicians at 528 Hz"),
                "de": ("Quellen", "50 Musiker und 50 Nichtmusiker bei 528 Hz")}
    set_viewport(browser, 390, 844)
    for language, (title, finding) in expected.items():
        server.api("PUT", "settings", json={"language": language})
        browser.get("about:blank")
        browser.get(server.url + "#/")
        WebDriverWait(browser, 10).until(lambda b: b.find_element(By.ID, "screen-start").is_displayed())
        browser.find_element(By.ID, "open-info").click()
        info = browser.find_element(By.ID, "info-dialog")
        WebDriverWait(browser, 5).until(lambda _: info.is_displayed() and title in info.text)
        assert "Arndt, Schlemmer & van der Meer (2020), Experimental Brain Research 238, 247–258" in info.text
        assert finding in info.text and "Micheyl, Delhommeau, Perrot & Oxenham (2006)" in info.text
        # Nothing of it wider than the phone.
        assert browser.execute_script("return arguments[0].scrollWidth <= arguments[0].clientWidth", info)
        screenshot(browser, f"info-sources-phone-portrait-{language}")
