"""HTTPS for phones on the LAN (issue 13): browsers give the microphone and AudioWorklet only to a
secure context, so `peach serve` beyond loopback serves HTTPS — with a self-signed certificate
kept in the data directory, whose fingerprint it prints next to the URL, or with
`--tls-cert/--tls-key`. Loopback stays plain HTTP (conftest's server checks that on every test)."""
import hashlib
import re
import socket
import ssl
import subprocess

import pytest
import requests
from selenium.webdriver.common.by import By

from conftest import PEACH, pinned_browser

FINGERPRINT = re.compile(r"Certificate SHA-256 fingerprint: ((?:[0-9A-F]{2}:){31}[0-9A-F]{2})")


def lan_address():
    """This machine's IPv4 address on its default route (no packet is sent), or None on a machine
    with loopback only."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))
        except OSError:
            return None
        address = probe.getsockname()[0]
    return None if address.startswith("127.") else address


def serve(tmp_path, *arguments):
    process = subprocess.Popen([PEACH, "serve", "--port", "0", "--data", str(tmp_path / "peach.sqlite"),
                                "--no-browser", *arguments],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    url = process.stdout.readline().strip()
    fingerprint = FINGERPRINT.fullmatch(process.stdout.readline().strip())
    return process, url, fingerprint and fingerprint.group(1)


def stop(process):
    process.terminate()
    process.wait(timeout=10)


def served_certificate(host, port):
    """The certificate the server presents, unverified: what a phone sees before trusting it."""
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    with socket.create_connection((host, port), timeout=10) as raw, context.wrap_socket(raw) as tls:
        return tls.getpeercert(binary_form=True)


def colon_hex(digest):
    return ":".join(f"{byte:02X}" for byte in digest)


def secure_context(browser, url):
    browser.get(url)
    browser.find_element(By.ID, "screen-start")
    return browser.execute_script(
        "return {secure: window.isSecureContext, protocol: location.protocol,"
        " getUserMedia: typeof navigator.mediaDevices?.getUserMedia, worklet: typeof AudioWorkletNode}")


def test_the_lan_url_serves_https_with_the_printed_fingerprint_and_a_secure_context(tmp_path):
    process, url, fingerprint = serve(tmp_path, "--host", "0.0.0.0")
    try:
        match = re.fullmatch(r"https://([0-9.]+):(\d+)/\?token=[0-9a-f]{32}", url)
        assert match, url
        host, port = match.group(1), int(match.group(2))
        # The address a phone would type: this machine's own on its network when it has one.
        assert host == (lan_address() or "127.0.0.1")
        der = served_certificate(host, port)
        assert fingerprint == colon_hex(hashlib.sha256(der).digest())
        kept = (tmp_path / "tls-certificate.pem").read_text()
        assert ssl.PEM_cert_to_DER_cert(kept) == der
        assert (tmp_path / "tls-key.pem").stat().st_mode & 0o077 == 0

        browser = pinned_browser(kept.encode())
        try:
            context = secure_context(browser, url)
            assert context == {"secure": True, "protocol": "https:", "getUserMedia": "function", "worklet": "function"}
            assert browser.current_url == url.split("?")[0]  # the token became a cookie
            cookie = browser.get_cookie("peach_token")
            assert cookie["secure"] and cookie["httpOnly"]
            # Same-origin API calls pass the origin check over https too.
            assert browser.execute_async_script(
                "const done = arguments[0];"
                "fetch('/api/settings', {method: 'PUT', headers: {'Content-Type': 'application/json'},"
                " body: JSON.stringify({noteDurationSeconds: 0.8})}).then((r) => done(r.status))") == 200
        finally:
            browser.quit()
    finally:
        stop(process)

    # The next start presents the same certificate: the phone is not asked again.
    process, again, second = serve(tmp_path, "--host", "0.0.0.0")
    try:
        assert again.startswith("https://") and second == fingerprint
    finally:
        stop(process)


def test_an_unpinned_browser_gets_no_secure_page_from_a_self_signed_certificate(tmp_path):
    """The fingerprint check matters: without the user's trust the page does not load at all."""
    process, url, _ = serve(tmp_path, "--host", "0.0.0.0")
    other = tmp_path / "other"
    other.mkdir()
    decoy, _, _ = serve(other, "--host", "0.0.0.0")
    try:
        browser = pinned_browser((other / "tls-certificate.pem").read_bytes())  # trusts another key
        try:
            browser.get(url)
            assert browser.find_elements(By.ID, "screen-start") == []
        finally:
            browser.quit()
    finally:
        stop(decoy)
        stop(process)


@pytest.fixture
def given_certificate(tmp_path):
    certificate, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
                    "-nodes", "-keyout", str(key), "-out", str(certificate), "-days", "30", "-subj", "/CN=peach-test",
                    "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"], check=True, capture_output=True)
    return certificate, key


def test_a_given_certificate_is_served_even_on_loopback(tmp_path, given_certificate):
    certificate, key = given_certificate
    process, url, fingerprint = serve(tmp_path, "--tls-cert", str(certificate), "--tls-key", str(key))
    try:
        assert re.fullmatch(r"https://127\.0\.0\.1:\d+/", url), url
        expected = ssl.PEM_cert_to_DER_cert(certificate.read_text())
        assert fingerprint == colon_hex(hashlib.sha256(expected).digest())
        # Verified against the given certificate, names and all.
        assert requests.get(url + "api/health", verify=str(certificate), timeout=10).status_code == 200
        assert not (tmp_path / "tls-certificate.pem").exists()  # nothing self-signed was made
        browser = pinned_browser(certificate.read_bytes())
        try:
            assert secure_context(browser, url)["secure"] is True
        finally:
            browser.quit()
    finally:
        stop(process)


@pytest.mark.parametrize("broken, message", [
    ("garbage", "the TLS key is not a readable PEM private key"),
    ("other key", "the TLS key does not belong to the certificate"),
    ("missing", "the TLS key is not a readable PEM private key (cannot read"),
])
def test_a_broken_key_is_one_clear_error_line(tmp_path, given_certificate, broken, message):
    certificate, key = given_certificate
    if broken == "garbage":
        key.write_text("-----BEGIN PRIVATE KEY-----\nnot base64 at all\n-----END PRIVATE KEY-----\n")
    elif broken == "other key":
        subprocess.run(["openssl", "genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256",
                        "-out", str(key)], check=True, capture_output=True)
    else:
        key.unlink()
    result = subprocess.run([PEACH, "serve", "--port", "0", "--data", str(tmp_path / "peach.sqlite"), "--no-browser",
                             "--tls-cert", str(certificate), "--tls-key", str(key)],
                            capture_output=True, text=True, timeout=30)
    assert result.returncode != 0
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"Error: {message}"), result.stderr


def test_a_certificate_without_its_key_is_a_usage_error(tmp_path, given_certificate):
    certificate, _ = given_certificate
    result = subprocess.run([PEACH, "serve", "--port", "0", "--data", str(tmp_path / "peach.sqlite"), "--no-browser",
                             "--tls-cert", str(certificate)], capture_output=True, text=True, timeout=30)
    assert result.returncode != 0 and "--tls-cert and --tls-key go together" in result.stderr
