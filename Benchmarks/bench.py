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


def synthesis(directory):
    """PeachAudio rendering speed on one core (`peach bench-audio`), in multiples of real time."""
    for voices in (1, 2):
        line = subprocess.run(["taskset", "-c", "0", PEACH, "bench-audio", "--seconds", "600", "--voices", str(voices)],
                              check=True, capture_output=True, text=True).stdout
        fields = line.split()
        value = {name: fields[fields.index(name) + 1] for name in ("audio", "cpu", "elapsed", "realtime")}
        print(f"synthesis, {voices} sine voice(s) at 48 kHz on one core: {float(value['realtime']):.0f}× real time "
              f"({value['audio']} s of audio in {value['cpu']} s of CPU, {value['elapsed']} s wall; goal ≥ 1000× for one)")


def _alsa_file_sink(directory):
    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "Tests" / "e2e"))
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


SECTIONS.update({"synthesis": synthesis, "alsa-latency": alsa_latency, "match-latency": match_latency})

if __name__ == "__main__":
    chosen = sys.argv[1:] or list(SECTIONS)
    with tempfile.TemporaryDirectory(prefix="peach-bench-") as directory:
        for name in chosen:
            SECTIONS[name](directory)
