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


SECTIONS = {"launch": launch, "answer": answer}

if __name__ == "__main__":
    chosen = sys.argv[1:] or list(SECTIONS)
    with tempfile.TemporaryDirectory(prefix="peach-bench-") as directory:
        for name in chosen:
            SECTIONS[name](directory)
