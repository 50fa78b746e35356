"""What every benchmark script shares: the peach binary under test, the repository, a server
started and stopped, its CPU time and memory, and the machine's load. It imports none of them
(bench.py runs the others; they import only this), so the scripts form no circle."""
import os
import pathlib
import subprocess
import time

import requests

PEACH = os.environ["PEACH_BIN"]
ROOT = pathlib.Path(__file__).resolve().parents[1]
# The e2e tests' helpers (conftest, data_safety, …), which several benchmarks use.
E2E = ROOT / "Tests" / "e2e"


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def server_ms(timing):
    """A response's Server-Timing header (`app;dur=12.3`): the server's own milliseconds."""
    return float(timing.split("dur=")[1])


def timed_get(session, url, timeout):
    """GET `url`: its round trip in milliseconds and the response; anything but 200 is an error."""
    began = time.perf_counter()
    response = session.get(url, timeout=timeout)
    elapsed = (time.perf_counter() - began) * 1000
    if response.status_code != 200:
        raise RuntimeError(f"GET {url}: {response.status_code} {response.text[:200]}")
    return elapsed, response


def start_server(data_path, *extra):
    process = subprocess.Popen([PEACH, "serve", "--port", "0", "--data", str(data_path), "--no-browser", *extra],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    url = process.stdout.readline().strip()
    return process, url


def stop(process):
    process.terminate()
    process.wait(timeout=10)


def first_200(data, path):
    """Milliseconds from process start to the first 200 on `path`, the process, its URL, and its CPU
    milliseconds when it began listening (the profile is built by then)."""
    began = time.perf_counter()
    process, url = start_server(data)
    startup_cpu = cpu_ms(process)
    session = requests.Session()
    while True:
        try:
            if session.get(url + path, timeout=5).status_code == 200:
                return (time.perf_counter() - began) * 1000, process, url, startup_cpu
        except requests.ConnectionError:
            time.sleep(0.002)


def cpu_ms(process):
    """The process's CPU time so far (user + system): on a shared machine the wall-clock figures
    wait for other work, this does not."""
    fields = pathlib.Path(f"/proc/{process.pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")


def load():
    return f"load {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"


def rss_mb(process):
    for line in pathlib.Path(f"/proc/{process.pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")
