"""`peach train` and `peach match` driven through a pseudo-terminal (tmux send-keys), writing to the
database a running server uses; the records are checked through the server and in SQLite."""
import os
import re
import shlex
import sqlite3
import subprocess
import time

import pytest

from alsa_sink import DEVICE, FileSink, sounding_spans
from conftest import PEACH


class Tmux:
    """One tmux server on a private socket, running one command in a pane."""

    def __init__(self, socket, command, env):
        self.socket = socket
        exports = " ".join(f"{name}={shlex.quote(value)}" for name, value in env.items())
        # The pane stays open after the command so its exit status can be read.
        script = f"env {exports} {command}; echo EXIT=$?; sleep 600"
        subprocess.run(["tmux", "-L", socket, "new-session", "-d", "-s", "peach", "-x", "160", "-y", "50", script],
                       check=True)

    def keys(self, *keys):
        subprocess.run(["tmux", "-L", self.socket, "send-keys", "-t", "peach", *keys], check=True)

    def lines(self):
        screen = subprocess.run(["tmux", "-L", self.socket, "capture-pane", "-p", "-J", "-S", "-", "-t", "peach"],
                                check=True, capture_output=True, text=True).stdout
        return [line for line in screen.splitlines() if line.strip()]

    def wait_for(self, predicate, timeout):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            lines = self.lines()
            if predicate(lines):
                return lines
            time.sleep(0.05)
        return self.lines()

    def close(self):
        subprocess.run(["tmux", "-L", self.socket, "kill-session", "-t", "peach"], capture_output=True)


@pytest.fixture
def terminal(server, tmp_path):
    sink = FileSink(tmp_path)
    sessions = []

    def run(mode):
        command = f"{shlex.quote(PEACH)} {mode} --device {DEVICE} --data {shlex.quote(str(server.data_path))} --note-duration 0.3"
        socket = f"peach-e2e-{os.getpid()}-{mode.split()[0]}-{len(sessions)}"
        session = Tmux(socket, command, {"ALSA_CONFIG_PATH": sink.env["ALSA_CONFIG_PATH"]})
        sessions.append(session)
        return session, sink

    yield run
    for session in sessions:
        session.close()


def feedback_lines(lines, pattern):
    return [line for line in lines if re.match(pattern, line)]


def answer_until_counted(tmux, key, pattern, count):
    """Sends `key` until a new feedback line appears; keys during note 1 or the feedback are ignored."""
    for _ in range(10):
        tmux.keys(key)
        lines = tmux.wait_for(lambda lines: len(feedback_lines(lines, pattern)) >= count, timeout=0.8)
        if len(feedback_lines(lines, pattern)) >= count:
            return
    pytest.fail(f"no feedback for answer {count}: {tmux.lines()}")


def test_ten_comparisons_in_the_terminal_are_stored_for_the_server(terminal, server):
    # Settings saved through the web app apply in the terminal too.
    assert server.api("PUT", "settings", json={"noteRangeLower": 60, "noteRangeUpper": 72}).status_code == 200
    tmux, sink = terminal("train")
    assert tmux.wait_for(lambda lines: any("Comparison training" in line for line in lines), timeout=10)
    sent = []
    for index in range(10):
        key, answer = [("Up", "higher"), ("j", "lower"), ("Down", "lower"), ("k", "higher")][index % 4]
        answer_until_counted(tmux, key, r"^[✓✗]$", index + 1)
        sent.append(answer)
    tmux.keys("q")
    lines = tmux.wait_for(lambda lines: "EXIT=0" in lines, timeout=10)
    assert "EXIT=0" in lines, lines

    records = list(reversed(server.records()))
    assert len(records) == 10
    assert all(60 <= record["note1"] <= 72 for record in records)
    shown = feedback_lines(lines, r"^[✓✗]$")
    for record, answer, mark in zip(records, sent, shown):
        higher = record["note2CentOffset"] > 0
        assert record["isCorrect"] == (higher == (answer == "higher"))
        assert mark == ("✓" if record["isCorrect"] else "✗")
    # The chain ran: each difference follows from the previous answer (Kazez, 0.1 ¢ resolution).
    for previous, current in zip(records, records[1:]):
        p = abs(previous["note2CentOffset"])
        expected = p * (1 - 0.05 * p ** 0.5) if previous["isCorrect"] else p * (1 + 0.09 * p ** 0.5)
        assert abs(abs(current["note2CentOffset"]) - min(100, max(0.1, round(expected, 1)))) < 1e-9
    # And it was heard: each trial's notes (back to back, no gap) went through ALSA, at least 0.3 s of them.
    spans = sounding_spans(sink.samples())
    assert len(spans) >= 10
    assert all(end - start >= 0.3 * 48000 for start, end in spans[:10])


