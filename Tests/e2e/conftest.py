"""Fixtures for the end-to-end suite: the real `peach` binary on a temporary database and a free
port, and a real headless Chromium driven by Selenium."""
import base64
import hashlib
import os
import pathlib
import resource
import shutil
import ssl
import subprocess
import tempfile
import time

import pytest
import requests
from selenium import webdriver
from selenium.common.exceptions import (NoSuchElementException, StaleElementReferenceException, TimeoutException,
                                        WebDriverException)
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.remote.command import Command
from selenium.webdriver.support import wait as selenium_wait
from selenium.webdriver.support.ui import WebDriverWait

# Every wait in the suite asks again when the page re-rendered the element it had just found: a
# screen that redraws itself (Start when the server's figures arrive) is not a failure, and a wait
# that looks at it between the find and the read must not end the test (CI on main, issue 47).
selenium_wait.IGNORED_EXCEPTIONS = (NoSuchElementException, StaleElementReferenceException)

ROOT = pathlib.Path(__file__).resolve().parents[2]
PEACH = os.environ.get("PEACH_BIN", str(ROOT / ".build" / "debug" / "peach"))

# The files of the longest tests (a minute or more each, `--durations` in CI's log), handed out
# first: the two workers then finish together, instead of one idling while the other runs a long
# test it drew last.
LONGEST_FIRST = ("test_screen_check.py", "test_class_web.py", "test_accessibility.py", "test_api_contract.py",
                 "test_hostile_input.py", "test_import_while_training.py")


def pytest_collection_modifyitems(items):
    items.sort(key=lambda item: item.path.name not in LONGEST_FIRST)


class PeachServer:
    """One `peach serve` process; restartable on the same database."""

    def __init__(self, data_path, database_url=None, binary=PEACH):
        """On the SQLite file `data_path`, or on PostgreSQL when `database_url` is given; `binary`:
        another build of peach (an upgrade)."""
        self.binary = binary
        self.data_path = data_path
        self.database_url = database_url
        self.process = None
        self.url = None

    def start(self, *extra, port=0, file_limit=None):
        """`file_limit`: the process's limit of open files (RLIMIT_NOFILE), as a service unit sets it."""
        storage = ["--data", str(self.data_path)]
        if self.database_url:
            # serve on PostgreSQL is a class server unless told otherwise; without --accounts the
            # tests mean one person's Peach there.
            storage = ["--database", self.database_url, *([] if "--accounts" in extra else ["--no-accounts"])]
        self.process = subprocess.Popen(
            [self.binary, "serve", "--port", str(port), *storage, "--no-browser", *extra],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
            preexec_fn=None if file_limit is None else lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (file_limit, file_limit)))
        self.url = self.process.stdout.readline().strip()
        assert self.url.startswith("http://127.0.0.1:"), f"unexpected first line: {self.url!r}"
        return self

    def stop(self, kill=False):
        if self.process and self.process.poll() is None:
            if kill:
                self.process.kill()
            else:
                self.process.terminate()
            self.process.wait(timeout=10)

    def restart(self):
        self.stop()
        return self.start()

    @property
    def port(self):
        return int(self.url.rstrip("/").rsplit(":", 1)[1])

    def api(self, method, path, **kwargs):
        return requests.request(method, self.url + "api/" + path, timeout=10, **kwargs)

    def records(self, limit=1000):
        response = self.api("GET", f"records/comparisons?limit={limit}")
        response.raise_for_status()
        return response.json()["records"]


class LANPeach:
    """`peach serve --host 0.0.0.0` (HTTPS, an access token) with a stand-in `avahi-publish-service`
    on PATH that announces `<host>.local` as Avahi does: what a phone on the network reaches. Visited
    on loopback (`url`), where its certificate names 127.0.0.1 too."""

    TOKEN = "lan-peach-token-0123456789"

    def __init__(self, directory):
        directory.mkdir(parents=True, exist_ok=True)
        tools = directory / "avahi"
        tools.mkdir(exist_ok=True)
        tool = tools / "avahi-publish-service"
        tool.write_text("#!/bin/sh\necho \"Established under name '$1'\" >&2\nexec sleep 3600\n")
        tool.chmod(0o755)
        self.process = subprocess.Popen(
            [PEACH, "serve", "--host", "0.0.0.0", "--port", "0", "--token", self.TOKEN, "--no-browser",
             "--data", str(directory / "peach.sqlite")],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
            env={**os.environ, "PATH": f"{tools}:{os.environ['PATH']}"})
        self.said = [self.process.stdout.readline().strip()]
        while "Avahi" not in self.said[-1] and "avahi" not in self.said[-1] and self.process.poll() is None:
            self.said.append(self.process.stdout.readline().strip())
        self.port = int(self.said[0].rsplit(":", 1)[1].split("/")[0])
        self.url = f"https://127.0.0.1:{self.port}/"
        self.certificate = ssl.get_server_certificate(("127.0.0.1", self.port)).encode()
        # Peach's own CA, kept beside the database: what a device that trusts Peach verifies with.
        self.authority = str(directory / "peach-ca.pem")

    def api(self, method, path, **kwargs):
        return requests.request(method, self.url + "api/" + path, timeout=10, verify=self.authority, **kwargs)

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)


