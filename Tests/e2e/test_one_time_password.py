"""A class list's printed password is one-time (issue 51, item 5): signed in with it, the page shows
only "choose your own password" (here in German), refuses a too-short one or the printed one again
in the page's language, and after the change the student is on Start and the printed password no
longer signs in. After a reload, which forgets the password typed, the page asks for it too. An
invitation link (`--invite`) opens a page to choose a password, once. The teacher's class view
marks who has no password of their own yet."""
import pytest
import requests
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import ClassStorage
from test_class_web import fill, new_browser, shown, sign_in, text_of
from test_refusals_web import german_browser
from viewport import screenshot, set_viewport

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


def test_the_teacher_sees_who_has_no_password_of_their_own_yet(tmp_path):
    """The class view marks a student whose printed password is not yet changed and one whose
    invitation link is not yet used, in the API and on the screen; the marks go once each has
    chosen their own."""
    storage = ClassStorage("sqlite", tmp_path)
    storage.peach("users", "add", "tess", "--teacher", stdin=TEACHER_PASSWORD + "\n")
    storage.peach("classes", "add", "Choir", "--teacher", "tess")
    (tmp_path / "printed.csv").write_text("name\nann\n")
    (tmp_path / "invited.csv").write_text("name\nbob\n")
    printed = storage.peach("classes", "import", tmp_path / "printed.csv", "--class", "Choir").splitlines()[1].split("\t")[1]
    link = storage.peach("classes", "import", tmp_path / "invited.csv", "--class", "Choir",
                         "--invite", "https://peach.school.example/").splitlines()[1].split("\t")[1]
    server = storage.start_servers()[0]
    browser = new_browser()
    try:
        tess = requests.Session()
        assert tess.post(server.url + "api/account/sign-in", json={"name": "tess", "password": TEACHER_PASSWORD},
                         timeout=10).status_code == 200
        [choir] = tess.get(server.url + "api/classes", timeout=10).json()["classes"]

        def marks():
            students = tess.get(server.url + f"api/classes/{choir['id']}", timeout=10).json()["students"]
            return {student["name"]: student["password"] for student in students}

        assert marks() == {"ann": "oneTime", "bob": "invitation"}
        sign_in(browser, server.url, "tess", TEACHER_PASSWORD)
        shown(browser, "screen-start")
        browser.get(server.url + f"#/classes/{choir['id']}")
        shown(browser, "screen-class")
        shown_marks = ("return [...document.querySelectorAll('#class-students-body th')].map((th) =>"
                       " [th.querySelector('a').textContent, th.querySelector('.password-mark')?.textContent ?? null])")
        WebDriverWait(browser, 10).until(lambda b: len(b.execute_script(shown_marks)) == 2)
        assert browser.execute_script(shown_marks) == [
            ["ann", "Has not yet changed the one-time password"], ["bob", "Has not yet used the invitation link"]]
        set_viewport(browser, 390, 844)
        screenshot(browser, "class-password-marks-phone")

        ann = requests.Session()
        assert ann.post(server.url + "api/account/sign-in", json={"name": "ann", "password": printed},
                        timeout=10).status_code == 200
        assert ann.post(server.url + "api/account/password", json={"current": printed, "new": "anns-own-password"},
                        timeout=10).status_code == 204
        accepted = requests.post(server.url + "api/account/invitation", timeout=10,
                                 json={"token": link.rsplit("/", 1)[1], "password": "bobs-own-password"})
        assert accepted.status_code == 200, accepted.text
        assert marks() == {"ann": "own", "bob": "own"}
        browser.refresh()
        shown(browser, "screen-class")
        WebDriverWait(browser, 10).until(lambda b: b.execute_script(shown_marks) == [["ann", None], ["bob", None]])
    finally:
        browser.quit()
        server.stop()
