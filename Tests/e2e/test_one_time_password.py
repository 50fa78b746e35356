"""A class list's printed password is one-time (issue 51, item 5): signed in with it, the page shows
only "choose your own password" (here in German), refuses a too-short one or the printed one again
in the page's language, and after the change the student is on Start and the printed password no
longer signs in. After a reload, which forgets the password typed, the page asks for it too. An
invitation link (`--invite`) opens a page to choose a password, once."""
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import ClassStorage
from test_class_web import fill, new_browser, shown, sign_in, text_of
from test_refusals_web import german_browser

TEACHER_PASSWORD = "roster-teacher-1"


def class_list_site(tmp_path, *options):
    """A class server on SQLite with ann, made from a class list with `options`; what was printed
    for her (a password, or a link)."""
    storage = ClassStorage("sqlite", tmp_path)
    storage.peach("users", "add", "tess", "--teacher", stdin=TEACHER_PASSWORD + "\n")
    storage.peach("classes", "add", "Choir", "--teacher", "tess")
    roster = tmp_path / "roster.csv"
    roster.write_text("name\nann\n")
    printed = storage.peach("classes", "import", roster, "--class", "Choir", *options).splitlines()[1].split("\t")[1]
    return storage.start_servers()[0], printed


@pytest.fixture
def roster_site(tmp_path):
    """ann's printed password."""
    server, printed = class_list_site(tmp_path)
    yield server, printed
    server.stop()


@pytest.fixture
def german():
    driver = german_browser()
    yield driver
    driver.quit()


def status_is(browser, element_id, text):
    WebDriverWait(browser, 10).until(lambda b: text_of(b, element_id) == text)


def save(browser, values):
    fill(browser, values)
    browser.find_element(By.CSS_SELECTOR, "#own-password-form button[type=submit]").click()


def test_a_printed_password_leads_only_to_choosing_ones_own(roster_site, german):
    server, printed = roster_site
    sign_in(german, server.url, "ann", printed)
    shown(german, "screen-own-password")
    assert german.current_url.endswith("#/password")
    assert text_of(german, "own-password-title") == "Wähle dein eigenes Passwort"
    assert text_of(german, "own-password-who") == "Angemeldet als ann"
    # The password just typed is sent again: the page does not ask for it twice.
    assert not german.find_element(By.ID, "own-password-given").is_displayed()
    # No other screen opens while the password is the printed one.
    german.execute_script("location.hash = '#/settings'")
    WebDriverWait(german, 5).until(lambda b: b.current_url.endswith("#/password"))
    shown(german, "screen-own-password")

    save(german, {"own-password-next": "kurz"})
    status_is(german, "own-password-status", "Ein Passwort ist 8–200 Zeichen lang.")
    save(german, {"own-password-next": printed})
    status_is(german, "own-password-status", "Das ist dein aktuelles Passwort. Wähle ein neues.")
    assert server.api("POST", "account/sign-in", json={"name": "ann", "password": printed}).status_code == 200

    save(german, {"own-password-next": "annas-eigenes-1"})
    shown(german, "screen-start")
    WebDriverWait(german, 5).until(lambda b: text_of(b, "open-account") == "Angemeldet als ann")
    german.execute_script("location.hash = '#/settings'")
    shown(german, "screen-settings")
    assert server.api("POST", "account/sign-in", json={"name": "ann", "password": printed}).status_code == 401
    assert server.api("POST", "account/sign-in", json={"name": "ann", "password": "annas-eigenes-1"}).status_code == 200


def test_after_a_reload_the_page_asks_for_the_printed_password_too(roster_site, german):
    server, printed = roster_site
    sign_in(german, server.url, "ann", printed)
    shown(german, "screen-own-password")
    german.refresh()
    shown(german, "screen-own-password")
    assert german.find_element(By.ID, "own-password-given").is_displayed()
    save(german, {"own-password-given": "nicht-das-passwort", "own-password-next": "annas-eigenes-1"})
    status_is(german, "own-password-status", "Das aktuelle Passwort stimmt nicht.")
    save(german, {"own-password-given": printed})
    shown(german, "screen-start")


def test_an_invitation_link_opens_a_page_to_choose_a_password_once(tmp_path):
    server, link = class_list_site(tmp_path, "--invite", "https://peach.school.example/")
    token = link.rsplit("/", 1)[1]
    browser = new_browser()
    try:
        browser.get(server.url + "#/invitation/" + token)
        shown(browser, "screen-invitation")
        assert text_of(browser, "invitation-title") == "Welcome to Peach"
        WebDriverWait(browser, 10).until(lambda b: b.find_element(By.ID, "invitation-password").is_displayed())
        assert text_of(browser, "invitation-who") == "Your name for signing in: ann"
        fill(browser, {"invitation-password": "short"})
        browser.find_element(By.CSS_SELECTOR, "#invitation-form button[type=submit]").click()
        status_is(browser, "invitation-status", "A password is 8–200 characters long.")
        fill(browser, {"invitation-password": "anns-own-password"})
        browser.find_element(By.CSS_SELECTOR, "#invitation-form button[type=submit]").click()
        shown(browser, "screen-start")
        WebDriverWait(browser, 5).until(lambda b: text_of(b, "open-account") == "Signed in as ann")

        # The same link again, on a device where nobody is signed in: refused as it opens, saying why.
        browser.delete_all_cookies()
        browser.get("about:blank")
        browser.get(server.url + "#/invitation/" + token)
        shown(browser, "screen-invitation")
        status_is(browser, "invitation-refused",
                  "This invitation link has been used. Sign in with your name and the password you chose.")
        assert not browser.find_element(By.ID, "invitation-password").is_displayed()
        assert server.api("POST", "account/sign-in", json={"name": "ann", "password": "anns-own-password"}).status_code == 200
    finally:
        browser.quit()
        server.stop()
