"""Peach's benchmark figures. Each section prints what it measured; nothing here passes or fails."""
import base64
import datetime
import json
import math
import os
import pathlib
import random
import sqlite3
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import wave

import requests

from harness import E2E, PEACH, ROOT, cpu_ms, first_200, load, percentile, rss_mb, server_ms, start_server, stop


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
        next_ms.append(server_ms(created.headers["Server-Timing"]))
        comparison = created.json()
        began = time.perf_counter()
        response = session.post(url + f"api/comparisons/{comparison['id']}/answer",
                                json={"answer": "higher" if index % 3 else "lower"})
        round_trip_ms.append((time.perf_counter() - began) * 1000)
        assert response.status_code == 200, response.text
        server_ms.append(server_ms(response.headers["Server-Timing"]))
    stop(process)
    print(f"POST answer, server time over {len(server_ms)} answers: median {statistics.median(server_ms):.3f} ms, "
          f"p99 {percentile(server_ms, 99):.3f} ms (goal p99 ≤ 5 ms; includes the fsync'd commit)")
    print(f"POST answer, client round trip on loopback: median {statistics.median(round_trip_ms):.3f} ms, "
          f"p99 {percentile(round_trip_ms, 99):.3f} ms")
    print(f"POST next comparison, server time: median {statistics.median(next_ms):.3f} ms, "
          f"p99 {percentile(next_ms, 99):.3f} ms")
    # The one route set, per discipline: the same desk, so the same cost is expected.
    process, url = start_server(pathlib.Path(directory) / "trials.sqlite")
    for discipline in ("pitchComparison", "intervalComparison", "pitchMatching", "intervalMatching"):
        times = []
        for index in range(200):
            trial = session.post(url + "api/trials", json={"discipline": discipline}).json()
            body = {"answer": "higher"} if discipline.endswith("Comparison") else {"normalizedValue": (index % 21 - 10) / 10}
            response = session.post(url + f"api/trials/{trial['id']}/answer", json=body)
            assert response.status_code == 200, response.text
            times.append(server_ms(response.headers["Server-Timing"]))
        print(f"POST /api/trials/{{id}}/answer ({discipline}), server time over {len(times)}: "
              f"median {statistics.median(times):.3f} ms, p99 {percentile(times, 99):.3f} ms")
    stop(process)


def concurrent(directory, client_counts=(1, 20, 100), seconds=20):
    """POST answer latency and throughput with 1, 20 and 100 clients answering as fast as they can.
    The clients are `peach bench-answers` (blocking sockets in native threads): a Python load
    generator took as much of the two cores as the server it measured."""
    for clients in client_counts:
        process, url = start_server(pathlib.Path(directory) / f"concurrent-{clients}.sqlite")
        cpu_before = cpu_ms(process)
        port = url.rstrip("/").rsplit(":", 1)[1]
        generator = subprocess.run([PEACH, "bench-answers", "--port", port, "--clients", str(clients),
                                    "--seconds", str(seconds)], capture_output=True, text=True, check=True)
        report = json.loads(generator.stdout)
        latencies, server_times, errors = report["roundTripsMs"], report["serverMs"], report["errors"]
        server_cpu = cpu_ms(process) - cpu_before
        with sqlite3.connect(pathlib.Path(directory) / f"concurrent-{clients}.sqlite") as database:
            stored = database.execute("SELECT COUNT(*) FROM comparison").fetchone()[0]
        stop(process)
        print(f"POST answer with {clients} concurrent clients for {seconds} s: {len(latencies)} answers "
              f"({len(latencies) / seconds:.0f}/s), {len(errors)} errors, {stored} records stored; "
              f"client latency p50 {statistics.median(latencies):.2f} ms, p99 {percentile(latencies, 99):.2f} ms; "
              f"server time p50 {statistics.median(server_times):.2f} ms, p99 {percentile(server_times, 99):.2f} ms"
              + (" (goal at 20: p99 ≤ 5 ms, ≥ 2000 answers/s)" if clients == 20 else "")
              + f"; server CPU {server_cpu / max(1, len(latencies)) * 1000:.0f} µs per answer (with its next trial); {load()}")


def loop(directory, answers=30):
    """In headless Chromium: end of feedback → scheduled start of the next note 1 (audio clock)."""
    sys.path.insert(0, str(E2E))
    from conftest import PeachChrome, chromium_options
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait
    import shutil

    process, url = start_server(pathlib.Path(directory) / "loop.sqlite")
    requests.put(url + "api/settings", json={"noteDurationSeconds": 0.3})
    browser = PeachChrome(options=chromium_options(),
                               service=Service(executable_path=shutil.which("chromedriver") or "/usr/bin/chromedriver"))
    try:
        browser.get(url)
        browser.find_element(By.ID, "start-training").click()
        marks = "const s = document.getElementById('screen-comparison').dataset; return [+s.note1Start || 0, +s.feedbackEnd || 0, +s.nextReadyAt || 0];"
        enabled = "return !document.getElementById('answer-higher').disabled"
        gaps, slack = [], []
        for _ in range(answers):
            WebDriverWait(browser, 10, poll_frequency=0.005).until(lambda b: b.execute_script(enabled))
            before = browser.execute_script(marks)[0]
            browser.execute_script("document.getElementById('answer-higher').click()")
            WebDriverWait(browser, 10, poll_frequency=0.005).until(lambda b: b.execute_script(marks)[0] != before)
            note1, feedback_end, ready = browser.execute_script(marks)
            gaps.append((note1 - feedback_end) * 1000)
            slack.append((feedback_end - ready) * 1000)
    finally:
        browser.quit()
        stop(process)
    print(f"end of feedback → next note 1 start (audio clock) over {len(gaps)} answers: "
          f"median {statistics.median(gaps):.2f} ms, max {max(gaps):.2f} ms (goal ≤ 10 ms); the next comparison "
          f"was scheduled {statistics.median(slack):.0f} ms (min {min(slack):.0f} ms) before the feedback ended")


