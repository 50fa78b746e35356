"""Issue 32's figures at 1,000,000 comparisons (1000 a day for 1000 days): start-up to the first
/api/health and to a complete Start screen (written behind Peach's back, with its snapshot, after a
kill -9 while training, and after `peach import`), every discipline's sparkline cold and warm, the
timeline as the Profile asks for it, and resident memory. Each figure is printed beside the
machine's load and beside a floor: the SQLite query reading the same rows, timed in the same run,
so that the ratio means something on a shared machine. Prints; asserts nothing."""
import concurrent.futures
import pathlib
import sqlite3
import statistics
import subprocess
import sys
import time

import requests

from harness import E2E, PEACH, first_200, load, rss_mb, server_ms, start_server, stop

sys.path.insert(0, str(E2E))
from million_records import write_comparisons  # noqa: E402  (the e2e guard's history)

RECORDS = 1_000_000
# Answers given between the last start and the crash: ten minutes of comparison training.
CRASH_ANSWERS = 300


def _floor_ms(data, sql, runs=3):
    """The fastest of `runs` executions of `sql` on a fresh connection (the page cache is warm, as
    the server's is after its first read)."""
    timings = []
    for _ in range(runs):
        with sqlite3.connect(data) as database:
            began = time.perf_counter()
            database.execute(sql).fetchall()
            timings.append((time.perf_counter() - began) * 1000)
    return min(timings)


def _start_screen(url):
    """What Start asks for once it is shown, all at once as the browser does: the catalogue, the
    profile and each discipline's sparkline. Returns the sparkline paths."""
    session = requests.Session()
    catalogue = session.get(url + "api/disciplines").json()["disciplines"]
    paths = [f"api/profile/sparkline.svg?discipline={entry['id']}&lang=en"
             for entry in catalogue if entry.get("offered") is not False and entry["sparkline"] == "lowerIsBetter"]
    with concurrent.futures.ThreadPoolExecutor(len(paths) + 1) as pool:
        responses = list(pool.map(requests.get, [url + path for path in ["api/profile", *paths]]))
    assert all(response.status_code == 200 for response in responses)
    return paths


def _timed_start(data):
    """Process start → first 200 on /api/health, → every response the Start screen needs; the process."""
    began = time.perf_counter()
    health_ms, process, url, _ = first_200(data, "api/health")
    _start_screen(url)
    return health_ms, (time.perf_counter() - began) * 1000, process, url


def _train(url, answers):
    """`answers` comparison trials answered through the API, as the training screen does; how many
    the server acknowledged (all of them: a refusal fails the bench)."""
    session = requests.Session()
    for index in range(answers):
        trial = session.post(url + "api/trials", json={"discipline": "pitchComparison"}).json()
        response = session.post(url + f"api/trials/{trial['id']}/answer",
                                json={"answer": "higher" if index % 3 else "lower"})
        assert response.status_code == 200, response.text
    return answers


def _get(session, url, path):
    response = session.get(url + path)
    assert response.status_code == 200, response.text
    return server_ms(response.headers["Server-Timing"]), len(response.content)