def test_three_matches_in_the_terminal_are_stored_with_their_signed_errors(terminal, server):
    tmux, sink = terminal("match")
    assert tmux.wait_for(lambda lines: any("Pitch matching" in line for line in lines), timeout=10)
    pattern = r"^(● 0 ¢|[↑↓] [+-]\d+\.\d ¢)$"
    tunings = [("Up", "Up", "Up", "PPage"), ("Down", "NPage", "NPage"), ("PPage", "Down")]
    for index, keys in enumerate(tunings):
        # The reference sounds for 0.3 s after the previous feedback; tune only once the tunable note plays.
        time.sleep(1.0)
        tmux.keys(*keys)
        answer_until_counted(tmux, "Enter", pattern, index + 1)
    tmux.keys("q")
    lines = tmux.wait_for(lambda lines: "EXIT=0" in lines, timeout=10)
    assert "EXIT=0" in lines, lines

    with sqlite3.connect(server.data_path) as database:
        rows = database.execute(
            "SELECT referenceNote, initialCentOffset, userCentError FROM pitchMatching ORDER BY id").fetchall()
    assert len(rows) == 3
    shown = feedback_lines(lines, pattern)
    for (note, initial, error), expected_move, mark in zip(rows, [13, -21, 9], shown):
        assert 36 <= note <= 84
        assert abs(initial) <= 100
        assert abs(error - (initial + expected_move)) < 1e-9
        assert mark == ("● 0 ¢" if abs(error) < 0.5 else f"{'↑' if error > 0 else '↓'} {error:+.1f} ¢")


def test_interval_training_and_matching_in_the_terminal(terminal, server):
    tmux, _ = terminal("train --interval P5 --interval M3down --tuning just")
    assert tmux.wait_for(lambda lines: any("Interval comparison (P5up, M3down, justIntonation)" in line for line in lines),
                         timeout=10)
    for index in range(5):
        answer_until_counted(tmux, "Up", r"^[✓✗]$", index + 1)
    tmux.keys("q")
    assert "EXIT=0" in tmux.wait_for(lambda lines: "EXIT=0" in lines, timeout=10)
    records = server.api("GET", "records?discipline=intervalComparison").json()["records"]
    assert len(records) == 5
    for record in records:
        assert record["tuningSystem"] == "justIntonation"
        interval = (record["interval"]["name"], record["interval"]["direction"])
        assert interval in {("P5", "up"), ("M3", "down")}
        assert record["note2"] - record["note1"] == (7 if interval == ("P5", "up") else -4)
    assert server.api("GET", "records?discipline=pitchComparison").json()["records"] == []

    tmux, _ = terminal("match --interval P4")
    assert tmux.wait_for(lambda lines: any("Interval matching (P4up" in line for line in lines), timeout=10)
    pattern = r"^(● 0 ¢|[↑↓] [+-]\d+\.\d ¢)$"
    for index in range(2):
        time.sleep(1.0)
        tmux.keys("Up", "Up", "Up")
        answer_until_counted(tmux, "Enter", pattern, index + 1)
    tmux.keys("q")
    assert "EXIT=0" in tmux.wait_for(lambda lines: "EXIT=0" in lines, timeout=10)
    matches = server.api("GET", "records?discipline=intervalMatching").json()["records"]
    assert len(matches) == 2
    for match in matches:
        # Three fine steps are 3 ¢ whatever the reach; an interval match starts within ±20 ¢.
        assert abs(match["initialCentOffset"]) <= 20
        assert abs(match["userCentError"] - (match["initialCentOffset"] + 3)) < 1e-9
        assert match["interval"] == {"name": "P4", "direction": "up"}


