"""`peach progressions` (Chord Progressions) driven through a pseudo-terminal, its sound going to a
real ALSA device that writes to a file: each progression is named by its scale steps or its
numerals, stored for the server with each chord judged, and marked chord by chord on the screen."""
import os
import re
import shlex

from alsa_sink import DEVICE, FileSink
from conftest import PEACH
from test_terminal import Tmux, feedback_lines

ANNOUNCED = re.compile(r"^Key: .*; (\d) chords\. Choose from (.*)\.$")


def test_three_progressions_in_the_terminal_are_stored_with_each_chord_judged(server, tmp_path):
    sink = FileSink(tmp_path)
    command = (f"{shlex.quote(PEACH)} progressions --tuning just --device {DEVICE} "
               f"--data {shlex.quote(str(server.data_path))}")
    tmux = Tmux(f"peach-e2e-{os.getpid()}-progressions", command, {"ALSA_CONFIG_PATH": sink.env["ALSA_CONFIG_PATH"]})
    typed = []
    try:
        for index in range(3):
            lines = tmux.wait_for(lambda lines: len([l for l in lines if ANNOUNCED.match(l)]) > index, timeout=20)
            length, choices = ANNOUNCED.match([l for l in lines if ANNOUNCED.match(l)][index]).groups()
            # "I (1) IV (4) V (5)": named by scale steps, then by numerals, then by steps again; right or wrong by chance.
            pairs = re.findall(r"(\S+) \((\d)\)", choices)
            assert [numeral for numeral, _ in pairs] == ["I", "IV", "V"], choices
            answer = [pairs[(index + place) % 3][index % 2 == 0 and 1 or 0] for place in range(int(length))]
            typed.append(answer)
            # Typed before the progression plays, a line is refused; typed again until it is counted.
            for _ in range(40):
                tmux.keys(" ".join(answer), "Enter")
                lines = tmux.wait_for(lambda lines: len(feedback_lines(lines, r"^[✓✗] ")) > index, timeout=0.5)
                if len(feedback_lines(lines, r"^[✓✗] ")) > index:
                    break
        tmux.keys("q", "Enter")
        lines = tmux.wait_for(lambda lines: "EXIT=0" in lines, timeout=10)
        assert "EXIT=0" in lines, lines
    finally:
        tmux.close()

    records = server.api("GET", "records?discipline=chordProgression&limit=10").json()["records"]
    records.sort(key=lambda record: record["timestamp"])
    assert len(records) == 3
    steps = {"1": "I", "4": "IV", "5": "V"}
    for record, answer, line in zip(records, typed, feedback_lines(lines, r"^[✓✗] ")):
        named = [steps.get(token, token) for token in answer]
        assert record["answer"] == " ".join(named) and record["tuningSystem"] == "justIntonation"
        played = record["progression"].split()
        marks = " ".join(f"{n}{'✓' if n == p else '✗'}" for n, p in zip(named, played))
        wanted = f"✓ {marks}" if named == played else f"✗ {marks} — it was {record['progression']}"
        assert line.replace("\a", "") == wanted, line
    assert sink.samples().size > 0
