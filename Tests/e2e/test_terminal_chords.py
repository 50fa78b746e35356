"""`peach chords` (Chord Quality) driven through a pseudo-terminal, its sound taken from a real ALSA
device that writes to a file: each answer is stored for the server with the chord it judged, and the
first chord reached the device as the stored quality on the stored root."""
import math
import os
import shlex

import numpy as np

from alsa_sink import DEVICE, SAMPLE_RATE, FileSink
from conftest import PEACH
from test_terminal import Tmux, answer_until_counted, feedback_lines
from test_terminal_intonation import peaks

QUALITIES = {"major": [0, 4, 7], "minor7": [0, 3, 7, 10]}
NAMES = {"major": "major", "minor7": "minor 7"}
SYMBOLS = {"major": "", "minor7": "m7"}
# A chord's root as the page spells it (GET /api/…/result chordNames): as the key it suggests would
# spell its tonic — a major chord's as a major key's (A♭, never G♯), a minor one's as a minor key's (G♯m).
MAJOR_ROOTS = ["C", "D♭", "D", "E♭", "E", "F", "F♯", "G", "A♭", "A", "B♭", "B"]
MINOR_ROOTS = ["C", "C♯", "D", "E♭", "E", "F", "F♯", "G", "G♯", "A", "B♭", "B"]
ROOTS = {"major": MAJOR_ROOTS, "minor7": MINOR_ROOTS}


def test_four_chords_in_the_terminal_are_stored_and_the_first_sounds_as_stored(server, tmp_path):
    # The sine, chosen: its partials are measured against the stored frequencies (Chord Quality plays
    # the piano when no sound is chosen).
    assert server.api("PUT", "settings", json={
        "noteRangeLower": 55, "noteRangeUpper": 76, "soundSource": "sine"}).status_code == 200
    sink = FileSink(tmp_path)
    command = (f"{shlex.quote(PEACH)} chords --qualities major,minor7 --voicing block --no-inversions --device {DEVICE} "
               f"--data {shlex.quote(str(server.data_path))}")
    tmux = Tmux(f"peach-e2e-{os.getpid()}-chords", command, {"ALSA_CONFIG_PATH": sink.env["ALSA_CONFIG_PATH"]})
    keys = [("1", "major"), ("2", "minor7"), ("2", "minor7"), ("1", "major")]
    try:
        assert tmux.wait_for(lambda lines: any("Which quality? 1 major · 2 minor 7" in line for line in lines), timeout=15)
        # The first chord is heard before the first answer.
        tmux.wait_for(lambda lines: False, timeout=1.2)
        for index, (key, _) in enumerate(keys):
            answer_until_counted(tmux, key, r"^[✓✗] ", index + 1)
        tmux.keys("q")
        lines = tmux.wait_for(lambda lines: "EXIT=0" in lines, timeout=10)
        assert "EXIT=0" in lines, lines
    finally:
        tmux.close()

    records = server.api("GET", "records?discipline=chordQuality&limit=10").json()["records"]
    records.sort(key=lambda record: record["timestamp"])
    assert [record["answeredQuality"] for record in records] == [quality for _, quality in keys]
    for record, line in zip(records, feedback_lines(lines, r"^[✓✗] ")):
        assert record["quality"] in QUALITIES and record["inversion"] == 0 and record["voicing"] == "block"
        assert 55 <= record["rootNote"] and record["rootNote"] + QUALITIES[record["quality"]][-1] <= 76
        assert record["isCorrect"] == (record["answeredQuality"] == record["quality"])
        chord = ROOTS[record["quality"]][record["rootNote"] % 12] + SYMBOLS[record["quality"]]
        wanted = f"✓ {chord} ({NAMES[record['quality']]})" if record["isCorrect"] else \
            f"✗ it was {chord} ({NAMES[record['quality']]}), not {NAMES[record['answeredQuality']]}"
        assert line.replace("\a", "") == wanted, line
    # The command's options trained this session only: the saved settings are as they were.
    assert server.api("GET", "settings").json()["settings"]["chordQualities"] == ["major", "minor", "diminished", "augmented"]

    # The first chord as the device received it: its notes (sines: no other partials) at the stored root and quality.
    samples = sink.samples()
    start = np.flatnonzero(np.abs(samples) > 0.01)[0]
    first = records[0]
    root = 440 * 2 ** ((first["rootNote"] - 69) / 12)
    steps = QUALITIES[first["quality"]]
    chord = samples[start + int(0.1 * SAMPLE_RATE):start + int(1.1 * SAMPLE_RATE)]
    expected = [root * 2 ** (step / 12) for step in steps]
    heard = peaks(chord, len(steps))
    for found, wanted in zip(heard, expected):
        assert abs(1200 * math.log2(found / wanted)) < 1, (heard, expected)

