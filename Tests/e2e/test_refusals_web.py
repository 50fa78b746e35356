"""A refusal reads in the page's language (issue 26, item 4): the server sends a code and the numbers
its sentence needs, the page says it from its own table, and never shows the server's English."""
import shutil

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import ClassStorage, PeachChrome, chromium_options
from test_class_web import fill, shown, sign_in, text_of

PASSWORD = "ann-password-1"


def german_browser():
    """Chromium whose language is German: the sign-in screen has no user yet, so the browser's rules."""
    options = chromium_options()
    options.arguments.remove("--lang=en-US")
    options.add_argument("--lang=de-DE")
    options.add_experimental_option("prefs", {"intl.accept_languages": "de-DE,de"})
    driver = PeachChrome(options=options,
                              service=Service(executable_path=shutil.which("chromedriver") or "/usr/bin/chromedriver"))
    driver.set_script_timeout(60)
    return driver


@pytest.fixture
def class_site(tmp_path):
    storage = ClassStorage("sqlite", tmp_path)
    storage.peach("users", "add", "ann", stdin=PASSWORD + "\n")
    server = storage.start_servers()[0]
    yield server
    server.stop()


@pytest.fixture
def german(class_site):
    driver = german_browser()
    yield driver
    driver.quit()


def status_text(browser, element_id):
    WebDriverWait(browser, 10).until(lambda b: text_of(b, element_id) != "")
    return text_of(browser, element_id)


def test_a_wrong_password_is_refused_in_german(class_site, german):
    sign_in(german, class_site.url, "ann", "not-the-password")
    assert german.execute_script("return document.documentElement.lang") == "de"
    text = status_text(german, "sign-in-status")
    assert text == "Name oder Passwort falsch."
    # The server said it in English, with a code; the page showed only its own German.
    refused = class_site.api("POST", "account/sign-in", json={"name": "ann", "password": "not-the-password"}).json()
    assert refused["error"]["code"] == "wrongCredentials" and refused["error"]["message"] not in text
    assert german.find_element(By.ID, "screen-sign-in").is_displayed()


def test_a_refusal_with_bounds_names_them_in_german(class_site, german):
    german.get(class_site.url + "#/sign-in")
    shown(german, "screen-sign-in")
    fill(german, {"sign-up-invitation": "ABCD-EFGH", "sign-up-name": "bob", "sign-up-password": "short"})
    german.find_element(By.CSS_SELECTOR, "#sign-up-form button[type=submit]").click()
    assert status_text(german, "sign-up-status") == "Ein Passwort ist 8–200 Zeichen lang."


def test_a_code_the_page_does_not_know_gets_its_own_generic_words(class_site, german):
    german.get(class_site.url + "#/sign-in")
    shown(german, "screen-sign-in")
    text = german.execute_async_script("""
        const done = arguments[0];
        import('/js/screens/sign-in.js').then((m) => done(m.refusalText(
          { status: 418, message: 'some newer English refusal', detail: { code: 'somethingNewer' } })));""")
    assert text == "Das hat nicht geklappt (Fehler 418). Versuche es gleich noch einmal."
