"""Peach's benchmark figures. Each section prints what it measured; nothing here passes or fails."""
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import requests

PEACH = os.environ["PEACH_BIN"]


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def start_server(data_path, *extra):
    process = subprocess.Popen([PEACH, "serve", "--port", "0", "--data", str(data_path), "--no-browser", *extra],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    url = process.stdout.readline().strip()
    return process, url


def stop(process):
    process.terminate()
    process.wait(timeout=10)


def launch(directory):
    """`peach serve` from process start to the first 200 on /api/health."""
    timings = []
    for run in range(7):
        data = pathlib.Path(directory) / f"launch-{run % 2}.sqlite"
        began = time.perf_counter()
        process, url = start_server(data)
        session = requests.Session()
        while True:
            try:
                if session.get(url + "api/health", timeout=1).status_code == 200:
                    break
            except requests.ConnectionError:
                time.sleep(0.002)
        timings.append((time.perf_counter() - began) * 1000)
        stop(process)
    print(f"launch → first 200 on /api/health: median {statistics.median(timings):.1f} ms, "
          f"max {max(timings):.1f} ms over {len(timings)} launches (goal ≤ 500 ms)")


def answer(directory):
    """Server-side time of POST /api/comparisons/{id}/answer (Server-Timing), 200 answers."""
    process, url = start_server(pathlib.Path(directory) / "answers.sqlite")
    session = requests.Session()
    server_ms, round_trip_ms, next_ms = [], [], []
    for index in range(200):
        began = time.perf_counter()
        created = session.post(url + "api/comparisons")
        next_ms.append(float(created.headers["Server-Timing"].split("dur=")[1]))
        comparison = created.json()
        began = time.perf_counter()
        response = session.post(url + f"api/comparisons/{comparison['id']}/answer",
                                json={"answer": "higher" if index % 3 else "lower"})
        round_trip_ms.append((time.perf_counter() - began) * 1000)
        assert response.status_code == 200, response.text
        server_ms.append(float(response.headers["Server-Timing"].split("dur=")[1]))
    stop(process)
    print(f"POST answer, server time over {len(server_ms)} answers: median {statistics.median(server_ms):.3f} ms, "
          f"p99 {percentile(server_ms, 99):.3f} ms (goal p99 ≤ 5 ms; includes the fsync'd commit)")
    print(f"POST answer, client round trip on loopback: median {statistics.median(round_trip_ms):.3f} ms, "
          f"p99 {percentile(round_trip_ms, 99):.3f} ms")
    print(f"POST next comparison, server time: median {statistics.median(next_ms):.3f} ms, "
          f"p99 {percentile(next_ms, 99):.3f} ms")


# Stamps every slider input event and every AudioParam.setTargetAtTime call the page makes.
SLIDER_PROBE = """
window.__bench = { lastInput: null, delays: [] };
for (const type of ['pointerrawupdate', 'pointermove', 'keydown']) {
  addEventListener(type, (event) => { window.__bench.lastInput = event.timeStamp; }, { capture: true });
}
const setTarget = AudioParam.prototype.setTargetAtTime;
AudioParam.prototype.setTargetAtTime = function () {
  if (window.__bench.lastInput !== null) window.__bench.delays.push(performance.now() - window.__bench.lastInput);
  window.__bench.lastInput = null;
  return setTarget.apply(this, arguments);
};
"""


def slider(directory):
    """Pitch-matching slider in headless Chromium: from the input event's timestamp (when the browser
    received it) to the AudioParam change, for pointer drags and for keyboard steps."""
    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "Tests" / "e2e"))
    from conftest import chromium_options
    from selenium import webdriver
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.actions import interaction
    from selenium.webdriver.common.actions.action_builder import ActionBuilder
    from selenium.webdriver.common.actions.pointer_input import PointerInput
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait

    process, url = start_server(pathlib.Path(directory) / "slider.sqlite")
    browser = webdriver.Chrome(options=chromium_options(), service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"))
    try:
        browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": SLIDER_PROBE})
        browser.get(url)
        browser.find_element(By.ID, "start-pitch-matching").click()
        screen = browser.find_element(By.ID, "screen-pitch-matching")

        def tuning():
            WebDriverWait(browser, 10, poll_frequency=0.01).until(lambda _: screen.get_attribute("data-state") == "tuning")

        def collect():
            delays = browser.execute_script("const d = window.__bench.delays; window.__bench.delays = []; return d;")
            return delays

        pointer_ms = []
        for _ in range(4):
            tuning()
            collect()
            # A 60 Hz pointer: one move every ~16 ms, back and forth so every move changes the value.
            pointer = PointerInput(interaction.POINTER_MOUSE, "mouse")
            actions = ActionBuilder(browser, mouse=pointer, duration=16)
            actions.pointer_action.move_to(browser.find_element(By.CSS_SELECTOR, "#pitch-slider .pitch-slider-thumb"))
            actions.pointer_action.pointer_down()
            for index in range(150):
                actions.pointer_action.move_by(0, 3 if index % 2 else -3)
            actions.pointer_action.pointer_up()
            actions.perform()
            pointer_ms += collect()

        key_ms = []
        for _ in range(2):
            tuning()
            collect()
            for index in range(150):
                ActionChains(browser).send_keys(Keys.ARROW_UP if index % 2 else Keys.ARROW_DOWN).perform()
            key_ms += collect()
            ActionChains(browser).send_keys(Keys.ENTER).perform()

        audio = browser.execute_script("""
            return import('/js/audio.js').then((audio) => {
              const context = audio.realtimeContext();
              return { base: context.baseLatency, output: context.outputLatency ?? 0, rate: context.sampleRate,
                       tau: audio.RETUNE_TIME_CONSTANT_SECONDS };
            });""")
    finally:
        browser.quit()
        stop(process)

    for name, values in (("pointer move", pointer_ms), ("keyboard step", key_ms)):
        print(f"slider {name} → AudioParam change: median {statistics.median(values):.2f} ms, "
              f"p99 {percentile(values, 99):.2f} ms over {len(values)} events")
    quantum_ms = 128 / audio["rate"] * 1000
    glide_ms = 3 * audio["tau"] * 1000
    print(f"audio path after the change: ≤ {quantum_ms:.2f} ms to the next render quantum, "
          f"context baseLatency {audio['base'] * 1000:.2f} ms, outputLatency {audio['output'] * 1000:.2f} ms "
          f"(headless: no real device); glide to 95 % of a step {glide_ms:.1f} ms")
    worst = percentile(pointer_ms, 99) + quantum_ms + (audio["base"] + audio["output"]) * 1000
    print(f"pointer → audible change, p99 estimate with the latency this Chromium reports for its output: "
          f"{worst:.2f} ms (goal ≤ 20 ms; the output term belongs to the device, not to Peach)")


SECTIONS = {"launch": launch, "answer": answer, "slider": slider}

if __name__ == "__main__":
    chosen = sys.argv[1:] or list(SECTIONS)
    with tempfile.TemporaryDirectory(prefix="peach-bench-") as directory:
        for name in chosen:
            SECTIONS[name](directory)
