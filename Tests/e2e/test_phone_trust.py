"""Trust once, then everything works (issue 54): beyond loopback `peach serve` is its own small,
name-constrained certificate authority. A browser that trusts Peach's CA, as a phone does after the
user installed it once, gets the page with no warning and a service worker, so the app installs and
trains offline; a clicked-through certificate never gave it one."""
import os
import pathlib
import re
import shutil
import ssl
import subprocess

import requests
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import PEACH, chromium_options
from test_answer_queue import reserved
from test_offline_app import kept_copy, train, wait_status

TOKEN = "phone-trust-token-0123456789"


def serve(data, port=0):
    process = subprocess.Popen([PEACH, "serve", "--host", "0.0.0.0", "--port", str(port), "--token", TOKEN,
                                "--data", str(data / "peach.sqlite"), "--no-browser"],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    url = process.stdout.readline().strip()
    match = re.fullmatch(r"https://\S+:(\d+)/\?token=" + TOKEN, url)
    assert match, url
    return process, int(match.group(1))


def stop(process):
    process.terminate()
    process.wait(timeout=10)


def browser_trusting(ca_pem, home):
    """Chromium whose NSS store (in a HOME of its own) trusts Peach's CA as a user's would, and no
    flag that ignores any certificate error."""
    nssdb = home / ".pki" / "nssdb"
    nssdb.mkdir(parents=True)
    subprocess.run(["certutil", "-d", f"sql:{nssdb}", "-N", "--empty-password"], check=True, capture_output=True)
    subprocess.run(["certutil", "-d", f"sql:{nssdb}", "-A", "-t", "C,,", "-n", "peach", "-i", str(ca_pem)],
                   check=True, capture_output=True)
    options = chromium_options()
    assert not any("certificate" in argument for argument in options.arguments)
    options.add_argument(f"--user-data-dir={home / 'profile'}")
    service = Service(executable_path=shutil.which("chromedriver") or "/usr/bin/chromedriver",
                      env={**os.environ, "HOME": str(home)})
    driver = webdriver.Chrome(options=options, service=service)
    driver.set_script_timeout(60)
    driver.set_page_load_timeout(30)
    return driver


def test_a_browser_that_trusts_peachs_ca_gets_the_app_its_worker_and_offline_training(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    process, port = serve(data)
    origin = f"https://127.0.0.1:{port}/"
    browser = None
    try:
        # The CA certificate is public: fetched without the token, over a connection verified with it
        # (OpenSSL checks the name constraints too).
        ca_file = tmp_path / "ca.pem"
        pem = requests.get(origin + "ca.pem", verify=str(data / "peach-ca.pem"), timeout=10)
        assert pem.status_code == 200, pem.text
        ca_file.write_bytes(pem.content)
        assert pem.text == (data / "peach-ca.pem").read_text()
        der = requests.get(origin + "ca.crt", verify=str(ca_file), timeout=10)
        assert der.headers["Content-Type"] == "application/x-x509-ca-cert"
        assert der.content == ssl.PEM_cert_to_DER_cert(pem.text)
        assert (data / "peach-ca-key.pem").stat().st_mode & 0o077 == 0

        browser = browser_trusting(ca_file, tmp_path / "home")
        browser.get(origin + f"?token={TOKEN}")
        # No interstitial: Peach's own page, in a secure context.
        WebDriverWait(browser, 15).until(lambda b: b.find_element(By.ID, "screen-start").is_displayed())
        assert browser.execute_script("return window.isSecureContext") is True
        assert browser.current_url == origin
        # The worker registers (a certificate error would refuse it), and controls the page after a reload.
        assert browser.execute_async_script(
            "const done = arguments[0]; navigator.serviceWorker.ready.then(() => done(true), (e) => done(String(e)))") is True
        browser.refresh()
        WebDriverWait(browser, 15).until(lambda b: b.find_element(By.ID, "screen-start").is_displayed())
        assert kept_copy(browser)
        assert browser.execute_script("return navigator.serviceWorker.controller !== null") is True
        assert browser.execute_cdp_cmd("Page.getInstallabilityErrors", {})["installabilityErrors"] == []

        # Offline: one answer draws the reserve, then 10 comparisons without the server, stored once
        # when it is back (the same CA and server certificate: the browser is not asked again).
        requests.put(origin + "api/settings", json={"noteDurationSeconds": 0.3}, verify=str(ca_file),
                     timeout=10).raise_for_status()  # from loopback: no token needed
        train(browser, origin, "pitchComparison", 1)
        WebDriverWait(browser, 20, poll_frequency=0.2).until(lambda _: reserved(browser).get("|pitchComparison", 0) >= 10)
        stop(process)
        browser.get("about:blank")
        browser.get(origin)
        WebDriverWait(browser, 10).until(lambda b: b.find_element(By.ID, "screen-start").is_displayed())
        train(browser, origin, "pitchComparison", 10)
        wait_status(browser, "Offline — 10 answers will be saved later")
        process, _ = serve(data, port=port)
        wait_status(browser, "", timeout=20)
        records = requests.get(origin + "api/records?discipline=pitchComparison&limit=100", verify=str(ca_file),
                               timeout=10).json()["records"]
        assert len(records) == 11
    finally:
        if browser:
            browser.quit()
        stop(process)


def test_the_ca_vouches_for_local_names_only(tmp_path):
    """OpenSSL, as a second verifier: a certificate Peach's CA signs for a public name is refused."""
    data = tmp_path / "data"
    data.mkdir()
    process, _ = serve(data)
    stop(process)
    ca, ca_key = data / "peach-ca.pem", data / "peach-ca-key.pem"
    text = subprocess.run(["openssl", "x509", "-in", str(ca), "-noout", "-text"], check=True, capture_output=True,
                          text=True).stdout
    assert re.search(r"X509v3 Name Constraints: critical\s+Permitted:\s+DNS:localhost\s+DNS:local\s+IP:127\.0\.0\.0/255\.0\.0\.0", text), text
    assert "IP:192.168.0.0/255.255.0.0" in text and "IP:FC00:0:0:0:0:0:0:0/FE00:0:0:0:0:0:0:0" in text

    def signed_for(name, extension):
        key, request, certificate = (tmp_path / f"{name}.{suffix}" for suffix in ("key", "csr", "pem"))
        subprocess.run(["openssl", "req", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                        "-keyout", str(key), "-out", str(request), "-subj", "/O=test"], check=True, capture_output=True)
        extensions = tmp_path / f"{name}.ext"
        extensions.write_text(f"subjectAltName={extension}\nextendedKeyUsage=serverAuth\n")
        subprocess.run(["openssl", "x509", "-req", "-in", str(request), "-CA", str(ca), "-CAkey", str(ca_key),
                        "-CAcreateserial", "-days", "2", "-out", str(certificate), "-extfile", str(extensions)],
                       check=True, capture_output=True)
        return subprocess.run(["openssl", "verify", "-CAfile", str(ca), str(certificate)], capture_output=True, text=True)

    for name, extension in (("public-name", "DNS:example.com"), ("public-address", "IP:8.8.8.8")):
        result = signed_for(name, extension)
        assert result.returncode != 0 and "permitted subtree violation" in result.stderr, result
    for name, extension in (("local-name", "DNS:peach-host.local"), ("private-address", "IP:192.168.1.5")):
        result = signed_for(name, extension)
        assert result.returncode == 0, result


def test_a_browser_that_trusts_another_peachs_ca_gets_the_warning(tmp_path):
    """The control: what lets the page in is this Peach's CA in the store, nothing else."""
    data, other = tmp_path / "data", tmp_path / "other"
    data.mkdir()
    other.mkdir()
    stop(serve(other)[0])
    process, port = serve(data)
    browser = browser_trusting(other / "peach-ca.pem", tmp_path / "home")
    try:
        browser.get(f"https://127.0.0.1:{port}/?token={TOKEN}")
        assert browser.find_elements(By.ID, "screen-start") == []
        assert browser.title == "Privacy error"
    finally:
        browser.quit()
        stop(process)