def write_records(path, count):
    """A schema'd database (peach creates it) filled straight through sqlite3: `count` comparisons,
    1000 a day in one evening hour (so 1M records span ~2.7 years), from a listener whose threshold
    falls from 30 to 8 ¢ answering a Kazez chain, plus one pitch matching per ten comparisons."""
    process, _ = start_server(path)
    stop(process)
    # That start saved the empty profile: the records below are written behind the server's back.
    (path.parent / "cache" / f"{path.name}.profile.json").unlink(missing_ok=True)
    rng = random.Random(count)
    days = max(1, count // 1000)
    first = datetime.datetime.now(datetime.timezone.utc).replace(hour=18, minute=0, second=0, microsecond=0) \
        - datetime.timedelta(days=days)
    difference = 100.0

    def comparisons():
        nonlocal difference
        for index in range(count):
            day, within = divmod(index, 1000)
            moment = first + datetime.timedelta(days=day, seconds=within * 3.6)
            threshold = 8 + 22 * math.exp(-index / (count / 4))
            p_correct = 0.01 + 0.98 * 0.5 * (1 + math.erf(difference * 0.6745 / threshold / math.sqrt(2)))
            correct = rng.random() < p_correct
            yield (60, 60, difference if rng.random() < 0.5 else -difference, correct,
                   moment.strftime("%Y-%m-%d %H:%M:%S.%f")[:-3])
            step = 1 - 0.05 * math.sqrt(difference) if correct else 1 + 0.09 * math.sqrt(difference)
            difference = min(100.0, max(0.1, round(difference * step, 1)))

    def matchings():
        for index in range(count // 10):
            moment = first + datetime.timedelta(days=index // 100, seconds=3600 + index % 100)
            yield (69, rng.uniform(-100, 100), rng.gauss(0, 12), moment.strftime("%Y-%m-%d %H:%M:%S.%f")[:-3])

    with sqlite3.connect(path) as database:
        database.executemany(
            "INSERT INTO comparison (note1, note2, note2CentOffset, isCorrect, timestamp) VALUES (?, ?, ?, ?, ?)",
            comparisons())
        database.executemany(
            "INSERT INTO pitchMatching (referenceNote, initialCentOffset, userCentError, timestamp) VALUES (?, ?, ?, ?)",
            matchings())


def profile(directory):
    """GET /api/profile, the timeline and the chart at 10k, 100k and 1M records; start-up to the
    first 200 with those records; resident memory."""
    for count in (10_000, 100_000, 1_000_000):
        data = pathlib.Path(directory) / f"profile-{count}.sqlite"
        began = time.perf_counter()
        write_records(data, count)
        print(f"{count:>9,} records (+{count // 10:,} pitch matchings) written in {time.perf_counter() - began:.1f} s")
        # The first start replays every record and saves the folded profile beside the database
        # (in the background); later starts replay only what is newer than that snapshot.
        snapshot = data.parent / "cache" / f"{data.name}.profile.json"
        cold_ms, process, url, cold_cpu = first_200(data, "api/profile")
        while not snapshot.exists():
            time.sleep(0.01)
        stop(process)
        launches, startup_cpus = [], []
        for _ in range(3):
            health_ms, process, url, startup_cpu = first_200(data, "api/health")
            launches.append(health_ms)
            startup_cpus.append(startup_cpu)
            stop(process)
        profile_ms, process, url, startup_cpu = first_200(data, "api/profile")
        print(f"  start-up → first 200 on /api/profile: first start (full replay) {cold_ms:.0f} ms, CPU until listening "
              f"{cold_cpu:.0f} ms; from the snapshot {profile_ms:.0f} ms (goal ≤ 500 ms at 100k, ≤ 300 ms at 1M), "
              f"/api/health median {statistics.median(launches):.0f} ms (3 launches), CPU until listening median "
              f"{statistics.median(startup_cpus + [startup_cpu]):.0f} ms; snapshot {snapshot.stat().st_size / 1024:.0f} KiB; {load()}")
        session = requests.Session()
        for path in ("profile", "profile/timeline?period=day", "profile/timeline?period=hour",
                     "profile/timeline?period=week", "profile/chart.svg?period=day&width=1200&height=360&lang=en",
                     "profile/sparkline.svg"):
            served_ms, round_trip_ms = [], []
            for _ in range(30):
                began = time.perf_counter()
                response = session.get(url + "api/" + path)
                round_trip_ms.append((time.perf_counter() - began) * 1000)
                assert response.status_code == 200, response.text
                served_ms.append(server_ms(response.headers["Server-Timing"]))
            print(f"  GET /api/{path}: server median {statistics.median(served_ms):.2f} ms, "
                  f"p99 {percentile(served_ms, 99):.2f} ms; round trip median {statistics.median(round_trip_ms):.2f} ms, "
                  f"{len(response.content) / 1024:.0f} KiB")
        print(f"  resident memory after start-up and these requests: {rss_mb(process):.0f} MB")
        stop(process)
        data.unlink()
        snapshot.unlink()
        for suffix in ("-wal", "-shm"):
            pathlib.Path(str(data) + suffix).unlink(missing_ok=True)


# Stamps every slider input event and every retune (a detune glide curve) the page makes.
SLIDER_PROBE = """
window.__bench = { lastInput: null, delays: [] };
for (const type of ['pointerrawupdate', 'pointermove', 'keydown']) {
  addEventListener(type, (event) => { window.__bench.lastInput = event.timeStamp; }, { capture: true });
}
const setCurve = AudioParam.prototype.setValueCurveAtTime;
AudioParam.prototype.setValueCurveAtTime = function () {
  // Only detune spans ±153600 cents; the envelopes' gain curves are not retunes.
  if (this.maxValue === 153600 && window.__bench.lastInput !== null) {
    window.__bench.delays.push(performance.now() - window.__bench.lastInput);
    window.__bench.lastInput = null;
  }
  return setCurve.apply(this, arguments);
};
"""


RESERVE_TAKES = """
const done = arguments[0];
(async () => {
  const reserve = await import('/js/offline/reserve.js');
  const local = await import('/js/offline/local-store.js');
  await reserve.refill(null, 'pitchComparison');
  const kept = await local.count(local.RESERVED_TRIALS, 'reserve', '|pitchComparison');
  const times = [];
  for (let i = 0; i < 30; i += 1) {
    const began = performance.now();
    await reserve.take(null, 'pitchComparison');
    times.push(performance.now() - began);
  }
  done({ kept, times });
})().catch((error) => done({ error: String(error) }));
"""


def reserve(directory):
    """The offline reserve in headless Chromium: a session's worth of comparisons kept, then the time
    of each of 30 takes (what every trial played offline waits for)."""
    sys.path.insert(0, str(E2E))
    from conftest import PeachChrome, chromium_options
    from selenium.webdriver.chrome.service import Service

    process, url = start_server(pathlib.Path(directory) / "reserve.sqlite")
    browser = PeachChrome(options=chromium_options(), service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"))
    try:
        browser.get(url)
        result = browser.execute_async_script(RESERVE_TAKES)
        assert "error" not in result, result
        times = result["times"]
        print(f"reserve: {result['kept']} comparisons kept; a take median {statistics.median(times):.1f} ms, "
              f"max {max(times):.1f} ms; {load()}")
    finally:
        browser.quit()
        stop(process)


def slider(directory):
    """Pitch-matching slider in headless Chromium: from the input event's timestamp (when the browser
    received it) to the AudioParam change, for pointer drags and for keyboard steps."""
    sys.path.insert(0, str(E2E))
    from conftest import PeachChrome, chromium_options
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.actions import interaction
    from selenium.webdriver.common.actions.action_builder import ActionBuilder
    from selenium.webdriver.common.actions.pointer_input import PointerInput
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait

    process, url = start_server(pathlib.Path(directory) / "slider.sqlite")
    browser = PeachChrome(options=chromium_options(), service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"))
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
            return import('/js/audio/audio.js').then((audio) => {
              const context = audio.realtimeContext();
              return { base: context.baseLatency, output: context.outputLatency ?? 0, rate: context.sampleRate };
            });""")
        glide_seconds = requests.post(url + "api/pitch-matching").json()["synthesis"]["glideSeconds"]
    finally:
        browser.quit()
        stop(process)

    for name, values in (("pointer move", pointer_ms), ("keyboard step", key_ms)):
        print(f"slider {name} → AudioParam change: median {statistics.median(values):.2f} ms, "
              f"p99 {percentile(values, 99):.2f} ms over {len(values)} events")
    quantum_ms = 128 / audio["rate"] * 1000
    glide_ms = glide_seconds * 1000
    print(f"audio path after the change: ≤ {quantum_ms:.2f} ms to the next render quantum, "
          f"context baseLatency {audio['base'] * 1000:.2f} ms, outputLatency {audio['output'] * 1000:.2f} ms "
          f"(headless: no real device); glide to the target (raised cosine) {glide_ms:.1f} ms")
    worst = percentile(pointer_ms, 99) + quantum_ms + (audio["base"] + audio["output"]) * 1000
    print(f"pointer → audible change, p99 estimate with the latency this Chromium reports for its output: "
          f"{worst:.2f} ms (goal ≤ 20 ms; the output term belongs to the device, not to Peach)")


def synthesis(directory):
    """PeachAudio rendering speed on one core (`peach bench-audio`), in multiples of real time."""
    for voices in (1, 2):
        line = subprocess.run(["taskset", "-c", "0", PEACH, "bench-audio", "--seconds", "600", "--voices", str(voices)],
                              check=True, capture_output=True, text=True).stdout
        fields = line.split()
        value = {name: fields[fields.index(name) + 1] for name in ("audio", "cpu", "elapsed", "realtime")}
        print(f"synthesis, {voices} sine voice(s) at 48 kHz on one core: {float(value['realtime']):.0f}× real time "
              f"({value['audio']} s of audio in {value['cpu']} s of CPU, {value['elapsed']} s wall; goal ≥ 1000× for one)")


def rhythm_clicks(directory):
    """Scheduling of the rhythm clicks in the native render (`peach bench-rhythm`): 1,000 clicks of
    Compare Timing trials at random tempos and offsets, each onset found in the samples."""
    line = subprocess.run([PEACH, "bench-rhythm", "--clicks", "1000"], check=True, capture_output=True, text=True).stdout
    fields = line.split()
    value = {name: fields[fields.index(name) + 1] for name in ("clicks", "max_ms", "mean_ms", "displacement_max_ms", "missed_trials")}
    print(f"rhythm clicks, native render at 48 kHz: max deviation {value['max_ms']} ms over {value['clicks']} clicks "
          f"(mean {value['mean_ms']} ms; displaced click vs the API's offset at most {value['displacement_max_ms']} ms; "
          f"{value['missed_trials']} trials with a click not found; goal ≤ 0.1 ms)")


def instruments(directory):
    """Per instrument (FluidSynth, FluidR3Mono): one voice's rendering speed on one core, the time from
    choosing the instrument to its first rendered block in a fresh process (cold: the preset's samples
    are decoded then), and the process's peak memory with it loaded."""
    for sound in ("piano", "strings", "flute", "choir"):
        line = subprocess.run(["taskset", "-c", "0", PEACH, "bench-audio", "--seconds", "60", "--sound", sound],
                              check=True, capture_output=True, text=True).stdout
        fields = line.split()
        value = {name: fields[fields.index(name) + 1] for name in ("realtime", "firstnote", "maxrss")}
        print(f"instrument {sound}: {float(value['realtime']):.0f}× real time for one voice at 48 kHz on one core; "
              f"choose → first note {value['firstnote']} ms (cold process); peak memory {value['maxrss']} MB")


def _alsa_file_sink(directory):
    sys.path.insert(0, str(E2E))
    from alsa_sink import FileSink
    return FileSink(directory)


def alsa_latency(directory):
    """Configured ALSA buffer vs the sound queued ahead of the speaker while playing."""
    sink = _alsa_file_sink(directory)
    for device in ("default", "peach_e2e"):
        result = subprocess.run([PEACH, "play", "--device", device, "--duration", "2"], env=sink.env,
                                capture_output=True, text=True)
        report = result.stdout.strip() or result.stderr.strip().splitlines()[-1]
        print(f"ALSA output on {device!r}: {report}")


def match_latency(directory):
    """`peach match` in tmux: key press (tmux send-keys) → the retuned block reaching the speaker."""
    sink = _alsa_file_sink(directory)
    trace = pathlib.Path(directory) / "latency.trace"
    socket = f"peach-bench-{os.getpid()}"
    command = (f"env ALSA_CONFIG_PATH={sink.env['ALSA_CONFIG_PATH']} {PEACH} match --device peach_e2e "
               f"--data {directory}/match.sqlite --note-duration 0.3 --latency-trace {trace}")
    subprocess.run(["tmux", "-L", socket, "new-session", "-d", "-s", "bench", command], check=True)
    try:
        time.sleep(1.5)  # past the reference: the tunable note is sounding
        latencies, send_ms = [], []
        for press in range(40):
            before = trace.read_text().count("\n") if trace.exists() else 0
            began = time.monotonic()
            subprocess.run(["tmux", "-L", socket, "send-keys", "-t", "bench", "Up" if press % 2 else "Down"], check=True)
            send_ms.append((time.monotonic() - began) * 1000)
            deadline = began + 1
            while time.monotonic() < deadline:
                lines = trace.read_text().splitlines() if trace.exists() else []
                if len(lines) > before:
                    latencies.append((float(lines[before].split()[1]) - began) * 1000)
                    break
                time.sleep(0.0005)
            time.sleep(0.05)
    finally:
        subprocess.run(["tmux", "-L", socket, "kill-session", "-t", "bench"], capture_output=True)
    print(f"peach match, key press → retuned sound at the speaker over {len(latencies)} presses: "
          f"median {statistics.median(latencies):.1f} ms, p95 {percentile(latencies, 95):.1f} ms, "
          f"max {max(latencies):.1f} ms (goal ≤ 20 ms; includes the ≤ 10 ms buffer, and tmux send-keys "
          f"itself takes median {statistics.median(send_ms):.1f} ms)")


def sing_latency(directory):
    """`peach sing` on a capture PCM that reads a synthetic singer (the ALSA `file` plugin on `null`):
    the last sample of the frame that completes a held note captured → the attempt stored."""
    import numpy as np
    import wave
    sink = _alsa_file_sink(directory)
    wav, raw = pathlib.Path(directory) / "singer.wav", pathlib.Path(directory) / "singer.raw"
    subprocess.run([sys.executable, str(pathlib.Path(__file__).resolve().parents[1] / "scripts" / "make_voice_fixtures.py"),
                    "--singer", "220", "30", str(wav)], check=True)
    with wave.open(str(wav)) as source:
        samples = np.frombuffer(source.readframes(source.getnframes()), dtype="<i2").astype(np.float32) / 32768
    samples.astype("<f4").tofile(raw)
    with open(sink.config, "a") as config:
        config.write(f'pcm.peach_bench_mic {{\n  type file\n  slave.pcm "null"\n  file "/dev/null"\n'
                     f'  infile "{raw}"\n  format "raw"\n}}\n')
    trace = pathlib.Path(directory) / "sing.trace"
    process = subprocess.Popen([PEACH, "sing", "--device", "peach_e2e", "--capture-device", "peach_bench_mic",
                                "--data", f"{directory}/sing.sqlite", "--note-duration", "0.5", "--latency-trace", str(trace)],
                               env=sink.env, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL)
    time.sleep(25)
    process.communicate(b"q", timeout=10)
    latencies = [(float(line.split()[2]) - float(line.split()[1])) * 1000
                 for line in trace.read_text().splitlines() if line.startswith("committed")]
    print(f"peach sing, last sample of the committing frame captured → attempt stored, over {len(latencies)} attempts: "
          f"median {statistics.median(latencies):.1f} ms, max {max(latencies):.1f} ms (a held note is committed "
          f"1.4 s after it starts: 0.4 s smoothing + 1 s held, each frame 55 ms of sound)")


def data(directory, records=1_000_000):
    """Export and import at 1M records (the CLI, release build), then the data-safety drills: SIGKILL
    during streamed answers, schemathesis on the API, and hostile files through the importer."""
    import random
    sys.path.insert(0, str(E2E))
    from conftest import PeachServer
    from data_safety import HEADER, import_fuzz, kill_drill, schemathesis_run, valid_rows

    def timed(*arguments):
        began = time.perf_counter()
        finished = subprocess.run([PEACH, *map(str, arguments)], capture_output=True, text=True)
        assert finished.returncode == 0, finished.stderr
        return time.perf_counter() - began, finished.stdout.strip()

    source = pathlib.Path(directory) / "million.csv"
    source.write_text(HEADER + "\n".join(valid_rows(random.Random(1), records)) + "\n")
    database = pathlib.Path(directory) / "million.sqlite"
    seconds, _ = timed("import", source, "--replace", "--data", database)
    print(f"import {records} records (replace, {source.stat().st_size / 1e6:.0f} MB CSV): {seconds:.2f} s, "
          f"{records / seconds:,.0f} records/s")
    seconds, said = timed("import", source, "--merge", "--data", database)
    print(f"import the same {records} again (merge, every row a duplicate): {seconds:.2f} s, "
          f"{records / seconds:,.0f} records/s ({said.split('; ')[-1]})")
    exported = pathlib.Path(directory) / "export.csv"
    seconds, _ = timed("export", "-o", exported, "--data", database)
    print(f"export {records} records: {seconds:.2f} s, {records / seconds:,.0f} records/s; "
          f"identical to the imported file: {exported.read_bytes() == source.read_bytes()}")
    process, url = start_server(database)
    began = time.perf_counter()
    download = requests.get(url + "api/export", timeout=300)
    seconds = time.perf_counter() - began
    stop(process)
    print(f"GET /api/export of {records} records: {seconds:.2f} s, {records / seconds:,.0f} records/s, "
          f"{len(download.content) / 1e6:.0f} MB, identical to the CLI export: {download.content == exported.read_bytes()}")

    kills = kill_drill(directory)
    print(f"kill drill: {kills['kills']} SIGKILLs while 3 clients streamed answers; {kills['acknowledged']} answers "
          f"acknowledged, {kills['stored']} stored ({kills['stored'] - kills['acknowledged']} committed but not yet "
          f"acknowledged when killed); violations: {kills['violations'] or 'none'}")

    server = PeachServer(pathlib.Path(directory) / "fuzz.sqlite").start()
    try:
        api = schemathesis_run(server.url, max_examples=20)
        print(f"schemathesis (not_a_server_error, 20 examples per operation): {api['requests']} requests, "
              f"statuses {api['statuses']}, 5xx: {api['server_errors']}")
        fuzz = import_fuzz(server, rounds=200)
        print(f"import fuzz: {fuzz['files']} hostile files, statuses {fuzz['statuses']}, "
              f"violations: {fuzz['violations'] or 'none'}")
    finally:
        server.stop()


def import_latency(directory, records=1_000_000):
    """Answer latency while `peach import` writes 1M records into the database the server uses."""
    import random
    import threading
    sys.path.insert(0, str(E2E))
    from data_safety import HEADER, valid_rows

    source = pathlib.Path(directory) / "import-latency.csv"
    source.write_text(HEADER + "\n".join(valid_rows(random.Random(2), records)) + "\n")
    data = pathlib.Path(directory) / "import-latency.sqlite"
    process, url = start_server(data)
    session = requests.Session()

    def answer_until(halt, client_ms, server_ms, statuses):
        while not halt.is_set():
            comparison = session.post(url + "api/comparisons", timeout=30).json()
            began = time.perf_counter()
            response = session.post(url + f"api/comparisons/{comparison['id']}/answer", json={"answer": "higher"}, timeout=30)
            client_ms.append((time.perf_counter() - began) * 1000)
            statuses.append(response.status_code)
            if response.status_code == 200:
                server_ms.append(server_ms(response.headers["Server-Timing"]))
            time.sleep(0.05)

    for label, importing in (("no import", False), (f"during a {records:,}-record import", True)):
        halt = threading.Event()
        client_ms, server_ms, statuses = [], [], []
        trainer = threading.Thread(target=answer_until, args=(halt, client_ms, server_ms, statuses))
        trainer.start()
        began = time.perf_counter()
        if importing:
            finished = subprocess.run([PEACH, "import", str(source), "--merge", "--data", str(data)],
                                      capture_output=True, text=True)
            assert finished.returncode == 0, finished.stderr
        else:
            time.sleep(5)
        seconds = time.perf_counter() - began
        halt.set()
        trainer.join()
        print(f"answers {label} ({seconds:.1f} s): {len(statuses)} answers, {statuses.count(503)} × 503, "
              f"server time p50 {statistics.median(server_ms):.2f} ms, p99 {percentile(server_ms, 99):.2f} ms, "
              f"max {max(server_ms):.2f} ms; client p99 {percentile(client_ms, 99):.2f} ms")
    stop(process)


def import_memory(directory, megabytes=100):
    """Resident memory of the server while POST /api/import takes a 100 MB file (merge, every row
    new), beside its idle figure, on SQLite and on PostgreSQL: the import reads the body a piece at
    a time, so the figure should not grow with the file (issue 31: at most 64 MB above idle)."""
    import random
    import threading
    sys.path.insert(0, str(E2E))
    from data_safety import HEADER, valid_rows
    from postgres import PostgresCluster

    source = pathlib.Path(directory) / "import-memory.csv"
    rng = random.Random(31)
    rows = 0
    with source.open("w") as file:
        file.write(HEADER)
        while file.tell() < megabytes * 1_000_000:
            # Each block of rows a little later than the one before, so no row repeats another.
            file.write("\n".join(valid_rows(rng, 10_000, start_ms=1_600_000_000_000 + rows * 1500)) + "\n")
            rows += 10_000
    cluster = PostgresCluster()
    for store, storage in (("SQLite", ["--data", str(pathlib.Path(directory) / "import-memory.sqlite")]),
                           ("PostgreSQL", ["--database", cluster.url(cluster.create_database()), "--no-accounts"])):
        process = subprocess.Popen([PEACH, "serve", "--port", "0", *storage, "--no-browser"],
                                   stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        url = process.stdout.readline().strip()
        requests.get(url + "api/health", timeout=10)
        time.sleep(1)
        idle = rss_mb(process)
        peak = [idle]
        halt = threading.Event()

        def sample():
            while not halt.is_set():
                peak[0] = max(peak[0], rss_mb(process))
                time.sleep(0.02)

        sampler = threading.Thread(target=sample)
        sampler.start()
        began = time.perf_counter()
        with source.open("rb") as body:
            response = requests.post(url + "api/import?mode=merge", data=body, timeout=3600,
                                     headers={"Content-Type": "text/csv"})
        seconds = time.perf_counter() - began
        halt.set()
        sampler.join()
        stop(process)
        assert response.status_code == 200, response.text
        print(f"POST /api/import of {source.stat().st_size / 1e6:.0f} MB ({response.json()['imported']:,} records, merge) "
              f"on {store}: resident {idle:.0f} MB idle, {peak[0]:.0f} MB at most while importing: "
              f"{peak[0] - idle:.0f} MB above idle (goal ≤ 64 MB); {seconds:.1f} s ({load()})")


VOICE_FIXTURES = ROOT / ".build" / "voice-fixtures"


def _pitch_browser():
    """A headless Chromium as the e2e tests start it, its scripts given two minutes: what the pitch
    benches feed the page's detector through."""
    from selenium.webdriver.chrome.service import Service
    sys.path.insert(0, str(E2E))
    from conftest import PeachChrome, chromium_options
    driver = PeachChrome(options=chromium_options(),
                         service=Service(executable_path=shutil.which("chromedriver") or "/usr/bin/chromedriver"))
    driver.set_script_timeout(120)
    return driver


def _pcm(name):
    """A voice fixture's frames, base64, as the page's scripts take them."""
    with wave.open(str(VOICE_FIXTURES / name)) as source:
        return base64.b64encode(source.readframes(source.getnframes())).decode()


def _voice_fixtures():
    subprocess.run([sys.executable, str(ROOT / "scripts" / "make_voice_fixtures.py"), str(VOICE_FIXTURES)],
                   check=True, capture_output=True)
    return json.loads((VOICE_FIXTURES / "manifest.json").read_text())


def _score(manifest, frames, window, hop):
    """Per fixture family: median |frame error| against the sung contour on the steady segment, the
    vibrato-averaged segment error, octave errors, voiced share, and the detection latency (tone
    onset → end of the first frame that starts a run of three within ±50 ¢ of the contour)."""
    rate = manifest["sampleRate"]
    families = {}
    for fixture in manifest["fixtures"]:
        estimates = frames[fixture["file"]]
        row = families.setdefault(fixture["family"], {"frame": [], "segment": [], "octave": 0, "voiced": [], "latency": [],
                                                     "reported": 0})
        if fixture["expectedFrequency"] is None:
            row["reported"] += sum(1 for f in estimates if f is not None)
            continue
        expected, vibrato = fixture["expectedFrequency"], fixture["vibrato"]
        period = rate / expected

        def contour(time):
            return vibrato["depthCents"] * math.sin(2 * math.pi * vibrato["rate"] * time + vibrato["phase"])

        timed = [((i * hop + (window + period) / 2) / rate, f) for i, f in enumerate(estimates)]
        steady = [(t, f) for t, f in timed if fixture["steady"][0] <= t <= fixture["steady"][1]]
        sung = [(1200 * math.log2(f / expected), contour(t)) for t, f in steady if f is not None]
        row["voiced"].append(len(sung) / len(steady))
        errors = [s - c for s, c in sung]
        row["frame"] += [abs(e) for e in errors]
        row["octave"] += sum(1 for e in errors if abs(e) >= 600)
        row["segment"].append(abs(statistics.fmean(s for s, _ in sung) - statistics.fmean(c for _, c in sung)))
        close = [f is not None and abs(1200 * math.log2(f / expected) - contour(t)) < 50 for t, f in timed]
        for i in range(len(close) - 2):
            if all(close[i:i + 3]) and i * hop / rate >= fixture["onset"] - (window + period) / rate:
                row["latency"].append(((i * hop + window + math.ceil(rate / 65) + 2) / rate - fixture["onset"]) * 1000)
                break
    return families


def _print_scores(families):
    print("  family      median |frame err|  worst segment err  octave errs  voiced  latency p50/max  (noise/silence: frames reported)")
    for name, row in families.items():
        if not row["frame"]:
            print(f"  {name:11s} {row['reported']} frames reported")
            continue
        print(f"  {name:11s} {statistics.median(row['frame']):10.2f} ¢ {max(row['segment']):16.2f} ¢ {row['octave']:12d} "
              f"{min(row['voiced']) * 100:6.0f} % {statistics.median(row['latency']):7.0f}/{max(row['latency']):.0f} ms")


def _note_targets(manifest):
    return [440.0 * 2 ** ((note["target"] - 69) / 12) for note in manifest["notes"]]


def _print_notes(manifest, commits):
    """What Sing It stores from each held note of the manifest's `notes` (detector, then the commit
    rule), per family: the stored error (folded to the nearest octave of the target, less the note's
    own offset), the stored octave, and when the note committed after its onset."""
    limits = manifest["noteLimits"]
    print("  sung notes   files  median |stored err|  worst   beyond ±600 ¢  octave right  commit p50/max")
    rows, everything = {}, []
    for note in manifest["notes"]:
        row = rows.setdefault(note["family"], {"errors": [], "octaves": 0, "far": 0, "times": [], "n": 0})
        row["n"] += 1
        cents = commits[note["file"]].get("cents")
        if cents is None:
            row["errors"].append(math.inf)
            continue
        octave = math.floor(cents / 1200 + 0.5)
        row["errors"].append(abs(cents - 1200 * octave - note["offsetCents"]))
        row["far"] += abs(cents - 1200 * note["sungOctave"] - note["offsetCents"]) > 600
        row["octaves"] += octave == note["sungOctave"]
        row["times"].append(commits[note["file"]]["seconds"] - note["onset"])
    for family, row in rows.items():
        everything += row["errors"]
        times = f"{statistics.median(row['times']):.2f}/{max(row['times']):.2f} s" if row["times"] else "never"
        print(f"  {family:12s} {row['n']:5d} {statistics.median(row['errors']):12.2f} ¢ {max(row['errors']):10.2f} ¢ "
              f"{row['far']:8d} {row['octaves']:9d}/{row['n']:<3d} {times:>15s}")
    print(f"  all notes: median {statistics.median(everything):.2f} ¢, worst {max(everything):.2f} ¢ "
          f"(limits {limits['medianAbsoluteErrorCents']} / {limits['worstAbsoluteErrorCents']} ¢)")


def pitch(directory):
    """The native pitch detector (PeachAudio, release build) on the fixtures of
    scripts/make_voice_fixtures.py at the worklet's hop (1024 samples at 48 kHz): speed on one core in
    multiples of real time, and the accuracy table per fixture family."""
    manifest = _voice_fixtures()
    files = [str(VOICE_FIXTURES / f["file"]) for f in manifest["fixtures"]]
    out = subprocess.run(["taskset", "-c", "0", PEACH, "bench-pitch", "--hop", "1024", *files],
                         check=True, capture_output=True, text=True).stdout
    report = json.loads(out)
    print(f"pitch detector (Swift, release), one core: {report['audioSeconds'] / report['cpuSeconds']:.0f}× real time "
          f"({report['audioSeconds']:.1f} s of audio in {report['cpuSeconds']:.2f} s CPU; a frame every 1024 samples)")
    _print_scores(_score(manifest, report["frames"], report["window"], 1024))
    commits = {}
    for note, target in zip(manifest["notes"], _note_targets(manifest)):
        # One process a note: a detector that traps on one voice still leaves the others' rows.
        run = subprocess.run([PEACH, "bench-pitch", "--targets", str(target), "--", str(VOICE_FIXTURES / note["file"])],
                             capture_output=True, text=True)
        if run.returncode != 0:
            print(f"  {note['file']}: bench-pitch failed ({run.returncode})")
        commits[note["file"]] = (json.loads(run.stdout)["commits"][note["file"]] if run.returncode == 0
                                 else {"cents": None, "seconds": None})
    _print_notes(manifest, commits)


def pitch_worklet(directory):
    """The browser's detector (web/js/audio/pitch-detector.js as served) in headless Chromium: CPU per
    detection and per 128-sample render quantum (the worklet detects once every 8 quanta), and the same
    accuracy table as the native one."""
    manifest = _voice_fixtures()
    process, url = start_server(pathlib.Path(directory) / "worklet.sqlite")
    driver = _pitch_browser()
    try:
        driver.get(url)
        frames, costs, window = {}, [], 0
        for fixture in manifest["fixtures"]:
            pcm = _pcm(fixture["file"])
            result = driver.execute_async_script("""
                const [pcm, rate, done] = arguments;
                import('/js/audio/pitch-detector.js').then(({ PitchDetector }) => {
                  const bytes = Uint8Array.from(atob(pcm), (c) => c.charCodeAt(0));
                  const samples = Float32Array.from(new Int16Array(bytes.buffer), (v) => v / 32768);
                  const detector = new PitchDetector(rate);
                  const frames = [], costs = [];
                  for (let start = 0; start + detector.frameLength <= samples.length; start += 1024) {
                    const frame = samples.subarray(start, start + detector.frameLength);
                    const t0 = performance.now();
                    const estimate = detector.detect(frame);
                    costs.push(performance.now() - t0);
                    frames.push(estimate ? estimate.frequency : null);
                  }
                  done({ frames, costs, window: detector.window });
                });""", pcm, manifest["sampleRate"])
            frames[fixture["file"]] = result["frames"]
            costs += result["costs"]
            window = result["window"]
        from test_sung_notes_js import COMMIT_NOTE
        rules = requests.post(url + "api/trials", json={"discipline": "pitchSinging"}).json()["session"]["singing"]
        commits = {}
        for note, target in zip(manifest["notes"], _note_targets(manifest)):
            with wave.open(str(VOICE_FIXTURES / note["file"])) as source:
                pcm = base64.b64encode(source.readframes(source.getnframes())).decode()
            commits[note["file"]] = driver.execute_async_script(COMMIT_NOTE, pcm, note.get("sampleRate", manifest["sampleRate"]),
                                                                target, rules)
    finally:
        driver.quit()
        stop(process)
    quantum_ms = 128 / manifest["sampleRate"] * 1000
    per_quantum = statistics.fmean(costs) / 8
    print(f"pitch detector (JS in Chromium): {statistics.fmean(costs):.3f} ms per detection (p99 {percentile(costs, 99):.3f}, "
          f"max {max(costs):.3f}); per render quantum {per_quantum:.3f} ms on average = "
          f"{per_quantum / quantum_ms * 100:.1f} % of its {quantum_ms:.2f} ms; "
          f"{len(costs) * 1024 / manifest['sampleRate'] / (sum(costs) / 1000):.0f}× real time")
    _print_scores(_score(manifest, frames, window, 1024))
    _print_notes(manifest, commits)


NOTE_NAMES = ("C", "C♯", "D", "E♭", "E", "F", "F♯", "G", "A♭", "A", "B♭", "B")


def _note_name(midi, cents=0.0):
    """`midi` + `cents` as the nearest note's name and the cents from it: 'B♭4 +20.0 ¢'."""
    nearest = round(midi + cents / 100)
    return f"{NOTE_NAMES[nearest % 12]}{nearest // 12 - 1} {100 * (midi - nearest) + cents:+.1f} ¢"


def octaves(directory):
    """The octave table of the hard voices (`hard_voices` in scripts/make_voice_fixtures.py): what Sing
    It stores from each, natively (`peach bench-pitch --targets`: PitchTracker, then SteadyPitch, as
    `peach sing` runs them) and in the page (pitch-detector.js every 1024 samples, then steady-pitch.js
    with a served trial's rules), both from the same frames of the same file at its own rate."""
    sys.path.insert(0, str(E2E))
    from test_sung_notes_js import COMMIT_NOTE
    manifest = _voice_fixtures()
    voices = manifest["hardVoices"]
    targets = [440.0 * 2 ** ((voice["target"] - 69) / 12) for voice in voices]
    native = json.loads(subprocess.run(
        [PEACH, "bench-pitch", "--targets", *map(str, targets), "--", *(str(VOICE_FIXTURES / v["file"]) for v in voices)],
        check=True, capture_output=True, text=True).stdout)["commits"]
    process, url = start_server(pathlib.Path(directory) / "octaves.sqlite")
    driver = _pitch_browser()
    try:
        driver.get(url)
        rules = requests.post(url + "api/trials", json={"discipline": "pitchSinging"}).json()["session"]["singing"]
        page = {}
        for voice, target in zip(voices, targets):
            page[voice["file"]] = driver.execute_async_script(
                COMMIT_NOTE, _pcm(voice["file"]), voice["sampleRate"], target, rules)
    finally:
        driver.quit()
        stop(process)

    def stored(voice, commit):
        cents = commit.get("cents")
        if cents is None:
            return "never committed", False
        right = math.floor(cents / 1200 + 0.5) == voice["sungOctave"]
        return f"{_note_name(voice['target'], cents)} {'ok' if right else 'WRONG OCTAVE'}", right

    print("octave table: the hard voices, what Sing It stores (the note, the cents from it) from the same frames")
    print(f"  {'voice':30s} {'rate':>10s}  {'sung':13s} {'native (peach sing)':27s} browser (the page)")
    right = {"native": 0, "browser": 0}
    for voice in voices:
        sung = _note_name(voice["note"], voice["offsetCents"])
        mine, native_right = stored(voice, native[voice["file"]])
        theirs, page_right = stored(voice, page[voice["file"]])
        right["native"] += native_right
        right["browser"] += page_right
        name = voice["file"].removeprefix("hard-").removesuffix(".wav").rsplit("-", 1)[0]
        print(f"  {name:30s} {voice['sampleRate'] / 1000:6.1f} kHz  {sung:13s} {mine:27s} {theirs}")
    print(f"  octave right: native {right['native']}/{len(voices)}, browser {right['browser']}/{len(voices)}")


# Times loading the keys of a trial in the page (fetch, WAV decode into an AudioBuffer), as a trial does.
LOAD_KEYS = """
const [sound, frequencies, done] = arguments;
import('/js/audio/audio.js').then(async (audio) => {
  const began = performance.now();
  await audio.loadSamples(sound, frequencies);
  done(performance.now() - began);
}).catch((error) => done(String(error)));
"""


def browser_instruments(directory):
    """Instruments in the browser: choosing one (PUT settings) → its first note's key decoded in the
    page. Cold: a fresh server with an empty cache, chosen at once (its warm-up has had only the page
    load); after the warm-up: a fresh server, chosen 3 s after start (a user opening Settings); restart:
    the same data folder again, a key rendered before (on disk) and one never rendered; warm: another
    key of the loaded preset. Then the bytes a key and the default range (C2–C6) cost, and the server's
    memory at start, once the warm-up has decoded the four presets, and with 49 keys cached."""
    sys.path.insert(0, str(E2E))
    from conftest import PeachChrome, chromium_options
    from selenium.webdriver.chrome.service import Service

    browser = PeachChrome(options=chromium_options(), service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"))
    browser.set_script_timeout(120)
    hz = lambda key: 440 * 2 ** ((key - 69) / 12)

    def choose_and_load(url, sound, key):
        """ms from the PUT that chooses `sound` to `key` decoded in the page (a new page: nothing cached there)."""
        browser.get(url)
        began = time.perf_counter()
        assert requests.put(url + "api/settings", json={"soundSource": sound}).status_code == 200
        result = browser.execute_async_script(LOAD_KEYS, sound, [hz(key)])
        assert not isinstance(result, str), result
        return (time.perf_counter() - began) * 1000

    try:
        for sound in ("piano", "strings", "flute", "choir"):
            folder = pathlib.Path(directory) / f"instruments-{sound}"
            process, url = start_server(folder / "peach.sqlite")
            cold = choose_and_load(url, sound, 60)
            warm = [browser.execute_async_script(LOAD_KEYS, sound, [hz(key)]) for key in (62, 64, 65, 67)]
            stop(process)
            process, url = start_server(folder / "peach.sqlite")
            restart_kept = choose_and_load(url, sound, 60)
            restart_new = choose_and_load(url, sound, 53)
            stop(process)

            process, url = start_server(pathlib.Path(directory) / f"instruments-{sound}-later" / "peach.sqlite")
            rss_start = rss_mb(process)
            time.sleep(3)
            rss_warmed = rss_mb(process)
            later = choose_and_load(url, sound, 60)
            key_bytes = [len(requests.get(url + f"api/sounds/{sound}/notes/{key}").content) for key in range(36, 85)]
            print(f"browser {sound}: choose → first key decoded in the page: cold {cold:.0f} ms, after the warm-up "
                  f"{later:.0f} ms, restart {restart_kept:.0f} ms (key on disk) / {restart_new:.0f} ms (new key), "
                  f"warm (another key) median {statistics.median(warm):.0f} ms; a key "
                  f"{statistics.median(key_bytes) / 1024:.0f} KiB, C2–C6 (49 keys) {sum(key_bytes) / 1024 / 1024:.1f} MiB; "
                  f"server memory {rss_start:.0f} MB at start, {rss_warmed:.0f} MB after the warm-up (4 presets), "
                  f"{rss_mb(process):.0f} MB with 49 keys cached (goal: first note ≤ 300 ms; figures include the PUT)")
            stop(process)
    finally:
        browser.quit()


# Keeps every judged answer the page receives (Fill the Gap's taps, each with the server's offset).
ANSWER_PROBE = """
window.__answers = [];
const originalFetch = window.fetch;
window.fetch = async function (input) {
  const response = await originalFetch.apply(this, arguments);
  if (String(input).endsWith('/answer') && response.ok) response.clone().json().then((body) => window.__answers.push(body));
  return response;
};
"""


def _process_tree_cpu_ms(root_pid):
    """CPU time (user + system) of `root_pid` and every process below it: the browser's processes."""
    parents = {}
    for stat in pathlib.Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(stat.parent.name)] = (int(fields[1]), (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK"))
    tree = {root_pid}
    for _ in range(8):
        tree |= {pid for pid, (parent, _) in parents.items() if parent in tree}
    return sum(parents[pid][1] for pid in tree if pid in parents)


def rhythm(directory):
    """Rhythm in headless Chromium. Scheduling: 1,000 clicks by web/js/audio/clicks.js rendered offline, each
    onset against its scheduled time. Taps: Fill the Gap at 200 BPM, uncalibrated, synthetic taps at
    known audio-clock times (gap ± up to 30 ms), each against the offset the server judged. CPU: the
    browser's processes while a trial plays (untapped), beside the same time idle on Start."""
    sys.path.insert(0, str(E2E))
    from conftest import PeachChrome, chromium_options
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait
    from test_rhythm import TAP_SCRIPT
    from test_rhythm_audio import RENDER_SCRIPT, onsets
    import numpy as np

    process, url = start_server(pathlib.Path(directory) / "rhythm.sqlite")
    requests.put(url + "api/settings", json={"tempoBPM": 200})
    browser = PeachChrome(options=chromium_options(), service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"))
    browser.set_script_timeout(300)
    try:
        browser.get(url)
        # Sixteenths at 197 BPM: no whole number of samples apart, so sub-sample starts count too.
        click_seconds = [index * 15 / 197 for index in range(1000)]
        result = browser.execute_async_script(RENDER_SCRIPT, click_seconds, 0.05, 0)
        decode = lambda text: np.frombuffer(base64.b64decode(text), dtype=np.float32).astype(np.float64)
        samples, click, rate = decode(result["samples"]), decode(result["click"]), result["rate"]
        expected = 0.05 + np.array(click_seconds)
        deviation_ms = np.abs(onsets(samples, click, rate, expected) - expected) * 1000
        print(f"click scheduling (offline render of web/js/audio/clicks.js, {rate} Hz): onset vs scheduled time over "
              f"{len(deviation_ms)} clicks: median {np.median(deviation_ms):.4f} ms, max {np.max(deviation_ms):.4f} ms "
              f"(goal ≤ 0.1 ms)")

        browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": ANSWER_PROBE})
        browser.get(url)
        browser.find_element(By.ID, "start-fill-the-gap").click()
        screen = browser.find_element(By.ID, "screen-fill-the-gap")
        chromium = browser.service.process.pid
        generator = random.Random(16)
        errors, cpu_share, stalled = [], [], 0
        previous = None
        for trial in range(9):
            WebDriverWait(browser, 20, poll_frequency=0.005).until(
                lambda _: screen.get_attribute("data-trial-start") not in (None, previous))
            previous = screen.get_attribute("data-trial-start")
            answered = browser.execute_script("return window.__answers.length")
            if trial >= 6:
                # Untapped: the CPU of playing a trial, without the test's own tapping (which spins
                # for the last milliseconds before each tap).
                cpu_before, wall_before = _process_tree_cpu_ms(chromium), time.perf_counter()
                WebDriverWait(browser, 20, poll_frequency=0.05).until(
                    lambda _: browser.execute_script("return window.__answers.length") > answered)
                cpu_share.append((_process_tree_cpu_ms(chromium) - cpu_before) / ((time.perf_counter() - wall_before) * 1000))
                continue
            gaps = [float(value) for value in screen.get_attribute("data-gap-seconds").split()]
            # The first two cycles may begin before this script has read the trial.
            intended = [generator.uniform(-30, 30) for _ in gaps[2:]]
            tapped = browser.execute_async_script(
                TAP_SCRIPT, "screen-fill-the-gap", "trialStart", [g + o / 1000 for g, o in zip(gaps[2:], intended)], None)
            WebDriverWait(browser, 20, poll_frequency=0.005).until(
                lambda _: browser.execute_script("return window.__answers.length") > answered)
            judged = browser.execute_script("return window.__answers.at(-1).taps")
            # Against when each tap was really made on the audio clock (its `late` after the moment planned).
            errors += [tap["offsetMs"] - (want + late) for tap, want, late in zip(judged, intended, tapped["late"])]
            stalled = max(stalled, max(tapped["late"]))
        browser.get(url)
        cpu_before, wall_before = _process_tree_cpu_ms(chromium), time.perf_counter()
        time.sleep(5)
        idle = (_process_tree_cpu_ms(chromium) - cpu_before) / ((time.perf_counter() - wall_before) * 1000)
    finally:
        browser.quit()
        stop(process)
    absolute = [abs(error) for error in errors]
    print(f"tap → stored offset (Fill the Gap, 200 BPM, synthetic taps on the audio clock; error = judged − intended) "
          f"over {len(errors)} taps: mean {statistics.mean(errors):+.3f} ms, median |error| {statistics.median(absolute):.3f} ms, "
          f"p95 {percentile(absolute, 95):.3f} ms, max {max(absolute):.3f} ms (goal ≤ 2 ms); "
          f"taps made up to {stalled:.2f} ms after the moment planned (the output timestamp jumps between "
          f"callbacks; counted in the intended offset) ({load()})")
    print(f"browser CPU while a Fill the Gap trial plays: {statistics.median(cpu_share) * 100:.1f} % of one core "
          f"(median of {len(cpu_share)} trials; idle on Start {idle * 100:.1f} %; headless Chromium, {load()})")


def questplus(directory):
    """Issues 33 and 49: the fit's and the tracker's 95 % intervals beside questplus's on the same simulated
    trials (questplus_compare.py)."""
    venv = ROOT / ".build" / "venv-questplus"
    if not (venv / "bin" / "python").exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    if subprocess.run([str(venv / "bin" / "python"), "-c", "import questplus, numpy"], capture_output=True).returncode:
        subprocess.run([str(venv / "bin" / "pip"), "install", "-q", "--disable-pip-version-check",
                        "questplus==2023.1", "numpy"], check=True)
    for threshold, runs in (("30", "100"), ("3 10", "30")):
        subprocess.run([str(venv / "bin" / "python"), str(ROOT / "Benchmarks" / "questplus_compare.py"),
                        "--runs", runs, "--threshold", *threshold.split()], check=True)
    # Issue 49, item 4: the tracker at 30 ¢ for listeners outside the model (many lapses, a bias).
    subprocess.run([str(venv / "bin" / "python"), str(ROOT / "Benchmarks" / "questplus_compare.py"),
                    "--runs", "50", "--threshold", "30", "--shape", "normal", "logistic", "weibull:3.5",
                    "--lapse", "0.02", "0.15", "--bias", "0", "0.2"], check=True)


def models(directory):
    """Issue 49: the fixed-threshold fit and the tracker the Profile states, on the very same simulated
    answers (`peach simulate --procedure models`): steady listeners of three shapes at 10 and 30 ¢,
    the three learners, 2 % and 15 % lapses, no bias and a bias of a fifth towards "higher"; per cell
    each model's median ÷ truth, coverage, runs stating nothing and the "at least" bounds true / stated."""
    subprocess.run([PEACH, "simulate", "--procedure", "models", "--threshold", "10", "30",
                    "--trials", "50", "100", "200", "400", "--runs", "100",
                    "--shape", "normal", "logistic", "weibull:3.5", "--lapse", "0.02", "0.15",
                    "--bias", "0", "0.2", "--seed", "1"], check=True)


SECTIONS = {
    "launch": launch, "answer": answer, "reserve": reserve, "concurrent": concurrent, "loop": loop, "profile": profile, "slider": slider,
    "synthesis": synthesis, "instruments": instruments, "browser-instruments": browser_instruments,
    "alsa-latency": alsa_latency, "match-latency": match_latency, "sing-latency": sing_latency,
    "data": data, "import-latency": import_latency, "import-memory": import_memory, "pitch": pitch, "pitch-worklet": pitch_worklet,
    "octaves": octaves,
    "rhythm": rhythm, "rhythm-clicks": rhythm_clicks, "questplus": questplus, "models": models,
    # Imported when run: they start PostgreSQL and nginx, which the other sections do not need.
    "class-server": lambda directory: __import__("class_server").class_server(directory),
    "class-data": lambda directory: __import__("class_server").class_data(directory),
    "class-import": lambda directory: __import__("class_server").class_import(directory),
    "class-server-sqlite": lambda directory: __import__("class_server").class_server_sqlite(directory),
    # Issue 54's figures: tap → feedback and → the next trial through a proxy adding 0–300 ms.
    "round-trip": lambda directory: __import__("round_trip").round_trip(directory),
    # Issue 32's figures at 1M records: start-up, sparklines, the timeline, memory.
    "million": lambda directory: __import__("million").million(directory),
    # Issue 32's teacher figures: a class of 1,000 × 10,000 on SQLite files and on PostgreSQL.
    "class": lambda directory: __import__("class_view").class_view(directory),
    # Issue 51's teacher figure: the assignment table of 1,000 students × 5 tasks while 20 answer.
    "assignments": lambda directory: __import__("assignments").assignments(directory),
}

if __name__ == "__main__":
    chosen = sys.argv[1:] or list(SECTIONS)
    with tempfile.TemporaryDirectory(prefix="peach-bench-") as directory:
        for name in chosen:
            SECTIONS[name](directory)
