"""Peach's benchmark figures. Each section prints what it measured; nothing here passes or fails."""
import os
import pathlib
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


def concurrent(directory, clients=20, seconds=30):
    """POST answer latency with 20 simulated clients answering as fast as they can for 30 s."""
    import threading

    process, url = start_server(pathlib.Path(directory) / "concurrent.sqlite")
    latencies, server_times, errors = [], [], []
    lock = threading.Lock()
    deadline = time.perf_counter() + seconds

    def client(number):
        session = requests.Session()
        while time.perf_counter() < deadline:
            try:
                comparison = session.post(url + "api/comparisons", timeout=10).json()
                began = time.perf_counter()
                response = session.post(url + f"api/comparisons/{comparison['id']}/answer",
                                        json={"answer": "higher" if number % 2 else "lower"}, timeout=10)
                elapsed = (time.perf_counter() - began) * 1000
                with lock:
                    if response.status_code == 200:
                        latencies.append(elapsed)
                        server_times.append(float(response.headers["Server-Timing"].split("dur=")[1]))
                    else:
                        errors.append(response.status_code)
            except requests.RequestException as error:
                with lock:
                    errors.append(repr(error))

    threads = [threading.Thread(target=client, args=(n,)) for n in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    stored = requests.get(url + "api/records/comparisons?limit=10000").json()["records"]
    stop(process)
    print(f"POST answer with {clients} concurrent clients for {seconds} s: {len(latencies)} answers "
          f"({len(latencies) / seconds:.0f}/s), {len(errors)} errors, {len(stored)} records stored; "
          f"client latency p50 {statistics.median(latencies):.2f} ms, p99 {percentile(latencies, 99):.2f} ms; "
          f"server time p50 {statistics.median(server_times):.2f} ms, p99 {percentile(server_times, 99):.2f} ms")


def loop(directory, answers=30):
    """In headless Chromium: end of feedback → scheduled start of the next note 1 (audio clock)."""
    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "Tests" / "e2e"))
    from conftest import chromium_options
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait
    import shutil

    process, url = start_server(pathlib.Path(directory) / "loop.sqlite")
    requests.put(url + "api/settings", json={"noteDurationSeconds": 0.3})
    browser = webdriver.Chrome(options=chromium_options(),
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


def data(directory, records=1_000_000):
    """Export and import at 1M records (the CLI, release build), then the data-safety drills: SIGKILL
    during streamed answers, schemathesis on the API, and hostile files through the importer."""
    import random
    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "Tests" / "e2e"))
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
    seconds, _ = timed("export", "--out", exported, "--data", database)
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


SECTIONS = {"launch": launch, "answer": answer, "concurrent": concurrent, "loop": loop, "data": data}

if __name__ == "__main__":
    chosen = sys.argv[1:] or list(SECTIONS)
    with tempfile.TemporaryDirectory(prefix="peach-bench-") as directory:
        for name in chosen:
            SECTIONS[name](directory)