@pytest.fixture
def server():
    directory = tempfile.mkdtemp(prefix="peach-e2e-")
    peach = PeachServer(pathlib.Path(directory) / "peach.sqlite").start()
    yield peach
    peach.stop()
    shutil.rmtree(directory, ignore_errors=True)


class ClassStorage:
    """Where a class server keeps its accounts and data: a PostgreSQL database (any number of
    instances) or the SQLite class files beside a personal database (one instance)."""

    def __init__(self, backend, directory, database_url=None):
        self.backend = backend
        self.data_path = pathlib.Path(directory) / "peach.sqlite"
        self.database_url = database_url
        self.instances = 2 if database_url else 1

    @property
    def args(self):
        """The storage options of a `peach users|classes|export…` command."""
        return ["--database", self.database_url] if self.database_url else ["--data", str(self.data_path)]

    def peach(self, *arguments, stdin=None):
        result = subprocess.run([PEACH, *map(str, arguments), *self.args], input=stdin, capture_output=True,
                                text=True, timeout=60)
        assert result.returncode == 0, result.stderr
        return result.stdout

    def start_servers(self, *extra):
        """As many instances as the backend allows, each a class server."""
        return [PeachServer(self.data_path, database_url=self.database_url).start("--accounts", *extra)
                for _ in range(self.instances)]


def complete_class_view(session, url, class_id, timeout=30):
    """`GET /api/classes/{id}` once no row is being prepared: a view answers at once and marks the
    students whose figures the server is still fitting (a moment after their answers)."""
    deadline = time.monotonic() + timeout
    while True:
        response = session.get(url + f"api/classes/{class_id}", timeout=10)
        assert response.status_code == 200, response.text
        view = response.json()
        if view["preparing"] == 0 or time.monotonic() > deadline:
            assert view["preparing"] == 0, f"still preparing after {timeout} s: {view}"
            return view
        time.sleep(0.2)


@pytest.fixture(params=["postgres", "sqlite"])
def class_storage(request, tmp_path):
    url = None
    if request.param == "postgres":
        cluster = request.getfixturevalue("postgres_cluster")
        url = cluster.url(cluster.create_database())
    return ClassStorage(request.param, tmp_path, url)


@pytest.fixture(scope="session")
def postgres_cluster():
    """One PostgreSQL cluster for the whole run; it stops when pytest's process ends."""
    from postgres import PostgresCluster
    return PostgresCluster()


# What a browser does for itself beside the page (updates, sync, safe browsing, translation, crash
# reports) is CPU a test pays for and never looks at.
QUIET = ("--disable-background-networking", "--disable-component-update", "--disable-default-apps",
         "--disable-sync", "--no-first-run", "--disable-breakpad", "--disable-client-side-phishing-detection",
         "--disable-domain-reliability", "--metrics-recording-only", "--password-store=basic",
         "--disable-features=Translate,MediaRouter,OptimizationHints,AutofillServerCommunication")


def chromium_options(width=1440, height=900):
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--autoplay-policy=no-user-gesture-required", f"--window-size={width},{height}",
                     "--lang=en-US", *QUIET):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return options


def spki_sha256(certificate_pem):
    """Base64 SHA-256 of a PEM certificate's public key: what Chromium's pin list takes."""
    key = subprocess.run(["openssl", "x509", "-pubkey", "-noout"], input=certificate_pem, check=True,
                         capture_output=True).stdout
    der = subprocess.run(["openssl", "pkey", "-pubin", "-outform", "der"], input=key, check=True,
                         capture_output=True).stdout
    return base64.b64encode(hashlib.sha256(der).digest()).decode()


# The page checks the condition itself, every 5 ms, and answers once it holds. A WebDriverWait that
# polls every 10 ms pays a round trip through chromedriver each time: it kept a third of a core busy
# for as long as it waited (0.34 CPU-s a second, against 0.06 for a poll every 100 ms), seconds per
# trial in the tests that answer trial after trial.
UNTIL = """
const done = arguments[arguments.length - 1];
const deadline = performance.now() + %(timeout)s;
let failure = null;
const holds = () => { %(condition)s };
const check = () => {
  let value = null;
  try { value = holds(); failure = null; } catch (error) { failure = String(error); }
  if (value) done({ value });
  else if (performance.now() > deadline) done({ value: null, failure });
  else setTimeout(check, 5);
};
check();
"""