def million(directory):
    data = pathlib.Path(directory) / "million.sqlite"
    process, _ = start_server(data)
    stop(process)
    snapshot = data.parent / "cache" / f"{data.name}.profile.json"
    # That start saved the empty profile: the records below are written behind the server's back.
    snapshot.unlink(missing_ok=True)
    began = time.perf_counter()
    write_comparisons(data, RECORDS)
    print(f"{RECORDS:,} comparisons (1000 a day) written in {time.perf_counter() - began:.1f} s; {load()}")

    scan = _floor_ms(data, "SELECT count(*), sum(isCorrect), sum(abs(note2CentOffset)), max(julianday(timestamp)) FROM comparison")
    # The lookups a start with a snapshot makes (one query with max(id) and min(id) would scan the table).
    marks = _floor_ms(data, "SELECT (SELECT id FROM comparison ORDER BY id LIMIT 1), "
                            "(SELECT id FROM comparison ORDER BY id DESC LIMIT 1), (SELECT max(timestamp) FROM comparison)")
    print("1. start-up")
    health_ms, screen_ms, process, url = _timed_start(data)
    print(f"  first start with no profile snapshot (records written behind Peach's back, or an upgrade to another snapshot format; `peach import` and the web import save one): /api/health {health_ms:.0f} ms, "
          f"complete Start screen {screen_ms:.0f} ms (goal ≤ 300 ms each); floor: SQLite reading every "
          f"comparison {scan:.0f} ms; {load()}")
    while not snapshot.exists():
        time.sleep(0.01)
    stop(process)
    empty = []
    for _ in range(3):
        health_ms, screen_ms, process, url = _timed_start(data.parent / "empty.sqlite")
        empty.append(health_ms)
        stop(process)
    starts = []
    for _ in range(3):
        health_ms, screen_ms, process, url = _timed_start(data)
        starts.append((health_ms, screen_ms))
        stop(process)
    print(f"  later starts (snapshot): /api/health median {statistics.median(s[0] for s in starts):.0f} ms, "
          f"complete Start screen median {statistics.median(s[1] for s in starts):.0f} ms, max "
          f"{max(s[1] for s in starts):.0f} ms over {len(starts)} starts; floors: the snapshot's index "
          f"lookups {marks:.2f} ms, a start on an empty database to /api/health (median of {len(empty)}) "
          f"{statistics.median(empty):.0f} ms; {load()}")

    # A crash: the server killed while a user trains, the answers it acknowledged newer than the
    # snapshot; the next start replays them and must still count every one.
    health_ms, process, url, _ = first_200(data, "api/health")
    before = requests.get(url + "api/profile").json()["comparisons"]["count"]
    acknowledged = _train(url, CRASH_ANSWERS)
    process.kill()
    process.wait(timeout=10)
    health_ms, screen_ms, process, url = _timed_start(data)
    after = requests.get(url + "api/profile").json()["comparisons"]["count"]
    stop(process)
    print(f"  first start after a crash (kill -9 after {acknowledged} acknowledged answers): /api/health "
          f"{health_ms:.0f} ms, complete Start screen {screen_ms:.0f} ms (goal ≤ 300 ms each); the profile counts "
          f"{after - before} of them{'' if after - before == acknowledged else ' — ANSWERS LOST'}; {load()}")

    # The same million through `peach export` and `peach import --replace` into a new file, as a
    # user moving to another machine does: the import folds them into the profile snapshot.
    exported = data.parent / "million.csv"
    moved = data.parent / "moved.sqlite"
    subprocess.run([PEACH, "export", "--data", str(data), "-o", str(exported)], check=True, capture_output=True)
    began = time.perf_counter()
    subprocess.run([PEACH, "import", str(exported), "--replace", "--data", str(moved)], check=True, capture_output=True)
    import_s = time.perf_counter() - began
    health_ms, screen_ms, process, url = _timed_start(moved)
    stop(process)
    print(f"  first start after `peach import` of them into a new file (the import took {import_s:.0f} s): "
          f"/api/health {health_ms:.0f} ms, complete Start screen {screen_ms:.0f} ms (goal ≤ 300 ms each); {load()}")
    exported.unlink()

    print("2. sparklines (first request after a start, then warm)")
    _, process, url, _ = first_200(data, "api/health")
    print(f"  resident memory after start-up: {rss_mb(process):.0f} MB")
    session = requests.Session()
    catalogue = session.get(url + "api/disciplines").json()["disciplines"]
    daily = _floor_ms(data, "SELECT date(timestamp), count(*), sum(isCorrect), avg(abs(note2CentOffset)) "
                            "FROM comparison GROUP BY 1")
    for entry in catalogue:
        if entry.get("offered") is False or entry["sparkline"] != "lowerIsBetter":
            continue
        path = f"api/profile/sparkline.svg?discipline={entry['id']}&lang=en"
        cold_ms, size = _get(session, url, path)
        warm = [_get(session, url, path)[0] for _ in range(10)]
        print(f"  {entry['id']}: cold {cold_ms:.1f} ms, warm median {statistics.median(warm):.2f} ms, "
              f"{size / 1024:.1f} KiB (goal ≤ 20 ms cold, ≤ 8 KiB)")
    print(f"  floor: SQLite's per-day aggregate of every comparison {daily:.0f} ms; {load()}")

    print("3. timeline as the Profile asks for it, and the chart")
    for path in ("api/profile/timeline?period=day", "api/profile/timeline?period=day&viewStart=900&viewWidth=30",
                 "api/profile/timeline?period=week&viewStart=100&viewWidth=30",
                 "api/profile/chart.svg?period=day&width=1200&height=360&lang=en"):
        first_ms, size = _get(session, url, path)
        warm = [_get(session, url, path)[0] for _ in range(10)]
        print(f"  GET /{path}: first {first_ms:.1f} ms, warm median {statistics.median(warm):.2f} ms, {size / 1024:.1f} KiB")
    window = _floor_ms(data, "SELECT note2CentOffset, isCorrect, timestamp FROM comparison "
                             "WHERE timestamp >= (SELECT datetime(max(timestamp), '-90 days') FROM comparison)")
    print(f"  floor: SQLite reading the 90 days' comparisons a 30-day view draws {window:.0f} ms; {load()}")
    # Zoomed out on a 1200 px chart: drawn day by day, as the Profile asked before it could coarsen,
    # and as it asks now (coarsen=true: weeks or months, whichever the plot has room for as dots).
    # 100 days are the most still drawn by day: the largest response.
    for name, view in (("a 100-day view", "viewStart=800&viewWidth=100"), ("a 1000-day view", "viewStart=0&viewWidth=1000"),
                       ("the whole history", "viewStart=0&viewWidth=1000000")):
        for route in ("timeline", "chart.svg"):
            for how, query in (("days", ""), ("coarsened", "&coarsen=true")):
                path = f"api/profile/{route}?period=day&width=1200&{view}{query}" + ("&height=360&lang=en" if route == "chart.svg" else "")
                first_ms, size = _get(session, url, path)
                warm = [_get(session, url, path)[0] for _ in range(10)]
                drawn = session.get(url + path).json()["period"] if route == "timeline" else ""
                print(f"  {name}, {route}, {how}{f' ({drawn}s)' if drawn else ''}: first {first_ms:.1f} ms, "
                      f"warm median {statistics.median(warm):.2f} ms, {size / 1024:.1f} KiB (goal ≤ 100 KiB)")

    _pan_a_year(url)

    print("5. memory")
    for path in ("api/profile", "api/profile/timeline?period=hour", "api/profile/timeline?period=week",
                 "api/profile/chart.svg?period=week&width=1200&height=360&lang=en"):
        _get(session, url, path)
    print(f"  resident memory after the profile, every timeline and the charts: {rss_mb(process):.0f} MB (goal ≤ 150 MB)")
    stop(process)


