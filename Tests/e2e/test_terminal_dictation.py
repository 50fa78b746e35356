"""`peach dictation` (Play it Back) driven through a pseudo-terminal: a melody typed with too few
notes is asked for again and stores nothing; one typed whole is stored as typed (the pitch classes
named, the octave from the announced tonic), judged note by note; q quits with status 0."""
import os
import re
import shlex

from alsa_sink import DEVICE, FileSink
from conftest import PEACH
from test_terminal import Tmux


def test_a_typed_melody_is_stored_as_typed_and_a_short_one_is_asked_for_again(server, tmp_path):
    assert server.api("PUT", "settings", json={"melodyShortest": 2, "melodyLongest": 2, "noteDurationSeconds": 0.3}
                      ).status_code == 200
    sink = FileSink(tmp_path)
    command = f"{shlex.quote(PEACH)} dictation --device {DEVICE} --data {shlex.quote(str(server.data_path))}"
    tmux = Tmux(f"peach-e2e-{os.getpid()}-dictation", command, {"ALSA_CONFIG_PATH": sink.env["ALSA_CONFIG_PATH"]})
    try:
        assert tmux.wait_for(lambda lines: any(line.startswith("Key: ") and "2 notes." in line for line in lines), timeout=15)
        # Lines typed while the cadence and melody play are not answers: the first that is one is
        # refused for its length.
        typed = False
        for _ in range(40):
            tmux.keys("e", "Enter")
            lines = tmux.wait_for(lambda lines: any("not 1: type them again" in line for line in lines), timeout=0.5)
            if any("not 1: type them again" in line for line in lines):
                typed = True
                break
        assert typed, lines
        assert server.api("GET", "records?discipline=melodicDictation&limit=10").json()["records"] == []
        tmux.keys("e g", "Enter")
        lines = tmux.wait_for(lambda lines: any(re.match(r"^[✓✗]", line) for line in lines), timeout=10)
        tmux.keys("q", "Enter")
        lines = tmux.wait_for(lambda lines: "EXIT=0" in lines, timeout=10)
        assert "EXIT=0" in lines, lines
    finally:
        tmux.close()

    [record] = server.api("GET", "records?discipline=melodicDictation&limit=10").json()["records"]
    answer = [int(note) for note in record["answer"].split()]
    assert [note % 12 for note in answer] == [4, 7], record
    assert record["tonicNote"] <= answer[0] < record["tonicNote"] + 12, record
    [judgement] = [line for line in lines if re.match(r"^[✓✗]", line)]
    # E and G as the key spells them (F♭ or F𝄪 in a key whose letters say so).
    assert re.search(r"(E|F♭)\d[✓✗] (G|F𝄪|A𝄫)\d[✓✗]", judgement), judgement
    assert judgement.startswith("✓") == record["isCorrect"], (judgement, record)



def test_the_terminal_spells_the_key_as_the_page_does(server, tmp_path):
    # 56–68 leaves two tonics with an octave in the range: A♭3 (A♭ major, never G♯ major) and A3. A
    # session is started again until the key of A♭ is drawn; each key is announced as the page names it.
    assert server.api("PUT", "settings", json={"noteRangeLower": 56, "noteRangeUpper": 68, "melodyShortest": 2,
                                               "melodyLongest": 2, "melodyMode": "major"}).status_code == 200
    sink = FileSink(tmp_path)
    command = f"{shlex.quote(PEACH)} dictation --device {DEVICE} --data {shlex.quote(str(server.data_path))}"
    announced = set()
    for attempt in range(10):
        tmux = Tmux(f"peach-e2e-{os.getpid()}-dictation-key-{attempt}", command,
                    {"ALSA_CONFIG_PATH": sink.env["ALSA_CONFIG_PATH"]})
        try:
            lines = tmux.wait_for(lambda lines: any(line.startswith("Key: ") for line in lines), timeout=15)
            tmux.keys("q", "Enter")
            tmux.wait_for(lambda lines: "EXIT=0" in lines, timeout=10)
        finally:
            tmux.close()
        [line] = [line for line in lines if line.startswith("Key: ")]
        assert line in ("Key: A♭ major, tonic A♭3; 2 notes.", "Key: A major, tonic A3; 2 notes."), line
        announced.add(line)
        if "A♭" in line:
            break
    assert "Key: A♭ major, tonic A♭3; 2 notes." in announced, announced
