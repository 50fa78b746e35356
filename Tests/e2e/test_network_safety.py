"""Network safety against the real binary. Only loopback addresses are ever targeted: a request that
claims another Host (an IP of the network, a rebinding attacker's name) stands in for one from there.
Beyond loopback Peach serves HTTPS with a certificate signed by its own CA, which these requests
trust (as a phone whose user installed that CA would)."""
import re
import subprocess

import pytest
import requests

from conftest import PEACH, pinned_browser

TOKEN = "e2e-token-0123456789abcdef"


@pytest.fixture
def network_server(tmp_path, monkeypatch):
    process = subprocess.Popen([PEACH, "serve", "--host", "0.0.0.0", "--port", "0", "--token", TOKEN,
                                "--data", str(tmp_path / "peach.sqlite"), "--no-browser"],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    url = process.stdout.readline().strip()
    match = re.fullmatch(r"https://([0-9.]+):(\d+)/\?token=(.+)", url)
    assert match, f"unexpected first line: {url!r}"
    assert match.group(3) == TOKEN
    monkeypatch.setenv("REQUESTS_CA_BUNDLE", str(tmp_path / "peach-ca.pem"))
    yield f"https://127.0.0.1:{match.group(2)}/", match.group(2)
    process.terminate()
    process.wait(timeout=10)


def get(url, path, host=None, **kwargs):
    headers = kwargs.pop("headers", {})
    if host:
        headers["Host"] = host
    return requests.get(url + path, headers=headers, allow_redirects=False, timeout=10, **kwargs)


def test_a_generated_token_is_printed_in_the_url(tmp_path):
    process = subprocess.Popen([PEACH, "serve", "--host", "0.0.0.0", "--port", "0",
                                "--data", str(tmp_path / "peach.sqlite"), "--no-browser"],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        url = process.stdout.readline().strip()
        assert re.fullmatch(r"https://[0-9.]+:\d+/\?token=[0-9a-f]{32}", url), url
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_the_default_server_listens_on_loopback_without_a_token(server):
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+/", server.url)
    assert requests.get(server.url + "api/health", timeout=10).status_code == 200


def test_a_network_client_needs_the_token(network_server):
    url, port = network_server
    network_host = f"192.0.2.10:{port}"  # what a phone on the network would send
    refused = get(url, "api/health", network_host)
    assert refused.status_code == 401
    assert "access token" in refused.json()["error"]["message"]
    assert get(url, "", network_host).status_code == 401
    assert get(url, f"?token=wrong-{TOKEN}", network_host).status_code == 401

    opened = get(url, f"?token={TOKEN}", network_host)
    assert opened.status_code == 303 and opened.headers["Location"] == "/"
    cookie = opened.headers["Set-Cookie"]
    assert cookie.startswith(f"peach_token={TOKEN};") and "HttpOnly" in cookie and "SameSite=Strict" in cookie
    assert cookie.endswith("; Secure")
    page = get(url, "", network_host, cookies={"peach_token": TOKEN})
    assert page.status_code == 200 and "<script" in page.text
    assert get(url, "api/health", network_host, headers={"Authorization": f"Bearer {TOKEN}"}).status_code == 200


def test_this_machine_needs_no_token(network_server):
    url, _ = network_server
    assert get(url, "api/health").status_code == 200


def test_dns_rebinding_and_cross_site_requests_are_refused(network_server, server):
    url, port = network_server
    for target, target_port in ((url, port), (server.url, server.url.rsplit(":", 1)[1].strip("/"))):
        rebound = get(target, "api/health", f"evil.example:{target_port}", cookies={"peach_token": TOKEN})
        assert rebound.status_code == 403 and "does not answer to host" in rebound.text
        before = len(requests.get(target + "api/records/comparisons", timeout=10).json()["records"])
        cross = requests.delete(target + "api/records", headers={"Origin": "https://evil.example"}, timeout=10)
        assert cross.status_code == 403 and "cross-site" in cross.text
        forged = requests.post(target + "api/import?mode=replace", data=b"", timeout=10,
                               headers={"Origin": "http://evil.example", "Content-Type": "text/csv"})
        assert forged.status_code == 403
        assert len(requests.get(target + "api/records/comparisons", timeout=10).json()["records"]) == before


def test_every_response_carries_the_security_headers(network_server):
    url, port = network_server
    for response in (get(url, ""), get(url, "api/health"), get(url, "api/health", f"192.0.2.10:{port}"),
                     get(url, "api/health", "evil.example"), get(url, "no-such-file")):
        headers = response.headers
        assert headers["Content-Security-Policy"].startswith("default-src 'self'"), response.url
        assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert headers["Referrer-Policy"] == "no-referrer"
        assert headers["X-Frame-Options"] == "DENY"


def test_the_app_runs_under_its_content_security_policy(network_server, tmp_path):
    url, _ = network_server
    browser = pinned_browser((tmp_path / "tls-certificate.pem").read_bytes())
    try:
        browser.get(url + f"?token={TOKEN}")
        assert browser.current_url == url  # the token left the address bar
        assert browser.get_cookie("peach_token")["value"] == TOKEN
        browser.find_element("id", "start-pitchComparison").click()
        browser.implicitly_wait(5)
        browser.find_element("id", "answer-higher")
        violations = [entry for entry in browser.get_log("browser") if "Content Security Policy" in entry["message"]]
        assert violations == []
    finally:
        browser.quit()
