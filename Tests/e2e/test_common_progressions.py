"""Common Progressions (commonProgression) as a user meets it at phone size, in German: the
progressions to name chosen in Settings (at least two), then ten progressions named as a whole in
the browser, by button and by the number keys, two of them wrong; each stored as the numerals of
the progression played and of the one named, and the Profile's confusion matrix counts them by
progression. The page shows each result at the tap, naming the progression played and, when wrong,
the one named."""
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from viewport import SIZES, set_viewport

# The trials the page is handed, kept where the test can read the progression it must name.
CAPTURE_TRIALS = """
window.__trials = [];
const originalFetch = window.fetch;
window.fetch = async (...args) => {
  const response = await originalFetch(...args);
  const address = String(args[0]);
  if (address.endsWith('/api/trials') || address.endsWith('/answer?next=true')) {
    response.clone().json().then((body) => {
      for (const trial of [body, body.next]) if (trial?.discipline === 'commonProgression') window.__trials.push(trial);
    }).catch(() => {});
  }
  return response;
};
"""
# Each common progression's numerals, as a musician writes them, and its German label.
NUMERALS = {"I-IV-V-I": "I IV V I", "ii-V-I": "ii V I", "I-V-vi-IV": "I V vi IV", "I-vi-IV-V": "I vi IV V",
            "12-bar-blues": "I I I I IV IV I I V7 IV I I"}
GERMAN = {"I-IV-V-I": "I–IV–V–I", "ii-V-I": "ii–V–I", "I-V-vi-IV": "I–V–vi–IV", "I-vi-IV-V": "I–vi–IV–V",
          "12-bar-blues": "12-taktiger Blues"}
CHOSEN = ["I-IV-V-I", "ii-V-I", "I-V-vi-IV"]


def records(server):
    response = server.api("GET", "records?discipline=commonProgression&limit=50")
    response.raise_for_status()
    return response.json()["records"]


def test_ten_common_progressions_named_in_the_browser_are_stored_and_counted_by_progression(server, browser):
    assert server.api("PUT", "settings", json={"language": "de"}).status_code == 200
    set_viewport(browser, *SIZES["phone-portrait"])
    browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": CAPTURE_TRIALS})
    wait = WebDriverWait(browser, 20, poll_frequency=0.02)

    # Settings: the four short ones by default, the blues by its German name; fewer than two are
    # refused, and the page says so.
    assert server.api("GET", "settings").json()["settings"]["commonProgressions"] == list(NUMERALS)[:4]
    assert server.api("PUT", "settings", json={"commonProgressions": CHOSEN[:2]}).status_code == 200
    browser.get(server.url + "#/settings")
    wait.until(lambda b: b.find_elements(By.CSS_SELECTOR, 'input[name="commonProgressions"]'))
    labels = browser.execute_script(
        "return [...document.querySelectorAll('input[name=\"commonProgressions\"]')]"
        ".map((box) => [box.dataset.value, box.closest('label').textContent.trim()])")
    assert dict(labels) == GERMAN
    browser.find_element(By.ID, "setting-commonProgressions-ii-V-I").click()
    wait.until(lambda b: "Wähle mindestens zwei Akkordfolgen" in b.find_element(By.ID, "screen-settings").text)
    assert server.api("GET", "settings").json()["settings"]["commonProgressions"] == CHOSEN[:2]
    assert server.api("PUT", "settings", json={"commonProgressions": CHOSEN}).status_code == 200

    browser.get(server.url)
    browser.find_element(By.ID, "start-commonProgression").click()
    buttons = lambda b: b.find_elements(By.CSS_SELECTOR, "#progression-buttons button.answer")
    opened = lambda b: buttons(b) and all(button.is_enabled() for button in buttons(b))
    wait.until(opened)
    assert [button.text for button in buttons(browser)] == [GERMAN[name] for name in CHOSEN]
    assert all(button.size["height"] >= 44 for button in buttons(browser))

    named_by_trial = {}
    for index in range(10):
        wait.until(lambda b: opened(b) and b.execute_script("return window.__trials.length") > index)
        trial = browser.execute_script(f"return window.__trials[{index}]")
        assert browser.execute_script("return window.__trials.length") == index + 1
        assert [choice["progression"] for choice in trial["progressions"]] == CHOSEN
        assert [choice["key"] for choice in trial["progressions"]] == ["1", "2", "3"]
        assert trial["choices"] == [] and trial["mode"] == "major" and len(trial["cadence"]) == 4
        played = " ".join(chord["numeral"] for chord in trial["chords"])
        right = next(name for name, numerals in NUMERALS.items() if numerals == played)
        assert right in CHOSEN
        # The third and seventh are named wrong; the others right.
        named = next(name for name in CHOSEN if name != right) if index in (2, 6) else right
        if index % 2 == 0:
            browser.find_element(By.CSS_SELECTOR, f'#progression-buttons button[data-value="{named}"]').click()
        else:
            ActionChains(browser).send_keys(str(CHOSEN.index(named) + 1)).perform()
        expected = (f"Letzte Akkordfolge: {GERMAN[right]}" if named == right
                    else f"Letzte Akkordfolge: {GERMAN[right]}, nicht {GERMAN[named]}")
        wait.until(lambda b: b.find_element(By.ID, "progression-last").text == expected)
        named_by_trial[trial["id"]] = (right, named)

    wait.until(lambda b: len(records(server)) == 10)
    stored = sorted(records(server), key=lambda record: record["timestamp"])
    for record, (right, named) in zip(stored, named_by_trial.values()):
        assert record["discipline"] == "commonProgression"
        assert record["progression"] == NUMERALS[right] and record["answer"] == NUMERALS[named]
        assert record["isCorrect"] == (named == right) and record["mode"] == "major"
    assert sum(not record["isCorrect"] for record in stored) == 2
    # The numerals' discipline keeps its own records.
    chords = server.api("GET", "records?discipline=chordProgression&limit=50").json()["records"]
    assert chords == []

    # The Profile: what was named for each progression played, a progression as one item.
    confusion = server.api("GET", "profile/confusion?discipline=commonProgression")
    assert confusion.status_code == 200, confusion.text
    matrix = confusion.json()
    assert set(matrix["items"]) <= {"I–IV–V–I", "ii–V–I", "I–V–vi–IV"}
    assert sum(map(sum, matrix["counts"])) == 10
    assert sum(matrix["counts"][i][i] for i in range(len(matrix["items"]))) == 8

