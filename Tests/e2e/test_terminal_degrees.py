"""`peach degrees` (Scale Degrees) driven through a pseudo-terminal, its sound taken from a real ALSA
device that writes to a file: each answer is stored for the server with the key and degree it
judged, and the first trial reached the device as the key's tonic chord and then the stored degree."""
import math
import os
import shlex

import numpy as np

from alsa_sink import DEVICE, SAMPLE_RATE, FileSink
from conftest import PEACH
from test_terminal import Tmux, answer_until_counted, feedback_lines
from test_terminal_intonation import peaks

SEMITONES = {"1": 0, "b3": 3, "3": 4, "5": 7}


def test_four_degrees_in_the_terminal_are_stored_and_the_first_sounds_as_stored(server, tmp_path):
    # The sine, chosen: its one partial is measured against the stored frequency (Scale Degrees plays
    # the piano when no sound is chosen, and a piano sample may sit a cent off).
    assert server.api("PUT", "settings", json={"noteRangeLower": 55, "noteRangeUpper": 72, "scaleMode": "minor",
                                              "scaleDegrees": [1, 3, 5], "soundSource": "sine"}).status_code == 200
    sink = FileSink(tmp_path)
    command = f"{shlex.quote(PEACH)} degrees --device {DEVICE} --data {shlex.quote(str(server.data_path))}"
    tmux = Tmux(f"peach-e2e-{os.getpid()}-degrees", command, {"ALSA_CONFIG_PATH": sink.env["ALSA_CONFIG_PATH"]})
    keys = [("1", "1"), ("3", "b3"), ("5", "5"), ("3", "b3")]
    try:
        assert tmux.wait_for(lambda lines: any("Scale degrees in minor keys" in line and "3 ♭3" in line for line in lines),
                             timeout=15)
        # The first cadence and note are heard whole before the first answer.
        tmux.wait_for(lambda lines: False, timeout=4.4)
        for index, (key, _) in enumerate(keys):
            answer_until_counted(tmux, key, r"^[✓✗] ", index + 1)
        tmux.keys("q")
        lines = tmux.wait_for(lambda lines: "EXIT=0" in lines, timeout=10)
        assert "EXIT=0" in lines, lines
    finally:
        tmux.close()

    records = server.api("GET", "records?discipline=scaleDegree&limit=10").json()["records"]
    records.sort(key=lambda record: record["timestamp"])
    assert [record["answeredDegree"] for record in records] == [degree for _, degree in keys]
    label = {"1": "1", "b3": "♭3", "5": "5"}
    for record, line in zip(records, feedback_lines(lines, r"^[✓✗] ")):
        assert record["mode"] == "minor" and 55 <= record["tonicNote"] <= 61 and record["degree"] in label
        assert record["isCorrect"] == (record["answeredDegree"] == record["degree"])
        wanted = f"✓ {label[record['degree']]}" if record["isCorrect"] else \
            f"✗\a it was {label[record['degree']]}, not {label[record['answeredDegree']]}"
        assert line.replace("\a", "") == wanted.replace("\a", ""), line

    # The first trial as the device received it: the tonic chord (a minor triad over its bass in
    # C2–B2, the chord's tonic in G3–F♯4, as a pianist plays a cadence; the sine: no other partials) first, and, after the cadence and the rest, the note of the stored degree.
    samples = sink.samples()
    start = np.flatnonzero(np.abs(samples) > 0.01)[0]
    first = records[0]
    tonic = 440 * 2 ** ((first["tonicNote"] - 69) / 12)
    chord = samples[start + int(0.1 * SAMPLE_RATE):start + int(0.6 * SAMPLE_RATE)]
    hz = lambda midi: 440 * 2 ** ((midi - 69) / 12)
    bass = next(midi for midi in range(36, 48) if midi % 12 == first["tonicNote"] % 12)
    upper = next(midi for midi in range(55, 67) if midi % 12 == first["tonicNote"] % 12)
    expected = [hz(bass), hz(upper), hz(upper + 3), hz(upper + 7)]
    for heard, wanted in zip(peaks(chord, 4), expected):
        assert abs(1200 * math.log2(heard / wanted)) < 10, (peaks(chord, 4), expected)
    note = samples[start + int(3.3 * SAMPLE_RATE):start + int(4.1 * SAMPLE_RATE)]
    [heard] = peaks(note, 1)
    wanted = tonic * 2 ** (SEMITONES[first["degree"]] / 12)
    assert abs(1200 * math.log2(heard / wanted)) < 1, (heard, wanted, first)