def test_measure_my_threshold_places_each_comparison_and_keeps_the_run(terminal, server):
    """`peach measure --max-trials 4`: each comparison at the difference the placement run chooses
    from the answers before it (all right: each smaller than the one before), stored as comparisons
    of the measurement discipline; after the fourth answer it stops and says the run goes on."""
    assert server.api("PUT", "settings", json={"noteDurationSeconds": 0.3}).status_code == 200
    tmux, _ = terminal("measure --max-trials 4")
    assert tmux.wait_for(lambda lines: any("Measure my threshold: up to 40 comparisons." in line for line in lines), timeout=10)
    for index in range(4):
        # The right answer is the sign of the offset, which only the stored record shows: answer
        # higher, and compare with what was stored.
        answer_until_counted(tmux, "Up", r"^[✓✗]$", index + 1)
    lines = tmux.wait_for(lambda lines: "EXIT=0" in lines, timeout=10)
    assert "EXIT=0" in lines, lines
    assert "Stopped at trial 4 of at most 40: it goes on next time." in lines, lines
    records = list(reversed(server.api("GET", "records?discipline=pitchMeasurement").json()["records"]))
    assert len(records) == 4
    differences = [abs(record["note2CentOffset"]) for record in records]
    # A placement run's differences are not the Kazez chain's (which starts at 100 ¢ and moves by
    # its own factors), and a right answer never raises the next one nor a wrong one lowers it.
    assert differences[0] < 100, differences
    for (previous, current), record in zip(zip(differences, differences[1:]), records):
        assert (current <= previous) if record["isCorrect"] else (current >= previous), (differences, records)


def test_measure_intervals_plays_the_chosen_interval_and_keeps_an_interval_measurement(terminal, server):
    """`peach measure --discipline intervals --interval P5`: the run's comparisons are fifths, stored
    as the intervalMeasurement discipline; measuring pitch with an interval is refused."""
    refused, _ = terminal("measure --discipline pitch --interval P5")
    lines = refused.wait_for(lambda lines: any(line.startswith("EXIT=") for line in lines), timeout=10)
    assert "EXIT=64" in lines, lines
    assert any("--interval measures intervals" in line for line in lines), lines
    tmux, _ = terminal("measure --discipline intervals --interval P5 --max-trials 2")
    assert tmux.wait_for(lambda lines: any("Measure my threshold: intervals (P5up, equalTemperament), up to 40" in line for line in lines), timeout=10)
    for index in range(2):
        answer_until_counted(tmux, "Up", r"^[✓✗]$", index + 1)
    lines = tmux.wait_for(lambda lines: "EXIT=0" in lines, timeout=10)
    assert "Stopped at trial 2 of at most 40: it goes on next time." in lines, lines
    records = server.api("GET", "records?discipline=intervalMeasurement").json()["records"]
    assert [record["interval"] for record in records] == [{"name": "P5", "direction": "up"}] * 2, records
    assert server.api("GET", "records?discipline=pitchMeasurement").json()["records"] == []


def test_measure_timing_plays_compare_timing_at_the_saved_tempo_and_keeps_a_timing_measurement(terminal, server):
    """`peach measure --discipline timing --max-trials 2`: Compare Timing trials at the saved tempo,
    stored as the timingMeasurement discipline; the run goes on next time."""
    assert server.api("PUT", "settings", json={"tempoBPM": 200}).status_code == 200
    tmux, _ = terminal("measure --discipline timing --max-trials 2")
    assert tmux.wait_for(lambda lines: any("Measure my timing threshold at 200 BPM: up to 40 trials." in line for line in lines), timeout=10)
    for index in range(2):
        answer_until_counted(tmux, "Left", r"^[✓✗]$", index + 1)
    lines = tmux.wait_for(lambda lines: "EXIT=0" in lines, timeout=10)
    assert "Stopped at trial 2 of at most 40: it goes on next time." in lines, lines
    records = server.api("GET", "records?discipline=timingMeasurement").json()["records"]
    assert [(record["tempoBPM"], record["isCorrect"]) for record in records] == [
        (200, record["offsetMs"] < 0) for record in records] and len(records) == 2, records
    assert server.api("GET", "records?discipline=rhythmComparison").json()["records"] == []


def test_measure_chords_places_which_voice_chords_and_keeps_them_as_its_measurement(terminal, server):
    """`peach measure --discipline chords --max-trials 2`: Which Voice? chords of the
    chordIntonationMeasurement discipline, the first at the placement's opening difference (not the
    Kazez chain's 100 ¢ start); after the second answer it stops and says the run goes on."""
    tmux, _ = terminal("measure --discipline chords --max-trials 2")
    assert tmux.wait_for(lambda lines: any("Measure my threshold in chords: triads in" in line for line in lines), timeout=10)
    for index in range(2):
        answer_until_counted(tmux, "Up", r"^[✓✗]$", index + 1)
    lines = tmux.wait_for(lambda lines: "EXIT=0" in lines, timeout=10)
    assert "Stopped at trial 2 of at most 40: it goes on next time." in lines, lines
    records = server.api("GET", "records?discipline=chordIntonationMeasurement").json()["records"]
    assert [record["answeredVoice"] for record in records] == ["highest", "highest"], records
    assert all(abs(record["detuneCents"]) < 100 for record in records), records
    assert server.api("GET", "records?discipline=chordIntonation").json()["records"] == []
