"""The Settings screen: bounded controls that save at once, survive a restart and apply to the next
trial; reset with a confirmation."""
import socket
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from viewport import SCREENS


def set_range(browser, name, value):
    browser.execute_script("""
        const input = document.getElementById('setting-' + arguments[0]);
        input.value = arguments[1];
        input.dispatchEvent(new Event('input', { bubbles: true }));
        input.dispatchEvent(new Event('change', { bubbles: true }));""", name, str(value))


def drag(browser, name, value):
    """Moves a slider as a drag does: input events only, nothing saved until the change."""
    browser.execute_script("""
        const input = document.getElementById('setting-' + arguments[0]);
        input.value = arguments[1];
        input.dispatchEvent(new Event('input', { bubbles: true }));""", name, str(value))


def saved(server):
    return server.api("GET", "settings").json()["settings"]


def test_changes_save_at_once_show_note_names_and_apply_to_the_next_comparison(server, browser):
    SCREENS["settings"](browser, server)
    assert browser.find_element(By.ID, "value-noteRangeLower").text == "C2"
    assert browser.find_element(By.ID, "value-noteRangeUpper").text == "C6"
    set_range(browser, "noteRangeLower", 60)
    WebDriverWait(browser, 5).until(lambda _: saved(server)["noteRangeLower"] == 60)
    assert browser.find_element(By.ID, "value-noteRangeLower").text == "C4"
    set_range(browser, "noteRangeUpper", 72)
    set_range(browser, "noteDurationSeconds", 0.5)
    set_range(browser, "referencePitchHz", 442)
    WebDriverWait(browser, 5).until(lambda _: saved(server)["referencePitchHz"] == 442)
    assert browser.find_element(By.ID, "value-referencePitchHz").text == "442 Hz"
    assert browser.find_element(By.ID, "value-noteDurationSeconds").text == "0.5 s"

    # Both ends on one scale, and the upper one cannot be dragged within an octave of the lower one
    # (nor the lower one past the upper one less an octave): the thumbs never cross.
    for name in ("noteRangeLower", "noteRangeUpper", "voiceRangeLower", "voiceRangeUpper"):
        control = browser.find_element(By.ID, f"setting-{name}")
        assert (control.get_attribute("min"), control.get_attribute("max")) == ("21", "108"), name
    drag(browser, "noteRangeUpper", 64)
    assert browser.find_element(By.ID, "setting-noteRangeUpper").get_attribute("value") == "72"
    drag(browser, "noteRangeLower", 80)
    assert browser.find_element(By.ID, "setting-noteRangeLower").get_attribute("value") == "60"
    drag(browser, "voiceRangeLower", 100)
    assert browser.find_element(By.ID, "setting-voiceRangeLower").get_attribute("value") == \
        browser.find_element(By.ID, "setting-voiceRangeUpper").get_attribute("value")
    set_range(browser, "voiceRangeLower", 48)

    comparison = server.api("POST", "comparisons").json()
    assert 60 <= comparison["note1"]["midi"] <= 72
    assert comparison["noteDurationSeconds"] == 0.5
    assert abs(comparison["note1"]["frequencyHz"] - 442 * 2 ** ((comparison["note1"]["midi"] - 69) / 12)) < 1e-9

    server.restart()
    SCREENS["settings"](browser, server)
    assert browser.find_element(By.ID, "value-noteRangeLower").text == "C4"
    assert browser.find_element(By.ID, "setting-referencePitchHz").get_attribute("value") == "442"


def test_keyboard_arrows_move_a_slider_within_its_bounds(server, browser):
    SCREENS["settings"](browser, server)
    slider = browser.find_element(By.ID, "setting-varyLoudness")
    slider.send_keys(Keys.END)
    WebDriverWait(browser, 5).until(lambda _: saved(server)["varyLoudness"] == 1)
    slider.send_keys(Keys.ARROW_RIGHT)
    assert slider.get_attribute("value") == "1"
    slider.send_keys(Keys.HOME)
    WebDriverWait(browser, 5).until(lambda _: saved(server)["varyLoudness"] == 0)


def test_reset_training_data_asks_first_and_then_clears_everything(server, browser):
    for _ in range(3):
        comparison = server.api("POST", "comparisons").json()
        server.api("POST", f"comparisons/{comparison['id']}/answer", json={"answer": "higher"})
    assert len(server.records()) == 3
    SCREENS["reset-dialog"](browser, server)
    browser.find_element(By.ID, "reset-cancel").click()
    assert len(server.records()) == 3
    browser.find_element(By.ID, "reset-training-data").click()
    browser.find_element(By.ID, "reset-confirm").click()
    WebDriverWait(browser, 5).until(lambda _: browser.find_element(By.ID, "reset-status").text != "")
    assert browser.find_element(By.ID, "reset-status").text == "All training data was deleted."
    assert server.records() == []


def test_export_downloads_the_records_and_import_reports_or_rejects_by_line(server, browser, tmp_path):
    for index in range(4):
        comparison = server.api("POST", "comparisons").json()
        server.api("POST", f"comparisons/{comparison['id']}/answer", json={"answer": "higher" if index % 2 else "lower"})
    SCREENS["settings"](browser, server)
    link = browser.find_element(By.ID, "export-training-data")
    exported = server.api("GET", "../" + link.get_attribute("href").split("/", 3)[3])
    assert exported.status_code == 200 and exported.text.startswith("# peach-records-format:")
    assert len([line for line in exported.text.splitlines() if line.startswith("pitchComparison,")]) == 4

    status = browser.find_element(By.ID, "reset-status")
    upload = browser.find_element(By.ID, "import-file")
    good = tmp_path / "good.csv"
    good.write_text(exported.text)
    upload.send_keys(str(good))
    WebDriverWait(browser, 10).until(lambda _: "duplicates skipped" in status.text)
    assert status.text == "Imported 0 records; 4 duplicates skipped."

    bad = tmp_path / "bad.csv"
    lines = exported.text.splitlines()
    lines[3] = lines[3].replace("pitchComparison,", "pitchComparison,not-a-date-", 1)
    bad.write_text("\n".join(lines) + "\n")
    upload.send_keys(str(bad))
    WebDriverWait(browser, 10).until(lambda _: "Nothing was imported" in status.text)
    assert status.text == "Nothing was imported: line 4 of the file is not valid."
    assert len(server.records()) == 4

    # While another import's file is still arriving the server refuses a second with 409, and the
    # page says why (it used to say the file could not be read).
    body = exported.text.encode()
    held = socket.create_connection(("127.0.0.1", server.port))
    held.sendall(f"POST /api/import?mode=merge HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
                 f"Content-Type: text/csv\r\nContent-Length: {len(body)}\r\n\r\n".encode() + body[:len(body) // 2])
    time.sleep(0.5)
    upload.send_keys(str(good))
    try:
        WebDriverWait(browser, 10).until(lambda _: "still running" in status.text)
        assert status.text == ("Nothing was imported: another import of your records is still running. "
                               "Try again when it has finished.")
    finally:
        held.close()
    assert len(server.records()) == 4
