"""The "Use Peach on your phone" page (issue 54): opened from Settings and from Info, it shows what
GET /api/phone says — the addresses a phone opens (the announced `.local` name first), a QR code of
it drawn by the server that a reader independent of libqrencode reads back, where Peach's CA is
downloaded — and walks the user through trusting the CA and adding the app to the home screen, in
English and German. On a Peach serving loopback only it says so, and how to serve the network."""
import re
import subprocess
import xml.etree.ElementTree as ElementTree

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from conftest import LANPeach, pinned_browser

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture
def lan(tmp_path):
    peach = LANPeach(tmp_path / "lan")
    yield peach
    peach.stop()


def visible(browser, element_id):
    return browser.find_element(By.ID, element_id).is_displayed()


def open_page(browser, opener):
    """Clicks `opener` and waits for the page to have what the server said."""
    browser.find_element(By.ID, opener).click()
    WebDriverWait(browser, 10).until(lambda b: visible(b, "screen-phone"))
    WebDriverWait(browser, 10).until(
        lambda b: visible(b, "phone-loopback") or b.find_elements(By.CSS_SELECTOR, "#phone-code svg"))


def read_code(svg, tmp_path):
    """What zbarimg reads from the page's QR code, drawn from the SVG's squares."""
    root = ElementTree.fromstring(svg)
    side = int(root.get("viewBox").split()[2])
    dark = {tuple(map(int, square.split("h")[0].split())) for square in
            root.find(f"{SVG}path").get("d").split("M")[1:]}
    scale = 4
    rows = [[(x // scale, y // scale) in dark for x in range(side * scale)] for y in range(side * scale)]
    image = tmp_path / "page-code.pbm"
    image.write_text(f"P1\n{side * scale} {side * scale}\n"
                     + "\n".join(" ".join("1" if pixel else "0" for pixel in row) for row in rows) + "\n")
    result = subprocess.run(["zbarimg", "--quiet", "--raw", str(image)], capture_output=True, text=True, timeout=30)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def test_the_page_shows_the_address_its_code_and_the_steps_from_settings_and_info(lan, tmp_path):
    port, said, origin = lan.port, lan.said, lan.url
    browser = pinned_browser(lan.certificate)
    try:
        browser.get(origin + f"?token={lan.TOKEN}#/settings")
        WebDriverWait(browser, 10).until(lambda b: visible(b, "screen-settings"))
        phone = browser.execute_async_script(
            "fetch('/api/phone').then((r) => r.json()).then(arguments[0])")
        name = re.search(r"Announced as (\S+\.local) by mDNS", "\n".join(said)).group(1)
        assert phone["lan"] and phone["url"] == f"https://{name}:{port}/?token={lan.TOKEN}"
        assert [a["kind"] for a in phone["addresses"]] == ["localName", "address"]
        assert phone["authority"]["crt"] == f"https://{name}:{port}/ca.crt"

        open_page(browser, "settings-phone")
        back = browser.find_element(By.ID, "phone-back")
        assert back.text == "‹ Settings" and back.get_attribute("href").endswith("#/settings")
        assert not visible(browser, "phone-loopback")
        svg = browser.find_element(By.CSS_SELECTOR, "#phone-code svg")
        assert read_code(svg.get_attribute("outerHTML"), tmp_path) == phone["url"]
        assert svg.get_attribute("aria-label") == f"QR code of {phone['url']}"
        shown = [element.text for element in browser.find_elements(By.CSS_SELECTOR, "#phone-addresses dt")]
        assert shown == [address["url"] for address in phone["addresses"]]
        assert browser.find_element(By.ID, "phone-download").get_attribute("href") == phone["authority"]["crt"]
        trust = browser.find_element(By.ID, "phone-trust").text
        for step in (f"Open {phone['authority']['crt']} in Safari",
                     f"Settings › General › VPN & Device Management › “{phone['authority']['name']}” › Install",
                     "Settings › General › About › Certificate Trust Settings",
                     "Install a certificate › CA certificate", "Trust this CA to identify websites",
                     phone["authority"]["fingerprint"]):
            assert step in trust, step
        assert "Safari › Share › Add to Home Screen" in browser.find_element(By.ID, "phone-home").text
        # The certificate the page offers is the one the server is signed by.
        ca = browser.execute_async_script(
            "fetch('/ca.pem').then((r) => r.text()).then(arguments[0])")
        assert "BEGIN CERTIFICATE" in ca

        # From Info on Start: the same page, back to Start.
        browser.get(origin + "#/")
        WebDriverWait(browser, 10).until(lambda b: visible(b, "screen-start"))
        browser.find_element(By.ID, "open-info").click()
        WebDriverWait(browser, 5).until(lambda b: visible(b, "info-phone"))
        open_page(browser, "info-phone")
        assert not browser.find_element(By.ID, "info-dialog").get_attribute("open")
        assert browser.find_element(By.ID, "phone-back").text == "‹ Start"

        # In German (chosen in Settings), with the systems' German menu paths.
        browser.get(origin + "#/settings")
        WebDriverWait(browser, 10).until(lambda b: visible(b, "screen-settings"))
        Select(browser.find_element(By.ID, "setting-language")).select_by_value("de")
        WebDriverWait(browser, 10).until(lambda b: b.find_element(By.ID, "settings-phone").text == "Peach auf dem Handy nutzen")
        open_page(browser, "settings-phone")
        assert browser.find_element(By.ID, "phone-title").text == "Peach auf dem Handy"
        trust = browser.find_element(By.ID, "phone-trust").text
        assert "Einstellungen › Allgemein › VPN und Geräteverwaltung" in trust
        assert "Zertifikatsvertrauenseinstellungen" in trust
        assert "Settings" not in trust
        assert "Safari › Teilen › Zum Home-Bildschirm" in browser.find_element(By.ID, "phone-home").text
    finally:
        browser.quit()


def test_on_loopback_only_the_page_says_so_and_how_to_serve_the_network(server, browser):
    assert server.api("GET", "phone").json() == {
        "lan": False, "url": None, "addresses": [], "qrCode": None, "authority": None}
    browser.get(server.url + "#/settings")
    WebDriverWait(browser, 10).until(lambda b: visible(b, "screen-settings"))
    open_page(browser, "settings-phone")
    loopback = browser.find_element(By.ID, "phone-loopback").text
    assert "Peach serves this computer only, so a phone cannot reach it." in loopback
    assert "peach serve --host 0.0.0.0" in loopback
    for part in ("phone-address", "phone-trust", "phone-home"):
        assert not visible(browser, part), part