# Every frame the page renders while the probe runs, and Chromium's long animation frames (≥ 50 ms).
PAN_PROBE = """
window.__frames = { deltas: [], long: [] };
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const scripts = entry.scripts.reduce((sum, script) => sum + script.duration, 0);
    const layout = entry.startTime + entry.duration - entry.styleAndLayoutStart;
    window.__frames.long.push({ duration: entry.duration, scripts, layout,
      top: entry.scripts.map((script) => `${script.sourceFunctionName || script.invoker} ${script.duration.toFixed(0)}`).slice(0, 3) });
  }
}).observe({ type: 'long-animation-frame', buffered: false });
let last = performance.now();
const tick = (now) => { window.__frames.deltas.push(now - last); last = now; requestAnimationFrame(tick); };
requestAnimationFrame(tick);
"""


def _pan_a_year(url):
    """The Profile's day chart dragged back through a year with the mouse, as real input events, the
    charts for the views it reaches fetched on the way: the longest frame and those over 50 ms."""
    from conftest import PeachChrome, chromium_options
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.actions.action_builder import ActionBuilder
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait
    import shutil

    print("3b. panning a year of the day chart (desktop 1280×800, mouse drags)")
    browser = PeachChrome(options=chromium_options(), service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"))
    try:
        browser.set_window_size(1280, 800)
        browser.get(url + "#/profile")
        chart = WebDriverWait(browser, 60).until(
            lambda _: browser.find_elements(By.CSS_SELECTOR, "#profile-chart svg.threshold-chart"))[0]
        container = browser.find_element(By.ID, "profile-chart")
        start = float(container.get_attribute("data-view-start"))
        box = chart.rect
        browser.execute_script(PAN_PROBE)
        began = time.perf_counter()
        # Drags of 500 px until the view has moved a year back (a debug server may be slow to draw),
        # or stops moving at the first day of a shorter history.
        reached, previous = start, None
        while start - reached < 365 and reached != previous:
            actions = ActionBuilder(browser)
            mouse = actions.pointer_action
            mouse.move_to_location(int(box["x"] + 60), int(box["y"] + box["height"] / 2))
            mouse.pointer_down()
            for _ in range(20):
                mouse.move_by(25, 0)
                mouse.pause(0.016)
            mouse.pointer_up()
            actions.perform()
            previous, reached = reached, float(container.get_attribute("data-view-start"))
        time.sleep(1.0)
        frames = browser.execute_script("return window.__frames")
        reached = float(container.get_attribute("data-view-start"))
        deltas = frames["deltas"][1:]
        long = sorted(frames["long"], key=lambda entry: -entry["duration"])
        print(f"  dragged {start - reached:.0f} days back in {time.perf_counter() - began:.1f} s; {len(deltas)} frames, "
              f"longest {max(deltas):.0f} ms, median {statistics.median(deltas):.1f} ms; long animation frames "
              f"(≥ 50 ms): {len(long)} (goal: none); {load()}")
        for entry in long[:3]:
            print(f"    {entry['duration']:.0f} ms: scripts {entry['scripts']:.0f} ms ({', '.join(entry['top'])}), "
                  f"style and layout {entry['layout']:.0f} ms")
    finally:
        browser.quit()