def until(browser, condition, *args, timeout=10):
    """Waits until the page's JavaScript `condition` (a function body; `arguments[i]` are `args`)
    returns something truthy, and returns it. For waits that no page load interrupts."""
    # The session's script timeout is asked once per browser: a round trip before each wait came
    # late for a state that lasts 400 ms (feedback) on a loaded machine.
    script_timeout = getattr(browser, "until_script_timeout", None) or browser.timeouts.script
    if script_timeout < timeout + 5:
        script_timeout = timeout + 5
        browser.set_script_timeout(script_timeout)
    browser.until_script_timeout = script_timeout
    result = browser.execute_async_script(UNTIL % {"timeout": timeout * 1000, "condition": condition}, *args)
    if not result["value"]:
        raise TimeoutException(f"not within {timeout} s: {condition}"
                               + (f" (last error: {result['failure']})" if result.get("failure") else ""))
    return result["value"]


class PeachChrome(webdriver.Chrome):
    """Chromium whose get and refresh return once the page has drawn its screens: the training screens
    come from modules (screens/answer-<method>.js) the page imports after its load event, which is
    all that webdriver's own get waits for. A page that never draws them (no server, a page of
    another kind) is returned after a while as it is: the test says what it expected."""

    def get(self, url):
        if url.startswith(("http://", "https://")):
            self.origins_visited().add("/".join(url.split("/")[:3]))
        super().get(url)
        self.wait_for_screens()

    def origins_visited(self):
        """Where this browser went (get): the origins whose storage `browser` clears after a test."""
        if not hasattr(self, "_origins"):
            self._origins = set()
        return self._origins

    def refresh(self):
        super().refresh()
        self.wait_for_screens()

    def wait_for_screens(self, timeout=10):
        try:
            WebDriverWait(self, timeout, poll_frequency=0.02).until(lambda driver: driver.execute_script(
                "return !document.getElementById('app') || document.body.dataset.screens === 'drawn'"))
        except (TimeoutException, WebDriverException):
            pass


def pinned_browser(certificate_pem):
    """Chromium that trusts exactly this certificate's key (a self-signed one, as a user who checked
    its fingerprint would), and still refuses any other invalid certificate."""
    options = chromium_options()
    options.add_argument(f"--ignore-certificate-errors-spki-list={spki_sha256(certificate_pem)}")
    driver = PeachChrome(
        options=options, service=Service(executable_path=shutil.which("chromedriver") or "/usr/bin/chromedriver"))
    driver.set_script_timeout(60)
    return driver


def launched_browser():
    driver = PeachChrome(
        options=chromium_options(),
        service=Service(executable_path=shutil.which("chromedriver") or "/usr/bin/chromedriver"))
    driver.set_script_timeout(60)
    return driver


def forgets_its_test(driver):
    """Leaves `driver` as a test found it at launch: one fresh tab (what a tab's DevTools session was
    told — emulated sizes and media, scripts on new documents, offline, blocked URLs — goes with the
    old one), nothing stored for any origin it visited (cookies, local storage, IndexedDB, service
    workers and their caches), no granted permission, no console entries, no input source, the usual
    timeouts."""
    old = driver.window_handles
    if driver.current_url.startswith(("http://", "https://")):
        # A page may have gone elsewhere by itself (a link, a redirect).
        driver.origins_visited().add("/".join(driver.current_url.split("/")[:3]))
    driver.switch_to.new_window("tab")
    fresh = driver.current_window_handle
    for handle in old:
        driver.switch_to.window(handle)
        driver.close()
    driver.switch_to.window(fresh)
    for origin in driver.origins_visited():
        driver.execute_cdp_cmd("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
    driver.origins_visited().clear()
    driver.execute_cdp_cmd("Network.clearBrowserCookies", {})
    driver.execute_cdp_cmd("Network.clearBrowserCache", {})
    driver.execute_cdp_cmd("Browser.resetPermissions", {})
    driver.get_log("browser")
    # The session's input sources: a test's "mouse" may be the next one's touch pointer.
    driver.execute(Command.W3C_CLEAR_ACTIONS)
    driver.set_script_timeout(60)
    driver.set_page_load_timeout(300)
    driver.implicitly_wait(0)
    driver.until_script_timeout = None


@pytest.fixture(scope="session")
def worker_browser():
    """The worker's one Chromium behind `browser`: a launch cost about a CPU-second and a second of
    wall clock, paid by some 140 tests of a run; a fresh tab and cleared storage cost a fraction."""
    held = []
    yield held
    for driver in held:
        driver.quit()


@pytest.fixture
def browser(worker_browser):
    if not worker_browser:
        worker_browser.append(launched_browser())
    driver = worker_browser[0]
    yield driver
    try:
        forgets_its_test(driver)
    except Exception:  # noqa: BLE001 - a browser that cannot be reset (quit by its test, crashed) is replaced
        worker_browser.clear()
        try:
            driver.quit()
        except Exception:  # noqa: BLE001
            pass
