"""Common Progressions (commonProgression) as a user meets it at phone size, in German: the
progressions to name chosen in Settings (at least two), then ten progressions named as a whole in
the browser, by button and by the number keys, two of them wrong; each stored as the numerals of
the progression played and of the one named, and the Profile's confusion matrix counts them by
progression. The page shows each result at the tap, naming the progression played and, when wrong,
the one named. The 12-bar blues rendered by the page's audio code into a WAV file: its upper voices
hold or move by step from chord to chord (a third where a step would move in parallel fifths or
octaves), measured from the file."""
import base64

import numpy as np
from scipy.io import wavfile
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from captured_trials import capture_trials
from viewport import SIZES, set_viewport

# The trials the page is handed, kept where the test can read the progression it must name.
CAPTURE_TRIALS = capture_trials("commonProgression")
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


# The page's own `playProgression` (audio/cadence.js), as the screen plays a trial, rendered offline.
RENDER_PROGRESSION = """
const [trial, seconds, sampleRate, done] = arguments;
import('/js/audio/cadence.js').then(async (cadence) => {
  const context = new OfflineAudioContext(1, Math.ceil(seconds * sampleRate), sampleRate);
  cadence.playProgression(context, trial, 0, []);
  const buffer = await context.startRendering();
  const bytes = new Uint8Array(buffer.getChannelData(0).buffer);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  done({ samples: btoa(binary) });
}).catch((error) => done({ error: String(error) }));
"""


def sounding(samples, rate, start, end, voices):
    """The `voices` loudest frequencies between `start` and `end` seconds, lowest first: the peaks of
    a Hann-windowed spectrum, each placed between its bins by a parabola through its log magnitudes."""
    segment = samples[int(start * rate):int(end * rate)]
    padded = 8 * len(segment)
    spectrum = np.log(np.abs(np.fft.rfft(segment * np.hanning(len(segment)), padded)) + 1e-12)
    peaks = [i for i in range(1, len(spectrum) - 1) if spectrum[i - 1] < spectrum[i] >= spectrum[i + 1]]
    loudest = sorted(peaks, key=lambda i: spectrum[i])[-voices:]
    found = []
    for i in loudest:
        a, b, c = spectrum[i - 1], spectrum[i], spectrum[i + 1]
        found.append((i + 0.5 * (a - c) / (a - 2 * b + c)) * rate / padded)
    return sorted(found)


def test_a_rendered_blues_holds_or_steps_its_voices_without_parallels(server, browser, tmp_path):
    """The 12-bar blues after its cadence, rendered by the page's audio code into a WAV file: read
    back from the file, every chord sounds a bass and three voices above it, and from each chord to
    the next each of the three upper voices holds its note or moves by a step, as a pianist leads
    them (the cadence into the progression too), or by a third where every step would move in
    parallel fifths or octaves; no two voices move so."""
    rate = 16000
    assert server.api("PUT", "settings", json={
        "soundSource": "sine", "commonProgressions": ["ii-V-I", "12-bar-blues"]}).status_code == 200
    trial = None
    for _ in range(40):
        drawn = server.api("POST", "trials", json={"discipline": "commonProgression"})
        assert drawn.status_code == 201, drawn.text
        if len(drawn.json()["chords"]) == 12:
            trial = drawn.json()
            break
    assert trial is not None, "the blues is one of two, drawn as often as ii–V–I"
    browser.get(server.url)
    chords = trial["cadence"] + trial["chords"]
    seconds = chords[-1]["startSeconds"] + chords[-1]["durationSeconds"] + 0.3
    result = browser.execute_async_script(RENDER_PROGRESSION, trial, seconds, rate)
    assert "error" not in result, result.get("error")
    path = tmp_path / "blues.wav"
    wavfile.write(path, rate, np.frombuffer(base64.b64decode(result["samples"]), dtype=np.float32))
    read_rate, samples = wavfile.read(path)
    assert read_rate == rate
    samples = samples.astype(np.float64)

    # Measured well inside each chord, past its notes' rise and before their fall.
    heard = [sounding(samples, rate, chord["startSeconds"] + 0.1, chord["startSeconds"] + chord["durationSeconds"] - 0.1, 4)
             for chord in chords]
    for chord, frequencies in zip(chords, heard):
        # The measurement reads what was played: each served note within a tenth of a hertz.
        served = sorted(note["frequencyHz"] for note in chord["notes"])
        assert np.allclose(frequencies, served, atol=0.1), (chord["numeral"], frequencies, served)
    semitones = lambda a, b: 12 * np.log2(b / a)
    moves = []
    for before, after in zip(heard, heard[1:]):
        steps = [semitones(a, b) for a, b in zip(before[1:], after[1:])]
        moves.append(steps)
        # Equal temperament: a held note is the same frequency, a whole tone two semitones, a major
        # third four: the most a voice leaps, where every step would move in parallels.
        assert all(abs(step) <= 4.05 for step in steps), (before, after, steps)
        # No two of the four voices move in parallel fifths or octaves (compound ones too).
        for low in range(4):
            for high in range(low + 1, 4):
                moved = [semitones(before[voice], after[voice]) for voice in (low, high)]
                apart = [round(semitones(chord[low], chord[high])) % 12 for chord in (before, after)]
                parallel = abs(moved[0]) > 0.05 and np.sign(moved[0]) == np.sign(moved[1]) and apart[0] == apart[1] in (0, 7)
                assert not parallel, (before, after, low, high)
    # The blues holds its chords' common tones and moves the rest by step: most voices stay from one
    # chord to the next, and a voice leaps a third only where a step would move in parallels.
    flat = [abs(step) for steps in moves for step in steps]
    held = sum(step < 0.05 for step in flat)
    assert held >= len(moves), moves
    leaps = sum(step > 2.05 for step in flat)
    print(f"blues with its cadence: {len(flat)} voice moves, {held} held, {len(flat) - held - leaps} by step, {leaps} by a third")
    assert leaps <= len(moves) // 4, moves
